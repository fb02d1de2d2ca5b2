//! Sums of different games (issue 54): the request layer's answer for a
//! sum such as `kayles 5 + cram 2x3 + wythoff (1,2)` against a brute
//! force written in the tests (`mixed_common`), which builds the whole sum's game graph from each
//! family's moves (one move in one component) and values it by mex,
//! without the XOR theorem, the families' value engines or searches.
//! Each listed winning move must leave a P-position of the whole, and
//! every move of the whole to a P-position must be listed.

mod mixed_common;

use std::collections::{BTreeSet, HashMap};

use grundy::api::{self, Evaluation, SumRequest};
use grundy::report::EvalReport;
use grundy::spec::{parse_spec, SpecSource};
use grundy::{Convention, GameError};
use mixed_common::{inputs, numbers, words, Brute};

/// Small components of seven families, as (spec, position).
const PIECES: &[(&str, &str)] = &[
    ("kayles", "3"),
    ("kayles", "5"),
    ("0.137", "4"),
    ("nim", "2"),
    ("nim", "3"),
    ("wythoff", "(1,2)"),
    ("wythoff", "(2,2)"),
    ("cram", "2x3"),
    ("cram", "1x4"),
    ("chomp", "2x3"),
    ("node-kayles", "path:4"),
    ("node-kayles", "cycle:5"),
    ("ruler", "THH"),
];

/// A request for the normal-play value and winning moves of the sum
/// written `texts` after `spec`.
fn request<'a>(spec: &'a str, texts: &'a [String]) -> SumRequest<'a> {
    mixed_common::request(spec, texts, Convention::Normal)
}

/// The request `kayles 5 + cram 2x3 + ...` as the faces send it.
fn ask(parts: &[(&str, &str)]) -> Result<Evaluation, GameError> {
    mixed_common::ask_with(parts, Convention::Normal, |_| {})
}

fn report(parts: &[(&str, &str)]) -> EvalReport {
    match ask(parts) {
        Ok(Evaluation::Sum(report)) => report,
        other => panic!("{parts:?}: {other:?}"),
    }
}

#[test]
fn random_mixed_sums_agree_with_the_whole_games_graph() {
    let mut brute = Brute::new();
    let mut pick = numbers(0x9e37_79b9_7f4a_7c15);
    let mut families_met = BTreeSet::new();
    let mut n_positions = 0;
    for _ in 0..60 {
        let count = 2 + pick(2);
        let mut parts: Vec<(&str, &str)> = (0..count).map(|_| PIECES[pick(PIECES.len())]).collect();
        // At least two games: a sum of one game is today's request.
        while parts.iter().all(|(spec, _)| *spec == parts[0].0) {
            parts[0] = PIECES[pick(PIECES.len())];
        }
        // Parts of one game are grouped (the grammar lists a game's
        // components after its name).
        parts.sort_by_key(|(spec, _)| PIECES.iter().position(|(s, _)| s == spec));
        let whole = report(&parts);
        let state: Vec<(String, String)> = whole
            .position_text
            .iter()
            .zip(&whole.component_games)
            .map(|(text, spec)| {
                let own = text.strip_prefix(&format!("{spec} ")).unwrap();
                (spec.clone(), own.to_owned())
            })
            .collect();
        assert_eq!(state.len(), parts.len(), "{parts:?}");
        let value = brute.value(&state);
        assert_eq!(whole.value, value, "{parts:?}");
        for (spec, _) in &parts {
            families_met.insert(*spec);
        }
        // Winning moves: the sums they leave (as multisets) are exactly
        // the followers of value 0.
        let mut expected: BTreeSet<Vec<(String, String)>> = BTreeSet::new();
        for next in brute.followers(&state) {
            if brute.value(&next) == 0 {
                expected.insert(next);
            }
        }
        let mut listed: BTreeSet<Vec<(String, String)>> = BTreeSet::new();
        for m in &whole.winning_moves {
            let texts = m.result_text.as_ref().expect("small sums show the result");
            // JSON names each component's game of the sum left.
            let games = m
                .result_games
                .as_ref()
                .expect("a mixed sum names the games");
            assert_eq!(games.len(), texts.len(), "{parts:?}");
            assert_eq!(m.result.as_ref().map(Vec::len), Some(texts.len()));
            for (game, text) in games.iter().zip(texts) {
                assert!(text.starts_with(&format!("{game} ")), "{game} / {text}");
            }
            let mut left: Vec<(String, String)> = texts
                .iter()
                .map(|t| {
                    let (spec, own) = t.split_once(' ').unwrap();
                    (spec.to_owned(), own.to_owned())
                })
                .collect();
            left.sort();
            assert_eq!(brute.value(&left), 0, "{parts:?}: {}", m.description);
            listed.insert(left);
        }
        if whole.value == 0 {
            assert!(whole.winning_moves.is_empty(), "{parts:?}");
        }
        // Moves in equal components leave the same multiset: comparing
        // sets of what is left covers them.
        assert_eq!(listed, expected, "{parts:?}");
        n_positions += 1;
    }
    assert_eq!(n_positions, 60);
    assert!(families_met.len() >= 6, "{families_met:?}");
}

#[test]
fn a_sum_of_one_game_is_answered_as_before() {
    // `nim 3 + 4`: a `+` between components of one game only separates.
    let texts: Vec<String> = ["3", "+", "4"].map(str::to_owned).to_vec();
    let request = request("nim", &texts);
    let plus = api::eval(parse_spec("nim").unwrap(), &request, &mut inputs()).unwrap();
    let texts: Vec<String> = ["3", "4"].map(str::to_owned).to_vec();
    let plain = api::eval(
        parse_spec("nim").unwrap(),
        &SumRequest {
            positions: &texts,
            ..request
        },
        &mut inputs(),
    )
    .unwrap();
    let json = |e: &Evaluation| serde_json::to_value(e).unwrap();
    assert_eq!(json(&plus), json(&plain));
    assert!(json(&plain).get("component_games").is_none());
}

#[test]
fn errors_name_the_part_of_the_sum() {
    let error = ask(&[("kayles", "5"), ("cram", "3y4")]).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("second game of the sum, cram 3y4"),
        "{message}"
    );
    let error = ask(&[("kayles", "5"), ("windup:7:2,3", "9")]).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("second game of the sum, windup:7:2,3 9"),
        "{error}"
    );
    let texts: Vec<String> = ["5", "+", "cram"].map(str::to_owned).to_vec();
    let request = request("kayles", &texts);
    let error = api::eval(parse_spec("kayles").unwrap(), &request, &mut inputs()).unwrap_err();
    assert!(
        error.to_string().contains("no position after it"),
        "{error}"
    );
    let mixed: Vec<String> = ["5", "+", "nim", "3"].map(str::to_owned).to_vec();
    let misere_remoteness = SumRequest {
        positions: &mixed,
        remoteness: true,
        convention: Convention::Misere,
        ..request
    };
    let error = api::eval(
        parse_spec("kayles").unwrap(),
        &misere_remoteness,
        &mut inputs(),
    )
    .unwrap_err();
    assert!(error.to_string().contains("normal play"), "{error}");
    // The whole sum follows, with the part in error underlined.
    let error = ask(&[("kayles", "5"), ("nim", "3"), ("cram", "..#/.x.")]).unwrap_err();
    let message = error.to_string();
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(lines.len(), 3, "{message}");
    assert_eq!(lines[1], "  kayles 5 + nim 3 + cram ..#/.x.", "{message}");
    assert_eq!(
        lines[2],
        format!("  {}{}", " ".repeat(19), "^".repeat(12)),
        "{message}"
    );
    // The error's kind is the part's own.
    assert!(
        matches!(error.root(), GameError::InvalidPosition { .. }),
        "{error:?}"
    );
    // One cache file holds one game's parts: refused, not ignored.
    let cached = SumRequest {
        positions: &mixed,
        cache: Some(std::path::Path::new("parts.cache")),
        ..request
    };
    let error = api::eval(parse_spec("kayles").unwrap(), &cached, &mut inputs()).unwrap_err();
    assert!(error.to_string().contains("a search cache"), "{error}");
}

/// The request for a random sum of at least two games (grouped as the
/// grammar writes them), as (spec, component) pairs.
fn random_mixed(pick: &mut impl FnMut(usize) -> usize) -> Vec<(&'static str, &'static str)> {
    let count = 2 + pick(2);
    let mut parts: Vec<(&str, &str)> = (0..count).map(|_| PIECES[pick(PIECES.len())]).collect();
    while parts.iter().all(|(spec, _)| *spec == parts[0].0) {
        parts[0] = PIECES[pick(PIECES.len())];
    }
    parts.sort_by_key(|(spec, _)| PIECES.iter().position(|(s, _)| s == spec));
    parts
}

fn moves_of(
    game: &str,
    position: &[String],
    convention: Convention,
) -> Result<api::MovesReport, GameError> {
    api::moves_from(
        parse_spec(game).unwrap(),
        game,
        position,
        convention,
        SpecSource::NoFiles,
        &mut inputs(),
    )
}

fn reply_to(
    game: &str,
    position: &[String],
    convention: Convention,
) -> Result<api::PlayReply, GameError> {
    api::play_reply(
        parse_spec(game).unwrap(),
        game,
        position,
        convention,
        SpecSource::NoFiles,
        &mut inputs(),
    )
}

/// The whole sum a move list is about, as the brute force's state: each
/// component with its game (the report's game for a sum of one game).
fn state_of(report: &api::MovesReport) -> Vec<(String, String)> {
    let mut state: Vec<(String, String)> = report
        .written
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let game = report
                .component_games
                .get(i)
                .unwrap_or(&report.game)
                .clone();
            (game, text.clone())
        })
        .collect();
    state.sort();
    state
}

impl Brute {
    /// Whether the player to move wins the whole sum in misère play (the
    /// player who cannot move wins).
    fn misere_wins(
        &mut self,
        state: &[(String, String)],
        memo: &mut HashMap<Vec<(String, String)>, bool>,
    ) -> bool {
        let mut key = state.to_vec();
        key.sort();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let followers = self.followers(&key);
        let wins =
            followers.is_empty() || followers.iter().any(|next| !self.misere_wins(next, memo));
        memo.insert(key, wins);
        wins
    }
}

#[test]
fn random_mixed_sums_list_every_move_judged_for_the_whole_sum() {
    let mut brute = Brute::new();
    let mut misere_memo = HashMap::new();
    let mut pick = numbers(0x2545_f491_4f6c_dd1d);
    let mut checked_moves = 0;
    for round in 0..40 {
        let parts = random_mixed(&mut pick);
        let (game, position) = words(&parts);
        let convention = if round % 4 == 3 {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let listed = moves_of(&game, &position, convention);
        let eval = api::eval(
            parse_spec(&game).unwrap(),
            &SumRequest {
                convention,
                ..request(&game, &position)
            },
            &mut inputs(),
        );
        // A convention eval does not answer yet is refused alike.
        let listed = match (listed, eval) {
            (Ok(listed), Ok(_)) => listed,
            (Err(moves), Err(eval)) => {
                assert_eq!(moves.to_string(), eval.to_string(), "{parts:?}");
                continue;
            }
            (moves, eval) => panic!("{parts:?}: {moves:?} / {eval:?}"),
        };
        let state = state_of(&listed);
        assert_eq!(state.len(), parts.len(), "{parts:?}");
        assert_eq!(listed.component_games.len(), listed.written.len());
        // The sum sent back as written is the same sum.
        let again = moves_of(&listed.game, &listed.position, convention).unwrap();
        assert_eq!(again, listed, "{parts:?}");
        let loses_after = |brute: &mut Brute,
                           memo: &mut HashMap<_, _>,
                           next: &[(String, String)]| match convention {
            Convention::Normal => brute.value(next) == 0,
            Convention::Misere => !brute.misere_wins(next, memo),
        };
        // Every move, sent back as a request, is the sum the brute force
        // reaches, and wins exactly when it leaves a P-position; together
        // (equal components each) they are every follower.
        let mut reached = BTreeSet::new();
        for m in &listed.moves {
            let game = m
                .game
                .as_deref()
                .expect("a mixed sum's move names its game");
            let after = moves_of(game, &m.position, convention)
                .unwrap_or_else(|e| panic!("{parts:?}: {} sent back: {e}", m.description));
            let next = state_of(&after);
            let p = loses_after(&mut brute, &mut misere_memo, &next);
            assert_eq!(m.wins, p, "{parts:?}: {} leaves {next:?}", m.description);
            assert!(!m.draws);
            assert!(m.description.contains(": "), "{}", m.description);
            reached.insert(next);
            checked_moves += 1;
        }
        let followers: BTreeSet<_> = brute.followers(&state).into_iter().collect();
        assert_eq!(reached, followers, "{parts:?}");
        // The engine's reply wins whenever the position is N.
        let reply = reply_to(&game, &position, convention).unwrap();
        let n = !loses_after(&mut brute, &mut misere_memo, &state);
        let m = reply.reply.as_ref().expect("a mixed sum has a move");
        assert_eq!(reply.engine_wins, n, "{parts:?}: {}", m.description);
        assert_eq!(reply.game, m.game.clone().unwrap());
        assert_eq!(reply.position, m.position);
    }
    assert!(checked_moves > 200, "{checked_moves}");
}

#[test]
fn play_replies_sent_back_play_a_mixed_sum_to_its_end() {
    let mut brute = Brute::new();
    let mut pick = numbers(0x853c_49e6_748f_ea9b);
    for _ in 0..8 {
        let parts = random_mixed(&mut pick);
        let (mut game, mut position) = words(&parts);
        let mut steps = 0;
        loop {
            let reply = reply_to(&game, &position, Convention::Normal)
                .unwrap_or_else(|e| panic!("{parts:?} at {game} {position:?}: {e}"));
            let Some(m) = &reply.reply else {
                assert!(reply.game_over && reply.moves.is_empty());
                break;
            };
            // What the reply leaves, asked again, is the sum after it.
            let after = moves_of(&reply.game, &reply.position, Convention::Normal).unwrap();
            assert_eq!(after.moves, reply.moves, "{parts:?}: {}", m.description);
            assert_eq!(
                reply.engine_wins,
                brute.value(&state_of(&after)) == 0,
                "{parts:?}: {}",
                m.description
            );
            if !reply.component_games.is_empty() {
                assert_eq!(reply.written, after.written);
                assert_eq!(reply.component_games, after.component_games);
            }
            (game, position) = (reply.game, reply.position);
            steps += 1;
            assert!(steps < 100, "{parts:?}");
        }
        assert!(steps >= 2, "{parts:?}");
    }
}

#[test]
fn a_part_emptied_leaves_the_sum_of_the_others() {
    let position: Vec<String> = ["1", "+", "nim", "3"].map(str::to_owned).to_vec();
    let listed = moves_of("kayles", &position, Convention::Normal).unwrap();
    assert_eq!(listed.component_games, ["kayles", "nim"]);
    let pin = &listed.moves[0];
    assert_eq!(pin.description, "kayles: take all 1 from the heap of 1");
    assert_eq!(pin.game.as_deref(), Some("nim"));
    assert_eq!(pin.position, ["3"]);
    assert!(!pin.wins);
    // Left alone, nim 3 is answered as today's sum of one game.
    let alone = moves_of("nim", &pin.position, Convention::Normal).unwrap();
    let today = moves_of("nim", &["3".to_owned()], Convention::Normal).unwrap();
    assert_eq!(alone, today);
    assert!(serde_json::to_value(&today)
        .unwrap()
        .get("component_games")
        .is_none());
    assert!(today.moves.iter().all(|m| m.game.is_none()));
    // The winning move takes 2 from the heap: 1 ⊕ 1 = 0.
    let wins: Vec<&str> = listed
        .moves
        .iter()
        .filter(|m| m.wins)
        .map(|m| m.description.as_str())
        .collect();
    assert_eq!(wins, ["nim: take 2 from the heap of 3"]);
    let taken = listed.moves.iter().find(|m| m.wins).unwrap();
    assert_eq!(taken.game.as_deref(), Some("kayles"));
    assert_eq!(taken.position, ["1", "+", "nim", "1"]);
    assert_eq!(taken.component, 1);
}

#[test]
fn a_malformed_component_of_a_mixed_sum_is_named_in_moves_and_play() {
    let position: Vec<String> = ["5", "+", "cram", "3y4"].map(str::to_owned).to_vec();
    for error in [
        moves_of("kayles", &position, Convention::Normal).unwrap_err(),
        reply_to("kayles", &position, Convention::Normal).unwrap_err(),
    ] {
        assert!(
            error
                .to_string()
                .contains("second game of the sum, cram 3y4"),
            "{error}"
        );
    }
}

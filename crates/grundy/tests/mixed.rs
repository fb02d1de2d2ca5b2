//! Sums of different games (issue 54): the request layer's answer for a
//! sum such as `kayles 5 + cram 2x3 + wythoff (1,2)` against a brute
//! force written here, which builds the whole sum's game graph from each
//! family's moves (one move in one component) and values it by mex,
//! without the XOR theorem, the families' value engines or searches.
//! Each listed winning move must leave a P-position of the whole, and
//! every move of the whole to a P-position must be listed.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use grundy::api::{self, Evaluation, SumRequest};
use grundy::budget::Budget;
use grundy::inputs::Inputs;
use grundy::report::EvalReport;
use grundy::spec::{parse_spec, SpecSource};
use grundy::sum_evaluator::SumEvaluator;
use grundy::{Convention, GameError};

/// Inputs with a person's budget and the library's own computations.
struct Plain(Budget);

impl Inputs for Plain {
    type Error = GameError;

    fn budget(&self) -> &Budget {
        &self.0
    }
}

fn inputs() -> Plain {
    Plain(Budget::interactive(false, "not in a test"))
}

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

/// The brute force: states are multisets of (game, component text); a
/// move replaces one component by what one of its family's moves leaves.
struct Brute {
    evaluators: HashMap<String, Arc<dyn SumEvaluator>>,
    moves: HashMap<(String, String), Vec<Vec<String>>>,
    values: HashMap<Vec<(String, String)>, u64>,
}

impl Brute {
    fn new() -> Brute {
        Brute {
            evaluators: HashMap::new(),
            moves: HashMap::new(),
            values: HashMap::new(),
        }
    }

    /// What each move of the component `text` of `spec` leaves (the
    /// family's rules, one component alone).
    fn options(&mut self, spec: &str, text: &str) -> Vec<Vec<String>> {
        let key = (spec.to_owned(), text.to_owned());
        if let Some(options) = self.moves.get(&key) {
            return options.clone();
        }
        let evaluator = self
            .evaluators
            .entry(spec.to_owned())
            .or_insert_with(|| {
                let game = parse_spec(spec).unwrap();
                api::evaluator(game, spec, &[text.to_owned()], &mut inputs()).unwrap()
            })
            .clone();
        let options: Vec<Vec<String>> = evaluator
            .moves(&[text.to_owned()], Convention::Normal)
            .unwrap()
            .into_iter()
            .map(|m| m.to)
            .collect();
        self.moves.insert(key, options.clone());
        options
    }

    /// The followers of a whole sum.
    fn followers(&mut self, state: &[(String, String)]) -> Vec<Vec<(String, String)>> {
        let mut out = Vec::new();
        for (i, (spec, text)) in state.iter().enumerate() {
            for option in self.options(spec, text) {
                let mut next: Vec<(String, String)> = state[..i].to_vec();
                next.extend(state[i + 1..].iter().cloned());
                next.extend(option.into_iter().map(|t| (spec.clone(), t)));
                next.sort();
                out.push(next);
            }
        }
        out
    }

    /// G of a whole sum by mex over its followers.
    fn value(&mut self, state: &[(String, String)]) -> u64 {
        let mut key = state.to_vec();
        key.sort();
        if let Some(&v) = self.values.get(&key) {
            return v;
        }
        let seen: BTreeSet<u64> = self
            .followers(&key)
            .into_iter()
            .map(|next| self.value(&next))
            .collect();
        let v = (0..).find(|g| !seen.contains(g)).unwrap();
        self.values.insert(key, v);
        v
    }
}

/// A request for the normal-play value and winning moves of the sum
/// written `texts` after `spec`.
fn request<'a>(spec: &'a str, texts: &'a [String]) -> SumRequest<'a> {
    SumRequest {
        spec,
        positions: texts,
        convention: Convention::Normal,
        remoteness: false,
        table_bytes: None,
        cache: None,
        outcome_only: false,
        specs: SpecSource::NoFiles,
    }
}

/// The request `kayles 5 + cram 2x3 + ...` as the faces send it: the
/// first spec, then the positions with `+` and each other game's spec.
fn ask(parts: &[(&str, &str)]) -> Result<Evaluation, GameError> {
    let mut texts = Vec::new();
    let mut last: Option<&str> = None;
    for (i, (spec, position)) in parts.iter().enumerate() {
        if i > 0 && last != Some(*spec) {
            texts.extend(["+".to_owned(), (*spec).to_owned()]);
        }
        texts.push((*position).to_owned());
        last = Some(spec);
    }
    let request = request(parts[0].0, &texts);
    api::eval(parse_spec(parts[0].0).unwrap(), &request, &mut inputs())
}

fn report(parts: &[(&str, &str)]) -> EvalReport {
    match ask(parts) {
        Ok(Evaluation::Sum(report)) => report,
        other => panic!("{parts:?}: {other:?}"),
    }
}

/// A little random generator (xorshift), seeded.
fn numbers(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
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
    let outcome = SumRequest {
        positions: &mixed,
        outcome_only: true,
        ..request
    };
    let error = api::eval(parse_spec("kayles").unwrap(), &outcome, &mut inputs()).unwrap_err();
    assert!(error.to_string().contains("not answered yet"), "{error}");
    // One cache file holds one game's parts: refused, not ignored.
    let cached = SumRequest {
        positions: &mixed,
        cache: Some(std::path::Path::new("parts.cache")),
        ..request
    };
    let error = api::eval(parse_spec("kayles").unwrap(), &cached, &mut inputs()).unwrap_err();
    assert!(error.to_string().contains("a search cache"), "{error}");
}

//! Sums of different games in misère play and with games with cycles
//! (issue 54), against a brute force written here: it lists every
//! position of the whole sum from each family's moves (one move in one
//! component) and solves that graph directly: misère play by recursion
//! (the player who cannot move wins), play with cycles by retrograde
//! analysis (wins, losses, and the rest draws), without Smith's rule, the
//! XOR theorem or any family's engine. Each listed winning (or drawing)
//! move must leave what the brute force says, and none may be missing.

mod mixed_common;

use std::collections::{BTreeSet, HashMap, VecDeque};

use grundy::api::Evaluation;
use grundy::report::MoveReport;
use grundy::{Convention, GameError, Outcome};
use mixed_common::{ask_with, numbers, Brute, State};

/// Small acyclic components of nine families, as (spec, position); a
/// Kayles heap of 5 is not tame (genus 4^146), the others are.
const FINITE: &[(&str, &str)] = &[
    ("kayles", "3"),
    ("kayles", "4"),
    ("kayles", "5"),
    ("0.137", "4"),
    ("nim", "1"),
    ("nim", "2"),
    ("wythoff", "(1,2)"),
    ("cram", "2x3"),
    ("cram", "1x4"),
    ("chomp", "2x3"),
    ("node-kayles", "path:4"),
    ("green-hackenbush", "stalk:2"),
    ("ruler", "THH"),
];

/// Components of games with cycles (subtraction modulo N).
const LOOPY: &[(&str, &str)] = &[
    ("windup:5:1,3", "2"),
    ("windup:5:1,3", "0"),
    ("windup:7:2,3", "4"),
    ("windup:6:1,4", "3"),
    ("windup:6:1,4", "5"),
];

/// Normal play with cycles, by retrograde analysis: a position with no
/// move loses; one with a move to a loss wins; one whose every move goes
/// to a win loses; what is never settled is a draw.
fn retrograde(followers: &[Vec<usize>]) -> Vec<Outcome> {
    let n = followers.len();
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (v, fs) in followers.iter().enumerate() {
        for &w in fs {
            predecessors[w].push(v);
        }
    }
    let mut outcome = vec![Outcome::Draw; n];
    let mut unsettled: Vec<usize> = followers.iter().map(Vec::len).collect();
    let mut queue: VecDeque<usize> = (0..n).filter(|&v| followers[v].is_empty()).collect();
    for &v in &queue {
        outcome[v] = Outcome::P;
    }
    while let Some(w) = queue.pop_front() {
        for &v in &predecessors[w] {
            if outcome[v] != Outcome::Draw {
                continue;
            }
            if outcome[w] == Outcome::P {
                outcome[v] = Outcome::N;
                queue.push_back(v);
            } else {
                unsettled[v] -= 1;
                if unsettled[v] == 0 {
                    outcome[v] = Outcome::P;
                    queue.push_back(v);
                }
            }
        }
    }
    outcome
}

/// Misère play of an acyclic graph: the player who cannot move wins.
fn misere(followers: &[Vec<usize>]) -> Vec<Outcome> {
    fn solve(v: usize, followers: &[Vec<usize>], memo: &mut Vec<Option<Outcome>>) -> Outcome {
        if let Some(o) = memo[v] {
            return o;
        }
        let o = if followers[v].is_empty()
            || followers[v]
                .iter()
                .any(|&w| solve(w, followers, memo) == Outcome::P)
        {
            Outcome::N
        } else {
            Outcome::P
        };
        memo[v] = Some(o);
        o
    }
    let mut memo = vec![None; followers.len()];
    (0..followers.len())
        .map(|v| solve(v, followers, &mut memo))
        .collect()
}

/// `eval` of the sum of `parts` in `convention`.
fn ask(parts: &[(&str, &str)], convention: Convention) -> Result<Evaluation, GameError> {
    ask_with(parts, convention, |_| {})
}

/// A component written with its game (`cram ...`) read back.
fn split(text: &str) -> (String, String) {
    let (spec, own) = text.split_once(' ').unwrap();
    (spec.to_owned(), own.to_owned())
}

/// What the moves listed leave, each a multiset of (game, component).
fn left_by(moves: &[MoveReport]) -> BTreeSet<State> {
    moves
        .iter()
        .map(|m| {
            let texts = m.result_text.as_ref().expect("small sums show the result");
            let games = m
                .result_games
                .as_ref()
                .expect("a mixed sum names the games");
            assert_eq!(games.len(), texts.len());
            let mut left: State = texts.iter().map(|t| split(t)).collect();
            for ((game, _), named) in left.iter().zip(games) {
                assert_eq!(game, named, "{}", m.description);
            }
            left.sort();
            left
        })
        .collect()
}

/// The followers of the start whose outcome is `wanted`, as multisets.
fn followers_with(
    brute: &mut Brute,
    start: &State,
    index: &HashMap<State, usize>,
    outcomes: &[Outcome],
    wanted: Outcome,
) -> BTreeSet<State> {
    brute
        .followers(start)
        .into_iter()
        .filter(|next| outcomes[index[next]] == wanted)
        .collect()
}

/// Two to four parts from `pieces` and `more`, of two games at least,
/// grouped by game.
fn random_sum(
    pick: &mut impl FnMut(usize) -> usize,
    pieces: &[(&'static str, &'static str)],
    must: Option<&[(&'static str, &'static str)]>,
) -> Vec<(&'static str, &'static str)> {
    loop {
        let count = 2 + pick(3);
        let mut parts: Vec<(&str, &str)> = (0..count).map(|_| pieces[pick(pieces.len())]).collect();
        if let Some(must) = must {
            parts[0] = must[pick(must.len())];
        }
        if parts.iter().any(|(spec, _)| *spec != parts[0].0) {
            parts.sort_by_key(|(spec, _)| *spec);
            return parts;
        }
    }
}

#[test]
fn misere_play_of_random_mixed_sums_agrees_with_the_whole_games_graph() {
    let mut brute = Brute::new();
    let mut pick = numbers(0x2545_f491_4f6c_dd1d);
    let mut outcomes_met = BTreeSet::new();
    let mut families = BTreeSet::new();
    let mut by_theory = 0;
    for _ in 0..50 {
        let parts = random_sum(&mut pick, FINITE, None);
        let report = match ask(&parts, Convention::Misere) {
            Ok(Evaluation::Outcome(report)) => report,
            other => panic!("{parts:?}: {other:?}"),
        };
        assert_eq!(report.convention, Convention::Misere);
        let start: State = report.position_text.iter().map(|t| split(t)).collect();
        assert_eq!(start.len(), parts.len(), "{parts:?}");
        let mut sorted = start.clone();
        sorted.sort();
        let (index, followers) = brute.graph(&sorted);
        let outcomes = misere(&followers);
        assert_eq!(report.outcome, outcomes[0], "{parts:?}");
        let expected = if outcomes[0] == Outcome::N {
            followers_with(&mut brute, &sorted, &index, &outcomes, Outcome::P)
        } else {
            BTreeSet::new()
        };
        assert_eq!(left_by(&report.winning_moves), expected, "{parts:?}");
        outcomes_met.insert(format!("{:?}", report.outcome));
        families.extend(parts.iter().map(|(spec, _)| *spec));
        if report.method.starts_with("every game is tame") {
            by_theory += 1;
        }
    }
    assert_eq!(outcomes_met.len(), 2, "both outcomes met: {outcomes_met:?}");
    assert!(families.len() >= 8, "{families:?}");
    // Both ways answered some: the tame rule, and the search.
    assert!(
        (1..50).contains(&by_theory),
        "{by_theory} of 50 by the tame rule"
    );
}

#[test]
fn loopy_parts_of_random_mixed_sums_agree_with_retrograde_analysis() {
    let mut brute = Brute::new();
    let mut pick = numbers(0x9e37_79b9_7f4a_7c15);
    let pieces: Vec<(&str, &str)> = FINITE.iter().chain(LOOPY).copied().collect();
    let mut outcomes_met = BTreeSet::new();
    for _ in 0..60 {
        let parts = random_sum(&mut pick, &pieces, Some(LOOPY));
        let report = match ask(&parts, Convention::Normal) {
            Ok(Evaluation::Loopy(report)) => report,
            other => panic!("{parts:?}: {other:?}"),
        };
        let start: State = report
            .component_games
            .iter()
            .cloned()
            .zip(report.position.iter().cloned())
            .collect();
        assert_eq!(start.len(), parts.len(), "{parts:?}");
        let mut sorted = start.clone();
        sorted.sort();
        let (index, followers) = brute.graph(&sorted);
        let outcomes = retrograde(&followers);
        assert_eq!(report.outcome, outcomes[0], "{parts:?}: {}", report.reason);
        let winning = match outcomes[0] {
            Outcome::N => followers_with(&mut brute, &sorted, &index, &outcomes, Outcome::P),
            _ => BTreeSet::new(),
        };
        assert_eq!(left_by(&report.winning_moves), winning, "{parts:?}");
        match outcomes[0] {
            Outcome::Draw => {
                let drawing = followers_with(&mut brute, &sorted, &index, &outcomes, Outcome::Draw);
                let listed = report
                    .drawing_moves
                    .as_deref()
                    .expect("a draw lists its moves");
                assert_eq!(left_by(listed), drawing, "{parts:?}");
            }
            _ => assert!(report.drawing_moves.is_none(), "{parts:?}"),
        }
        outcomes_met.insert(format!("{:?}", report.outcome));
    }
    assert_eq!(outcomes_met.len(), 3, "P, N and D met: {outcomes_met:?}");
}

#[test]
fn a_misere_sum_beyond_the_search_is_refused_up_front() {
    let error = ask(
        &[("kayles", "40"), ("cram", "4x4"), ("nim", "9")],
        Convention::Misere,
    )
    .unwrap_err();
    let message = error.to_string();
    assert!(message.contains("44583 × 217 × 10"), "{message}");
    assert!(message.contains("positions"), "{message}");
    let error = ask(&[("windup:5:1,3", "2"), ("nim", "3")], Convention::Misere).unwrap_err();
    assert!(error.to_string().contains("cycles"), "{error}");
}

/// The remoteness of every position of an acyclic graph (normal play):
/// 0 with no move; else one more than the least even remoteness among the
/// followers (a move to a P-position), or than the greatest.
fn remoteness(followers: &[Vec<usize>]) -> Vec<u32> {
    fn solve(v: usize, followers: &[Vec<usize>], memo: &mut Vec<Option<u32>>) -> u32 {
        if let Some(r) = memo[v] {
            return r;
        }
        let rs: Vec<u32> = followers[v]
            .iter()
            .map(|&w| solve(w, followers, memo))
            .collect();
        let r = match rs.iter().filter(|r| r.is_multiple_of(2)).min() {
            Some(even) => even + 1,
            None => rs.iter().max().map_or(0, |r| r + 1),
        };
        memo[v] = Some(r);
        r
    }
    let mut memo = vec![None; followers.len()];
    (0..followers.len())
        .map(|v| solve(v, followers, &mut memo))
        .collect()
}

#[test]
fn the_remoteness_of_random_mixed_sums_agrees_with_the_whole_games_graph() {
    let mut brute = Brute::new();
    let mut pick = numbers(0x1234_5678_9abc_def1);
    let mut parities = BTreeSet::new();
    for _ in 0..40 {
        let parts = random_sum(&mut pick, FINITE, None);
        let report = match ask_with(&parts, Convention::Normal, |r| r.remoteness = true) {
            Ok(Evaluation::Sum(report)) => report,
            other => panic!("{parts:?}: {other:?}"),
        };
        let mut start: State = report.position_text.iter().map(|t| split(t)).collect();
        start.sort();
        let (_, followers) = brute.graph(&start);
        let expected = remoteness(&followers)[0];
        assert_eq!(report.remoteness, Some(expected), "{parts:?}");
        // An even remoteness is a P-position's.
        assert_eq!(expected.is_multiple_of(2), report.value == 0, "{parts:?}");
        parities.insert(expected % 2);
    }
    assert_eq!(parities.len(), 2);
}

#[test]
fn the_outcome_alone_of_random_mixed_sums_agrees_with_the_whole_games_graph() {
    let mut brute = Brute::new();
    let mut pick = numbers(0x0bad_cafe_f00d_1234);
    for _ in 0..30 {
        let parts = random_sum(&mut pick, FINITE, None);
        let report = match ask_with(&parts, Convention::Normal, |r| r.outcome_only = true) {
            Ok(Evaluation::Outcome(report)) => report,
            other => panic!("{parts:?}: {other:?}"),
        };
        assert!(report.one_winning_move);
        let mut start: State = report.position_text.iter().map(|t| split(t)).collect();
        start.sort();
        let (index, followers) = brute.graph(&start);
        let outcomes = retrograde(&followers);
        assert_eq!(report.outcome, outcomes[0], "{parts:?}");
        let p_followers = followers_with(&mut brute, &start, &index, &outcomes, Outcome::P);
        let listed = left_by(&report.winning_moves);
        match outcomes[0] {
            Outcome::N => {
                assert_eq!(report.winning_moves.len(), 1, "{parts:?}");
                assert!(listed.is_subset(&p_followers), "{parts:?}");
            }
            _ => assert!(listed.is_empty(), "{parts:?}"),
        }
    }
}

//! The quotient's unit tests: every candidate's least failure checked twice,
//! the refinement against Moore's rounds, climbs, and what a stop proves.

use rustc_hash::FxHashMap;

use super::diagnostics::{tokens_of, LowerBound};
use super::layers::{precedes, RestsKept};
use super::options::HeapOptions;
use super::refine::{refine, refine_within, renumber};
use super::*;
use crate::ruleset::Options;
use crate::spec::parse_heap_spec;

/// Checks one candidate's least failure, as every candidate of a
/// quotient computed in these tests is: that it is a failure (its
/// prediction disagrees with its options', found move by move), and
/// that the verification keeping every rest over the groups in
/// increasing order finds a failure of the same tokens.
pub(super) fn cross_check(
    candidate: &MisereQuotient,
    options: &HeapOptions,
    least: Option<&[(u64, u32)]>,
) -> Result<(), GameError> {
    CHECKED.with(|c| c.set(c.get() + 1));
    let all = candidate.least_failure_by(options, RestsKept::All)?;
    assert_eq!(
        least.map(tokens_of),
        all.as_deref().map(tokens_of),
        "{least:?} against {all:?}"
    );
    if let Some(failure) = least {
        let heaps: Vec<u64> = failure
            .iter()
            .flat_map(|&(h, c)| std::iter::repeat_n(h, c as usize))
            .collect();
        let predicted = candidate.is_p(candidate.element_of_counts(failure));
        let p_option = has_p_option(candidate, options, &heaps)?;
        assert_eq!(predicted, p_option, "{failure:?} is not a failure");
        // Its options come before it in the verification's order, so
        // none of them fails; only the splits that take no token (4.
        // codes) keep its tokens, and are not covered by the tokens.
        for (split, _) in sums_after_moves(&heaps, options)
            .into_iter()
            .filter(|&(_, took_none)| took_none)
        {
            assert!(
                !fails_locally(candidate, options, &split)?,
                "{failure:?} is a least failure, and its split {split:?} fails too"
            );
        }
        record_bound(candidate, options, failure)?;
    }
    Ok(())
}

/// Whether a candidate's prediction for `sum` disagrees with its
/// predictions for the sum's options, found move by move.
fn fails_locally(
    candidate: &MisereQuotient,
    options: &HeapOptions,
    sum: &[u64],
) -> Result<bool, GameError> {
    let p_option = has_p_option(candidate, options, sum)?;
    let movable = sum.iter().any(|&h| !options.is_terminal(h));
    Ok(candidate.predicts_wrong(candidate.element_of(sum)?, movable, p_option))
}

/// Whether the candidate puts some option of `sum` in its P-portion.
fn has_p_option(
    candidate: &MisereQuotient,
    options: &HeapOptions,
    sum: &[u64],
) -> Result<bool, GameError> {
    for (next, _) in sums_after_moves(sum, options) {
        if candidate.is_p(candidate.element_of(&next)?) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The sums one move in `sum` leaves, each with whether the move took
/// no token (a split of a `4.` code).
fn sums_after_moves(sum: &[u64], options: &HeapOptions) -> Vec<(Vec<u64>, bool)> {
    let mut after = Vec::new();
    for (i, &h) in sum.iter().enumerate() {
        for option in options.of(h) {
            let mut next: Vec<u64> = sum[..i].to_vec();
            next.extend_from_slice(&sum[i + 1..]);
            next.extend(option.iter().map(|&k| u64::from(k)));
            let took_none = option.iter().map(|&k| u64::from(k)).sum::<u64>() == h;
            after.push((next, took_none));
        }
    }
    after
}

/// What a failing candidate claims below its least failure, kept for
/// the tests to hold against the truth: the heap being added, the
/// lower bound, and sums of fewer tokens than the failure with their
/// predicted outcomes.
struct Claim {
    heap: u64,
    bound: LowerBound,
    sums: Vec<(Vec<u64>, bool)>,
}

thread_local! {
    static CLAIMS: std::cell::RefCell<Vec<Claim>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn record_bound(
    candidate: &MisereQuotient,
    options: &HeapOptions,
    failure: &[(u64, u32)],
) -> Result<(), GameError> {
    let heap = candidate.max_heap();
    let total = tokens_of(failure);
    // A failure of fewer than 2 tokens: nothing is claimed below it.
    let Some(bound) = candidate.lower_bound(failure, options, heap) else {
        return Ok(());
    };
    // Sums of fewer tokens, drawn by a xorshift seeded by the failure.
    let mut seed = total.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let movable: Vec<u64> = (1..=heap).filter(|&h| !options.is_terminal(h)).collect();
    let mut sums = Vec::new();
    for k in 0..16 {
        // Half of them small, for a search to check.
        let budget = next() % if k % 2 == 0 { total.min(36) } else { total }.max(1);
        let mut sum = Vec::new();
        let mut tokens = 0;
        for _ in 0..64 {
            let h = movable[(next() % movable.len() as u64) as usize];
            if tokens + h <= budget {
                sum.push(h);
                tokens += h;
            }
        }
        let predicted = candidate.is_p_position(&sum)?;
        sums.push((sum, predicted));
    }
    CLAIMS.with(|c| {
        c.borrow_mut().push(Claim { heap, bound, sums });
    });
    Ok(())
}

/// Holds every recorded claim against `truth` (the outcome of a sum)
/// and, where the quotient of its heaps is known, its order.
fn check_claims(
    what: &str,
    orders: &[usize],
    truth: &mut dyn FnMut(&[u64]) -> Result<bool, GameError>,
) -> usize {
    // Checked sums.
    let claims = CLAIMS.with(std::cell::RefCell::take);
    let mut sums = 0;
    for claim in &claims {
        if let Some(&order) = orders.get(claim.heap as usize) {
            assert!(
                claim.bound.elements <= order,
                "{what}: heap {}: at least {} elements claimed, {order} found",
                claim.heap,
                claim.bound.elements
            );
        }
        for (sum, predicted) in &claim.sums {
            // A sum the truth cannot reach is skipped.
            let Ok(true_p) = truth(sum) else { continue };
            assert_eq!(
                true_p, *predicted,
                "{what}: heap {}: {sum:?} below a least failure",
                claim.heap
            );
            sums += 1;
        }
    }
    sums
}

/// Moore's partition refinement in plain rounds, every element's key
/// (its class and its products' classes) recomputed each round until
/// the count of classes stops growing: the second opinion on
/// [`refine`]. Ids in order of first member.
pub(super) fn refine_by_rounds(
    count: usize,
    letters: usize,
    successors: &[u32],
    p: impl Fn(usize) -> bool,
) -> Vec<Element> {
    let mut class: Vec<Element> = (0..count).map(|u| Element::from(p(u))).collect();
    let mut classes = renumber(&mut class);
    loop {
        let mut ids: FxHashMap<Vec<Element>, Element> = FxHashMap::default();
        let next: Vec<Element> = (0..count)
            .map(|u| {
                let mut key = vec![class[u]];
                key.extend(
                    successors[u * letters..(u + 1) * letters]
                        .iter()
                        .map(|&v| class[v as usize]),
                );
                let fresh = ids.len() as Element;
                *ids.entry(key).or_insert(fresh)
            })
            .collect();
        class = next;
        if ids.len() == classes {
            return class;
        }
        classes = ids.len();
    }
}

proptest::proptest! {
    /// Any transition table (not only a monoid's): the same partition
    /// as Moore's rounds, numbered alike.
    #[test]
    fn refine_agrees_with_moores_rounds(
        count in 1usize..200,
        letters in 0usize..5,
        seed in proptest::collection::vec(proptest::prelude::any::<u32>(), 1..1000),
        p_bits in proptest::collection::vec(proptest::prelude::any::<bool>(), 1..200),
    ) {
        let successors: Vec<u32> = (0..count * letters)
            .map(|i| seed[i % seed.len()].wrapping_mul(2_654_435_761).wrapping_add(i as u32) % count as u32)
            .collect();
        let p = |u: usize| p_bits[u % p_bits.len()];
        let moore = refine_by_rounds(count, letters, &successors, p);
        proptest::prop_assert_eq!(&refine(count, letters, &successors, p), &moore);
        // The pass over the table that stands in for the lists.
        proptest::prop_assert_eq!(&refine_within(count, letters, &successors, p, 0), &moore);
    }
}

/// A chain that one letter walks down one step a round, so that only
/// a few elements change each round: the case the incremental rounds
/// exist for, with the classes every element in its own.
#[test]
fn refine_splits_a_long_chain_into_singletons() {
    let count = 500;
    // u -> u + 1 (the last stays), and a second letter that resets.
    let successors: Vec<u32> = (0..count)
        .flat_map(|u| [(u + 1).min(count - 1) as u32, 0])
        .collect();
    let class = refine(count, 2, &successors, |u| u == count - 1);
    assert_eq!(class, (0..count as Element).collect::<Vec<_>>());
    assert_eq!(
        class,
        refine_by_rounds(count, 2, &successors, |u| u == count - 1)
    );
    assert_eq!(
        class,
        refine_within(count, 2, &successors, |u| u == count - 1, 0)
    );
}

thread_local! {
    /// The candidates checked on this thread.
    static CHECKED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Quotients whose candidates are many and varied: Dawson's Kayles
/// to 30 tries dozens, some of over a thousand elements.
#[test]
fn each_candidates_least_failure_is_one_and_agrees_with_the_full_verification() {
    let mut claimed = 0;
    for (spec, max) in [
        ("0.07", 28),
        ("0.137", 25),
        ("0.77", 40),
        ("0.31", 40),
        ("0.75", 40),
        ("0.35", 14),
        ("4.7", 24),
        // Splits that take no token, among the least failure's
        // options with its tokens (heap 5).
        ("4.77", 5),
    ] {
        let game = parse_heap_spec(spec).unwrap();
        let quotient = misere_quotient(&game, max, QuotientLimits::default(), &mut |_| {})
            .unwrap_or_else(|e| panic!("{spec}: {e}"));
        let checked = CHECKED.with(std::cell::Cell::take);
        eprintln!(
            "{spec} to {max}: {checked} candidates, order {}",
            quotient.order()
        );
        assert!(checked > 0 && quotient.order() > 1, "{spec}");
        // What the failing candidates claimed below their failures,
        // against the quotient found.
        claimed += check_claims(spec, quotient.orders(), &mut |sum| {
            quotient.is_p_position(sum)
        });
    }
    assert!(claimed > 0);
}

/// A code with splits that take no token (4.77, whose heap 6 does not
/// settle within the order limit here): every candidate's least
/// failure comes after its splits, and what the failing candidates
/// claim below their failures (a lower bound, sums predicted right)
/// holds against the search.
#[test]
fn a_splitting_code_stops_with_what_its_candidates_proved() {
    let game = parse_heap_spec("4.77").unwrap();
    let limits = QuotientLimits {
        max_order: 512,
        ..QuotientLimits::default()
    };
    let error = misere_quotient(&game, 6, limits, &mut |_| {}).unwrap_err();
    assert!(CHECKED.with(std::cell::Cell::take) > 6);
    assert!(matches!(error.root(), GameError::Limit { .. }), "{error}");
    assert!(error.to_string().contains("has at least"), "{error}");
    let mut options = HeapOptions::new();
    let mut scratch = Options::new();
    for _ in 0..=6 {
        options.push(&game, &mut scratch).unwrap();
    }
    let mut known = FxHashMap::default();
    let sums = check_claims("4.77", &[], &mut |sum| {
        if sum.iter().sum::<u64>() > 30 {
            return Err(GameError::Stopped {
                reason: "too large to search".into(),
            });
        }
        Ok(searched_p(&options, sum, &mut known))
    });
    assert!(sums > 0);
}

proptest::proptest! {
    /// Every move comes before its sum in the verification's order:
    /// one that takes `taken` tokens from a heap and leaves `parts`
    /// heaps of it (a split when it takes none).
    #[test]
    fn a_moves_result_comes_before_its_sum(
        tokens in 1u64..1000,
        heaps in 1u32..100,
        taken in 0u64..10,
        parts in 0u32..10,
    ) {
        proptest::prop_assume!(taken > 0 || parts >= 2);
        proptest::prop_assume!(taken <= tokens && heaps as u64 <= tokens);
        let after = (tokens - taken, heaps - 1 + parts);
        proptest::prop_assert!(precedes(after, (tokens, heaps)));
    }
}

/// The misère outcome of a sum by search over sorted sums, nothing
/// shared with the quotient: P when every option is N, and the empty
/// sum is N (the player to move cannot move, and wins).
fn searched_p(options: &HeapOptions, sum: &[u64], known: &mut FxHashMap<Vec<u64>, bool>) -> bool {
    let mut sum: Vec<u64> = sum
        .iter()
        .copied()
        .filter(|&h| !options.is_terminal(h))
        .collect();
    sum.sort_unstable();
    if sum.is_empty() {
        return false;
    }
    if let Some(&p) = known.get(&sum) {
        return p;
    }
    let mut p = true;
    'moves: for i in 0..sum.len() {
        if i > 0 && sum[i] == sum[i - 1] {
            continue;
        }
        for option in options.of(sum[i]) {
            let mut next: Vec<u64> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
            next.extend(option.iter().map(|&k| u64::from(k)));
            if searched_p(options, &next, known) {
                p = false;
                break 'moves;
            }
        }
    }
    known.insert(sum, p);
    p
}

#[test]
fn climbs_are_rounds_of_failures_one_count_higher() {
    let f = |sum: &[(u64, u32)]| sum.to_vec();
    // Period 2: (7^j 12^j) and (1 7^j 12^(j+1)), j = 3, 4, 5, 6.
    let mut failures = Vec::new();
    for j in 3..=6 {
        failures.push(f(&[(7, j), (12, j)]));
        failures.push(f(&[(1, 1), (7, j), (12, j + 1)]));
    }
    let climb = Climb::find(&failures, 3).expect("three rounds of two");
    assert_eq!((climb.period, climb.rising.clone()), (2, vec![7, 12]));
    assert_eq!(
        climb.to_string(),
        "its candidates fail at 1 + 7×j + 12×(j+1) for j = 3 to 6, one step higher each round of 2 candidates (heaps 7 and 12 rising together)"
    );
    assert!(Climb::find(&failures, 4).is_none(), "only three rounds");
    assert!(Climb::find(&failures, 0).is_none(), "0 never stops");
    // A count that jumps by two, or a heap that drops out, is no step.
    let mut jumped = failures.clone();
    jumped.push(f(&[(7, 9), (12, 9)]));
    assert!(Climb::find(&jumped, 1).is_none());
    let mut dropped = failures.clone();
    dropped.push(f(&[(7, 7), (12, 8)]));
    assert!(Climb::find(&dropped, 1).is_none());
    // Period 1, one heap.
    let single: Vec<_> = (2..8).map(|j| f(&[(3, 1), (5, j)])).collect();
    let climb = Climb::find(&single, 5).expect("five rounds of one");
    assert_eq!((climb.period, climb.rising), (1, vec![5]));
}

/// 0.76 at heap 12: its candidates fail at 7×j + 12×j, j = 4, 5, …,
/// two candidates a round (found by grundy; it looks like the
/// diagonal of Weimerskirch's infinite quotient of 0.3122). What the
/// stop says it proved holds against a search of each sum.
#[test]
fn a_climbing_quotient_stops_with_what_its_candidates_proved() {
    let game = parse_heap_spec("0.76").unwrap();
    let limits = QuotientLimits {
        max_order: 1 << 16,
        climb_rounds: 3,
        ..QuotientLimits::default()
    };
    let error = misere_quotient(&game, 12, limits, &mut |_| {}).unwrap_err();
    match error.root() {
        GameError::LooksInfinite { what, pattern } => {
            assert_eq!(what, "the misère quotient of heaps up to 12");
            assert!(pattern.contains("7×j + 12×j"), "{pattern}");
            assert!(
                pattern.contains("heaps 7 and 12 rising together"),
                "{pattern}"
            );
        }
        other => panic!("{other}"),
    }
    let text = error.to_string();
    // Q_11 has 34 elements; the bound says more, or nothing.
    let at_least: usize = text
        .split("the quotient has at least ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(at_least > 34, "{text}");
    assert!(text.contains("heap 12's powers up to 12×"), "{text}");
    let mut options = HeapOptions::new();
    let mut scratch = Options::new();
    for _ in 0..=12 {
        options.push(&game, &mut scratch).unwrap();
    }
    // The search reaches sums of up to 36 tokens in a moment; larger
    // ones are skipped.
    let mut known = FxHashMap::default();
    let sums = check_claims("0.76", &[], &mut |sum| {
        if sum.iter().sum::<u64>() > 36 {
            return Err(GameError::Stopped {
                reason: "too large to search".into(),
            });
        }
        Ok(searched_p(&options, sum, &mut known))
    });
    assert!(sums > 0);
    // Never stopping on a climb, the order limit stops it instead.
    let limits = QuotientLimits {
        max_order: 2000,
        climb_rounds: 0,
        ..QuotientLimits::default()
    };
    let error = misere_quotient(&game, 12, limits, &mut |_| {}).unwrap_err();
    assert!(matches!(error.root(), GameError::Limit { .. }), "{error}");
    CLAIMS.with(|c| c.borrow_mut().clear());
}

//! Misère play against a direct search written here, over sorted lists of
//! heaps with the options written from the games' rules (not the crate's
//! options), and against the theory: Bouton's misère rule for Nim
//! (C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals
//! of Mathematics 3 (1901)), the genus of a Nim heap (`0^120`, `1^031`,
//! `a^{a (a⊕2)}`; Conway, *On Numbers and Games*, ch. 12) and the genus of a
//! Kayles row of 5, `4^146` (*Winning Ways*, ch. 13, quoted as the example
//! of the symbol).

mod common;

use common::numbers;

use std::collections::HashMap;

use grundy::heap::code::TakeBreakCode;
use grundy::heap::misere::{heap_genus, heap_misere_values};
use grundy::heap::nim::Nim;
use grundy::misere::{
    genus_symbol, is_tame_genus, misere_analysis, nim_is_p_position, nim_winning_moves,
    MisereSearch,
};
use grundy::{HeapGame, HeapRuleset};

/// A component of the direct search: a heap of the game, or a Nim heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Heap {
    Game(u64),
    Nim(u64),
}

/// The options of a heap of n under an octal code's digits d_j, written
/// here from the definition: taking j tokens, bit 0 of d_j takes the whole
/// heap, bit 1 leaves one heap, bit 2 leaves two (for j = 0 only bit 2
/// has a meaning: split the heap without taking).
fn octal_options(digits: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for (j, &d) in digits.iter().enumerate() {
        let d = if j == 0 { d & 4 } else { d };
        let j = j as u64;
        if j > n {
            break;
        }
        let m = n - j;
        if m == 0 && d & 1 != 0 {
            options.push(vec![]);
        }
        if m > 0 && d & 2 != 0 {
            options.push(vec![m]);
        }
        if m >= 2 && d & 4 != 0 {
            for a in 1..=m / 2 {
                options.push(vec![a, m - a]);
            }
        }
    }
    options
}

struct Direct<'a> {
    moves: &'a dyn Fn(u64) -> Vec<Vec<u64>>,
    memo: HashMap<Vec<Heap>, bool>,
}

impl Direct<'_> {
    /// `true` when the sum is a misère P-position: every move leads to an
    /// N-position, and a sum with no move at all is an N-position (the
    /// player who cannot move wins).
    fn is_p(&mut self, sum: &[Heap]) -> bool {
        let mut key = sum.to_vec();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut any_move = false;
        let mut p = true;
        for i in 0..key.len() {
            let options: Vec<Vec<Heap>> = match key[i] {
                Heap::Nim(k) => (0..k).map(|j| vec![Heap::Nim(j)]).collect(),
                Heap::Game(n) => (self.moves)(n)
                    .into_iter()
                    .map(|o| o.into_iter().map(Heap::Game).collect())
                    .collect(),
            };
            for option in options {
                any_move = true;
                let mut next: Vec<Heap> = key[..i].to_vec();
                next.extend_from_slice(&key[i + 1..]);
                next.extend(option);
                if self.is_p(&next) {
                    p = false;
                    break;
                }
            }
            if !p {
                break;
            }
        }
        let p = any_move && p;
        self.memo.insert(key, p);
        p
    }

    /// The m with sum + *m a misère P-position.
    fn misere_value(&mut self, sum: &[Heap]) -> u64 {
        (0..)
            .find(|&m| {
                let mut s = sum.to_vec();
                s.push(Heap::Nim(m));
                self.is_p(&s)
            })
            .unwrap()
    }
}

fn code(text: &str) -> HeapGame {
    HeapGame::new(TakeBreakCode::parse(text).unwrap())
}

#[test]
fn misere_nim_search_agrees_with_bouton() {
    let rules = HeapRuleset::new(HeapGame::new(Nim));
    let mut search = MisereSearch::new(&rules);
    let mut next = numbers(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3000 {
        let count = (next() % 5) as usize;
        let heaps: Vec<u64> = (0..count).map(|_| next() % 8).collect();
        assert_eq!(
            search.is_p_position(&heaps).unwrap(),
            nim_is_p_position(&heaps),
            "{heaps:?}"
        );
        // Bouton's winning moves are exactly the moves to P-positions.
        let analysis = misere_analysis(&mut search, &heaps).unwrap();
        let (is_p, moves) = (analysis.is_p, analysis.winning_moves);
        let mut searched: Vec<(usize, u64)> = moves
            .iter()
            .map(|m| (m.component, m.to.first().copied().unwrap_or(0)))
            .collect();
        searched.sort_unstable();
        let mut bouton = nim_winning_moves(&heaps);
        bouton.sort_unstable();
        assert_eq!(is_p, nim_is_p_position(&heaps));
        assert_eq!(searched, bouton, "{heaps:?}");
    }
}

#[test]
fn misere_values_and_genus_of_nim_follow_the_theory() {
    let game = HeapGame::new(Nim);
    let values = heap_misere_values(&game, 40, &mut |_| Ok(())).unwrap();
    assert_eq!(values.get(0), 1);
    assert_eq!(values.get(1), 0);
    for n in 2..40 {
        assert_eq!(values.get(n as usize), n);
    }
    let genus = heap_genus(&game, 12, &mut |_| Ok(())).unwrap();
    assert_eq!(genus[0], vec![0, 1, 2, 0]);
    assert_eq!(genus[1], vec![1, 0, 3, 1]);
    for (a, g) in genus.iter().enumerate().skip(2) {
        let a = a as u64;
        assert_eq!(g, &vec![a, a, a ^ 2], "*{a}");
        assert!(is_tame_genus(g));
    }
    assert_eq!(genus_symbol(&genus[0]), "0^120");
    assert_eq!(genus_symbol(&genus[4]), "4^46");
}

/// (spec, the digits d_0 d_1 ... of its code, for the direct search)
const GAMES: &[(&str, &[u8])] = &[
    ("0.77", &[0, 7, 7]),
    ("0.07", &[0, 0, 7]),
    ("0.137", &[0, 1, 3, 7]),
    ("0.6", &[0, 6]),
    ("0.33", &[0, 3, 3]),
];

#[test]
fn misere_values_and_genus_agree_with_direct_search() {
    for &(spec, digits) in GAMES {
        let game = code(spec);
        let moves = |n: u64| octal_options(digits, n);
        let mut direct = Direct {
            moves: &moves,
            memo: HashMap::new(),
        };
        let values = heap_misere_values(&game, 16, &mut |_| Ok(())).unwrap();
        let genus = heap_genus(&game, 13, &mut |_| Ok(())).unwrap();
        for n in 0..16u64 {
            assert_eq!(
                values.get(n as usize),
                direct.misere_value(&[Heap::Game(n)]),
                "{spec} G-({n})"
            );
        }
        for (n, g) in genus.iter().enumerate() {
            for (k, &gk) in g.iter().enumerate().skip(1) {
                let mut sum = vec![Heap::Game(n as u64)];
                sum.extend(std::iter::repeat_n(Heap::Nim(2), k - 1));
                assert_eq!(gk, direct.misere_value(&sum), "{spec} heap {n} g{k}");
            }
        }
    }
}

#[test]
fn kayles_row_of_five_has_the_genus_winning_ways_quotes() {
    let genus = heap_genus(&code("0.77"), 6, &mut |_| Ok(())).unwrap();
    assert_eq!(genus_symbol(&genus[5]), "4^146");
    assert!(!is_tame_genus(&genus[5]));
}

#[test]
fn random_sums_agree_with_direct_search() {
    let mut next = numbers(0x2545_f491_4f6c_dd1d);
    for &(spec, digits) in GAMES {
        let rules = HeapRuleset::new(code(spec));
        let mut search = MisereSearch::new(&rules);
        let moves = |n: u64| octal_options(digits, n);
        let mut direct = Direct {
            moves: &moves,
            memo: HashMap::new(),
        };
        for _ in 0..150 {
            let count = 1 + (next() % 5) as usize;
            let heaps: Vec<u64> = (0..count).map(|_| next() % 9).collect();
            let sum: Vec<Heap> = heaps.iter().map(|&h| Heap::Game(h)).collect();
            let want = direct.is_p(&sum);
            let analysis = misere_analysis(&mut search, &heaps).unwrap();
            let (is_p, moves) = (analysis.is_p, analysis.winning_moves);
            assert_eq!(is_p, want, "{spec} {heaps:?}");
            // Every listed move leads to a P-position, and every move to a
            // P-position is listed.
            let mut to_p = 0;
            for (i, &h) in heaps.iter().enumerate() {
                for option in octal_options(digits, h) {
                    let mut rest: Vec<Heap> = sum.clone();
                    rest.remove(i);
                    rest.extend(option.iter().map(|&o| Heap::Game(o)));
                    if direct.is_p(&rest) {
                        to_p += 1;
                        let mut sorted = option.clone();
                        sorted.sort_unstable();
                        assert!(
                            moves.iter().any(|m| {
                                let mut to = m.to.clone();
                                to.sort_unstable();
                                m.component == i && to == sorted
                            }),
                            "{spec} {heaps:?}: the move of heap {i} to {option:?} is missing"
                        );
                    }
                }
            }
            for m in &moves {
                let mut rest: Vec<Heap> = sum.clone();
                rest.remove(m.component);
                rest.extend(m.to.iter().map(|&o| Heap::Game(o)));
                assert!(direct.is_p(&rest), "{spec} {heaps:?}: {m:?} is not winning");
            }
            let has_move = heaps.iter().any(|&h| !octal_options(digits, h).is_empty());
            assert_eq!(moves.is_empty(), is_p || !has_move, "{spec} {heaps:?}");
            assert!(to_p == 0 || !moves.is_empty());
        }
    }
}

#[test]
fn kayles_three_four_seven() {
    // The sum the issue asks about, against the direct search.
    let moves = |n: u64| octal_options(&[0, 7, 7], n);
    let mut direct = Direct {
        moves: &moves,
        memo: HashMap::new(),
    };
    let rules = HeapRuleset::new(code("0.77"));
    let mut search = MisereSearch::new(&rules);
    for heaps in [[3u64, 4, 7], [3, 4, 8], [1, 1, 1], [2, 2, 5]] {
        let sum: Vec<Heap> = heaps.iter().map(|&h| Heap::Game(h)).collect();
        assert_eq!(
            search.is_p_position(&heaps).unwrap(),
            direct.is_p(&sum),
            "{heaps:?}"
        );
    }
}

/// Every multiset of up to `size` heaps from `1..=max`.
fn sums_up_to(max: u64, size: usize) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..size {
        let mut next = Vec::new();
        for sum in &frontier {
            let low = sum.last().copied().unwrap_or(1);
            for h in low..=max {
                let mut s: Vec<u64> = sum.clone();
                s.push(h);
                next.push(s);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

/// Grundy's game: split a heap into two unequal heaps.
fn grundys_options(n: u64) -> Vec<Vec<u64>> {
    (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect()
}

/// The subtraction game S(1, 3, 4): take 1, 3 or 4.
fn subtract_134(n: u64) -> Vec<Vec<u64>> {
    [1u64, 3, 4]
        .into_iter()
        .filter(|&s| s <= n)
        .map(|s| if s == n { vec![] } else { vec![n - s] })
        .collect()
}

#[test]
fn quotients_predict_every_sum_of_up_to_four_heaps() {
    use grundy::heap::quotient::{misere_quotient, QuotientLimits};
    use grundy::spec::parse_heap_spec;
    type Moves = Box<dyn Fn(u64) -> Vec<Vec<u64>>>;
    let mut games: Vec<(&str, u64, Moves)> = GAMES
        .iter()
        .map(|&(spec, digits)| {
            let moves: Moves = Box::new(move |n| octal_options(digits, n));
            (spec, 13u64, moves)
        })
        .collect();
    games.push(("0.15", 13, Box::new(|n| octal_options(&[0, 1, 5], n))));
    games.push(("4.7", 11, Box::new(|n| octal_options(&[4, 7], n))));
    games.push(("grundy", 13, Box::new(grundys_options)));
    games.push(("sub:1,3,4", 13, Box::new(subtract_134)));
    for (spec, max, moves) in &games {
        let game = parse_heap_spec(spec).unwrap();
        let quotient = misere_quotient(&game, *max, QuotientLimits::default(), &mut |_| {})
            .unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut direct = Direct {
            moves: moves.as_ref(),
            memo: HashMap::new(),
        };
        let mut p_positions = 0;
        for sum in sums_up_to(*max, 4) {
            let heaps: Vec<Heap> = sum.iter().map(|&h| Heap::Game(h)).collect();
            let truth = direct.is_p(&heaps);
            p_positions += usize::from(truth);
            assert_eq!(
                quotient.is_p_position(&sum).unwrap(),
                truth,
                "{spec} {sum:?} (quotient of order {})",
                quotient.order()
            );
        }
        // The check could fail: P-positions are there to be mispredicted.
        assert!(p_positions > 50, "{spec}: {p_positions}");
    }
}

#[test]
fn quotient_winning_moves_are_the_moves_to_p_positions() {
    use grundy::heap::quotient::{misere_quotient, QuotientLimits};
    let game = code("0.77");
    let quotient = misere_quotient(&game, 12, QuotientLimits::default(), &mut |_| {}).unwrap();
    let moves = |n: u64| octal_options(&[0, 7, 7], n);
    let mut direct = Direct {
        moves: &moves,
        memo: HashMap::new(),
    };
    for sum in sums_up_to(12, 3) {
        let mut expected = Vec::new();
        for (i, &h) in sum.iter().enumerate() {
            for option in octal_options(&[0, 7, 7], h) {
                let mut rest: Vec<Heap> = sum
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &k)| Heap::Game(k))
                    .collect();
                rest.extend(option.iter().map(|&o| Heap::Game(o)));
                if direct.is_p(&rest) {
                    let mut o = option.clone();
                    o.sort_unstable();
                    expected.push((i, o));
                }
            }
        }
        let mut found: Vec<(usize, Vec<u64>)> = quotient
            .winning_moves(&game, &sum)
            .unwrap()
            .into_iter()
            .map(|m| {
                let mut o = m.to;
                o.sort_unstable();
                (m.component, o)
            })
            .collect();
        expected.sort_unstable();
        expected.dedup();
        found.sort_unstable();
        found.dedup();
        assert_eq!(found, expected, "{sum:?}");
    }
}

#[test]
fn quotient_orders_match_the_published_ones() {
    use grundy::heap::quotient::{misere_quotient, QuotientLimits};
    // Misère Nim restricted to heaps below 2^k (k >= 2) has order 2^k + 2
    // and a P-portion of 2 elements: by Bouton's rule a sum with a heap of
    // two or more is classed by its nim-sum (2^k classes) and a sum of
    // ones by its parity (2 more); A. N. Siegel, *The structure and
    // classification of misère quotients* (2007), shows |P| = 2 forces
    // order 2^n + 2 or 2^n + 4.
    let nim = HeapGame::new(Nim);
    let quotient = misere_quotient(&nim, 15, QuotientLimits::default(), &mut |_| {}).unwrap();
    for k in 2..=4u32 {
        let below = (1usize << k) - 1;
        assert_eq!(quotient.orders()[below], (1 << k) + 2, "heaps below 2^{k}");
    }
    let p = (0..quotient.order() as u32)
        .filter(|&x| quotient.is_p(x))
        .count();
    assert_eq!(p, 2);
    // Dawson's Kayles: "Q_30(0.07) has size 360" (A. N. Siegel, answering
    // questions about MisereSolver, miseregames.wordpress.com, 28 August
    // 2007).
    let dawson = code("0.07");
    let quotient = misere_quotient(&dawson, 30, QuotientLimits::default(), &mut |_| {}).unwrap();
    assert_eq!(quotient.order(), 360);
    // Dawson's chess (0.137) with a heap of n is Dawson's Kayles with a
    // heap of n + 1, so its quotients are the same one heap earlier.
    let chess = code("0.137");
    let shifted = misere_quotient(&chess, 29, QuotientLimits::default(), &mut |_| {}).unwrap();
    assert_eq!(shifted.orders(), &quotient.orders()[1..]);
}

/// A quotient reports each heap, in order, with the order the quotient
/// then has, and each failed candidate before the heap it was for; the
/// heaps that change Dawson's Kayles' quotient (25 and 27 among them)
/// fail candidates, a heap that keeps it (26) fails none.
#[test]
fn a_quotient_reports_each_heap_and_each_failed_candidate() {
    use grundy::heap::quotient::{misere_quotient, QuotientLimits, QuotientStep};
    let mut steps = Vec::new();
    let quotient = misere_quotient(&code("0.07"), 28, QuotientLimits::default(), &mut |step| {
        steps.push(step)
    })
    .unwrap();
    let heaps: Vec<(u64, usize)> = steps
        .iter()
        .filter_map(|step| match *step {
            QuotientStep::Heap { heap, order } => Some((heap, order)),
            _ => None,
        })
        .collect();
    let expected: Vec<(u64, usize)> = (0..=28).zip(quotient.orders().iter().copied()).collect();
    assert_eq!(heaps, expected);
    let failed = |n: u64| -> Vec<usize> {
        let mut tried = Vec::new();
        for step in &steps {
            match *step {
                QuotientStep::Candidate {
                    heap,
                    tried: t,
                    order,
                } if heap == n => {
                    assert!(order > 0);
                    tried.push(t);
                }
                // Every candidate of heap n comes before heap n is done.
                QuotientStep::Heap { heap, .. } if heap == n => return tried,
                _ => {}
            }
        }
        panic!("heap {n} was not reported");
    };
    for n in [25, 27] {
        let tried = failed(n);
        assert!(!tried.is_empty(), "heap {n}");
        assert_eq!(tried, (1..=tried.len()).collect::<Vec<_>>(), "heap {n}");
        assert!(quotient.orders()[n as usize] > quotient.orders()[n as usize - 1]);
    }
    assert!(failed(26).is_empty());
    assert_eq!(quotient.orders()[26], quotient.orders()[25]);
}

#[test]
fn kayles_quotient_to_forty_agrees_with_the_search_on_random_sums() {
    use grundy::heap::quotient::{misere_quotient, QuotientLimits};
    let game = code("0.77");
    let quotient = misere_quotient(&game, 40, QuotientLimits::default(), &mut |_| {}).unwrap();
    let rules = HeapRuleset::new(game.clone());
    let mut search = MisereSearch::new(&rules).with_limit(20_000_000);
    let mut next = numbers(0x2545_f491_4f6c_dd1d);
    let (mut checked, mut p_positions) = (0, 0);
    while checked < 150 {
        let count = 2 + (next() % 3) as usize;
        let heaps: Vec<u64> = (0..count).map(|_| 1 + next() % 40).collect();
        // Sums the search finishes in well under a second each.
        if heaps.iter().sum::<u64>() > 46 {
            continue;
        }
        let truth = search.is_p_position(&heaps).unwrap();
        p_positions += usize::from(truth);
        assert_eq!(quotient.is_p_position(&heaps).unwrap(), truth, "{heaps:?}");
        checked += 1;
    }
    assert!(p_positions > 10, "{p_positions}");
}

#[test]
fn genus_of_0_312_matches_plambecks_table() {
    // T. E. Plambeck, "The game .312" (plambeck.org, misère quaternary
    // games, solved 4 February 2003): the single-heap genus sequence of
    // heaps 1 to 6 is 1^03131, 2^20, 0^02, 2^1420, 0^02, 1^13.
    let published: [&[u64]; 6] = [
        &[1, 0, 3, 1, 3, 1],
        &[2, 2, 0],
        &[0, 0, 2],
        &[2, 1, 4, 2, 0],
        &[0, 0, 2],
        &[1, 1, 3],
    ];
    let genus = heap_genus(&code("0.312"), 7, &mut |_| Ok(())).unwrap();
    for (n, expected) in published.iter().enumerate() {
        let ours = &genus[n + 1];
        // Both lists end in the two terms that repeat from then on:
        // extend the shorter and compare.
        let len = ours.len().max(expected.len());
        let extend = |g: &[u64]| -> Vec<u64> {
            (0..len)
                .map(|i| {
                    if i < g.len() {
                        g[i]
                    } else {
                        g[g.len() - 2 + (i - g.len()) % 2]
                    }
                })
                .collect()
        };
        assert_eq!(extend(ours), extend(expected), "heap {}", n + 1);
    }
}

/// A quotient stops at the check its caller installs (the server's
/// deadline, Python's Ctrl-C) instead of running on: 0.35 to heap 60
/// takes minutes, and a check that fails after 0.2 s ends it with its
/// error.
#[test]
fn a_quotient_stops_at_the_installed_check() {
    use grundy::heap::quotient::{misere_quotient, QuotientLimits};
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_millis(200);
    let outcome = grundy::stop::with_check(
        move || {
            if Instant::now() > deadline {
                return Err(grundy::GameError::Stopped {
                    reason: "the test's deadline".to_owned(),
                });
            }
            Ok(())
        },
        || misere_quotient(&code("0.35"), 60, QuotientLimits::default(), &mut |_| {}),
    );
    match outcome {
        Err(error) => assert!(error.to_string().contains("the test's deadline"), "{error}"),
        Ok(quotient) => panic!("finished with order {}", quotient.order()),
    }
}

/// Misère values stopped part-way (Ctrl-C, a server's deadline), between
/// heaps or inside a heap's search, say how many were computed.
#[test]
fn misere_values_stopped_say_how_many_were_computed() {
    use grundy::heap::misere::heap_misere_values;
    let game = code("0.6");
    // Stopped by the progress callback after 20 values.
    let error = heap_misere_values(&game, 30, &mut |done| {
        if done >= 20 {
            return Err(grundy::GameError::Stopped {
                reason: "the test's stop".to_owned(),
            });
        }
        Ok(())
    })
    .expect_err("stopped");
    assert!(
        error
            .to_string()
            .contains("the test's stop; 20 of 30 misère values were computed"),
        "{error}"
    );
    // Stopped inside the search of a heap: the values before it.
    let checks = std::sync::atomic::AtomicU32::new(0);
    let error = grundy::stop::with_check(
        move || {
            if checks.fetch_add(1, std::sync::atomic::Ordering::SeqCst) >= 3 {
                return Err(grundy::GameError::Stopped {
                    reason: "the test's stop".to_owned(),
                });
            }
            Ok(())
        },
        || heap_misere_values(&game, 100, &mut |_| Ok(())),
    )
    .expect_err("stopped");
    let text = error.to_string();
    let computed: usize = text
        .split("; ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        computed < 100 && text.ends_with("of 100 misère values were computed"),
        "{text}"
    );
}

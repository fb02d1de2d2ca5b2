//! Misère play against a direct search written here, over sorted lists of
//! heaps with the options written from the games' rules (not the crate's
//! options), and against the theory: Bouton's misère rule for Nim
//! (C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals
//! of Mathematics 3 (1901)), the genus of a Nim heap (`0^120`, `1^031`,
//! `a^{a (a⊕2)}`; Conway, *On Numbers and Games*, ch. 12) and the genus of a
//! Kayles row of 5, `4^146` (*Winning Ways*, ch. 13, quoted as the example
//! of the symbol).

use std::collections::HashMap;

use grundy::heap::code::TakeBreakCode;
use grundy::heap::nim::Nim;
use grundy::misere::{
    genus_symbol, heap_genus, heap_misere_values, is_tame_genus, misere_analysis,
    nim_is_p_position, nim_winning_moves, MisereSearch,
};
use grundy::{HeapGame, HeapRuleset};

/// A component of the direct search: a heap of the game, or a Nim heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Heap {
    Game(u64),
    Nim(u64),
}

/// The options of a heap of n under an octal code's digits (d_j for j >=
/// 1, written here from the definition: bit 0 takes the whole heap, bit 1
/// leaves one heap, bit 2 leaves two).
fn octal_options(digits: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for (j, &d) in digits.iter().enumerate().skip(1) {
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

fn numbers(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
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
    let values = heap_misere_values(&game, 40, &mut |_| {}).unwrap();
    assert_eq!(values.get(0), 1);
    assert_eq!(values.get(1), 0);
    for n in 2..40 {
        assert_eq!(values.get(n as usize), n);
    }
    let genus = heap_genus(&game, 12, &mut |_| {}).unwrap();
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
        let values = heap_misere_values(&game, 16, &mut |_| {}).unwrap();
        let genus = heap_genus(&game, 13, &mut |_| {}).unwrap();
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
    let genus = heap_genus(&code("0.77"), 6, &mut |_| {}).unwrap();
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

//! Node Kayles and Arc Kayles against the octal engine, published
//! sequences, a plain search over vertex sets written here (no
//! decomposition, no canonical forms), and the canonical labelling
//! against a brute force over every permutation.

use std::collections::HashMap;

use grundy::split_search::{SearchMethod, SplitSearch};
use grundy::vertex_kayles::{parse_graph, SmallGraph, VertexKayles, VertexRule};
use grundy::{Ruleset, Solver};
use proptest::prelude::*;

fn value(rule: VertexRule, text: &str) -> u64 {
    let game = VertexKayles::new(rule);
    let graph = game.parse_position(text).unwrap();
    Solver::new(&game).value(&graph).unwrap().value()
}

fn octal(code: &str, count: usize) -> Vec<u64> {
    let sequence = grundy::spec::parse_heap_spec(code)
        .unwrap()
        .nim_sequence(count)
        .unwrap();
    (0..count).map(|n| sequence.get(n)).collect()
}

/// Node Kayles on a path is Dawson's Chess (0.137), Arc Kayles on a path
/// is Dawson's Kayles (0.07): Winning Ways ch. 4.
#[test]
fn paths_are_dawsons_games() {
    let chess = octal("0.137", 61);
    let kayles = octal("0.07", 61);
    for (rule, expected) in [(VertexRule::Node, &chess), (VertexRule::Arc, &kayles)] {
        // One solver for every n: the parts of a path are shorter paths.
        let game = VertexKayles::new(rule);
        let mut solver = Solver::new(&game);
        for (n, &want) in expected.iter().enumerate().skip(1) {
            let graph = game.parse_position(&format!("path:{n}")).unwrap();
            assert_eq!(
                solver.value(&graph).unwrap().value(),
                want,
                "{rule:?} path:{n}"
            );
        }
    }
}

/// On a cycle every first move leaves one path: Node Kayles removes three
/// vertices, Arc Kayles two, so G(C_n) = mex{G(P_(n-3))} and
/// mex{G(P_(n-2))}.
#[test]
fn cycles_from_the_path_values() {
    let chess = octal("0.137", 64);
    let kayles = octal("0.07", 64);
    let mex_of = |v: u64| u64::from(v == 0);
    for (rule, expected, removed) in [(VertexRule::Node, &chess, 3), (VertexRule::Arc, &kayles, 2)]
    {
        let game = VertexKayles::new(rule);
        let mut solver = Solver::new(&game);
        for n in 3..=40 {
            let graph = game.parse_position(&format!("cycle:{n}")).unwrap();
            assert_eq!(
                solver.value(&graph).unwrap().value(),
                mex_of(expected[n - removed]),
                "{rule:?} cycle:{n}"
            );
        }
    }
}

/// OEIS A316632 (Node Kayles on the 3 x n lattice, n = 1..16, from Brown
/// et al., Nimber sequences of Node-Kayles games, J. Integer Sequences 23
/// (2020), Article 20.3.5), and its comments: the 2 x n lattice (ladder)
/// gives 1, 0, 1, 0, ...; the 4 x n lattice gives 0.
#[test]
fn lattices_match_oeis_a316632() {
    let published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3];
    for (i, &v) in published.iter().enumerate() {
        let n = i + 1;
        assert_eq!(value(VertexRule::Node, &format!("grid:3x{n}")), v, "3x{n}");
    }
    for n in 1..=12 {
        assert_eq!(
            value(VertexRule::Node, &format!("ladder:{n}")),
            (n % 2) as u64,
            "ladder:{n}"
        );
    }
    for n in 1..=6 {
        assert_eq!(value(VertexRule::Node, &format!("grid:4x{n}")), 0, "4x{n}");
    }
}

/// OEIS A317367 (same paper): Node Kayles on the path P_n with the extra
/// edges {i, i+3}, from n = 4.
#[test]
fn the_three_connected_path_matches_oeis_a317367() {
    let published = [0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 3, 4, 2, 4, 0, 4];
    for (i, &v) in published.iter().enumerate() {
        let n = i + 4;
        let mut edges: Vec<String> = (1..n).map(|j| format!("{}-{j}", j - 1)).collect();
        edges.extend((3..n).map(|j| format!("{}-{j}", j - 3)));
        let text = format!("v{n}/{}", edges.join(","));
        assert_eq!(value(VertexRule::Node, &text), v, "n = {n}");
    }
}

/// The value by the rules alone: a memoised mex over the set of vertices
/// (and for Arc Kayles the edges among them) still in play.
fn plain(rule: VertexRule, adj: &[u64], alive: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut seen = Vec::new();
    for v in 0..adj.len() {
        if alive >> v & 1 == 0 {
            continue;
        }
        match rule {
            VertexRule::Node => {
                seen.push(plain(rule, adj, alive & !(adj[v] | 1 << v), memo));
            }
            VertexRule::Arc => {
                for w in v + 1..adj.len() {
                    if alive >> w & 1 == 1 && adj[v] >> w & 1 == 1 {
                        seen.push(plain(rule, adj, alive & !(1 << v | 1 << w), memo));
                    }
                }
            }
        }
    }
    let mex = (0..).find(|m| !seen.contains(m)).unwrap();
    memo.insert(alive, mex);
    mex
}

fn random_graph(n: usize, bits: &[bool]) -> (Vec<u64>, String) {
    let mut adj = vec![0u64; n];
    let mut edges = Vec::new();
    let mut k = 0;
    for a in 0..n {
        for b in a + 1..n {
            if bits[k % bits.len()] {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
                edges.push(format!("{a}-{b}"));
            }
            k += 1;
        }
    }
    (adj, format!("v{n}/{}", edges.join(",")))
}

/// The least adjacency code over every relabelling: the canonical form by
/// brute force.
fn brute_canonical(adj: &[u64]) -> Vec<u64> {
    let n = adj.len();
    let mut perm: Vec<usize> = (0..n).collect();
    let mut best: Option<Vec<u64>> = None;
    loop {
        let mut rows = vec![0u64; n];
        for v in 0..n {
            let mut row = 0;
            for (w, &label) in perm.iter().enumerate() {
                if adj[v] >> w & 1 == 1 {
                    row |= 1 << label;
                }
            }
            rows[perm[v]] = row;
        }
        if best.as_ref().is_none_or(|b| rows < *b) {
            best = Some(rows);
        }
        // Next permutation.
        let Some(i) = (0..n.saturating_sub(1))
            .rev()
            .find(|&i| perm[i] < perm[i + 1])
        else {
            return best.unwrap();
        };
        let j = (i + 1..n).rev().find(|&j| perm[j] > perm[i]).unwrap();
        perm.swap(i, j);
        perm[i + 1..].reverse();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn values_match_the_plain_search(n in 1usize..13, bits in prop::collection::vec(any::<bool>(), 1..80)) {
        let (adj, text) = random_graph(n, &bits);
        for rule in [VertexRule::Node, VertexRule::Arc] {
            let mut memo = HashMap::new();
            let all = (1u64 << n) - 1;
            let want = plain(rule, &adj, all, &mut memo);
            prop_assert_eq!(value(rule, &text), want, "{:?} {}", rule, text);
            // The search solver, both ways, with a small table and a
            // large one.
            let game = VertexKayles::new(rule);
            let graph = game.parse_position(&text).unwrap();
            for method in [SearchMethod::Pruned, SearchMethod::HeapByHeap] {
                for bytes in [0, 64 << 20] {
                    let mut search = SplitSearch::with_table_bytes(&game, bytes).with_method(method);
                    prop_assert_eq!(search.value(&graph).unwrap().value(), want, "{:?} {:?} {}", rule, method, text);
                }
            }
        }
    }

    #[test]
    fn canonical_forms_are_equal_exactly_for_isomorphic_graphs(
        n in 1usize..8,
        a in prop::collection::vec(any::<bool>(), 1..30),
        b in prop::collection::vec(any::<bool>(), 1..30),
        shuffle in prop::collection::vec(any::<u32>(), 8),
    ) {
        let (adj_a, text_a) = random_graph(n, &a);
        let (adj_b, text_b) = random_graph(n, &b);
        let ga = parse_graph(&text_a).unwrap();
        let gb = parse_graph(&text_b).unwrap();
        // Isomorphic exactly when the brute-force forms agree.
        let iso = brute_canonical(&adj_a) == brute_canonical(&adj_b);
        prop_assert_eq!(ga.canonical() == gb.canonical(), iso, "{} {}", text_a, text_b);
        // A relabelling of a graph has the same canonical form.
        let mut perm: Vec<usize> = (0..n).collect();
        for (i, s) in shuffle.iter().enumerate().take(n) {
            perm.swap(i, *s as usize % n);
        }
        let relabelled: Vec<(usize, usize)> = ga.edges().iter().map(|&(x, y)| (perm[x], perm[y])).collect();
        let gc = SmallGraph::from_edges(n, &relabelled).unwrap();
        prop_assert_eq!(gc.canonical(), ga.canonical());
    }
}

/// Symmetric graphs, where the labelling's search meets many leaves.
#[test]
fn symmetric_graphs_canonicalise_alike() {
    for text in [
        "petersen",
        "hypercube:4",
        "cycle:12",
        "complete:7",
        "prism:6",
        "star:9",
    ] {
        let g = parse_graph(text).unwrap();
        let n = g.order();
        let relabelled: Vec<(usize, usize)> = g
            .edges()
            .iter()
            .map(|&(x, y)| ((x * 7 + 3) % n, (y * 7 + 3) % n))
            .collect();
        if (0..n)
            .map(|x| (x * 7 + 3) % n)
            .collect::<std::collections::HashSet<_>>()
            .len()
            != n
        {
            continue;
        }
        let h = SmallGraph::from_edges(n, &relabelled).unwrap();
        assert_eq!(g.canonical(), h.canonical(), "{text}");
    }
    // K_n: every first move ends the game; a star: the centre takes all,
    // a leaf leaves n - 1 lone leaves.
    assert_eq!(value(VertexRule::Node, "complete:9"), 1);
    assert_eq!(value(VertexRule::Node, "star:4"), 2);
}

#[test]
fn bad_graphs_are_refused() {
    for text in [
        "path:129",
        "grid:12x11",
        "cycle:2",
        "v3/0-3",
        "v3/1-1",
        "v3/0+1",
        "kite:4",
        "hypercube:8",
    ] {
        assert!(parse_graph(text).is_err(), "{text}");
    }
    // The largest of each family within 128 vertices reads.
    for text in ["path:128", "grid:8x16", "hypercube:7"] {
        assert_eq!(parse_graph(text).expect(text).order(), 128, "{text}");
    }
}

//! Green Hackenbush: the colon and fusion principles (Winning Ways ch. 7)
//! against a plain search over edge sets written here (no branches, no
//! normal form, no theorem), and against the engines searching the
//! ruleset without its theorem.

use std::collections::HashMap;

use grundy::hackenbush::{format_hackenbush, parse_hackenbush, GreenHackenbush, HackenbushGraph};
use grundy::split_search::{SearchMethod, SplitSearch};
use grundy::{Nimber, Ruleset, Solver};
use proptest::prelude::*;

/// The edges in `alive` still joined to the ground (vertex 0).
fn grounded(edges: &[(usize, usize)], alive: u32) -> u32 {
    let mut reached = 1u64; // vertex 0
    let mut kept = 0u32;
    loop {
        let mut grew = false;
        for (i, &(a, b)) in edges.iter().enumerate() {
            if alive >> i & 1 == 1 && kept >> i & 1 == 0 && (reached >> a | reached >> b) & 1 == 1 {
                kept |= 1 << i;
                reached |= 1 << a | 1 << b;
                grew = true;
            }
        }
        if !grew {
            return kept;
        }
    }
}

/// The value of the edge set `alive` by the definition: the mex over
/// every cut.
fn plain(edges: &[(usize, usize)], alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut seen = 0u64;
    for i in 0..edges.len() {
        if alive >> i & 1 == 1 {
            let left = grounded(edges, alive & !(1 << i));
            seen |= 1 << plain(edges, left, memo);
        }
    }
    let v = u64::from((!seen).trailing_zeros());
    memo.insert(alive, v);
    v
}

fn text_of(vertices: usize, edges: &[(usize, usize)]) -> String {
    let list: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    format!("v{vertices}/{}", list.join(","))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random multigraphs (loops, parallel edges, parts off the ground)
    /// of up to 12 edges: the theorem equals the plain search.
    #[test]
    fn the_theorem_equals_the_plain_search(
        vertices in 1usize..8,
        ends in prop::collection::vec((0usize..8, 0usize..8), 0..=12),
    ) {
        let edges: Vec<(usize, usize)> =
            ends.iter().map(|&(a, b)| (a % vertices, b % vertices)).collect();
        let all = if edges.is_empty() { 0 } else { u32::MAX >> (32 - edges.len()) };
        let want = plain(&edges, grounded(&edges, all), &mut HashMap::new());
        let text = text_of(vertices, &edges);
        let graph = parse_hackenbush(&text).unwrap();
        prop_assert_eq!(graph.value(), want, "{}", text);
        // The normal form prints back to itself.
        let printed = format_hackenbush(&graph);
        prop_assert_eq!(parse_hackenbush(&printed).unwrap(), graph);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The engines searching the ruleset without its theorem (the plain
    /// memoised solver, the search solver both ways with a tiny table and
    /// a large one) equal the theorem, option by option.
    #[test]
    fn the_searches_equal_the_theorem(
        vertices in 1usize..7,
        ends in prop::collection::vec((0usize..7, 0usize..7), 0..=10),
    ) {
        let edges: Vec<(usize, usize)> =
            ends.iter().map(|&(a, b)| (a % vertices, b % vertices)).collect();
        let graph = parse_hackenbush(&text_of(vertices, &edges)).unwrap();
        let want = graph.value();
        let game = GreenHackenbush::by_search();
        prop_assert_eq!(game.known_value(&graph), None);
        prop_assert_eq!(Solver::new(&game).value(&graph).unwrap().value(), want);
        for method in [SearchMethod::Pruned, SearchMethod::HeapByHeap] {
            for bytes in [0, 16 << 20] {
                let mut search = SplitSearch::with_table_bytes(&game, bytes).with_method(method);
                prop_assert_eq!(search.value(&graph).unwrap().value(), want);
                let mut options = grundy::Options::new();
                game.options(&graph, &mut options).unwrap();
                for option in options.iter() {
                    let v: u64 = option.iter().fold(0, |x, part| x ^ part.value());
                    for target in 0..4 {
                        let asked = search.is_p_with_heap(option, Nimber::new(target)).unwrap();
                        prop_assert_eq!(asked, v == target);
                    }
                }
            }
        }
    }
}

/// Worked cases of the two principles (Winning Ways ch. 7): a stalk of n
/// edges is *n; a cycle through the ground fuses to as many loops as it
/// has edges; two branches at one vertex are worth their nim-sum; a
/// triangle on a stalk of k fuses to a loop at its foot, so it is a stalk
/// of k + 1.
#[test]
fn worked_cases() {
    let value = |text: &str| parse_hackenbush(text).unwrap().value();
    assert_eq!(value("stalk:7"), 7);
    assert_eq!(value("cycle:4"), 0);
    assert_eq!(value("cycle:7"), 1);
    // Branches of 3 and 5 edges from the ground, and from a vertex one
    // edge up: 3 xor 5 = 6, then 1 + 6 = 7.
    assert_eq!(value("v9/0-1,1-2,2-3,0-4,4-5,5-6,6-7,7-8"), 3 ^ 5);
    assert_eq!(
        value("v10/0-1,1-2,2-3,3-4,1-5,5-6,6-7,7-8,8-9"),
        1 + (3 ^ 5)
    );
    for k in 0..6 {
        let stalk: Vec<String> = (1..=k).map(|i| format!("{}-{i}", i - 1)).collect();
        let triangle = format!("{k}-{},{}-{},{}-{k}", k + 1, k + 1, k + 2, k + 2);
        let text = format!(
            "v{}/{}",
            k + 3,
            [stalk.join(","), triangle]
                .join(",")
                .trim_start_matches(',')
        );
        assert_eq!(value(&text), k as u64 + 1, "{text}");
    }
    // A loop is *1; parts cut off from the ground count for nothing.
    assert_eq!(value("v1/0-0,0-0,0-0"), 1);
    assert_eq!(value("v4/0-1,2-3,3-2"), 1);
}

/// Cutting every edge of a wide position stays fast (each branch is
/// renumbered on its own) and keeps the branches apart.
#[test]
fn cuts_leave_the_branches_at_the_ground() {
    let graph = parse_hackenbush("v6/0-1,1-2,0-3,3-4,0-0,0-5").unwrap();
    let left = graph.after_cut(0);
    let texts: Vec<String> = left.iter().map(format_hackenbush).collect();
    // Cutting a loop at the ground leaves the three stalks.
    assert_eq!(texts, ["v2/0-1", "v3/0-1,1-2", "v3/0-1,1-2"]);
    let sum: u64 = left.iter().fold(0, |x, g| x ^ g.value());
    assert_eq!(sum, graph.value() ^ 1);
}

/// Graph-file text: a vertex named `ground`, each edge once.
#[test]
fn graph_text_positions() {
    let text = "top: left right\nleft: ground\nright: ground\nground:\n";
    let graph: HackenbushGraph = parse_hackenbush(text).unwrap();
    // Written with the file's names, the ground first: what the page
    // draws and each move names.
    assert_eq!(
        format_hackenbush(&graph),
        "v{ground,left,right,top}/ground-left,ground-right,left-top,right-top"
    );
    assert_eq!(graph.edges(), &[(0, 1), (0, 2), (1, 3), (2, 3)]);
    assert_eq!(
        parse_hackenbush(&format_hackenbush(&graph)).unwrap(),
        graph,
        "the named form reads back"
    );
    assert_eq!(graph.value(), 0);
    let missing = parse_hackenbush("a: b\nb:\n").unwrap_err().to_string();
    assert!(missing.contains("ground"), "{missing}");
    let typo = parse_hackenbush("a: gruond\nground: a\n")
        .unwrap_err()
        .to_string();
    assert!(typo.contains("gruond") && typo.contains("line 1"), "{typo}");
}

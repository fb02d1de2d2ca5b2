//! Moves of boards and graphs in the user's own frame: for random
//! positions of every board and graph family (Cram, Chomp, Node Kayles,
//! Arc Kayles, Green Hackenbush), written as a user writes them, every
//! move is enumerated here by brute force on the position as written
//! (squares, vertex names, edges), with values by a plain memoised mex
//! over whole positions (no regions, no canonical forms, no theorem).
//! Then, for `eval` (normal and misère play) and for the play list of
//! moves:
//! - each listed move is read back from its words ("domino b1-c1", "take
//!   vertex c", "cut edge 0-3") and applied to the user's position here;
//! - the position its "leaving" text and its `to` give reads back (with
//!   this file's own reader) as exactly that result;
//! - each listed winning move leaves a P-position, and every move that
//!   leaves one is listed (the images under symmetries included).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use grundy::spec::{parse_spec, Game};
use grundy::sum_evaluator::SearchSettings;
use grundy::Convention;

/// A small deterministic generator (xorshift), so a failure reruns.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A game as this file plays it on positions exactly as the user wrote
/// them: a position read from text, and every move with its result.
trait Brute {
    type State: Clone + Ord + std::hash::Hash + std::fmt::Debug;
    fn read(&self, text: &str) -> Self::State;
    /// Every move: what identifies it (read from its words the same way
    /// by [`Brute::identify`]) and the position it leaves.
    fn moves(&self, state: &Self::State) -> Vec<(String, Self::State)>;
    /// What identifies the move described in `words` (the part before
    /// ", leaving").
    fn identify(&self, words: &str) -> String;
}

fn normal_value<B: Brute>(game: &B, state: &B::State, memo: &mut HashMap<B::State, u64>) -> u64 {
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let values: BTreeSet<u64> = game
        .moves(state)
        .iter()
        .map(|(_, next)| normal_value(game, next, memo))
        .collect();
    let mex = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(state.clone(), mex);
    mex
}

/// Whether the player to move wins the sum in misère play (the last
/// mover loses), by search over the sum itself.
fn misere_wins<B: Brute>(
    game: &B,
    sum: &[B::State],
    memo: &mut HashMap<Vec<B::State>, bool>,
) -> bool {
    let mut key = sum.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for (i, part) in sum.iter().enumerate() {
        for (_, next) in game.moves(part) {
            any_move = true;
            let mut after = sum.to_vec();
            after[i] = next;
            if !misere_wins(game, &after, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    let result = !any_move || wins;
    memo.insert(key, result);
    result
}

/// Checks `eval` (normal and misère) and the play list of the sum the
/// user wrote as `texts` against the brute force.
fn check_sum<B: Brute>(game: &B, spec: &str, texts: &[String]) {
    let Ok(Game::Positional(evaluator)) = parse_spec(spec) else {
        panic!("{spec} is a positional game");
    };
    let sum: Vec<B::State> = texts.iter().map(|t| game.read(t)).collect();
    // The position is echoed in the user's frame.
    let written = evaluator.written(texts).unwrap();
    for (text, state) in written.iter().zip(&sum) {
        assert_eq!(
            &game.read(text),
            state,
            "{spec} {texts:?} echoed as {written:?}"
        );
    }
    let mut memo = HashMap::new();
    let values: Vec<u64> = sum
        .iter()
        .map(|s| normal_value(game, s, &mut memo))
        .collect();
    let total = values.iter().fold(0, |a, v| a ^ v);
    // Every move of the sum, by brute force: (component, move) -> result.
    let mut all: BTreeMap<(usize, String), B::State> = BTreeMap::new();
    for (i, part) in sum.iter().enumerate() {
        for (id, next) in game.moves(part) {
            all.insert((i, id), next);
        }
    }
    let wins_normal = |i: usize, next: &B::State, memo: &mut HashMap<B::State, u64>| {
        total ^ values[i] ^ normal_value(game, next, memo) == 0
    };
    let mut misere_memo = HashMap::new();
    let mut wins_misere = |i: usize, next: &B::State| {
        let mut after = sum.clone();
        after[i] = next.clone();
        !misere_wins(game, &after, &mut misere_memo)
    };
    let context = format!("{spec} {}", texts.join(" + "));

    // Normal play: the report's value and every winning move.
    let report = evaluator
        .evaluate(spec, texts, &SearchSettings::default())
        .unwrap();
    assert_eq!(report.value, total, "{context}");
    let mut listed = BTreeSet::new();
    for m in &report.winning_moves {
        let found = listed_moves(
            game,
            &all,
            &context,
            m.component,
            &m.equal_components,
            &m.description,
            &m.to_text,
        );
        for (key, next) in found {
            let i = key.0;
            assert!(
                wins_normal(i, next, &mut memo),
                "{context}: '{}' does not win",
                m.description
            );
            assert!(
                listed.insert(key),
                "{context}: '{}' listed twice",
                m.description
            );
        }
    }
    for ((i, id), next) in &all {
        if wins_normal(*i, next, &mut memo) {
            assert!(
                listed.contains(&(*i, id.clone())),
                "{context}: the winning move {id} in component {i} is not listed"
            );
        }
    }

    // Misère play: every winning move, in the user's frame too.
    let misere = evaluator.evaluate_misere(spec, texts).unwrap();
    let mut listed = BTreeSet::new();
    for m in &misere.winning_moves {
        let found = listed_moves(
            game,
            &all,
            &context,
            m.component,
            &m.equal_components,
            &m.description,
            &m.to_text,
        );
        for (key, next) in found {
            let i = key.0;
            assert!(
                wins_misere(i, next),
                "{context} (misère): '{}' does not win",
                m.description
            );
            listed.insert(key);
        }
    }
    for ((i, id), next) in &all {
        if wins_misere(*i, next) {
            assert!(
                listed.contains(&(*i, id.clone())),
                "{context} (misère): the winning move {id} in component {i} is not listed"
            );
        }
    }

    // The play list: every move once, its result in the user's frame,
    // told winning exactly when it is.
    let moves = evaluator.moves(texts, Convention::Normal).unwrap();
    let mut seen = BTreeSet::new();
    for m in &moves {
        let found = listed_moves(
            game,
            &all,
            &context,
            m.component,
            &m.equal_components,
            &m.description,
            &m.to,
        );
        for (key, next) in found {
            let i = key.0;
            assert_eq!(
                m.wins,
                wins_normal(i, next, &mut memo),
                "{context} (play): '{}'",
                m.description
            );
            if i == m.component {
                let rest: Vec<B::State> = m.position.iter().map(|t| game.read(t)).collect();
                let mut want = sum.clone();
                want[i] = next.clone();
                assert_eq!(
                    rest, want,
                    "{context} (play): the sum after '{}'",
                    m.description
                );
            }
            assert!(
                seen.insert(key),
                "{context} (play): '{}' twice",
                m.description
            );
        }
    }
    assert_eq!(seen.len(), all.len(), "{context} (play): moves missing");
}

/// The moves a listed move stands for (its component and each equal one
/// it is listed for), each found among the brute force's moves `all` by
/// its words, with what it leaves checked against its "leaving" text and
/// `to`: (the brute force's key, the position it leaves).
fn listed_moves<'a, B: Brute>(
    game: &B,
    all: &'a BTreeMap<(usize, String), B::State>,
    context: &str,
    component: usize,
    equal_components: &[usize],
    description: &str,
    to: &[String],
) -> Vec<((usize, String), &'a B::State)> {
    std::iter::once(component)
        .chain(equal_components.iter().copied())
        .map(|i| {
            let key = (i, game.identify(description));
            let next = all
                .get(&key)
                .unwrap_or_else(|| panic!("{context}: '{description}' is not a move"));
            check_left(game, context, description, to, next);
            (key, next)
        })
        .collect()
}

/// The move's "leaving" text and the component it leaves (`to`) both read
/// back as `next`.
fn check_left<B: Brute>(
    game: &B,
    context: &str,
    description: &str,
    to: &[String],
    next: &B::State,
) {
    let (_, leaving) = description
        .split_once(", leaving ")
        .unwrap_or_else(|| panic!("{context}: '{description}' says nothing of what it leaves"));
    assert_eq!(&game.read(leaving), next, "{context}: '{description}'");
    let [to] = to else {
        panic!("{context}: '{description}' leaves {to:?}, not the user's one position");
    };
    assert_eq!(
        &game.read(to),
        next,
        "{context}: '{description}' leaves {to}"
    );
}

// ---------------------------------------------------------------- Cram

/// A board as written: rows, columns, and its empty squares (row by row).
struct CramBrute;

fn square(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl Brute for CramBrute {
    type State = (usize, usize, Vec<bool>);

    fn read(&self, text: &str) -> Self::State {
        if let Some((r, c)) = text.split_once('x') {
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            return (r, c, vec![true; r * c]);
        }
        let rows: Vec<&str> = text.split('/').collect();
        let cols = rows[0].len();
        let empty = rows
            .iter()
            .flat_map(|row| row.chars().map(|ch| ch == '.'))
            .collect();
        (rows.len(), cols, empty)
    }

    fn moves(&self, (rows, cols, empty): &Self::State) -> Vec<(String, Self::State)> {
        let mut out = Vec::new();
        for r in 0..*rows {
            for c in 0..*cols {
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if r2 < *rows && c2 < *cols && empty[r * cols + c] && empty[r2 * cols + c2] {
                        let mut next = empty.clone();
                        next[r * cols + c] = false;
                        next[r2 * cols + c2] = false;
                        let id = format!("domino {}-{}", square(r, c), square(r2, c2));
                        out.push((id, (*rows, *cols, next)));
                    }
                }
            }
        }
        out
    }

    fn identify(&self, words: &str) -> String {
        let words = words.split(", leaving").next().unwrap();
        let (a, b) = words
            .strip_prefix("domino ")
            .unwrap()
            .split_once('-')
            .unwrap();
        // A domino is its two squares, named in reading order.
        let key = |s: &str| (s[1..].parse::<usize>().unwrap(), s.as_bytes()[0]);
        let (a, b) = if key(a) <= key(b) { (a, b) } else { (b, a) };
        format!("domino {a}-{b}")
    }
}

fn random_cram(rng: &mut Rng) -> String {
    let (rows, cols) = (1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
    if rng.chance(25) {
        return format!("{rows}x{cols}");
    }
    let lines: Vec<String> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| if rng.chance(20) { '#' } else { '.' })
                .collect()
        })
        .collect();
    lines.join("/")
}

#[test]
fn cram_moves_are_in_the_users_frame() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // The boards of the report: a board whose winning moves the search
    // meets in a turned frame, and its mirror images.
    for texts in [vec!["4x3"], vec!["3x4", "2x2"], vec!["2x5"], vec!["3x3"]] {
        let texts: Vec<String> = texts.into_iter().map(str::to_owned).collect();
        check_sum(&CramBrute, "cram", &texts);
    }
    for _ in 0..60 {
        let parts = 1 + rng.below(2) as usize;
        let texts: Vec<String> = (0..parts).map(|_| random_cram(&mut rng)).collect();
        check_sum(&CramBrute, "cram", &texts);
    }
}

// --------------------------------------------------------------- Chomp

/// A diagram as written: the row lengths from the top.
struct ChompBrute;

impl Brute for ChompBrute {
    type State = Vec<usize>;

    fn read(&self, text: &str) -> Vec<usize> {
        if let Some((r, c)) = text.split_once('x') {
            return vec![c.parse().unwrap(); r.parse().unwrap()];
        }
        text.split(',').map(|l| l.parse().unwrap()).collect()
    }

    fn moves(&self, rows: &Vec<usize>) -> Vec<(String, Vec<usize>)> {
        let mut out = Vec::new();
        for (r, &len) in rows.iter().enumerate() {
            for c in 0..len {
                if (r, c) == (0, 0) {
                    continue;
                }
                let next: Vec<usize> = rows
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                    .filter(|&l| l > 0)
                    .collect();
                out.push((format!("take {}", square(r, c)), next));
            }
        }
        out
    }

    fn identify(&self, words: &str) -> String {
        let square = words
            .strip_prefix("take ")
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        format!("take {square}")
    }
}

#[test]
fn chomp_moves_are_in_the_users_frame() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for texts in [vec!["2x5"], vec!["4x5"], vec!["5,2", "3x2"]] {
        let texts: Vec<String> = texts.into_iter().map(str::to_owned).collect();
        check_sum(&ChompBrute, "chomp", &texts);
    }
    for _ in 0..60 {
        let parts = 1 + rng.below(2) as usize;
        let texts: Vec<String> = (0..parts)
            .map(|_| {
                let mut len = 1 + rng.below(5) as usize;
                let mut rows = vec![len];
                for _ in 0..rng.below(4) {
                    len = 1 + rng.below(len as u64) as usize;
                    rows.push(len);
                }
                rows.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        check_sum(&ChompBrute, "chomp", &texts);
    }
}

// ------------------------------------------------------------- graphs

/// A graph as written, by its vertices' names: `vN/a-b,...` (names 0 to
/// N-1) or `v{a,b,c}/a-b,...`; each edge as its two names in order, with
/// its multiplicity (Hackenbush's parallel edges).
fn read_graph(text: &str) -> (Vec<String>, BTreeMap<(String, String), usize>) {
    let (names, edges): (Vec<String>, &str) = if let Some(rest) = text.strip_prefix("v{") {
        let (names, edges) = rest.split_once('}').unwrap();
        let names = names
            .split(',')
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect();
        (names, edges.strip_prefix('/').unwrap_or(edges))
    } else {
        let (n, edges) = text.strip_prefix('v').unwrap().split_once('/').unwrap();
        let n: usize = n.parse().unwrap();
        ((0..n).map(|v| v.to_string()).collect(), edges)
    };
    let mut multiset = BTreeMap::new();
    for edge in edges.split(',').filter(|e| !e.is_empty()) {
        let (a, b) = edge.split_once('-').unwrap();
        assert!(
            names.iter().any(|n| n == a) && names.iter().any(|n| n == b),
            "{text}"
        );
        let pair = if a <= b {
            (a.to_owned(), b.to_owned())
        } else {
            (b.to_owned(), a.to_owned())
        };
        *multiset.entry(pair).or_insert(0) += 1;
    }
    (names, multiset)
}

/// Node or Arc Kayles on a graph as written: its vertices' names and
/// edges (each pair in order).
struct KaylesBrute {
    node: bool,
}

type Graph = (BTreeSet<String>, BTreeSet<(String, String)>);

impl Brute for KaylesBrute {
    type State = Graph;

    fn read(&self, text: &str) -> Graph {
        let (names, edges) = read_graph(text);
        let vertices: BTreeSet<String> = names.iter().cloned().collect();
        assert_eq!(vertices.len(), names.len(), "{text}: a name twice");
        (vertices, edges.into_keys().collect())
    }

    fn moves(&self, (vertices, edges): &Graph) -> Vec<(String, Graph)> {
        let without = |gone: &BTreeSet<&String>| -> Graph {
            (
                vertices
                    .iter()
                    .filter(|v| !gone.contains(v))
                    .cloned()
                    .collect(),
                edges
                    .iter()
                    .filter(|(a, b)| !gone.contains(a) && !gone.contains(b))
                    .cloned()
                    .collect(),
            )
        };
        if self.node {
            vertices
                .iter()
                .map(|v| {
                    let mut gone: BTreeSet<&String> = BTreeSet::from([v]);
                    for (a, b) in edges {
                        if a == v {
                            gone.insert(b);
                        }
                        if b == v {
                            gone.insert(a);
                        }
                    }
                    (format!("take vertex {v}"), without(&gone))
                })
                .collect()
        } else {
            edges
                .iter()
                .map(|(a, b)| {
                    (
                        format!("take edge {a}-{b}"),
                        without(&BTreeSet::from([a, b])),
                    )
                })
                .collect()
        }
    }

    fn identify(&self, words: &str) -> String {
        let words = words.split(", leaving").next().unwrap();
        if let Some(rest) = words.strip_prefix("take vertex ") {
            return format!("take vertex {}", rest.split(' ').next().unwrap());
        }
        let (a, b) = words
            .strip_prefix("take edge ")
            .unwrap()
            .split_once('-')
            .unwrap();
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        format!("take edge {a}-{b}")
    }
}

/// A random graph of up to `max` vertices, written numbered or with
/// names (letters, or numbers out of order), its edges in random order.
fn random_graph(rng: &mut Rng, max: u64, loops: bool) -> String {
    let n = 1 + rng.below(max) as usize;
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a..n {
            if (a != b || loops && rng.chance(10)) && rng.chance(if a == b { 100 } else { 35 }) {
                edges.push(if rng.chance(50) { (a, b) } else { (b, a) });
                if loops && rng.chance(15) {
                    edges.push((a, b));
                }
            }
        }
    }
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let names: Vec<String> = match rng.below(4) {
        0 => (0..n).map(|v| v.to_string()).collect(),
        1 => (0..n)
            .map(|v| ((b'a' + v as u8) as char).to_string())
            .collect(),
        // The numbers 0 to n-1 out of order (the ground, listed first,
        // need not be 0), or numbers with gaps, out of order.
        k => {
            let (step, from) = if k == 2 { (1, 0) } else { (3, 10) };
            let mut names: Vec<String> = (0..n).map(|v| (from + step * v).to_string()).collect();
            for i in (1..n).rev() {
                names.swap(i, rng.below(i as u64 + 1) as usize);
            }
            names
        }
    };
    let written: Vec<String> = edges
        .iter()
        .map(|&(a, b)| format!("{}-{}", names[a], names[b]))
        .collect();
    if names.iter().enumerate().all(|(i, n)| *n == i.to_string()) {
        format!("v{n}/{}", written.join(","))
    } else {
        format!("v{{{}}}/{}", names.join(","), written.join(","))
    }
}

#[test]
fn node_kayles_moves_are_in_the_users_frame_and_every_winning_move_is_listed() {
    // The report's graphs: path:7 misses vertex 5, the Petersen graph
    // nine of its ten moves.
    let petersen = "v10/0-1,0-4,0-5,1-2,1-6,2-3,2-7,3-4,3-8,4-9,5-7,5-8,6-8,6-9,7-9";
    for texts in [
        vec!["v7/0-1,1-2,2-3,3-4,4-5,5-6"],
        vec![petersen],
        vec!["v{x,y,z}/x-y,y-z", "v2/0-1"],
    ] {
        let texts: Vec<String> = texts.into_iter().map(str::to_owned).collect();
        check_sum(&KaylesBrute { node: true }, "node-kayles", &texts);
    }
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..80 {
        let parts = 1 + rng.below(2) as usize;
        let texts: Vec<String> = (0..parts)
            .map(|_| random_graph(&mut rng, 8, false))
            .collect();
        check_sum(&KaylesBrute { node: true }, "node-kayles", &texts);
    }
}

#[test]
fn arc_kayles_moves_are_in_the_users_frame() {
    let mut rng = Rng(0x0bad_cafe_f00d_d00d);
    for _ in 0..80 {
        let parts = 1 + rng.below(2) as usize;
        let texts: Vec<String> = (0..parts)
            .map(|_| random_graph(&mut rng, 7, false))
            .collect();
        check_sum(&KaylesBrute { node: false }, "arc-kayles", &texts);
    }
}

/// Green Hackenbush on a multigraph as written: the ground's name (`0`,
/// or the first name listed) and the edges with their copies, what the
/// ground no longer holds dropped.
struct HackenbushBrute;

type Drawing = (String, BTreeMap<(String, String), usize>);

fn standing((ground, edges): Drawing) -> Drawing {
    let mut held = BTreeSet::from([ground.clone()]);
    loop {
        let before = held.len();
        for (a, b) in edges.keys() {
            if held.contains(a) || held.contains(b) {
                held.insert(a.clone());
                held.insert(b.clone());
            }
        }
        if held.len() == before {
            break;
        }
    }
    let edges = edges
        .into_iter()
        .filter(|((a, _), _)| held.contains(a))
        .collect();
    (ground, edges)
}

impl Brute for HackenbushBrute {
    type State = Drawing;

    fn read(&self, text: &str) -> Drawing {
        let (names, edges) = read_graph(text);
        standing((names[0].clone(), edges))
    }

    fn moves(&self, (ground, edges): &Drawing) -> Vec<(String, Drawing)> {
        // Parallel copies of an edge are one move (they leave the same).
        edges
            .keys()
            .map(|(a, b)| {
                let mut next = edges.clone();
                let copies = next.get_mut(&(a.clone(), b.clone())).unwrap();
                *copies -= 1;
                if *copies == 0 {
                    next.remove(&(a.clone(), b.clone()));
                }
                (format!("cut {a}-{b}"), standing((ground.clone(), next)))
            })
            .collect()
    }

    fn identify(&self, words: &str) -> String {
        let words = words.split(", leaving").next().unwrap();
        if let Some(at) = words.strip_prefix("cut the loop at ") {
            return format!("cut {at}-{at}");
        }
        if let Some(rest) = words.strip_prefix("cut one of the ") {
            let (_, rest) = rest.split_once(' ').unwrap();
            if let Some(at) = rest.strip_prefix("loops at ") {
                return format!("cut {at}-{at}");
            }
            let edge = rest.strip_prefix("edges ").unwrap();
            return self.identify(&format!("cut edge {edge}"));
        }
        let (a, b) = words
            .strip_prefix("cut edge ")
            .unwrap()
            .split_once('-')
            .unwrap();
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        format!("cut {a}-{b}")
    }
}

#[test]
fn hackenbush_moves_are_in_the_users_frame() {
    // The ground is the first vertex listed: a stalk standing on vertex 1
    // is not read back as standing on 0.
    for texts in [
        vec!["v5/0-1,1-2,0-3,3-4,0-1"],
        vec!["v3/0-1,0-1"],
        vec!["v{g,t}/g-t,t-t,t-t"],
        vec!["v{1,0,2}/1-0,0-2"],
        vec!["v{1,0}/1-0,0-0"],
        vec!["v{1,0,2,3}/1-0,0-2,0-3"],
    ] {
        let texts: Vec<String> = texts.into_iter().map(str::to_owned).collect();
        check_sum(&HackenbushBrute, "green-hackenbush", &texts);
    }
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for _ in 0..80 {
        let parts = 1 + rng.below(2) as usize;
        let texts: Vec<String> = (0..parts)
            .map(|_| random_graph(&mut rng, 5, true))
            .collect();
        check_sum(&HackenbushBrute, "green-hackenbush", &texts);
    }
}

/// A graph read from a file keeps its vertices' names: the moves name
/// them, and what a move leaves is written with them.
#[test]
fn graph_files_keep_their_vertex_names() {
    // A path of five: north - east - centre - south - west (value 3).
    let file = "north: east\neast: centre\ncentre: south\nsouth: west\nwest:\n";
    let Ok(Game::Positional(game)) = parse_spec("node-kayles") else {
        panic!()
    };
    let texts = vec![file.to_owned()];
    let written = game.written(&texts).unwrap();
    assert_eq!(
        KaylesBrute { node: true }.read(&written[0]),
        KaylesBrute { node: true }
            .read("v{north,east,centre,south,west}/north-east,east-centre,centre-south,south-west")
    );
    check_sum(&KaylesBrute { node: true }, "node-kayles", &written);
    let report = game
        .evaluate("node-kayles", &texts, &SearchSettings::default())
        .unwrap();
    assert!(!report.winning_moves.is_empty());
    for m in &report.winning_moves {
        assert!(
            m.description.starts_with("take vertex "),
            "{}",
            m.description
        );
        let named = ["north", "east", "centre", "south", "west"];
        let taken = m.description["take vertex ".len()..]
            .split(' ')
            .next()
            .unwrap();
        assert!(named.contains(&taken), "{}", m.description);
    }
}

/// Names a one-line form cannot hold are numbered (a graph file's lines
/// in order), and such names are refused in that form; a Hackenbush star
/// past 128 vertices reads back what every cut leaves.
#[test]
fn names_the_one_line_form_cannot_hold_and_large_drawings() {
    let Ok(Game::Positional(kayles)) = parse_spec("node-kayles") else {
        panic!()
    };
    let file = "r1-c1: r1-c2\nr1-c2: r1-c3\nr1-c3:\n".to_owned();
    let written = kayles.written(&[file]).unwrap();
    assert_eq!(written, ["v3/0-1,1-2"]);
    check_sum(&KaylesBrute { node: true }, "node-kayles", &written);
    let refused = kayles
        .written(&["v{a b,c}/a b-c".to_owned()])
        .unwrap_err()
        .to_string();
    assert!(refused.contains("cannot hold"), "{refused}");
    let twice = kayles
        .written(&["v{a,a}/".to_owned()])
        .unwrap_err()
        .to_string();
    assert!(twice.contains("listed twice"), "{twice}");
    let looped = kayles
        .written(&["v{a,b}/a-a".to_owned()])
        .unwrap_err()
        .to_string();
    assert!(looped.contains("a-a is a loop"), "{looped}");

    let Ok(Game::Positional(hackenbush)) = parse_spec("green-hackenbush") else {
        panic!()
    };
    let star = format!(
        "v130/{}",
        (1..130)
            .map(|v| format!("0-{v}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let moves = hackenbush.moves(&[star], Convention::Normal).unwrap();
    assert_eq!(moves.len(), 129);
    for m in &moves {
        let back = hackenbush.written(&m.to).unwrap();
        assert_eq!(
            back, m.to,
            "'{}' leaves what does not read back",
            m.description
        );
    }
}

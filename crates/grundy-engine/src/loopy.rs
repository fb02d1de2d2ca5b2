//! Loopy games: finite game graphs with cycles, where a play may go on
//! for ever (a draw).
//!
//! C. A. B. Smith's *generalised Sprague–Grundy function* (Graphs and
//! composite games, 1966) gives each vertex u either a finite value γ(u) = m
//! or ∞(K), K the finite values among its followers. γ(u) = m when
//!
//! 1. no follower has value m,
//! 2. for each j < m some follower has value j, and
//! 3. every follower with a larger or infinite value has a follower of
//!    value m (a move there can be answered by a move back to m);
//!
//! and the finite values are those the labelling below reaches (Smith's
//! counter function: the order of labelling bounds how long the answers
//! can go on). On an acyclic graph γ is the ordinary value.
//!
//! The outcome of a sum follows (Smith): all components finite, the XOR
//! decides (0: P, else N); exactly one ∞(K) and the others XOR to b, N
//! when b ∈ K and a draw otherwise; two or more infinite, a draw.
//!
//! [`LoopySolution::solve`] labels value 0, then 1, ... (Fraenkel and
//! Yesha's scheme with counters): in level m the candidates are the
//! unlabelled vertices with followers of every value below m; a candidate
//! is labelled m once each of its unlabelled followers is *answered* (has
//! a follower labelled m), and a vertex that gains a follower labelled m is
//! answered, which may complete its predecessors. Counts of unlabelled
//! followers are kept across levels, so each level costs only the edges
//! into the vertices it labels or answers: no repeated full passes.
//!
//! Remoteness (Smith; *Winning Ways* ch. 12, "Adders and Ladders"): a
//! terminal vertex has remoteness 0; an N-vertex 1 + the least remoteness
//! of a P-follower (the winner hurries), a P-vertex 1 + the largest of its
//! followers' (the loser delays); drawn vertices have none. It comes from
//! one retrograde pass in order of remoteness.

use crate::nimber::MexSet;
use crate::sum::Outcome;

/// The label of a vertex whose value is infinite.
pub const INFINITE: u32 = u32::MAX;

/// The remoteness of a drawn vertex.
pub const DRAWN: u32 = u32::MAX;

/// A finite directed graph in compressed form: the followers of v are
/// `successors[offsets[v]..offsets[v + 1]]`.
#[derive(Copy, Clone, Debug)]
pub struct Digraph<'a> {
    /// `vertex count + 1` offsets into `successors`.
    pub offsets: &'a [u32],
    /// Every edge's head.
    pub successors: &'a [u32],
}

impl<'a> Digraph<'a> {
    /// The number of vertices.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The followers of v.
    #[must_use]
    pub fn followers(&self, v: u32) -> &'a [u32] {
        let v = v as usize;
        &self.successors[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The number of followers (edges out) of every vertex.
    #[must_use]
    pub fn out_degrees(&self) -> Vec<u32> {
        self.offsets.windows(2).map(|w| w[1] - w[0]).collect()
    }

    /// The predecessors of every vertex, in the same compressed form.
    #[must_use]
    pub fn reversed(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.vertex_count();
        let mut offsets = vec![0u32; n + 1];
        for &s in self.successors {
            offsets[s as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut predecessors = vec![0u32; self.successors.len()];
        for v in 0..n {
            for &s in self.followers(v as u32) {
                predecessors[fill[s as usize] as usize] = v as u32;
                fill[s as usize] += 1;
            }
        }
        (offsets, predecessors)
    }
}

/// A vertex's generalised Sprague–Grundy value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite value.
    Finite(u64),
    /// ∞(K): K, sorted, the finite values among the followers.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// The outcome of the vertex alone: P for 0, N for another finite
    /// value or for ∞(K) with 0 in K, a draw otherwise.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::Draw,
        }
    }

    /// The value when it is finite.
    #[must_use]
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(m) => Some(*m),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// K of ∞(K), when the value is infinite.
    #[must_use]
    pub fn escapes(&self) -> Option<Vec<u64>> {
        match self {
            LoopyValue::Infinite(k) => Some(k.clone()),
            LoopyValue::Finite(_) => None,
        }
    }

    /// `7`, `∞`, `∞(0,2)`.
    #[must_use]
    pub fn symbol(&self) -> String {
        match self {
            LoopyValue::Finite(v) => v.to_string(),
            LoopyValue::Infinite(k) if k.is_empty() => "∞".to_owned(),
            LoopyValue::Infinite(k) => format!(
                "∞({})",
                k.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            ),
        }
    }
}

/// The outcome of a sum of components with these values (Smith's rule).
#[must_use]
pub fn sum_outcome<'v>(values: impl IntoIterator<Item = &'v LoopyValue>) -> Outcome {
    let mut xor = 0u64;
    let mut infinite: Option<&[u64]> = None;
    for value in values {
        match value {
            LoopyValue::Finite(v) => xor ^= v,
            LoopyValue::Infinite(k) => {
                if infinite.is_some() {
                    return Outcome::Draw;
                }
                infinite = Some(k);
            }
        }
    }
    match infinite {
        None if xor == 0 => Outcome::P,
        None => Outcome::N,
        Some(k) if k.binary_search(&xor).is_ok() => Outcome::N,
        Some(_) => Outcome::Draw,
    }
}

/// Every vertex's generalised value and remoteness.
#[derive(Clone, Debug)]
pub struct LoopySolution {
    /// The finite value of each vertex, or [`INFINITE`].
    labels: Vec<u32>,
    /// The remoteness of each vertex, or [`DRAWN`].
    remoteness: Vec<u32>,
}

impl LoopySolution {
    /// Solves every vertex of `graph`.
    #[must_use]
    pub fn solve(graph: Digraph<'_>) -> LoopySolution {
        let (pred_offsets, predecessors) = graph.reversed();
        let preds = |v: u32| -> &[u32] {
            &predecessors[pred_offsets[v as usize] as usize..pred_offsets[v as usize + 1] as usize]
        };
        // An acyclic graph is labelled in one pass from its terminal
        // vertices (Kahn's order); a graph with a cycle goes by levels.
        let labels = acyclic_labels(graph, &preds).unwrap_or_else(|| label_values(graph, &preds));
        let remoteness = remoteness(graph, &preds);
        LoopySolution { labels, remoteness }
    }

    /// The same solution computed by levels even when the graph is acyclic
    /// (for cross-checks of the two labellings).
    #[must_use]
    pub fn solve_by_levels(graph: Digraph<'_>) -> LoopySolution {
        let (pred_offsets, predecessors) = graph.reversed();
        let preds = |v: u32| -> &[u32] {
            &predecessors[pred_offsets[v as usize] as usize..pred_offsets[v as usize + 1] as usize]
        };
        LoopySolution {
            labels: label_values(graph, &preds),
            remoteness: remoteness(graph, &preds),
        }
    }

    /// The finite value of each vertex, or [`INFINITE`].
    #[must_use]
    pub fn labels(&self) -> &[u32] {
        &self.labels
    }

    /// The remoteness of each vertex, or [`DRAWN`].
    #[must_use]
    pub fn remoteness(&self) -> &[u32] {
        &self.remoteness
    }

    /// The value of v, with K read from its followers when infinite.
    #[must_use]
    pub fn value(&self, graph: Digraph<'_>, v: u32) -> LoopyValue {
        LoopySolution::value_of(graph, &self.labels, v)
    }

    /// The value of v given every vertex's label.
    #[must_use]
    pub fn value_of(graph: Digraph<'_>, labels: &[u32], v: u32) -> LoopyValue {
        match labels[v as usize] {
            INFINITE => LoopyValue::Infinite(escapes(graph, labels, v)),
            m => LoopyValue::Finite(u64::from(m)),
        }
    }

    /// Whether every value is finite (always so on an acyclic graph).
    #[must_use]
    pub fn all_finite(&self) -> bool {
        !self.labels.contains(&INFINITE)
    }
}

/// K: the sorted finite values among the followers of v.
fn escapes(graph: Digraph<'_>, labels: &[u32], v: u32) -> Vec<u64> {
    let mut k: Vec<u64> = graph
        .followers(v)
        .iter()
        .map(|&s| labels[s as usize])
        .filter(|&l| l != INFINITE)
        .map(u64::from)
        .collect();
    k.sort_unstable();
    k.dedup();
    k
}

/// The ordinary values of an acyclic graph, each vertex labelled once all
/// its followers are (`None` when a cycle leaves some unlabelled).
fn acyclic_labels<'p>(graph: Digraph<'_>, preds: &impl Fn(u32) -> &'p [u32]) -> Option<Vec<u32>> {
    let (labels, complete) = kahn_labels(graph, preds);
    complete.then_some(labels)
}

/// Kahn's pass from the terminal vertices: every vertex whose followers
/// all get labelled gets the mex of their labels; the others (those that
/// reach a cycle) stay [`INFINITE`]. Also whether every vertex was
/// labelled. Linear in the size of the graph.
pub fn kahn_labels<'p>(graph: Digraph<'_>, preds: &impl Fn(u32) -> &'p [u32]) -> (Vec<u32>, bool) {
    let n = graph.vertex_count();
    let mut remaining: Vec<u32> = graph.out_degrees();
    let mut ready: Vec<u32> = (0..n as u32)
        .filter(|&v| remaining[v as usize] == 0)
        .collect();
    let mut label = vec![INFINITE; n];
    let mut mex = MexSet::new();
    let mut done = 0usize;
    while let Some(v) = ready.pop() {
        let followers = graph.followers(v);
        mex.reset(followers.len());
        for &s in followers {
            mex.insert(u64::from(label[s as usize]));
        }
        label[v as usize] = u32::try_from(mex.mex().value()).unwrap_or(INFINITE - 1);
        done += 1;
        for &p in preds(v) {
            remaining[p as usize] -= 1;
            if remaining[p as usize] == 0 {
                ready.push(p);
            }
        }
    }
    (label, done == n)
}

/// Smith's values by levels (see the module documentation).
fn label_values<'p>(graph: Digraph<'_>, preds: &impl Fn(u32) -> &'p [u32]) -> Vec<u32> {
    let n = graph.vertex_count();
    let mut label = vec![INFINITE; n];
    // Every vertex has followers of the values below next_needed.
    let mut next_needed = vec![0u32; n];
    // Followers not yet labelled (edges, so repeated edges count twice).
    let mut unlabelled: Vec<u32> = graph.out_degrees();
    // In level m: followers not yet answered; and m + 1 once answered.
    let mut waiting = vec![0u32; n];
    let mut answered = vec![0u32; n];
    let mut candidates: Vec<u32> = (0..n as u32).collect();
    let mut ready: Vec<u32> = Vec::new();
    for m in 0u32.. {
        let mut next_candidates = Vec::new();
        candidates.retain(|&u| label[u as usize] == INFINITE && next_needed[u as usize] == m);
        if candidates.is_empty() {
            break;
        }
        for &u in &candidates {
            waiting[u as usize] = unlabelled[u as usize];
            if waiting[u as usize] == 0 {
                ready.push(u);
            }
        }
        while let Some(u) = ready.pop() {
            let i = u as usize;
            if label[i] != INFINITE || next_needed[i] != m || answered[i] == m + 1 {
                continue;
            }
            label[i] = m;
            for &p in preds(u) {
                let pi = p as usize;
                unlabelled[pi] -= 1;
                if label[pi] != INFINITE {
                    continue;
                }
                if next_needed[pi] == m {
                    next_needed[pi] = m + 1;
                    next_candidates.push(p);
                }
                if answered[pi] != m + 1 {
                    // p has a follower of value m now: a move to p is
                    // answered, for each of p's candidate predecessors.
                    answered[pi] = m + 1;
                    for &q in preds(p) {
                        let qi = q as usize;
                        if label[qi] == INFINITE && next_needed[qi] == m && answered[qi] != m + 1 {
                            waiting[qi] -= 1;
                            if waiting[qi] == 0 {
                                ready.push(q);
                            }
                        }
                    }
                }
            }
        }
        candidates = next_candidates;
    }
    label
}

/// Remoteness by one retrograde pass in order of remoteness.
fn remoteness<'p>(graph: Digraph<'_>, preds: &impl Fn(u32) -> &'p [u32]) -> Vec<u32> {
    let (mut pass, terminals) = Retrograde::start(graph.out_degrees());
    let mut queue: std::collections::VecDeque<u32> =
        terminals.into_iter().map(|v| v as u32).collect();
    while let Some(v) = queue.pop_front() {
        let r = pass.remoteness(v as usize);
        let follower = pass.outcome(v as usize);
        for &p in preds(v) {
            if pass.learn(p as usize, follower, r) {
                queue.push_back(p);
            }
        }
    }
    pass.into_remoteness()
}

/// The retrograde pass of remoteness, one piece of news at a time: what
/// each vertex knows of its followers so far, and the rule that decides
/// it. [`LoopySolution`] runs it in one process in order of remoteness;
/// a distributed solve runs it in rounds, each worker on its own vertices.
#[derive(Clone, Debug)]
pub struct Retrograde {
    /// Each vertex's outcome: P or N once decided, [`Outcome::Draw`]
    /// until then (and for good when the pass ends so).
    outcome: Vec<Outcome>,
    /// Each vertex's remoteness once decided, [`DRAWN`] until then.
    remoteness: Vec<u32>,
    /// Followers not yet known to be N-vertices.
    undecided: Vec<u32>,
    /// The largest remoteness of the N-followers met.
    longest: Vec<u32>,
}

impl Retrograde {
    /// The pass over vertices with these out-degrees, and its first
    /// frontier: the terminal vertices, in order, P at remoteness 0.
    #[must_use]
    pub fn start(out_degrees: Vec<u32>) -> (Retrograde, Vec<usize>) {
        let n = out_degrees.len();
        let mut pass = Retrograde {
            outcome: vec![Outcome::Draw; n],
            remoteness: vec![DRAWN; n],
            undecided: out_degrees,
            longest: vec![0u32; n],
        };
        let terminals: Vec<usize> = (0..n).filter(|&v| pass.undecided[v] == 0).collect();
        for &v in &terminals {
            pass.outcome[v] = Outcome::P;
            pass.remoteness[v] = 0;
        }
        (pass, terminals)
    }

    /// The outcome of v so far: P or N once decided, a draw until then.
    #[inline]
    #[must_use]
    pub fn outcome(&self, v: usize) -> Outcome {
        self.outcome[v]
    }

    /// The remoteness of v so far: [`DRAWN`] until it is decided.
    #[inline]
    #[must_use]
    pub fn remoteness(&self, v: usize) -> u32 {
        self.remoteness[v]
    }

    /// Vertex v learns that a follower is `follower` (P, else N) at
    /// remoteness r: whether that decides v (then its news is due to its
    /// own predecessors). A vertex already decided stays as it is.
    #[inline]
    pub fn learn(&mut self, v: usize, follower: Outcome, r: u32) -> bool {
        if self.outcome[v] != Outcome::Draw {
            return false;
        }
        if follower == Outcome::P {
            // The first P-follower met is the nearest.
            self.outcome[v] = Outcome::N;
            self.remoteness[v] = r + 1;
            true
        } else {
            self.longest[v] = self.longest[v].max(r);
            self.undecided[v] -= 1;
            if self.undecided[v] == 0 {
                self.outcome[v] = Outcome::P;
                self.remoteness[v] = self.longest[v] + 1;
                true
            } else {
                false
            }
        }
    }

    /// Every vertex's remoteness, [`DRAWN`] for those the pass left
    /// undecided.
    #[must_use]
    pub fn into_remoteness(self) -> Vec<u32> {
        self.remoteness
    }
}

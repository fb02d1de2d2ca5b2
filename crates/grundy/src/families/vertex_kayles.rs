//! Node Kayles and Arc Kayles: games played on an undirected graph.
//!
//! A move of **Node Kayles** picks a vertex and deletes it with its
//! neighbours; a move of **Arc Kayles** picks an edge and deletes both its
//! ends with every edge at them. What is left falls apart into connected
//! components, and the game is their sum: each option is a list of
//! components, so the generic [`crate::Solver`] solves each component once
//! and XORs ([`Ruleset`]'s decomposition). Components are kept in a
//! canonical labelling ([`SmallGraph::canonical`]: colour refinement, then
//! individualisation of the vertices of the first non-singleton cell,
//! keeping the least adjacency code over the leaves), so isomorphic parts
//! met along different lines of play share one memo entry. The search of
//! the leaves is bounded ([`LEAF_BUDGET`]); past it the least code found so
//! far is kept, which is still a labelling of the same graph: the memo may
//! then hold a part twice, never a wrong value.
//!
//! Positions are graphs of at most 128 vertices (a vertex set is one
//! `u128`), written as a named family (`path:N`, `cycle:N`, `grid:MxN`,
//! `complete:N`, `star:N`, `ladder:N`, `prism:N`, `petersen`,
//! `hypercube:D`) or as `vN/a-b,c-d,...` (N vertices numbered from 0 and
//! the edges), which is also how positions are printed. Node Kayles on
//! `path:N` is Dawson's Chess (0.137) and Arc Kayles on `path:N` is
//! Dawson's Kayles (0.07); the tests check both against the octal engine.

use crate::error::GameError;
use crate::spec_form::SpecForm;
use std::sync::Arc;

use crate::ruleset::{FramedMove, Options, Ruleset};

/// The most vertices of a graph position (a vertex set is one `u128`).
pub const MAX_VERTICES: usize = 128;

/// A set of vertices: bit v for vertex v.
pub type VertexSet = u128;

/// The most leaves the canonical labelling's search visits.
pub const LEAF_BUDGET: usize = 512;

/// A graph of at most 128 vertices: the neighbours of each vertex as a
/// bit set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SmallGraph {
    adj: Box<[VertexSet]>,
    /// The user's name of each vertex, when they are not its number
    /// (a graph read from a file; what a move leaves of the user's graph,
    /// which keeps its vertices' names). The search's parts are canonical
    /// and nameless. One thin pointer: the search's table holds positions,
    /// and every byte of a position is a byte of each slot.
    names: Option<Arc<VertexNames>>,
}

/// The names of a graph's vertices, in order: each one a name the
/// one-line named form can hold ([`plain_name`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VertexNames(Box<[Box<str>]>);

impl VertexNames {
    /// `names`, or `None` when they are the vertices' numbers in order or
    /// some name is not plain ([`plain_name`]: such graphs are numbered).
    fn of(names: Vec<String>) -> Option<Arc<VertexNames>> {
        let numbered = names.iter().enumerate().all(|(i, n)| *n == i.to_string());
        if numbered || !names.iter().all(|n| plain_name(n)) {
            return None;
        }
        Some(Arc::new(VertexNames(
            names.into_iter().map(String::into_boxed_str).collect(),
        )))
    }
}

impl SmallGraph {
    /// The graph with `n` vertices and these edges.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<SmallGraph, GameError> {
        let invalid = |reason: String| GameError::InvalidPosition {
            text: format!("a graph of {n} vertices"),
            reason,
        };
        if n > MAX_VERTICES {
            return Err(invalid(format!(
                "graph positions have at most {MAX_VERTICES} vertices"
            )));
        }
        let mut adj: Vec<VertexSet> = vec![0; n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(invalid(format!(
                    "the edge {a}-{b} names a vertex past {}",
                    n.saturating_sub(1)
                )));
            }
            if a == b {
                return Err(invalid(format!("the edge {a}-{b} is a loop")));
            }
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        Ok(SmallGraph {
            adj: adj.into_boxed_slice(),
            names: None,
        })
    }

    /// The same graph with these names for its vertices (in order);
    /// names equal to the vertices' numbers are kept as none, and so are
    /// names that the one-line form cannot hold (a space, `,`, `-`, `/`,
    /// `{`, `}`, `:` or `#` in one: such a graph's vertices are numbered
    /// in order, as its lines come).
    pub fn with_names(mut self, names: Vec<String>) -> Result<SmallGraph, GameError> {
        let invalid = |reason: String| GameError::InvalidPosition {
            text: names.join(","),
            reason,
        };
        if names.len() != self.order() {
            return Err(invalid(format!(
                "{} names for a graph of {} vertices",
                names.len(),
                self.order()
            )));
        }
        if let Some(twice) = repeated_name(&names) {
            return Err(invalid(format!("the vertex '{twice}' is listed twice")));
        }
        self.names = VertexNames::of(names);
        Ok(self)
    }

    /// The user's name of vertex `v`: its name, or its number.
    #[must_use]
    pub fn name(&self, v: usize) -> String {
        match &self.names {
            Some(names) => names.0[v].to_string(),
            None => v.to_string(),
        }
    }

    /// The number of vertices.
    #[must_use]
    pub fn order(&self) -> usize {
        self.adj.len()
    }

    /// The neighbours of `v`.
    #[must_use]
    pub fn neighbours(&self, v: usize) -> VertexSet {
        self.adj[v]
    }

    /// The edges `(a, b)` with `a < b`, in order.
    #[must_use]
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for a in 0..self.order() {
            let mut later = self.adj[a] & !low_mask(a + 1);
            while later != 0 {
                let b = later.trailing_zeros() as usize;
                later &= later - 1;
                edges.push((a, b));
            }
        }
        edges
    }

    /// The subgraph induced by the vertex set `keep`, its vertices
    /// renumbered in order.
    #[must_use]
    pub fn induced(&self, keep: VertexSet) -> SmallGraph {
        let mut renumbered = [0u8; MAX_VERTICES];
        for (i, v) in members(keep).enumerate() {
            renumbered[v] = i as u8;
        }
        let adj: Box<[VertexSet]> = members(keep)
            .map(|v| members(self.adj[v] & keep).fold(0, |row, w| row | 1 << renumbered[w]))
            .collect();
        SmallGraph { adj, names: None }
    }

    /// The subgraph induced by the vertex set `keep`, each vertex keeping
    /// its name (its number in this graph, when it has none): what a move
    /// leaves of the user's graph, in the user's names.
    #[must_use]
    pub fn induced_named(&self, keep: VertexSet) -> SmallGraph {
        let names: Vec<String> = members(keep).map(|v| self.name(v)).collect();
        let mut left = self.induced(keep);
        left.names = VertexNames::of(names);
        left
    }

    /// The vertices in breadth-first order, each component from a vertex
    /// far from the rest of it (the end of a second sweep from its
    /// lowest vertex): the induced graphs on the first k of them grow
    /// along the graph's length, as a grid's narrow side stays narrow.
    #[must_use]
    pub fn sweep_order(&self) -> Vec<usize> {
        let all = low_mask(self.order());
        let mut order = Vec::with_capacity(self.order());
        for part in self.components(all) {
            let start = part.trailing_zeros() as usize;
            let far = *self.breadth_first(start, part).last().unwrap_or(&start);
            order.extend(self.breadth_first(far, part));
        }
        order
    }

    /// The vertices of `within` reached from `start`, in breadth-first
    /// order.
    fn breadth_first(&self, start: usize, within: VertexSet) -> Vec<usize> {
        let mut order = vec![start];
        let mut seen: VertexSet = 1 << start;
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for w in members(self.adj[v] & within & !seen) {
                seen |= 1 << w;
                order.push(w);
            }
        }
        order
    }

    /// The connected components of the vertex set `within`.
    #[must_use]
    pub fn components(&self, within: VertexSet) -> Vec<VertexSet> {
        let mut left = within;
        let mut parts = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let mut next = 0;
                for v in members(frontier) {
                    next |= self.adj[v];
                }
                frontier = next & within & !part;
                part |= frontier;
            }
            parts.push(part);
            left &= !part;
        }
        parts
    }

    /// The same graph in a canonical labelling: isomorphic graphs give
    /// equal results (within [`LEAF_BUDGET`] leaves of the search).
    #[must_use]
    pub fn canonical(&self) -> SmallGraph {
        let n = self.order();
        if n <= 1 {
            return SmallGraph {
                adj: self.adj.clone(),
                names: None,
            };
        }
        let (colours, count) = self.refine([0; MAX_VERTICES], 1);
        let mut best: Option<Code> = None;
        let mut leaves = 0;
        self.search(&colours, count, &mut best, &mut leaves);
        let best = best.expect("the search reaches a leaf");
        SmallGraph {
            adj: best[..n].into(),
            names: None,
        }
    }

    /// Colour refinement: each vertex's colour becomes the rank of (its
    /// colour, the multiset of its neighbours' colours) until the number
    /// of colours (`count` now) stops growing; returns the colours, ranks
    /// from 0, and their number. The multiset is compared by a hash (the
    /// sum of a mix of each colour), a function of the multiset alone, so
    /// the ranks depend on the graph only up to isomorphism whatever the
    /// hash does; a collision would only leave two classes unsplit, which
    /// the search's individualisation splits instead. Old colours come
    /// first in the order, so each class of the result lies in one class
    /// of the colours it started from.
    fn refine(&self, mut colours: Colours, mut count: usize) -> (Colours, usize) {
        let n = self.order();
        loop {
            // (colour, hash of the neighbours' colours, vertex) in one
            // number, so that the sort compares one word pair.
            let mut keys = [0u128; MAX_VERTICES];
            for (v, key) in keys.iter_mut().enumerate().take(n) {
                let around = members(self.adj[v]).fold(0u64, |h, w| {
                    h.wrapping_add(COLOUR_MIX[usize::from(colours[w])])
                });
                *key = u128::from(colours[v]) << 72 | u128::from(around) << 8 | v as u128;
            }
            let keys = &mut keys[..n];
            keys.sort_unstable();
            let mut refined: Colours = [0; MAX_VERTICES];
            let mut rank = 0u8;
            for i in 0..n {
                if i > 0 && keys[i] >> 8 != keys[i - 1] >> 8 {
                    rank += 1;
                }
                refined[(keys[i] & 0xff) as usize] = rank;
            }
            colours = refined;
            let now = usize::from(rank) + 1;
            if now == count {
                return (colours, count);
            }
            count = now;
        }
    }

    /// The individualisation-refinement search: at a discrete colouring,
    /// the adjacency code of the labelling it gives; else each vertex of
    /// the smallest colour class shared by several vertices in turn is
    /// given a colour of its own, and the colouring refined again.
    fn search(&self, colours: &Colours, count: usize, best: &mut Option<Code>, leaves: &mut usize) {
        let n = self.order();
        if *leaves >= LEAF_BUDGET && best.is_some() {
            return;
        }
        if count == n {
            *leaves += 1;
            let code = self.code(colours);
            if best.as_ref().is_none_or(|b| code[..n] < b[..n]) {
                *best = Some(code);
            }
            return;
        }
        let mut sizes = [0u8; MAX_VERTICES];
        for &c in &colours[..n] {
            sizes[c as usize] += 1;
        }
        let target = (0..count)
            .filter(|&c| sizes[c] > 1)
            .min_by_key(|&c| (sizes[c], c))
            .expect("a colouring with fewer colours than vertices has a class of two");
        for v in 0..n {
            if colours[v] as usize != target {
                continue;
            }
            // v keeps colour 2c, the rest of its class 2c + 1: an order
            // between them that every labelling agrees on.
            // Colours are below the number of vertices, at most 128, so
            // 2c + 1 fits a byte.
            let mut split: Colours = [0; MAX_VERTICES];
            for w in 0..n {
                split[w] = 2 * colours[w] + u8::from(colours[w] as usize == target && w != v);
            }
            let (refined, refined_count) = self.refine(split, count + 1);
            self.search(&refined, refined_count, best, leaves);
        }
    }

    /// The adjacency rows of the graph relabelled so that vertex v becomes
    /// `colours[v]` (a permutation of the vertices).
    fn code(&self, colours: &Colours) -> Code {
        let mut rows: Code = [0; MAX_VERTICES];
        for v in 0..self.order() {
            let mut row: VertexSet = 0;
            for w in members(self.adj[v]) {
                row |= 1 << colours[w];
            }
            rows[colours[v] as usize] = row;
        }
        rows
    }
}

/// A colour per vertex (the first [`SmallGraph::order`] are used).
type Colours = [u8; MAX_VERTICES];

/// A mix of each colour (SplitMix64's finaliser), which colour refinement
/// sums over a vertex's neighbours: a hash of the multiset of their
/// colours.
static COLOUR_MIX: [u64; 256] = colour_mix();

const fn colour_mix() -> [u64; 256] {
    let mut out = [0u64; 256];
    let mut c = 0;
    while c < 256 {
        let mut x = (c as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        out[c] = x ^ (x >> 31);
        c += 1;
    }
    out
}

/// A graph's adjacency rows under a labelling (the first
/// [`SmallGraph::order`] are used).
type Code = [VertexSet; MAX_VERTICES];

/// The members of a set of at most 128 (vertices, squares), in
/// increasing order.
pub(crate) fn members(mut set: VertexSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let v = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(v)
    })
}

/// The vertices below `k`.
fn low_mask(k: usize) -> VertexSet {
    if k >= MAX_VERTICES {
        VertexSet::MAX
    } else {
        (1 << k) - 1
    }
}

/// Which game is played on the graph.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VertexRule {
    /// Delete a vertex and its neighbours.
    Node,
    /// Delete both ends of an edge (and every edge at them).
    Arc,
}

/// Node Kayles or Arc Kayles, with the family of graphs its spec
/// numbers, if any (`node-kayles:grid:3xN`: graph n is `grid:3xn`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexKayles {
    rule: VertexRule,
    family: Option<String>,
}

impl VertexKayles {
    /// The game with this rule.
    #[must_use]
    pub fn new(rule: VertexRule) -> VertexKayles {
        VertexKayles { rule, family: None }
    }

    /// The game with a family of graphs numbered by `N` in `template`
    /// (`grid:3xN`, `path:N`, `prism:N`): graph n is the template with n
    /// for N.
    pub fn with_family(rule: VertexRule, template: &str) -> Result<VertexKayles, GameError> {
        check_graph_family(template, "grid:3xN, path:N")?;
        // Graph 1 must read (the family is known before any seq).
        parse_graph(&template.replace('N', "1"))?;
        Ok(VertexKayles {
            rule,
            family: Some(template.to_owned()),
        })
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> VertexRule {
        self.rule
    }

    /// The vertices a move deletes, each move once: `(description, set)`.
    fn moves(&self, graph: &SmallGraph) -> Vec<(String, VertexSet)> {
        match self.rule {
            VertexRule::Node => (0..graph.order())
                .map(|v| {
                    let around: Vec<String> = members(graph.neighbours(v))
                        .map(|w| graph.name(w))
                        .collect();
                    let name = graph.name(v);
                    let words = if around.is_empty() {
                        format!("take vertex {name}")
                    } else {
                        format!(
                            "take vertex {name} with its neighbours {}",
                            around.join(", ")
                        )
                    };
                    (words, graph.neighbours(v) | 1 << v)
                })
                .collect(),
            VertexRule::Arc => graph
                .edges()
                .into_iter()
                .map(|(a, b)| {
                    (
                        format!("take edge {}-{}", graph.name(a), graph.name(b)),
                        1 << a | 1 << b,
                    )
                })
                .collect(),
        }
    }

    /// The vertices each move deletes, each move once, in the order of
    /// [`VertexKayles::moves`], without describing them (the search's
    /// path).
    fn removed_sets<'g>(&self, graph: &'g SmallGraph) -> impl Iterator<Item = VertexSet> + 'g {
        let rule = self.rule;
        (0..graph.order()).flat_map(move |v| {
            let (node, later) = match rule {
                VertexRule::Node => (Some(graph.neighbours(v) | 1 << v), 0),
                VertexRule::Arc => (None, graph.neighbours(v) & !low_mask(v + 1)),
            };
            node.into_iter()
                .chain(members(later).map(move |w| 1 << v | 1 << w))
        })
    }

    /// The components left when `removed` is deleted from `graph`, each
    /// canonical; in Arc Kayles a lone vertex has no move and is dropped.
    fn left(&self, graph: &SmallGraph, removed: VertexSet) -> Vec<SmallGraph> {
        let all = low_mask(graph.order());
        let mut parts: Vec<SmallGraph> = graph
            .components(all & !removed)
            .into_iter()
            .filter(|part| self.rule == VertexRule::Node || part.count_ones() > 1)
            .map(|part| graph.induced(part).canonical())
            .collect();
        parts.sort();
        parts
    }
}

impl SpecForm for VertexKayles {
    const FORM: &'static str = "node-kayles, arc-kayles, node-kayles:GRAPH-with-N";
    const ABOUT: &'static str = "games on a graph: node-kayles deletes a vertex and its neighbours, arc-kayles both ends of an edge; positions path:N, cycle:N, grid:MxN, complete:N, star:N, ladder:N, prism:N, petersen, hypercube:D, or vN/a-b,c-d,... (up to 128 vertices); the parts left are a sum, solved apart; seq node-kayles:grid:3xN gives the values of the boards as N grows";
    const EXAMPLE: &'static str = "node-kayles";
    const PREFIX: Option<&'static str> = None;
    type Error = GameError;

    fn names() -> Vec<&'static str> {
        vec!["node-kayles", "arc-kayles"]
    }

    fn from_spec(text: &str) -> Option<Result<VertexKayles, GameError>> {
        let (name, family) = crate::spec_form::name_and_rest(text, &["node-kayles", "arc-kayles"])?;
        let rule = if name == "node-kayles" {
            VertexRule::Node
        } else {
            VertexRule::Arc
        };
        Some(match family {
            Some(template) => VertexKayles::with_family(rule, template),
            None => Ok(VertexKayles::new(rule)),
        })
    }
}

impl Ruleset for VertexKayles {
    type Position = SmallGraph;

    fn options(&self, graph: &SmallGraph, out: &mut Options<SmallGraph>) -> Result<(), GameError> {
        self.options_until(graph, out, &mut |_, _| true).map(|_| ())
    }

    fn options_until(
        &self,
        graph: &SmallGraph,
        out: &mut Options<SmallGraph>,
        each: &mut dyn FnMut(&Options<SmallGraph>, usize) -> bool,
    ) -> Result<bool, GameError> {
        for removed in self.removed_sets(graph) {
            out.push_option(self.left(graph, removed));
            if !each(out, out.len() - 1) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn option_count_bound(&self, graph: &SmallGraph) -> Option<usize> {
        Some(match self.rule {
            VertexRule::Node => graph.order(),
            VertexRule::Arc => {
                (0..graph.order())
                    .map(|v| graph.neighbours(v).count_ones() as usize)
                    .sum::<usize>()
                    / 2
            }
        })
    }

    fn solved_by_search(&self) -> bool {
        true
    }

    fn search_size(&self, graph: &SmallGraph) -> u64 {
        graph.order() as u64
    }

    fn search_seconds(&self, graph: &SmallGraph) -> Option<f64> {
        // The graphs induced by the first k vertices of a sweep, k growing
        // by about a sixteenth of the graph (by one vertex at least).
        let order = graph.sweep_order();
        let step = (order.len() / 16).max(1);
        // The time grows about exponentially with the vertices: the
        // logarithm of the size is their number.
        let parts = (1..)
            .map(|i| i * step)
            .take_while(|&k| k < order.len())
            .map(|k| {
                let keep = order[..k].iter().fold(0, |set, &v| set | 1 << v);
                (k as f64, graph.induced(keep))
            });
        crate::search_probe::probe_search_seconds(self, parts, graph, graph.order() as f64)
    }

    fn parse_position(&self, text: &str) -> Result<SmallGraph, GameError> {
        parse_graph(text)
    }

    fn numbered_position(&self, n: u64) -> Option<Result<SmallGraph, GameError>> {
        let template = self.family.as_ref()?;
        if n == 0 {
            // Board 0 is empty whatever the family (a path or grid of
            // size 0): no vertex, value 0.
            return Some(SmallGraph::from_edges(0, &[]));
        }
        Some(parse_graph(&template.replace('N', &n.to_string())))
    }

    fn format_position(&self, graph: &SmallGraph) -> String {
        format_graph(graph)
    }

    fn framed_moves(&self, graph: &SmallGraph) -> Option<Vec<FramedMove<SmallGraph>>> {
        let all = low_mask(graph.order());
        Some(
            self.moves(graph)
                .into_iter()
                .map(|(name, removed)| FramedMove {
                    name,
                    left: graph.induced_named(all & !removed),
                    option: self.left(graph, removed),
                })
                .collect(),
        )
    }

    fn describe_move(&self, from: &SmallGraph, to: &[SmallGraph]) -> String {
        let found = self
            .moves(from)
            .into_iter()
            .find(|(_, removed)| self.left(from, *removed) == to);
        let parts: Vec<String> = to.iter().map(|g| self.format_position(g)).collect();
        let left = if parts.is_empty() {
            "nothing".to_owned()
        } else {
            parts.join(" + ")
        };
        match found {
            Some((words, _)) => format!("{words}, leaving {left}"),
            None => format!("move to {left}"),
        }
    }
}

/// Checks that `template` numbers graphs by one `N` (`grid:3xN`): graph
/// n is the template with n for N; `examples` are shown in the error.
pub(crate) fn check_graph_family(template: &str, examples: &str) -> Result<(), GameError> {
    if template.matches('N').count() == 1 {
        return Ok(());
    }
    Err(GameError::Rules {
        message: format!(
            "'{template}' is not a family of graphs: write one N where the size goes ({examples})"
        ),
    })
}

/// Vertex names, and edges between their indices.
pub(crate) type NamedEdges = (Vec<String>, Vec<(usize, usize)>);

/// The vertices (in the order of their lines) and the edges of a graph
/// written in the text format of graph files, read undirected: each
/// `name: neighbours` line gives an edge to each neighbour, and every
/// vertex has a line of its own (`d:` for one whose edges are all written
/// on other lines), so that a misspelt name is an error, not a new vertex.
pub(crate) fn graph_text_edges(text: &str) -> Result<NamedEdges, GameError> {
    let graph = crate::graph::Graph::parse(text).map_err(|e| GameError::InvalidPosition {
        text: text.lines().next().unwrap_or("").trim().to_owned() + " ...",
        reason: e.to_string(),
    })?;
    let n = graph.vertex_count();
    let names: Vec<String> = (0..n as u32).map(|v| graph.name(v).to_owned()).collect();
    let mut edges = Vec::with_capacity(graph.edge_count());
    for v in 0..n as u32 {
        edges.extend(
            graph
                .successors(v)
                .iter()
                .map(|&w| (v as usize, w as usize)),
        );
    }
    Ok((names, edges))
}

/// Reads a graph position: a named family, `vN/a-b,...`, or graph-file
/// text (any text with a line break: [`graph_text_edges`]; its vertices
/// are numbered in the order of their lines).
pub fn parse_graph(text: &str) -> Result<SmallGraph, GameError> {
    if text.contains('\n') {
        let (names, edges) = graph_text_edges(text)?;
        if let Some(&(v, _)) = edges.iter().find(|(a, b)| a == b) {
            return Err(GameError::InvalidPosition {
                text: names[v].clone(),
                reason: format!(
                    "vertex '{}' lists itself: Node and Arc Kayles are played on graphs without loops",
                    names[v]
                ),
            });
        }
        return SmallGraph::from_edges(names.len(), &edges)?.with_names(names);
    }
    if let Some(named) = parse_named_graph(text, MAX_VERTICES) {
        let (names, edges) = named?;
        if let Some(&(v, _)) = edges.iter().find(|(a, b)| a == b) {
            return Err(GameError::InvalidPosition {
                text: text.trim().to_owned(),
                reason: format!(
                    "the edge {0}-{0} is a loop: Node and Arc Kayles are played on graphs without loops",
                    names[v]
                ),
            });
        }
        return SmallGraph::from_edges(names.len(), &edges)?.with_names(names);
    }
    let text = text.trim();
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    let number = |s: &str| {
        crate::spec_form::bounded_number(s, MAX_VERTICES, invalid, |_| {
            format!("graph positions have at most {MAX_VERTICES} vertices")
        })
    };
    let (name, arg) = text.split_once(':').unwrap_or((text, ""));
    let name = name.to_ascii_lowercase();
    let name = name.as_str();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let n = match name {
        "path" => {
            let n = number(arg)?;
            edges.extend((1..n).map(|i| (i - 1, i)));
            n
        }
        "cycle" => {
            let n = number(arg)?;
            if n < 3 {
                return Err(invalid("a cycle has at least 3 vertices".to_owned()));
            }
            edges.extend((0..n).map(|i| (i, (i + 1) % n)));
            n
        }
        "complete" => {
            let n = number(arg)?;
            for a in 0..n {
                edges.extend((a + 1..n).map(|b| (a, b)));
            }
            n
        }
        "star" => {
            // The centre and N leaves.
            let leaves = number(arg)?;
            let n = number(&(leaves + 1).to_string())?;
            edges.extend((1..n).map(|i| (0, i)));
            n
        }
        "grid" | "ladder" | "prism" => {
            let (rows, cols) = match name {
                "grid" => {
                    let (r, c) = arg
                        .split_once(['x', 'X'])
                        .ok_or_else(|| invalid("a grid is written grid:MxN".to_owned()))?;
                    (number(r)?, number(c)?)
                }
                _ => (2, number(arg)?),
            };
            let n = number(&(rows as u64 * cols as u64).to_string())?;
            let at = |r: usize, c: usize| r * cols + c;
            for r in 0..rows {
                for c in 0..cols {
                    if c + 1 < cols {
                        edges.push((at(r, c), at(r, c + 1)));
                    }
                    if r + 1 < rows {
                        edges.push((at(r, c), at(r + 1, c)));
                    }
                }
            }
            if name == "prism" {
                if cols < 3 {
                    return Err(invalid(
                        "a prism has cycles of at least 3 vertices".to_owned(),
                    ));
                }
                edges.extend((0..rows).map(|r| (at(r, cols - 1), at(r, 0))));
            }
            n
        }
        "petersen" if arg.is_empty() => {
            for i in 0..5 {
                edges.push((i, (i + 1) % 5));
                edges.push((5 + i, 5 + (i + 2) % 5));
                edges.push((i, 5 + i));
            }
            10
        }
        "hypercube" => {
            let d = number(arg)?;
            if d > MAX_VERTICES.trailing_zeros() as usize {
                return Err(invalid(format!(
                    "hypercube:{d} has 2^{d} vertices; graph positions have at most {MAX_VERTICES}"
                )));
            }
            let n = 1 << d;
            for v in 0..n {
                for bit in 0..d {
                    let w = v ^ 1 << bit;
                    if v < w {
                        edges.push((v, w));
                    }
                }
            }
            n
        }
        _ => {
            let Some(rest) = text.strip_prefix(['v', 'V']) else {
                return Err(invalid(
                    "a graph is path:N, cycle:N, grid:MxN, complete:N, star:N, ladder:N, prism:N, petersen, hypercube:D or vN/a-b,c-d,...".to_owned(),
                ));
            };
            let (count, list) = rest.split_once('/').unwrap_or((rest, ""));
            let n = number(count)?;
            for edge in list.split(',').filter(|e| !e.is_empty()) {
                let (a, b) = edge
                    .split_once('-')
                    .ok_or_else(|| invalid(format!("the edge '{edge}' is not written a-b")))?;
                edges.push((number(a)?, number(b)?));
            }
            n
        }
    };
    SmallGraph::from_edges(n, &edges).map_err(|e| match e {
        GameError::InvalidPosition { reason, .. } => invalid(reason),
        other => other,
    })
}

/// The first name of `names` that comes twice, if any.
fn repeated_name(names: &[String]) -> Option<&str> {
    let mut seen = std::collections::HashSet::new();
    names
        .iter()
        .map(String::as_str)
        .find(|name| !seen.insert(*name))
}

/// Whether `name` can be written in a graph's one-line named form
/// (`v{a,b,c}/a-b,b-c`): no separator of that form in it.
pub(crate) fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, ',' | '/' | '-' | '{' | '}' | ':' | '#'))
}

/// Writes a graph as `vN/a-b,...` (vertices numbered from 0), or with its
/// vertices' names as `v{a,b,c}/a-b,b-c` (every vertex listed, so that
/// one without edges is not lost), or, for names that form cannot hold,
/// in the text format of graph files (a line per vertex). Each reads back
/// as the same graph with the same names ([`parse_graph`]).
#[must_use]
pub fn format_graph(graph: &SmallGraph) -> String {
    let edges = graph.edges();
    let Some(names) = &graph.names else {
        let edges: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        return format!("v{}/{}", graph.order(), edges.join(","));
    };
    let names: Vec<String> = names.0.iter().map(|n| n.to_string()).collect();
    format_named(&names, edges.into_iter())
}

/// A graph with these vertex names (each one [`plain_name`]) and edges
/// (between their indices) written as `v{a,b,c}/a-b,b-c`; as `vN/a-b,...`
/// when the names are the numbers 0 to N-1 with 0 first (the first vertex
/// is Green Hackenbush's ground in both forms).
pub(crate) fn format_named(
    names: &[String],
    edges: impl Iterator<Item = (usize, usize)>,
) -> String {
    let edges: Vec<String> = edges
        .map(|(a, b)| format!("{}-{}", names[a], names[b]))
        .collect();
    let mut numbers: Vec<usize> = names.iter().filter_map(|n| n.parse().ok()).collect();
    numbers.sort_unstable();
    let numbered = numbers.len() == names.len()
        && numbers.iter().enumerate().all(|(i, &n)| i == n)
        && names.first().is_none_or(|n| n == "0")
        && names.iter().all(|n| n == "0" || !n.starts_with(['0', '+']));
    if numbered {
        return format!("v{}/{}", names.len(), edges.join(","));
    }
    format!("v{{{}}}/{}", names.join(","), edges.join(","))
}

/// Reads the named form `v{a,b,c}/a-b,b-c` ([`format_graph`]): `None`
/// when `text` is not written so.
pub(crate) fn parse_named_graph(
    text: &str,
    max_vertices: usize,
) -> Option<Result<NamedEdges, GameError>> {
    let text = text.trim();
    let rest = text.strip_prefix(['v', 'V'])?.strip_prefix('{')?;
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    Some((|| {
        let (list, edges_text) = rest.split_once('}').ok_or_else(|| {
            invalid("the vertices' names are written v{a,b,c}/a-b,b-c".to_owned())
        })?;
        let edges_text = match edges_text {
            "" => "",
            e => e.strip_prefix('/').ok_or_else(|| {
                invalid("the names' list is followed by / and the edges".to_owned())
            })?,
        };
        let names: Vec<String> = list
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect();
        if names.len() > max_vertices {
            return Err(invalid(format!(
                "this game's graphs have at most {max_vertices} vertices"
            )));
        }
        if let Some(bad) = names.iter().find(|n| !plain_name(n)) {
            return Err(invalid(format!(
                "the name '{bad}' holds a space or one of , - / {{ }} : #, which this form cannot hold (a graph file can)"
            )));
        }
        if let Some(twice) = repeated_name(&names) {
            return Err(invalid(format!("the vertex '{twice}' is listed twice")));
        }
        let index = |name: &str| {
            names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| invalid(format!("the edge names '{name}', which is not a vertex")))
        };
        let mut edges = Vec::new();
        for edge in edges_text
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            let (a, b) = edge
                .split_once('-')
                .ok_or_else(|| invalid(format!("the edge '{edge}' is not written a-b")))?;
            edges.push((index(a.trim())?, index(b.trim())?));
        }
        Ok((names, edges))
    })())
}

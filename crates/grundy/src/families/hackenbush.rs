//! Green Hackenbush: cut an edge of a graph drawn on the ground; whatever
//! is no longer joined to the ground falls away; who cannot cut loses.
//!
//! A position is a multigraph (loops and parallel edges allowed) whose
//! vertex 0 is the ground. Its value has a closed form (*Winning Ways*,
//! ch. 7), computed in linear time by [`HackenbushGraph::value`]:
//! - the **fusion principle**: the vertices of a cycle may be fused into
//!   one without changing the value, each edge of the cycle becoming a
//!   loop; fusing every 2-edge-connected part leaves a tree of bridges
//!   with loops at its vertices;
//! - the **colon principle**: a loop is a stalk of one edge (*1), and a
//!   vertex whose branches are worth g1, g2, ... is worth their nim-sum,
//!   a branch being one edge under a tree worth g, so worth g + 1.
//!
//! The ruleset answers values from this theorem
//! ([`crate::Ruleset::known_value`]); [`GreenHackenbush::by_search`]
//! drops it so that the search (each option is the branches at the ground
//! left by a cut, a sum) values the same positions as the cross-check, and
//! misère play, which no such theorem covers, is searched.
//!
//! Positions are written `vN/a-b,c-d,...` (vertices 0 to N−1, 0 the
//! ground, `a-a` a loop, an edge written twice two parallel edges), as a
//! named graph with vertex 0 on the ground (`cycle:5`, `grid:3x3`,
//! `stalk:N` for N edges in a line up from the ground), or in the text
//! format of graph files (`name: neighbours` lines, each edge written on
//! one of its ends' lines, a vertex named `ground`). Positions are kept in
//! a normal form: the parts cut off from the ground dropped, the vertices
//! renumbered in breadth-first order from the ground, the edges sorted.
//! Two drawings of the same graph may still differ (the search then
//! meets the part twice, never with a wrong value).

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::spec_form::SpecForm;
use std::sync::Arc;

use crate::ruleset::{FramedMove, Options, Ruleset};

/// The most edges of a position: enough for any drawing a search or a
/// person makes, and each option's value is a linear pass, so a request
/// for every winning move stays quadratic in this.
pub const MAX_EDGES: usize = 4096;

/// A Green Hackenbush position in normal form: every vertex joined to the
/// ground (vertex 0), numbered in breadth-first order from it, each edge
/// `(a, b)` with `a <= b`, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HackenbushGraph {
    vertices: u32,
    edges: Box<[(u32, u32)]>,
    /// The user's vertices, when they are not the vertices' numbers in
    /// the normal form: a position keeps the names it was written with,
    /// and what a cut leaves of it keeps them too. The search's parts have
    /// none. One thin pointer (the search's table holds positions).
    labels: Option<Arc<Frame>>,
}

/// Which of the user's vertices each vertex of a normal form is, and
/// their names.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Frame {
    /// The user's names, by the user's vertex (their numbers when none).
    names: Option<Arc<[Box<str>]>>,
    /// The user's vertex of each vertex of the normal form.
    of: Box<[u32]>,
}

impl Frame {
    /// The frame of a normal form whose vertex i is the user's `of[i]`;
    /// `None` when nothing needs saying (numbers, in order).
    fn of(names: Option<Arc<[Box<str>]>>, of: Vec<u32>) -> Option<Arc<Frame>> {
        let plain = names.is_none() && of.iter().enumerate().all(|(i, &v)| i == v as usize);
        (!plain).then(|| {
            Arc::new(Frame {
                names,
                of: of.into_boxed_slice(),
            })
        })
    }
}

impl HackenbushGraph {
    /// The position drawn with `vertices` vertices (0 the ground) and
    /// these edges, in normal form.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<HackenbushGraph, GameError> {
        HackenbushGraph::named(vertices, edges, None)
    }

    /// [`HackenbushGraph::new`], the vertices named `names` (in order;
    /// their numbers when `None`): the names stay with the position.
    pub fn named(
        vertices: usize,
        edges: &[(usize, usize)],
        names: Option<Vec<String>>,
    ) -> Result<HackenbushGraph, GameError> {
        let invalid = |reason: String| GameError::InvalidPosition {
            text: format!("a graph of {vertices} vertices"),
            reason,
        };
        if vertices == 0 {
            return Err(invalid("vertex 0, the ground, is missing".to_owned()));
        }
        if edges.len() > MAX_EDGES {
            return Err(invalid(format!(
                "{} edges; Hackenbush positions have at most {MAX_EDGES}",
                edges.len()
            )));
        }
        let count = u32::try_from(vertices).map_err(|_| invalid("too many vertices".to_owned()))?;
        let mut narrow = Vec::with_capacity(edges.len());
        for &(a, b) in edges {
            if a >= vertices || b >= vertices {
                return Err(invalid(format!(
                    "the edge {a}-{b} names a vertex past {}",
                    vertices - 1
                )));
            }
            // Both ends are below `vertices`, which fits in a u32.
            narrow.push((a as u32, b as u32));
        }
        if names.as_ref().is_some_and(|n| n.len() != vertices) {
            return Err(invalid("a name for each vertex".to_owned()));
        }
        let (mut graph, old) = HackenbushGraph::normal_order(count, &narrow);
        // Names the one-line form cannot hold: the vertices are numbered.
        let names = names.filter(|names| names.iter().all(|n| crate::vertex_kayles::plain_name(n)));
        // Names that are numbers are kept as numbers: one frame, however
        // it was written (`v{0,2}/0-2` and `v3/0-2`).
        let numbers: Option<Vec<u32>> = names.as_ref().map_or(Some(Vec::new()), |names| {
            names
                .iter()
                .map(|n| n.parse::<u32>().ok().filter(|v| v.to_string() == *n))
                .collect()
        });
        graph.labels = match (names, numbers) {
            (Some(_), Some(numbers)) => {
                Frame::of(None, old.iter().map(|&v| numbers[v as usize]).collect())
            }
            (Some(names), None) => Frame::of(
                Some(names.into_iter().map(String::into_boxed_str).collect()),
                old,
            ),
            (None, _) => Frame::of(None, old),
        };
        Ok(graph)
    }

    /// The user's vertex of vertex `v` of the normal form.
    fn user_vertex(&self, v: u32) -> u32 {
        self.labels.as_ref().map_or(v, |frame| frame.of[v as usize])
    }

    /// The user's name of vertex `v` (0 the ground).
    #[must_use]
    pub fn label(&self, v: u32) -> String {
        let user = self.user_vertex(v);
        match self.labels.as_ref().and_then(|frame| frame.names.as_ref()) {
            Some(names) => names[user as usize].to_string(),
            None => user.to_string(),
        }
    }

    /// The whole position left when edge `index` is cut, its vertices
    /// keeping their names: what falls away dropped, not split into
    /// branches (what the user sees).
    fn framed_after_cut(&self, index: usize) -> HackenbushGraph {
        let (mut left, old) = HackenbushGraph::normal_order(self.vertices, &self.edges_but(index));
        let names = self.labels.as_ref().and_then(|frame| frame.names.clone());
        left.labels = Frame::of(names, old.iter().map(|&v| self.user_vertex(v)).collect());
        left
    }

    /// The normal form of the graph with these edges: breadth-first from
    /// the ground, through the edges in the order given, drops what it
    /// does not reach and numbers what it does.
    fn normalised(vertices: u32, edges: &[(u32, u32)]) -> HackenbushGraph {
        HackenbushGraph::normal_order(vertices, edges).0
    }

    /// [`HackenbushGraph::normalised`], and the vertex each vertex of the
    /// normal form was (in the order of their new numbers).
    fn normal_order(vertices: u32, edges: &[(u32, u32)]) -> (HackenbushGraph, Vec<u32>) {
        let n = vertices as usize;
        let mut start = vec![0usize; n + 1];
        for &(a, b) in edges {
            start[a as usize + 1] += 1;
            if a != b {
                start[b as usize + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut around = vec![0u32; start[n]];
        for &(a, b) in edges {
            around[fill[a as usize]] = b;
            fill[a as usize] += 1;
            if a != b {
                around[fill[b as usize]] = a;
                fill[b as usize] += 1;
            }
        }
        const UNSEEN: u32 = u32::MAX;
        let mut number = vec![UNSEEN; n];
        number[0] = 0;
        let mut queue = vec![0u32];
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head] as usize;
            head += 1;
            for &w in &around[start[v]..start[v + 1]] {
                if number[w as usize] == UNSEEN {
                    number[w as usize] = queue.len() as u32;
                    queue.push(w);
                }
            }
        }
        let mut kept: Vec<(u32, u32)> = edges
            .iter()
            .filter(|&&(a, _)| number[a as usize] != UNSEEN)
            .map(|&(a, b)| {
                let (a, b) = (number[a as usize], number[b as usize]);
                (a.min(b), a.max(b))
            })
            .collect();
        kept.sort_unstable();
        let graph = HackenbushGraph {
            vertices: queue.len() as u32,
            edges: kept.into_boxed_slice(),
            labels: None,
        };
        (graph, queue)
    }

    /// The number of vertices joined to the ground, the ground included.
    #[must_use]
    pub fn order(&self) -> usize {
        self.vertices as usize
    }

    /// The edges, `(a, b)` with `a <= b`, sorted.
    #[must_use]
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// Every edge but edge `index`, in order.
    fn edges_but(&self, index: usize) -> Vec<(u32, u32)> {
        self.edges
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, &e)| e)
            .collect()
    }

    /// What is left when edge `index` is cut: the branches at the ground,
    /// each a position of its own (a loop at the ground is one branch;
    /// the others are the parts of the graph without the ground, with
    /// their edges to it), sorted.
    #[must_use]
    pub fn after_cut(&self, index: usize) -> Vec<HackenbushGraph> {
        HackenbushGraph::normalised(self.vertices, &self.edges_but(index)).sorted_branches()
    }

    /// The branches at the ground ([`HackenbushGraph::branches`]), sorted:
    /// the option a cut leaving this graph is.
    fn sorted_branches(&self) -> Vec<HackenbushGraph> {
        let mut parts = self.branches();
        parts.sort();
        parts
    }

    /// The branches at the ground: the position as a sum.
    #[must_use]
    pub fn branches(&self) -> Vec<HackenbushGraph> {
        let n = self.order();
        // Union-find over the vertices other than the ground.
        let mut parent: Vec<u32> = (0..self.vertices).collect();
        fn root(parent: &mut [u32], mut v: u32) -> u32 {
            while parent[v as usize] != v {
                let up = parent[parent[v as usize] as usize];
                parent[v as usize] = up;
                v = up;
            }
            v
        }
        for &(a, b) in self.edges.iter() {
            if a != 0 {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra.max(rb) as usize] = ra.min(rb);
            }
        }
        let mut branch_edges: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n];
        let mut parts = Vec::new();
        for &(a, b) in self.edges.iter() {
            if a == 0 && b == 0 {
                parts.push(HackenbushGraph {
                    vertices: 1,
                    edges: vec![(0, 0)].into_boxed_slice(),
                    labels: None,
                });
            } else {
                let r = root(&mut parent, b);
                branch_edges[r as usize].push((a, b));
            }
        }
        // Each branch numbered on its own (ground 0), so that cutting
        // every edge of a wide position stays quadratic, not cubic.
        let mut local = vec![u32::MAX; n];
        local[0] = 0;
        for edges in branch_edges.into_iter().filter(|e| !e.is_empty()) {
            let mut count = 1u32;
            let mut renumbered = Vec::with_capacity(edges.len());
            for (a, b) in edges {
                for v in [a, b] {
                    if local[v as usize] == u32::MAX {
                        local[v as usize] = count;
                        count += 1;
                    }
                }
                renumbered.push((local[a as usize], local[b as usize]));
            }
            parts.push(HackenbushGraph::normalised(count, &renumbered));
        }
        parts
    }

    /// The value, by the fusion and colon principles: fuse each
    /// 2-edge-connected part into one vertex (its edges become loops, each
    /// worth *1), then from the leaves of the tree of bridges down to the
    /// ground, a vertex is worth the nim-sum of its loops and of one more
    /// than each branch above it.
    #[must_use]
    pub fn value(&self) -> u64 {
        let n = self.order();
        // Adjacency by edge index, loops left out (never bridges).
        let mut start = vec![0usize; n + 1];
        for &(a, b) in self.edges.iter().filter(|(a, b)| a != b) {
            start[a as usize + 1] += 1;
            start[b as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut around = vec![(0u32, 0u32); start[n]];
        for (i, &(a, b)) in self.edges.iter().enumerate().filter(|(_, (a, b))| a != b) {
            around[fill[a as usize]] = (b, i as u32);
            fill[a as usize] += 1;
            around[fill[b as usize]] = (a, i as u32);
            fill[b as usize] += 1;
        }
        // Bridges by depth-first low points, with an explicit stack (a
        // path of thousands of edges would overflow a recursive one); the
        // edge to the parent is skipped by index, so parallel edges are
        // never bridges.
        const UNSEEN: u32 = u32::MAX;
        let mut order = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut bridge = vec![false; self.edges.len()];
        // (vertex, edge it was entered by, next neighbour to try)
        let mut stack: Vec<(u32, u32, usize)> = vec![(0, UNSEEN, start[0])];
        order[0] = 0;
        low[0] = 0;
        let mut next = 1u32;
        while let Some(&mut (v, via, ref mut at)) = stack.last_mut() {
            let v_us = v as usize;
            if *at < start[v_us + 1] {
                let (w, edge) = around[*at];
                *at += 1;
                if edge == via {
                    continue;
                }
                if order[w as usize] == UNSEEN {
                    order[w as usize] = next;
                    low[w as usize] = next;
                    next += 1;
                    stack.push((w, edge, start[w as usize]));
                } else {
                    low[v_us] = low[v_us].min(order[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    let p = parent as usize;
                    low[p] = low[p].min(low[v_us]);
                    if low[v_us] > order[p] {
                        bridge[via as usize] = true;
                    }
                }
            }
        }
        // The fused vertices: parts joined by edges that are not bridges.
        let mut part = vec![UNSEEN; n];
        let mut parts = 0u32;
        let mut todo = Vec::new();
        for s in 0..n {
            if part[s] != UNSEEN {
                continue;
            }
            part[s] = parts;
            todo.push(s as u32);
            while let Some(v) = todo.pop() {
                let v = v as usize;
                for &(w, edge) in &around[start[v]..start[v + 1]] {
                    if !bridge[edge as usize] && part[w as usize] == UNSEEN {
                        part[w as usize] = parts;
                        todo.push(w);
                    }
                }
            }
            parts += 1;
        }
        // Each fused vertex starts with its loops' nim-sum (their count's
        // parity); then the tree of bridges, rooted at the ground's part,
        // is folded from its leaves.
        let p = parts as usize;
        let mut worth = vec![0u64; p];
        let mut tree_start = vec![0usize; p + 1];
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if bridge[i] {
                tree_start[part[a as usize] as usize + 1] += 1;
                tree_start[part[b as usize] as usize + 1] += 1;
            } else {
                worth[part[a as usize] as usize] ^= 1;
            }
        }
        for q in 0..p {
            tree_start[q + 1] += tree_start[q];
        }
        let mut tree_fill = tree_start.clone();
        let mut tree = vec![0u32; tree_start[p]];
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if bridge[i] {
                let (pa, pb) = (part[a as usize], part[b as usize]);
                tree[tree_fill[pa as usize]] = pb;
                tree_fill[pa as usize] += 1;
                tree[tree_fill[pb as usize]] = pa;
                tree_fill[pb as usize] += 1;
            }
        }
        // Breadth-first from the ground's part, then fold in reverse.
        let root = part[0];
        let mut up = vec![UNSEEN; p];
        let mut seen = vec![false; p];
        let mut queue = vec![root];
        seen[root as usize] = true;
        let mut head = 0;
        while head < queue.len() {
            let q = queue[head] as usize;
            head += 1;
            for &r in &tree[tree_start[q]..tree_start[q + 1]] {
                if !seen[r as usize] {
                    seen[r as usize] = true;
                    up[r as usize] = q as u32;
                    queue.push(r);
                }
            }
        }
        for &q in queue.iter().rev() {
            let parent = up[q as usize];
            if parent != UNSEEN {
                worth[parent as usize] ^= worth[q as usize] + 1;
            }
        }
        worth[root as usize]
    }
}

/// Green Hackenbush, with the graphs its spec numbers, if any
/// (`green-hackenbush:cycle:N`), valued by its theorem unless built
/// [`GreenHackenbush::by_search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreenHackenbush {
    family: Option<String>,
    by_theorem: bool,
}

impl Default for GreenHackenbush {
    fn default() -> Self {
        GreenHackenbush::new()
    }
}

impl GreenHackenbush {
    /// Green Hackenbush on any graph, valued by the colon and fusion
    /// principles.
    #[must_use]
    pub fn new() -> GreenHackenbush {
        GreenHackenbush {
            family: None,
            by_theorem: true,
        }
    }

    /// The same game valued by search alone (the cross-check of the
    /// theorem).
    #[must_use]
    pub fn by_search() -> GreenHackenbush {
        GreenHackenbush {
            family: None,
            by_theorem: false,
        }
    }

    /// The game with a family of graphs numbered by `N` in `template`
    /// (`stalk:N`, `cycle:N`, `grid:2xN`).
    pub fn with_family(template: &str) -> Result<GreenHackenbush, GameError> {
        crate::vertex_kayles::check_graph_family(template, "green-hackenbush:cycle:N")?;
        // Graph 3 must read (a cycle has at least 3 vertices).
        parse_hackenbush(&template.replace('N', "3"))?;
        Ok(GreenHackenbush {
            family: Some(template.to_owned()),
            by_theorem: true,
        })
    }

    /// Each distinct edge's index (parallel copies are one move's worth).
    fn distinct_edges(graph: &HackenbushGraph) -> impl Iterator<Item = usize> + '_ {
        let edges = graph.edges();
        (0..edges.len()).filter(move |&i| i == 0 || edges[i] != edges[i - 1])
    }
}

impl SpecForm for GreenHackenbush {
    const FORM: &'static str = "green-hackenbush, green-hackenbush:GRAPH-with-N";
    const ABOUT: &'static str = "cut an edge; what is no longer joined to the ground falls away; positions vN/a-b,... with vertex 0 the ground (loops a-a and parallel edges allowed), named graphs with vertex 0 on the ground, stalk:N, or graph-file text with a vertex named ground; valued by the colon and fusion principles";
    const EXAMPLE: &'static str = "green-hackenbush";
    const PREFIX: Option<&'static str> = None;
    type Error = GameError;

    fn names() -> Vec<&'static str> {
        vec!["green-hackenbush"]
    }

    fn from_spec(text: &str) -> Option<Result<GreenHackenbush, GameError>> {
        let (_, family) = crate::spec_form::name_and_rest(text, &["green-hackenbush"])?;
        Some(match family {
            Some(template) => GreenHackenbush::with_family(template),
            None => Ok(GreenHackenbush::new()),
        })
    }
}

impl Ruleset for GreenHackenbush {
    type Position = HackenbushGraph;

    fn options(
        &self,
        graph: &HackenbushGraph,
        out: &mut Options<HackenbushGraph>,
    ) -> Result<(), GameError> {
        for i in GreenHackenbush::distinct_edges(graph) {
            out.push_option(graph.after_cut(i));
        }
        Ok(())
    }

    fn known_value(&self, graph: &HackenbushGraph) -> Option<Nimber> {
        self.by_theorem.then(|| Nimber::new(graph.value()))
    }

    fn solved_by_search(&self) -> bool {
        true
    }

    fn search_size(&self, graph: &HackenbushGraph) -> u64 {
        graph.edges().len() as u64
    }

    fn parse_position(&self, text: &str) -> Result<HackenbushGraph, GameError> {
        parse_hackenbush(text)
    }

    fn format_position(&self, graph: &HackenbushGraph) -> String {
        format_hackenbush(graph)
    }

    fn describe_move(&self, from: &HackenbushGraph, to: &[HackenbushGraph]) -> String {
        self.equivalent_moves(from, to)
            .into_iter()
            .next()
            .unwrap_or_else(|| "no cut leaves that".to_owned())
    }

    fn equivalent_moves(&self, from: &HackenbushGraph, to: &[HackenbushGraph]) -> Vec<String> {
        let left: Vec<String> = to.iter().map(format_hackenbush).collect();
        let left = if left.is_empty() {
            "nothing".to_owned()
        } else {
            left.join(" + ")
        };
        GreenHackenbush::distinct_edges(from)
            .filter(|&i| from.after_cut(i) == to)
            .map(|i| {
                let (a, b) = from.edges()[i];
                format!("cut edge {a}-{b}, leaving {left}")
            })
            .collect()
    }

    fn framed_moves(&self, graph: &HackenbushGraph) -> Option<Vec<FramedMove<HackenbushGraph>>> {
        let edges = graph.edges();
        Some(
            GreenHackenbush::distinct_edges(graph)
                .map(|i| {
                    let (a, b) = edges[i];
                    let copies = edges[i..].iter().take_while(|&&e| e == edges[i]).count();
                    let (a, b) = (graph.label(a), graph.label(b));
                    // Parallel copies of an edge are one move: cutting
                    // either leaves the same picture.
                    let name = match (a == b, copies) {
                        (true, 1) => format!("cut the loop at {a}"),
                        (true, k) => format!("cut one of the {k} loops at {a}"),
                        (false, 1) => format!("cut edge {a}-{b}"),
                        (false, k) => format!("cut one of the {k} edges {a}-{b}"),
                    };
                    // The option is the framed left's branches: its normal
                    // form is after_cut's, names aside (branches have none).
                    let left = graph.framed_after_cut(i);
                    FramedMove {
                        name,
                        option: left.sorted_branches(),
                        left,
                    }
                })
                .collect(),
        )
    }

    fn numbered_position(&self, n: u64) -> Option<Result<HackenbushGraph, GameError>> {
        let template = self.family.as_ref()?;
        if n == 0 {
            // Graph 0 is the bare ground whatever the family.
            return Some(HackenbushGraph::new(1, &[]));
        }
        Some(parse_hackenbush(&template.replace('N', &n.to_string())))
    }
}

/// Prints a position as `vN/a-b,...`.
#[must_use]
pub fn format_hackenbush(graph: &HackenbushGraph) -> String {
    if graph.labels.is_none() {
        let edges: Vec<String> = graph
            .edges()
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        return format!("v{}/{}", graph.order(), edges.join(","));
    }
    let names: Vec<String> = (0..graph.vertices).map(|v| graph.label(v)).collect();
    crate::vertex_kayles::format_named(
        &names,
        graph.edges().iter().map(|&(a, b)| (a as usize, b as usize)),
    )
}

/// Reads a position: `vN/a-b,...`, `stalk:N`, a named graph with vertex
/// 0 on the ground, or graph-file text (a line break in it) with a vertex
/// named `ground`.
pub fn parse_hackenbush(text: &str) -> Result<HackenbushGraph, GameError> {
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.trim().to_owned(),
        reason,
    };
    let relabel = |e: GameError| match e {
        GameError::InvalidPosition { reason, .. } => invalid(reason),
        other => other,
    };
    if text.contains('\n') {
        let (names, edges) = crate::vertex_kayles::graph_text_edges(text)?;
        let Some(ground) = names.iter().position(|n| n == "ground") else {
            return Err(invalid(
                "no vertex is named 'ground' (the vertex the drawing stands on)".to_owned(),
            ));
        };
        // Swap the ground into place 0.
        let swap = |v: usize| match v {
            0 => ground,
            v if v == ground => 0,
            v => v,
        };
        let edges: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (swap(a), swap(b))).collect();
        let names: Vec<String> = (0..names.len()).map(|v| names[swap(v)].clone()).collect();
        return HackenbushGraph::named(names.len(), &edges, Some(names)).map_err(relabel);
    }
    if let Some(named) = crate::vertex_kayles::parse_named_graph(text, MAX_EDGES + 1) {
        // The named form: the ground is the first vertex listed.
        let (names, edges) = named?;
        if names.is_empty() {
            return Err(invalid(
                "the ground, the first vertex listed, is missing".to_owned(),
            ));
        }
        return HackenbushGraph::named(names.len(), &edges, Some(names)).map_err(relabel);
    }
    let text = text.trim();
    let number = |s: &str| {
        crate::spec_form::bounded_number(s, MAX_EDGES + 1, invalid, |n| {
            format!("{n} is past {} vertices", MAX_EDGES + 1)
        })
    };
    if let Some(rest) = text.strip_prefix(['v', 'V']) {
        let (count, list) = rest.split_once('/').unwrap_or((rest, ""));
        let n = number(count)?;
        let mut edges = Vec::new();
        for edge in list.split(',').filter(|e| !e.trim().is_empty()) {
            let (a, b) = edge
                .split_once('-')
                .ok_or_else(|| invalid(format!("the edge '{edge}' is not written a-b")))?;
            edges.push((number(a.trim())?, number(b.trim())?));
        }
        return HackenbushGraph::new(n, &edges).map_err(relabel);
    }
    if let Some(length) = text
        .split_once(':')
        .filter(|(name, _)| name.eq_ignore_ascii_case("stalk"))
        .map(|(_, n)| n)
    {
        let n = number(length)?;
        let edges: Vec<(usize, usize)> = (1..=n).map(|i| (i - 1, i)).collect();
        return HackenbushGraph::new(n + 1, &edges).map_err(relabel);
    }
    let graph = crate::vertex_kayles::parse_graph(text).map_err(|e| match e {
        GameError::InvalidPosition { reason, .. } => invalid(format!(
            "{reason} (or stalk:N, or vN/a-b,... with vertex 0 the ground)"
        )),
        other => other,
    })?;
    let edges = graph.edges();
    HackenbushGraph::new(graph.order().max(1), &edges).map_err(relabel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> u64 {
        parse_hackenbush(text).expect("position").value()
    }

    #[test]
    fn stalks_are_nim_heaps() {
        for n in 0..20 {
            assert_eq!(value(&format!("stalk:{n}")), n as u64);
        }
    }

    #[test]
    fn cycles_on_the_ground_fuse_to_loops() {
        // A cycle through the ground is that many loops: worth its
        // length's parity.
        for n in 3..12 {
            assert_eq!(value(&format!("cycle:{n}")), (n % 2) as u64);
        }
        // Two parallel edges from the ground are two loops: 0.
        assert_eq!(value("v2/0-1,0-1"), 0);
    }

    #[test]
    fn the_normal_form_drops_what_is_cut_off() {
        let graph = parse_hackenbush("v5/3-4,0-2,2-1").expect("position");
        // Numbered from the ground in the normal form; written in the
        // user's names (3 and 4 fell away; 2 is the ground's neighbour).
        assert_eq!(graph.edges(), &[(0, 1), (1, 2)]);
        assert_eq!(format_hackenbush(&graph), "v3/0-2,2-1");
        assert_eq!(graph.value(), 2);
        // What the search keeps of it has no names.
        let parts = graph.branches();
        assert_eq!(parts.len(), 1);
        assert_eq!(format_hackenbush(&parts[0]), "v3/0-1,1-2");
    }
}

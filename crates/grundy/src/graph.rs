//! Explicit game graphs read from text.
//!
//! The format is one vertex per line, `name: succ1 succ2 ...`; a line
//! `name:` is a terminal vertex; `#` starts a comment; blank lines are
//! ignored. A successor may be defined later in the file. Every mistake (a
//! vertex defined twice, a successor never defined, a cycle) is a
//! [`GraphError`] naming the vertex and its line: a typo never silently
//! becomes a terminal vertex.

use std::path::Path;

use rustc_hash::FxHashMap;
use thiserror::Error;

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::ruleset::{Options, Ruleset};
use crate::spec_form::SpecForm;

/// A mistake in a game graph. Line numbers count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GraphError {
    /// A non-blank line without the `:` that ends a vertex name.
    #[error("line {line}: expected 'name: successors...', found no ':'")]
    MissingColon {
        /// The line.
        line: usize,
    },
    /// A line whose vertex name is empty.
    #[error("line {line}: the vertex name before ':' is empty")]
    EmptyName {
        /// The line.
        line: usize,
    },
    /// A name that contains a `:` or a successor list with a second `:`.
    #[error("line {line}: '{token}' is not a valid vertex name (names cannot contain ':')")]
    BadName {
        /// The offending token.
        token: String,
        /// The line.
        line: usize,
    },
    /// A vertex name with white space in it.
    #[error("line {line}: '{name}' is not a valid vertex name (names cannot contain spaces; the successors follow the ':', separated by spaces)")]
    NameWithSpace {
        /// The name as written.
        name: String,
        /// The line.
        line: usize,
    },
    /// The same vertex defined on two lines.
    #[error("line {line}: vertex '{name}' is defined again (first defined on line {first_line})")]
    DuplicateVertex {
        /// The vertex.
        name: String,
        /// The second definition.
        line: usize,
        /// The first definition.
        first_line: usize,
    },
    /// A successor that no line defines.
    #[error("line {line}: vertex '{vertex}' has successor '{name}', which is never defined")]
    UndefinedSuccessor {
        /// The undefined successor.
        name: String,
        /// The vertex whose list names it.
        vertex: String,
        /// The line of that list.
        line: usize,
    },
    /// The graph has a cycle through this vertex.
    #[error("the graph has a cycle through vertex '{name}' (defined on line {line})")]
    Cycle {
        /// A vertex on the cycle.
        name: String,
        /// Its line.
        line: usize,
    },
    /// More vertices or edges than the 32-bit indices allow.
    #[error("the graph is too large: at most {limit} vertices and edges")]
    TooLarge {
        /// The limit.
        limit: u64,
    },
}

/// The successors of a chunk of vertices, flat, with each vertex's end.
type ResolvedChunk = Result<(Vec<u32>, Vec<usize>), GraphError>;

/// A game graph file that could not be read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum GraphFileError {
    /// The file could not be read.
    #[error("cannot read '{path}': {cause}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        cause: std::io::Error,
    },
    /// The file has a mistake in it.
    #[error("{path}: {cause}")]
    Graph {
        /// The file.
        path: String,
        /// The mistake.
        cause: GraphError,
    },
}

impl SpecForm for Graph {
    const FORM: &'static str = "graph:FILE";
    const ABOUT: &'static str = "an explicit game graph, one 'name: successors' line per vertex";
    const EXAMPLE: &'static str = "graph:FILE";
    const PREFIX: Option<&'static str> = Some("graph:");
    const READS_FILES: bool = true;
    type Error = GraphFileError;

    fn from_spec(path: &str) -> Option<Result<Graph, GraphFileError>> {
        Some(Graph::read(Path::new(path)))
    }
}

/// A finite game graph with named vertices; edges are moves.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    names: Vec<String>,
    lines: Vec<usize>,
    /// Successors of vertex `v` are `successors[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<u32>,
    successors: Vec<u32>,
    index: FxHashMap<String, u32>,
}

impl Graph {
    /// Reads a graph file.
    pub fn read(path: &Path) -> Result<Graph, GraphFileError> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|cause| GraphFileError::Io {
            path: shown.clone(),
            cause,
        })?;
        Graph::parse(&text).map_err(|cause| GraphFileError::Graph { path: shown, cause })
    }

    /// Reads a graph from its text form.
    pub fn parse(text: &str) -> Result<Graph, GraphError> {
        // First pass: every definition, so successors may come later.
        let mut names = Vec::new();
        let mut lines = Vec::new();
        let mut lists: Vec<&str> = Vec::new();
        let mut index: FxHashMap<String, u32> = FxHashMap::default();
        // One vertex per line at most: size the table once.
        index.reserve(text.bytes().filter(|&b| b == b'\n').count() + 1);
        for (line_index, raw) in text.lines().enumerate() {
            let line = line_index + 1;
            let content = match raw.find('#') {
                Some(at) => &raw[..at],
                None => raw,
            };
            if content.trim().is_empty() {
                continue;
            }
            let Some((name, list)) = content.split_once(':') else {
                return Err(GraphError::MissingColon { line });
            };
            let name = name.trim();
            if name.is_empty() {
                return Err(GraphError::EmptyName { line });
            }
            if name.split_whitespace().nth(1).is_some() {
                return Err(GraphError::NameWithSpace {
                    name: name.to_owned(),
                    line,
                });
            }
            if let Some(bad) = list.split_whitespace().find(|t| t.contains(':')) {
                return Err(GraphError::BadName {
                    token: bad.to_owned(),
                    line,
                });
            }
            let id = u32::try_from(names.len()).map_err(|_| GraphError::TooLarge {
                limit: u64::from(u32::MAX),
            })?;
            if let Some(&first) = index.get(name) {
                return Err(GraphError::DuplicateVertex {
                    name: name.to_owned(),
                    line,
                    first_line: lines[first as usize],
                });
            }
            index.insert(name.to_owned(), id);
            names.push(name.to_owned());
            lines.push(line);
            lists.push(list);
        }
        // Second pass: resolve successor names, in chunks of vertices on
        // every core (each look-up is a cache miss in a large table); the
        // first error in file order wins.
        use rayon::prelude::*;
        const CHUNK: usize = 1 << 12;
        let chunks: Vec<ResolvedChunk> = lists
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(c, chunk)| {
                let mut successors = Vec::new();
                let mut ends = Vec::with_capacity(chunk.len());
                for (k, list) in chunk.iter().enumerate() {
                    for token in list.split_whitespace() {
                        match index.get(token) {
                            Some(&id) => successors.push(id),
                            None => {
                                let vertex = c * CHUNK + k;
                                return Err(GraphError::UndefinedSuccessor {
                                    name: token.to_owned(),
                                    vertex: names[vertex].clone(),
                                    line: lines[vertex],
                                });
                            }
                        }
                    }
                    ends.push(successors.len());
                }
                Ok((successors, ends))
            })
            .collect();
        let mut offsets = Vec::with_capacity(names.len() + 1);
        let mut successors = Vec::new();
        offsets.push(0u32);
        for chunk in chunks {
            let (part, ends) = chunk?;
            let base = successors.len();
            successors.extend_from_slice(&part);
            for end in ends {
                let end = u32::try_from(base + end).map_err(|_| GraphError::TooLarge {
                    limit: u64::from(u32::MAX),
                })?;
                offsets.push(end);
            }
        }
        Ok(Graph {
            names,
            lines,
            offsets,
            successors,
            index,
        })
    }

    /// A graph built from rules rather than a file: vertex i is called
    /// `names[i]` and moves to `followers[i]`. Names must be distinct
    /// and followers in range (a family's rules ensure both).
    pub fn from_followers(names: Vec<String>, followers: &[Vec<u32>]) -> Result<Graph, GraphError> {
        let too_large = || GraphError::TooLarge {
            limit: u64::from(u32::MAX),
        };
        let mut offsets = Vec::with_capacity(names.len() + 1);
        let mut successors = Vec::new();
        offsets.push(0u32);
        for list in followers {
            successors.extend_from_slice(list);
            offsets.push(u32::try_from(successors.len()).map_err(|_| too_large())?);
        }
        let index = names
            .iter()
            .enumerate()
            .map(|(i, name)| Ok((name.clone(), u32::try_from(i).map_err(|_| too_large())?)))
            .collect::<Result<FxHashMap<String, u32>, GraphError>>()?;
        Ok(Graph {
            lines: vec![0; names.len()],
            names,
            offsets,
            successors,
            index,
        })
    }

    /// Number of vertices.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// Number of edges (moves).
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.successors.len()
    }

    /// Whether the vertices are named 0, 1, ... in order: the positions
    /// are numbers, as a heap game's are (`windup:N:S`).
    #[must_use]
    pub fn is_numbered(&self) -> bool {
        self.names
            .iter()
            .enumerate()
            .all(|(v, name)| *name == v.to_string())
    }

    /// The name of vertex `v`.
    #[must_use]
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// The line vertex `v` is defined on.
    #[must_use]
    pub fn line(&self, v: u32) -> usize {
        self.lines[v as usize]
    }

    /// The vertex called `name`.
    #[must_use]
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The successors of vertex `v`.
    #[must_use]
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.successors[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The graph in compressed form, for the loopy solver.
    #[must_use]
    pub fn digraph(&self) -> crate::loopy::Digraph<'_> {
        crate::loopy::Digraph {
            offsets: &self.offsets,
            successors: &self.successors,
        }
    }

    /// The value of every vertex, in vertex order.
    ///
    /// Works backwards from the terminal vertices (Kahn's algorithm on the
    /// reversed graph), in time linear in the size of the graph. When some
    /// vertices are never reached that way, each of them has a successor
    /// that is not reached either, so following such successors must
    /// revisit a vertex: that vertex is on a cycle and is named in the error.
    pub fn solve_all(&self) -> Result<Vec<Nimber>, GraphError> {
        let graph = self.digraph();
        let (pred_offsets, predecessors) = graph.reversed();
        let preds = |v: u32| -> &[u32] {
            &predecessors[pred_offsets[v as usize] as usize..pred_offsets[v as usize + 1] as usize]
        };
        let (labels, complete) = crate::loopy::kahn_labels(graph, &preds);
        if !complete {
            return Err(self.find_cycle(&labels));
        }
        Ok(labels
            .into_iter()
            .map(|v| Nimber::new(u64::from(v)))
            .collect())
    }

    /// A vertex on a cycle, given that the unsolved vertices are exactly
    /// those that reach a cycle.
    fn find_cycle(&self, labels: &[u32]) -> GraphError {
        let unsolved = |v: u32| labels[v as usize] == crate::loopy::INFINITE;
        let start = (0..labels.len() as u32).find(|&v| unsolved(v)).unwrap_or(0);
        let mut visited = vec![false; self.vertex_count()];
        let mut v = start;
        while !visited[v as usize] {
            visited[v as usize] = true;
            // An unsolved vertex always has an unsolved successor.
            match self.successors(v).iter().find(|&&s| unsolved(s)) {
                Some(&s) => v = s,
                None => break,
            }
        }
        GraphError::Cycle {
            name: self.name(v).to_owned(),
            line: self.line(v),
        }
    }
}

impl Ruleset for Graph {
    type Position = u32;

    fn options(&self, position: &u32, out: &mut Options<u32>) -> Result<(), GameError> {
        if (*position as usize) >= self.vertex_count() {
            return Err(GameError::InvalidPosition {
                text: position.to_string(),
                reason: "no such vertex".to_owned(),
            });
        }
        for &s in self.successors(*position) {
            out.push_option([s]);
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<u32, GameError> {
        self.vertex(text).ok_or_else(|| GameError::InvalidPosition {
            text: text.to_owned(),
            reason: "the graph has no vertex of that name".to_owned(),
        })
    }

    fn format_position(&self, position: &u32) -> String {
        self.names
            .get(*position as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{position}"))
    }

    fn describe_move(&self, from: &u32, to: &[u32]) -> String {
        let to: Vec<String> = to.iter().map(|p| self.format_position(p)).collect();
        format!(
            "move from {} to {}",
            self.format_position(from),
            to.join(" + ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;

    const SMALL: &str = "\
# a small game
a: b c   # a comment
b: d
c: d e

d:
e: d
";

    #[test]
    fn values_of_a_small_graph() {
        let g = Graph::parse(SMALL).unwrap();
        let values = g.solve_all().unwrap();
        let by_name = |n: &str| values[g.vertex(n).unwrap() as usize].value();
        assert_eq!(by_name("d"), 0);
        assert_eq!(by_name("e"), 1);
        assert_eq!(by_name("b"), 1);
        assert_eq!(by_name("c"), 2);
        assert_eq!(by_name("a"), 0);
        let mut solver = Solver::new(&g);
        for v in 0..g.vertex_count() as u32 {
            assert_eq!(solver.value(&v).unwrap(), values[v as usize]);
        }
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            Graph::parse("a: b\nb:\na:\n").unwrap_err(),
            GraphError::DuplicateVertex {
                name: "a".into(),
                line: 3,
                first_line: 1
            }
        );
        assert_eq!(
            Graph::parse("a: b\nb: cc\n").unwrap_err(),
            GraphError::UndefinedSuccessor {
                name: "cc".into(),
                vertex: "b".into(),
                line: 2
            }
        );
        assert_eq!(
            Graph::parse("\n\nfoo bar\n").unwrap_err(),
            GraphError::MissingColon { line: 3 }
        );
        assert_eq!(
            Graph::parse(" : a\n").unwrap_err(),
            GraphError::EmptyName { line: 1 }
        );
        assert!(matches!(
            Graph::parse("a: b:c\n").unwrap_err(),
            GraphError::BadName { line: 1, .. }
        ));
    }

    #[test]
    fn cycles_are_named() {
        let g = Graph::parse("start: x\nx: y\ny: z end\nz: x\nend:\n").unwrap();
        match g.solve_all().unwrap_err() {
            GraphError::Cycle { name, line } => {
                assert!(["x", "y", "z"].contains(&name.as_str()), "{name}");
                assert_eq!(g.line(g.vertex(&name).unwrap()), line);
            }
            other => panic!("unexpected {other:?}"),
        }
        let mut solver = Solver::new(&g);
        match solver.value(&0).unwrap_err() {
            GameError::Cycle { position } => assert!(["x", "y", "z"].contains(&position.as_str())),
            other => panic!("unexpected {other:?}"),
        }
        // A self-loop is a cycle too.
        let g = Graph::parse("a: a\n").unwrap();
        assert!(matches!(g.solve_all(), Err(GraphError::Cycle { .. })));
    }
}

//! Where a solve's graph comes from: a graph of the text format (or a
//! loopy family's graph, such as `windup:N:S`), held whole by each
//! process, or a binary edge list, streamed by each worker, which keeps
//! only the edges of its own vertices.
//!
//! **The binary edge-list format** (little-endian throughout):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `GRUNDYEL` |
//! | 4 | the format version, 1 |
//! | 4 | the vertex count n (vertices are 0..n) |
//! | 8 | the edge count m |
//! | 8m | the edges, each a move as (from: u32, to: u32) |
//! | 4 | the CRC-32 of every byte before it |
//!
//! A file whose length does not match its counts, whose vertices are out
//! of range, or whose checksum fails is refused before any round starts.

use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use grundy::Graph;

use crate::SolveError;

/// The magic bytes that start a binary edge list.
pub const EDGE_LIST_MAGIC: &[u8; 8] = b"GRUNDYEL";

/// The version of the binary edge-list format written and read.
pub const EDGE_LIST_VERSION: u32 = 1;

const HEADER_BYTES: u64 = 8 + 4 + 4 + 8;

/// A game graph to solve.
#[derive(Clone, Debug)]
pub enum GraphSource {
    /// A graph in memory (text format or a family's graph), with names.
    Graph(Arc<Graph>),
    /// A binary edge list on disk (numbered vertices).
    EdgeList(PathBuf),
    /// A game's state space from a start, listed by the workers
    /// themselves, each its share of the positions.
    StateSpace(StateSpace),
}

/// A game's state space as a solve lists it: the positions reachable
/// from `start`, each a sum named as [`grundy::sum_evaluator::SumEvaluator::state_space`]
/// names it, owned by the worker a hash of its name picks.
#[derive(Clone, Debug)]
pub struct StateSpace {
    /// The game.
    pub game: Arc<dyn grundy::sum_evaluator::SumEvaluator>,
    /// The start's name ([`grundy::sum_evaluator::SumEvaluator::state_name`]).
    pub start: String,
    /// The most positions it may have.
    pub limit: usize,
}

impl GraphSource {
    /// The number of vertices (a binary list's header is read and the
    /// whole file checked).
    pub fn vertex_count(&self) -> Result<u32, SolveError> {
        match self {
            GraphSource::Graph(graph) => u32::try_from(graph.vertex_count()).map_err(|_| {
                SolveError::Limit(format!(
                    "{} vertices: at most {} fit the database's vertex numbers",
                    graph.vertex_count(),
                    u32::MAX
                ))
            }),
            GraphSource::EdgeList(path) => Ok(check_edge_list(path)?.0),
            GraphSource::StateSpace(_) => Err(listed_by_workers()),
        }
    }

    /// The vertices' names in order, when the graph has names (a binary
    /// edge list's vertices are numbers).
    pub fn names(&self) -> Option<impl Iterator<Item = &str>> {
        match self {
            GraphSource::Graph(graph) => {
                Some((0..graph.vertex_count() as u32).map(|v| graph.name(v)))
            }
            GraphSource::EdgeList(_) | GraphSource::StateSpace(_) => None,
        }
    }

    /// Calls `edge(from, to)` for every move of the graph, in the order
    /// of the source.
    pub fn for_each_edge(&self, mut edge: impl FnMut(u32, u32)) -> Result<(), SolveError> {
        match self {
            GraphSource::Graph(graph) => {
                for v in 0..graph.vertex_count() as u32 {
                    for &s in graph.successors(v) {
                        edge(v, s);
                    }
                }
                Ok(())
            }
            GraphSource::StateSpace(_) => Err(listed_by_workers()),
            GraphSource::EdgeList(path) => {
                let (_, edges) = read_header(path)?;
                edge_blocks(path, edges, |block| {
                    for pair in block.chunks_exact(8) {
                        let (from, to) = split_pair(pair);
                        edge(from, to);
                    }
                })
            }
        }
    }
}

/// A state space's vertices and edges are known once the workers have
/// listed it, not before.
fn listed_by_workers() -> SolveError {
    SolveError::Limit("a state space's vertices are listed by the solve's workers".to_owned())
}

/// Edges read per block: 512 KiB at a time, not eight bytes a call.
const BLOCK_EDGES: u64 = 1 << 16;

/// Calls `block` with the edges' bytes, a block at a time, in order.
fn edge_blocks(path: &Path, edges: u64, mut block: impl FnMut(&[u8])) -> Result<(), SolveError> {
    let io = |e: std::io::Error| SolveError::io(path, e);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut skip = [0u8; HEADER_BYTES as usize];
    file.read_exact(&mut skip).map_err(io)?;
    let mut buffer = vec![0u8; (BLOCK_EDGES * 8) as usize];
    let mut left = edges;
    while left > 0 {
        let take = left.min(BLOCK_EDGES);
        let bytes = &mut buffer[..(take * 8) as usize];
        file.read_exact(bytes).map_err(io)?;
        block(bytes);
        left -= take;
    }
    Ok(())
}

fn split_pair(pair: &[u8]) -> (u32, u32) {
    let from = u32::from_le_bytes([pair[0], pair[1], pair[2], pair[3]]);
    let to = u32::from_le_bytes([pair[4], pair[5], pair[6], pair[7]]);
    (from, to)
}

/// About what a solve keeps per vertex (its labels, counters, remoteness,
/// offsets and name slot) and per edge (both directions).
const BYTES_PER_VERTEX: u64 = 40;
const BYTES_PER_EDGE: u64 = 16;

/// The vertex and edge counts of a binary edge list's header, checked
/// against the file's length.
fn read_header(path: &Path) -> Result<(u32, u64), SolveError> {
    let io = |e: std::io::Error| SolveError::io(path, e);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let length = file.metadata().map_err(io)?.len();
    let mut header = [0u8; HEADER_BYTES as usize];
    let bad = |why: String| SolveError::Format {
        path: path.to_owned(),
        reason: why,
    };
    file.read_exact(&mut header).map_err(|_| {
        bad(format!(
            "{length} bytes: shorter than the {HEADER_BYTES}-byte header"
        ))
    })?;
    if &header[..8] != EDGE_LIST_MAGIC {
        return Err(bad(
            "not a binary edge list (it does not start with GRUNDYEL)".to_owned(),
        ));
    }
    let version = u32::from_le_bytes([header[8], header[9], header[10], header[11]]);
    if version != EDGE_LIST_VERSION {
        return Err(bad(format!(
            "format version {version}; this build reads version {EDGE_LIST_VERSION}"
        )));
    }
    let vertices = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
    let mut count = [0u8; 8];
    count.copy_from_slice(&header[16..24]);
    let edges = u64::from_le_bytes(count);
    let expected = edges
        .checked_mul(8)
        .and_then(|b| b.checked_add(HEADER_BYTES + 4))
        .ok_or_else(|| bad(format!("{edges} edges cannot be")))?;
    if length != expected {
        return Err(bad(format!(
            "{length} bytes, but a header of {vertices} vertices and {edges} edges means {expected} (the file is cut or has extra bytes)"
        )));
    }
    // The header's vertices are not in the file's length (a vertex may
    // have no edge): what they need is refused up front when this machine
    // does not have it, not found out by an allocation that aborts.
    let needed = u64::from(vertices)
        .saturating_mul(BYTES_PER_VERTEX)
        .saturating_add(edges.saturating_mul(BYTES_PER_EDGE));
    if let Some(memory) = grundy::split_search::physical_memory().filter(|&m| needed > m) {
        return Err(SolveError::Limit(format!(
            "{}: {vertices} vertices and {edges} edges need about {} MB to solve; this process may use {} MB",
            path.display(),
            needed >> 20,
            memory >> 20
        )));
    }
    Ok((vertices, edges))
}

/// Reads a binary edge list whole once: its counts, every vertex in range
/// and the checksum; the error names the first edge out of range.
fn check_edge_list(path: &Path) -> Result<(u32, u64), SolveError> {
    let (vertices, edges) = read_header(path)?;
    let io = |e: std::io::Error| SolveError::io(path, e);
    let mut hasher = crc32fast::Hasher::new();
    let mut header = [0u8; HEADER_BYTES as usize];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .map_err(io)?;
    hasher.update(&header);
    let mut first_bad: Option<(u64, u32, u32)> = None;
    let mut seen = 0u64;
    edge_blocks(path, edges, |block| {
        hasher.update(block);
        for pair in block.chunks_exact(8) {
            let (from, to) = split_pair(pair);
            if (from >= vertices || to >= vertices) && first_bad.is_none() {
                first_bad = Some((seen, from, to));
            }
            seen += 1;
        }
    })?;
    if let Some((i, from, to)) = first_bad {
        return Err(SolveError::Format {
            path: path.to_owned(),
            reason: format!("edge {i} is {from} -> {to}, but the vertices are 0..{vertices}"),
        });
    }
    let mut stored = [0u8; 4];
    let mut file = std::fs::File::open(path).map_err(io)?;
    std::io::Seek::seek(&mut file, std::io::SeekFrom::End(-4)).map_err(io)?;
    file.read_exact(&mut stored).map_err(io)?;
    let computed = hasher.finalize();
    if u32::from_le_bytes(stored) != computed {
        return Err(SolveError::Format {
            path: path.to_owned(),
            reason: format!(
                "checksum {:08x} stored, {computed:08x} computed: the file is damaged",
                u32::from_le_bytes(stored)
            ),
        });
    }
    Ok((vertices, edges))
}

/// Writes a binary edge list of `vertices` vertices with these moves.
pub fn write_edge_list(
    path: &Path,
    vertices: u32,
    edges: impl IntoIterator<Item = (u32, u32)>,
) -> Result<u64, SolveError> {
    let io = |e: std::io::Error| SolveError::io(path, e);
    let mut body = Vec::new();
    let mut count = 0u64;
    for (from, to) in edges {
        if from >= vertices || to >= vertices {
            return Err(SolveError::Limit(format!(
                "edge {from} -> {to} with {vertices} vertices"
            )));
        }
        body.extend_from_slice(&from.to_le_bytes());
        body.extend_from_slice(&to.to_le_bytes());
        count += 1;
    }
    let mut header = Vec::with_capacity(HEADER_BYTES as usize);
    header.extend_from_slice(EDGE_LIST_MAGIC);
    header.extend_from_slice(&EDGE_LIST_VERSION.to_le_bytes());
    header.extend_from_slice(&vertices.to_le_bytes());
    header.extend_from_slice(&count.to_le_bytes());
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&header);
    hasher.update(&body);
    let mut out = BufWriter::new(std::fs::File::create(path).map_err(io)?);
    out.write_all(&header).map_err(io)?;
    out.write_all(&body).map_err(io)?;
    out.write_all(&hasher.finalize().to_le_bytes())
        .map_err(io)?;
    out.flush().map_err(io)?;
    Ok(count)
}

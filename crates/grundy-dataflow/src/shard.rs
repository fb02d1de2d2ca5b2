//! Where each vertex lives (which worker, which place in its shard), and
//! one worker's shard: its vertices' out-degrees and predecessors, read
//! from the graph's source.

use std::sync::Arc;

use crate::{GraphSource, SolveError};

/// Which worker each vertex lives on, and where in its shard.
#[derive(Clone, Debug)]
pub(crate) enum Layout {
    /// Vertex v on worker `v mod W`, at `v / W` (a graph read from a
    /// file: its numbers are dense, so this spreads them evenly).
    Strided { workers: usize },
    /// Worker i holds the vertices `starts[i]..starts[i + 1]`, in order (a
    /// state space the workers listed: each numbers its own positions).
    Ranges { starts: Arc<[u32]> },
}

impl Layout {
    pub(crate) fn owner(&self, v: u32) -> usize {
        match self {
            Layout::Strided { workers } => v as usize % workers,
            Layout::Ranges { starts } => starts.partition_point(|&s| s <= v) - 1,
        }
    }

    /// Vertex v's place in its owner's shard.
    pub(crate) fn local(&self, v: u32) -> usize {
        match self {
            Layout::Strided { workers } => v as usize / workers,
            Layout::Ranges { starts } => (v - starts[self.owner(v)]) as usize,
        }
    }

    /// The vertex at place `local` of worker `index`'s shard.
    pub(crate) fn vertex(&self, index: usize, local: usize) -> u32 {
        match self {
            Layout::Strided { workers } => (index + local * workers) as u32,
            Layout::Ranges { starts } => starts[index] + local as u32,
        }
    }
}

/// One worker's vertices, placed by the layout.
pub(crate) struct Shard {
    pub(crate) index: usize,
    pub(crate) layout: Layout,
    /// Out-degree of each local vertex.
    pub(crate) out_degree: Vec<u32>,
    /// Predecessors of each local vertex, compressed.
    pub(crate) pred_offsets: Vec<u64>,
    pub(crate) predecessors: Vec<u32>,
    pub(crate) edges: u64,
}

impl Shard {
    pub(crate) fn load(
        source: &GraphSource,
        vertices: u32,
        index: usize,
        workers: usize,
    ) -> Result<Shard, SolveError> {
        // Strided (the arithmetic written out: this runs per edge, twice).
        let owner = |v: u32| v as usize % workers;
        let local_count = (vertices as usize).saturating_sub(index).div_ceil(workers);
        let mut out_degree = vec![0u32; local_count];
        let mut in_degree = vec![0u64; local_count + 1];
        let mut edges = 0u64;
        // Two passes (count, then fill), so the predecessors take one
        // array sized to the data.
        source.for_each_edge(|from, to| {
            edges += 1;
            if owner(from) == index {
                out_degree[from as usize / workers] += 1;
            }
            if owner(to) == index {
                in_degree[to as usize / workers + 1] += 1;
            }
        })?;
        for i in 1..in_degree.len() {
            in_degree[i] += in_degree[i - 1];
        }
        let pred_offsets = in_degree;
        let mut fill = pred_offsets.clone();
        let mut predecessors = vec![0u32; pred_offsets[local_count] as usize];
        source.for_each_edge(|from, to| {
            if owner(to) == index {
                let slot = &mut fill[to as usize / workers];
                predecessors[*slot as usize] = from;
                *slot += 1;
            }
        })?;
        Ok(Shard {
            index,
            layout: Layout::Strided { workers },
            out_degree,
            pred_offsets,
            predecessors,
            edges,
        })
    }

    pub(crate) fn len(&self) -> usize {
        self.out_degree.len()
    }

    /// The CRC-32 of this worker's part of the graph (out-degrees and
    /// predecessors): a checkpoint resumes only on the same part.
    pub(crate) fn fingerprint(&self) -> u32 {
        let mut hasher = crc32fast::Hasher::new();
        for &d in &self.out_degree {
            hasher.update(&d.to_le_bytes());
        }
        for &p in &self.predecessors {
            hasher.update(&p.to_le_bytes());
        }
        hasher.finalize()
    }

    pub(crate) fn vertex(&self, local: usize) -> u32 {
        self.layout.vertex(self.index, local)
    }

    pub(crate) fn local(&self, v: u32) -> usize {
        self.layout.local(v)
    }

    pub(crate) fn preds(&self, local: usize) -> &[u32] {
        &self.predecessors[self.pred_offsets[local] as usize..self.pred_offsets[local + 1] as usize]
    }
}

//! The single-process solver (`LoopySolution`) on a binary edge list, to
//! set the dataflow solve's time beside it: `cargo run --release -p
//! grundy-dataflow --example single_process -- FILE`.

use grundy::loopy::{Digraph, LoopySolution};
use grundy_dataflow::GraphSource;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let file = std::env::args()
        .nth(1)
        .ok_or("usage: single_process FILE")?;
    let started = std::time::Instant::now();
    let source = GraphSource::EdgeList(file.into());
    let n = source.vertex_count()? as usize;
    let mut edges = Vec::new();
    source.for_each_edge(|from, to| edges.push((from, to)))?;
    edges.sort_unstable();
    let mut offsets = vec![0u32; n + 1];
    for &(from, _) in &edges {
        offsets[from as usize + 1] += 1;
    }
    for v in 0..n {
        offsets[v + 1] += offsets[v];
    }
    let successors: Vec<u32> = edges.iter().map(|&(_, to)| to).collect();
    drop(edges);
    let loaded = started.elapsed().as_secs_f64();
    let graph = Digraph {
        offsets: &offsets,
        successors: &successors,
    };
    let solution = LoopySolution::solve(graph);
    let p = solution.labels().iter().filter(|&&l| l == 0).count();
    println!(
        "{n} vertices, {} edges: loaded in {loaded:.2} s, solved in {:.2} s; {p} P-positions",
        successors.len(),
        started.elapsed().as_secs_f64() - loaded
    );
    Ok(())
}

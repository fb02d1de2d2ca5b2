//! Writes a random acyclic game graph in grundy's text format, for timing
//! `grundy graph` on large inputs:
//! `cargo run --release --example random_graph -- VERTICES EDGES > g.txt`.
//! Vertex i moves only to vertices below i, so the graph is acyclic.

use std::io::{self, BufWriter, Write};

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let vertices: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let edges: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(5_000_000);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        // xorshift64*: plenty for test data.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let per_vertex = edges / vertices.max(1);
    let extra = edges % vertices.max(1);
    for v in 0..vertices {
        write!(out, "v{v}:")?;
        if v > 0 {
            let count = per_vertex + u64::from(v < extra);
            for _ in 0..count {
                write!(out, " v{}", next() % v)?;
            }
        }
        writeln!(out)?;
    }
    out.flush()
}

//! Writes a random game graph as a binary edge list, for the solve's
//! benchmarks: `cargo run --release -p grundy-dataflow --example
//! random_edges -- VERTICES EDGES SEED FILE`. Each edge goes from a random
//! vertex to a random vertex (cycles included), by a fixed generator.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [vertices, edges, seed, file] = args.as_slice() else {
        return Err("usage: random_edges VERTICES EDGES SEED FILE".into());
    };
    let vertices: u32 = vertices.parse()?;
    let edges: u64 = edges.parse()?;
    let mut state: u64 = seed.parse::<u64>()? | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let list = (0..edges).map(|_| {
        let r = next();
        (
            (r % u64::from(vertices)) as u32,
            ((r >> 32) % u64::from(vertices)) as u32,
        )
    });
    let written =
        grundy_dataflow::edges::write_edge_list(std::path::Path::new(file), vertices, list)?;
    println!("{written} edges over {vertices} vertices in {file}");
    Ok(())
}

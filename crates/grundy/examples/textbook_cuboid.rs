//! The textbook cuboid-game table as a whole command, printing the same
//! lines as `grundy table cut:3 --max N`, for timing one against the other:
//! `cargo run --release --example textbook_cuboid -- 40 > table.txt`

use std::io::{self, BufWriter, Write};

#[path = "../benches/baselines/textbook_cuboid.rs"]
mod textbook;

fn main() -> io::Result<()> {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40)
        .min(textbook::MAX - 1);
    let g = textbook::textbook_table(n);
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "# cut:3: G of every box with sorted sides <= {n} (values do not depend on the order of the sides)")?;
    for x in 1..=n {
        for y in x..=n {
            for z in y..=n {
                writeln!(out, "{x}x{y}x{z} {}", g[textbook::at(x, y, z)])?;
            }
        }
    }
    out.flush()
}

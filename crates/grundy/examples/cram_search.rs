//! The value of Cram boards by the search solver, with what the search
//! did: `cargo run --release --example cram_search -- 4x9 5x7`.

use grundy::cram::Cram;
use grundy::split_search::SplitSearch;
use grundy::Ruleset;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = Cram::new();
    for text in std::env::args().skip(1) {
        let board = game.parse_position(&text)?;
        let mut search = SplitSearch::new(&game);
        let started = std::time::Instant::now();
        let value = search.value(&board)?;
        let stats = search.stats();
        println!(
            "cram {text} = {}: {:.2} s, {} positions, {} lookups, {} hits, {} entries",
            value.value(),
            started.elapsed().as_secs_f64(),
            stats.positions,
            stats.lookups,
            stats.hits,
            stats.entries
        );
    }
    Ok(())
}

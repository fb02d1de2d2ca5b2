//! The up-front estimates against the measured times, command by
//! command (issue 51): each command runs as a user runs it, with
//! `--verbose` (which prints every estimate in seconds, even those too
//! short to announce) and `--allow-long`; the estimate is read from its
//! error output, the time measured around the whole command, and the
//! ratio printed. The summary counts the commands within 2x either way.
//!
//! Run: `cargo bench -p grundy-cli --bench estimates` (about five
//! minutes). The figures depend on the machine; the ratios should not.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Instant;

/// A command still running after this many seconds is stopped.
const CAP_SECONDS: f64 = 120.0;

/// Each command: the arguments after `grundy`. Counts and sizes are
/// chosen to take about 1 to 20 seconds on the 2-core machine of the
/// benchmarks, across every family whose cost is estimated: take-and-
/// break codes leaving up to two heaps (the sparse engine) and three or
/// more (a power law), scripts, cut tables, Cram, Node and Arc Kayles
/// and Chomp searches.
const COMMANDS: &[&str] = &[
    "seq 0.B8 -n 12000",
    "seq 0.18 -n 20000",
    "seq 0.F8 -n 15000",
    "seq 4.0037 -n 16000",
    "seq treblecross -n 524288",
    "seq officers -n 4194304",
    "seq grundy -n 8388608",
    "seq 4!.0 -n 4194304",
    "seq 0.77 -n 4194304",
    "seq script:examples/kayles.rhai -n 3000",
    "seq script:examples/square-subtraction.rhai -n 100000",
    "table cut:2 --max 1000",
    "table cut:3 --max 150",
    "eval cram 4x10",
    "eval cram 5x7",
    "eval cram 3x15",
    "eval node-kayles grid:5x10",
    "eval node-kayles grid:5x11",
    "eval node-kayles grid:4x13",
    "eval arc-kayles grid:5x6",
    "eval arc-kayles grid:6x6",
    "eval chomp 12x12",
    "eval chomp 13x13",
    "eval chomp 14x14",
    "eval chomp 40,6,6,6,6,6,6",
];

fn main() {
    let grundy = env!("CARGO_BIN_EXE_grundy");
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let out = std::env::temp_dir().join(format!("grundy-estimates-{}", std::process::id()));
    let mut within = 0;
    let mut estimated = 0;
    println!(
        "{:<48} {:>12} {:>12} {:>8}",
        "command", "estimated s", "measured s", "ratio"
    );
    for command in COMMANDS {
        let mut args: Vec<&str> = command.split(' ').collect();
        let out_file = out.to_string_lossy().to_string();
        if args[0] == "seq" {
            // Written to a file, as a long run is: the estimate is of the
            // values, not of printing them.
            let _ = std::fs::remove_file(&out);
            args.extend(["--out", &out_file]);
        }
        let started = Instant::now();
        let mut child = Command::new(grundy)
            .args(&args)
            .args(["--verbose", "--allow-long"])
            .current_dir(root)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the grundy binary runs");
        // The error output is read as it comes, so a long run's pipe
        // never fills; a run past the cap is stopped and its time is a
        // lower bound.
        let mut pipe = child.stderr.take().expect("piped");
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        });
        let status = loop {
            if let Some(status) = child.try_wait().expect("waits") {
                break Some(status);
            }
            if started.elapsed().as_secs_f64() > CAP_SECONDS {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let measured = started.elapsed().as_secs_f64();
        let stderr = reader.join().expect("the reader ends");
        let _ = std::fs::remove_file(&out);
        if let Some(status) = status {
            assert!(status.success(), "{command}: {stderr}");
        }
        let capped = if status.is_none() { ">" } else { " " };
        let estimate: Option<f64> = stderr
            .lines()
            .filter_map(|l| l.strip_prefix("grundy: estimated "))
            .filter_map(|l| l.split(' ').next()?.parse().ok())
            .reduce(|a: f64, b| a + b);
        match estimate {
            Some(e) => {
                let ratio = e / measured;
                estimated += 1;
                if (0.5..=2.0).contains(&ratio) {
                    within += 1;
                }
                println!("{command:<48} {e:>12.2} {capped}{measured:>11.2} {ratio:>8.2}");
            }
            None => println!(
                "{command:<48} {:>12} {capped}{measured:>11.2} {:>8}",
                "none", "-"
            ),
        }
    }
    println!(
        "{within} of {} commands within 2x of the measured time ({estimated} estimated)",
        COMMANDS.len()
    );
}

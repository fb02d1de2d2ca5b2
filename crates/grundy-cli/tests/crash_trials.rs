//! Crash trials: `grundy seq ... --out` killed with SIGKILL at random
//! moments (and right after its values widen), resumed, killed again, and
//! finally resumed to the end must leave a file byte for byte identical to
//! an uninterrupted run's.
//!
//! Two trials per game run with the suite; a longer soak sets the count:
//!
//! ```text
//! GRUNDY_CRASH_TRIALS=20 cargo test --release -p grundy-cli --test crash_trials -- --nocapture
//! ```

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A game of the trials: its spec, the count, and what it exercises.
struct Trial {
    spec: &'static str,
    count: &'static str,
    why: &'static str,
}

const GAMES: &[Trial] = &[
    Trial {
        spec: "grundy",
        count: "2^20",
        why: "the sparse engine (two unequal heaps)",
    },
    Trial {
        spec: "allbut:1..1023",
        count: "2^19",
        why: "values widen from one byte to two at n = 262144, half-way",
    },
    Trial {
        spec: "0.F",
        count: "30000",
        why: "moves leaving three heaps (XOR-set tables restored on resume)",
    },
    Trial {
        spec: "treblecross",
        count: "2^17",
        why: "the dense engine",
    },
];

/// The binary under test: this build's, or `GRUNDY_TEST_BIN` (to try the
/// trials on another build).
fn grundy() -> Command {
    Command::new(
        std::env::var("GRUNDY_TEST_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_grundy").to_owned()),
    )
}

/// A small deterministic generator, so that a failing trial can be rerun.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn seq_command(trial: &Trial, out: &Path, resume: bool, checkpoint_secs: &str) -> Command {
    let mut command = grundy();
    command
        .args(["seq", trial.spec, "-n", trial.count, "--out"])
        .arg(out)
        .args(["--checkpoint-secs", checkpoint_secs])
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if resume {
        command.arg("--resume");
    }
    command
}

/// The uninterrupted run's file and how long it took.
fn reference(trial: &Trial, dir: &Path) -> (Vec<u8>, Duration) {
    let out = dir.join("reference.bin");
    let started = Instant::now();
    let status = seq_command(trial, &out, false, "5").status().unwrap();
    assert!(status.success(), "{}", trial.spec);
    (std::fs::read(out).unwrap(), started.elapsed())
}

/// First n whose value needs two bytes, from a sequence file's bytes.
fn first_wide(file: &[u8]) -> Option<u64> {
    if file[10] != 2 {
        return None;
    }
    let spec_len = u32::from_le_bytes(file[12..16].try_into().unwrap()) as usize;
    file[32 + spec_len..]
        .chunks_exact(2)
        .position(|c| u16::from_le_bytes([c[0], c[1]]) > 255)
        .map(|n| n as u64)
}

/// One trial: up to three kills at random moments, then a resume to the
/// end. Returns the number of kills that landed before the run finished.
fn one_trial(
    trial: &Trial,
    dir: &Path,
    rng: &mut Rng,
    full: Duration,
    widen_at: Option<u64>,
) -> u32 {
    let out = dir.join("trial.bin");
    let (partial, checkpoint) = (
        dir.join("trial.bin.partial"),
        dir.join("trial.bin.checkpoint"),
    );
    for path in [&out, &partial, &checkpoint] {
        let _ = std::fs::remove_file(path);
    }
    let intervals = ["0", "0.05", "0.5", "5"];
    let checkpoint_secs = intervals[rng.below(intervals.len() as u64) as usize];
    let mut kills = 0;
    let mut resume = false;
    // Sometimes the first crash comes right after the values widen (the
    // run aborts itself at the first progress report past that point).
    if let Some(n) = widen_at.filter(|_| rng.below(3) == 0) {
        let status = seq_command(trial, &out, false, checkpoint_secs)
            .env("GRUNDY_TEST_ABORT_AFTER", (n + 1).to_string())
            .status()
            .unwrap();
        assert!(!status.success(), "the abort hook stops the run");
        kills += 1;
        resume = true;
    }
    for _ in 0..1 + rng.below(3) {
        let mut child = seq_command(trial, &out, resume, checkpoint_secs)
            .spawn()
            .unwrap();
        let wait = Duration::from_micros(rng.below(full.as_micros() as u64 * 11 / 10));
        std::thread::sleep(wait);
        match child.try_wait().unwrap() {
            Some(status) => {
                assert!(
                    status.success(),
                    "{}: a run ended with {status}",
                    trial.spec
                );
                break;
            }
            None => {
                child.kill().unwrap(); // SIGKILL
                child.wait().unwrap();
                kills += 1;
                resume = true;
            }
        }
    }
    // A kill between the final rename and the companions' removal leaves
    // a complete file beside them: the resume a user would run clears
    // them.
    if !out.exists() || partial.exists() || checkpoint.exists() {
        let output = seq_command(trial, &out, true, checkpoint_secs)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}: the final resume failed: {}",
            trial.spec,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert!(
        !partial.exists() && !checkpoint.exists(),
        "companions removed"
    );
    kills
}

fn trials(per_game: u32) {
    // GRUNDY_CRASH_GAMES=allbut:1..1023,0.F runs only those games.
    let only = std::env::var("GRUNDY_CRASH_GAMES").ok();
    for (g, trial) in GAMES.iter().enumerate() {
        if only
            .as_ref()
            .is_some_and(|list| !list.split(',').any(|s| s == trial.spec))
        {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let (whole, full) = reference(trial, dir.path());
        let widen_at = first_wide(&whole);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (g as u64 + 1));
        let mut identical = 0;
        let mut kills = 0;
        for t in 0..per_game {
            kills += one_trial(trial, dir.path(), &mut rng, full, widen_at);
            let got = std::fs::read(dir.path().join("trial.bin")).unwrap();
            assert!(
                got == whole,
                "{} trial {t}: the resumed file differs",
                trial.spec
            );
            identical += 1;
        }
        println!(
            "crash trials: {} -n {} ({}): {identical}/{per_game} identical, {kills} kills, uninterrupted run {:.2} s",
            trial.spec,
            trial.count,
            trial.why,
            full.as_secs_f64()
        );
    }
}

/// Two trials per game, or `GRUNDY_CRASH_TRIALS` (20 take about five
/// minutes): one test at any length, none ignored.
#[test]
fn crash_trials_per_game() {
    let per_game = std::env::var("GRUNDY_CRASH_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    trials(per_game);
}

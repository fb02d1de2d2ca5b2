//! `grundy solve` and `grundy db` as a user runs them: one process, two
//! processes on loopback (each started by the test, as on a cluster), a
//! process killed mid-solve and the solve started again; every answer
//! compared with `grundy graph` (the single-process solver).

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{grundy, stdout_of};
use serde_json::Value;

/// A random graph (a fixed seed) with, in its last seven vertices, a
/// two-cycle (two draws), a vertex with a move into it and a move to a
/// terminal vertex (∞(0), N) and a vertex of value 2.
fn write_graph(path: &Path, n: u32) {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(bound)) as u32
    };
    let random = n - 7;
    let mut text = String::new();
    for v in 0..random {
        let degree = [0, 1, 1, 1, 2, 2, 3][next(7) as usize];
        let followers: Vec<String> = (0..degree).map(|_| format!(" v{}", next(random))).collect();
        text.push_str(&format!("v{v}:{}\n", followers.concat()));
    }
    let (a, b, t, c) = (random, random + 1, random + 2, random + 3);
    let (x, y, w) = (random + 4, random + 5, random + 6);
    text.push_str(&format!("v{a}: v{b}\nv{b}: v{a}\nv{t}:\nv{c}: v{a} v{t}\n"));
    text.push_str(&format!("v{x}: v{t}\nv{y}: v{x}\nv{w}: v{x} v{y} v{t}\n"));
    std::fs::write(path, text).unwrap();
}

/// A temporary directory with the random graph of `n` vertices in
/// `g.txt`, and its answers by the single-process solver.
fn random_graph_fixture(n: u32) -> (tempfile::TempDir, std::path::PathBuf, Vec<Answer>) {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("g.txt");
    write_graph(&graph, n);
    let expected = single_process(&graph);
    (dir, graph, expected)
}

/// A vertex's value symbol, outcome and remoteness (`None`: drawn).
type Answer = (String, String, Option<u64>);

/// (value symbol, outcome, remoteness) of every vertex, by `grundy graph`.
fn single_process(graph: &Path) -> Vec<Answer> {
    single_process_by_name(graph.to_str().unwrap()).1
}

/// Every vertex's name and (value symbol, outcome, remoteness), by
/// `grundy graph` on a file or a family's graph.
fn single_process_by_name(graph: &str) -> (Vec<String>, Vec<Answer>) {
    let report: Value =
        serde_json::from_str(&stdout_of(&["graph", graph, "--format", "json"])).unwrap();
    report["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["name"].as_str().unwrap().to_owned(), answer_of(v)))
        .unzip()
}

/// (value symbol, outcome, remoteness) of a vertex as `graph` and `db`
/// give it (one shape: `null` and `escapes` for an infinite value).
fn answer_of(v: &Value) -> Answer {
    let value = match v["value"].as_u64() {
        Some(m) => m.to_string(),
        None => {
            let k: Vec<String> = v["escapes"]
                .as_array()
                .map(|k| k.iter().map(|x| x.to_string()).collect())
                .unwrap_or_default();
            if k.is_empty() {
                "∞".to_owned()
            } else {
                format!("∞({})", k.join(","))
            }
        }
    };
    (
        value,
        v["outcome"].as_str().unwrap().to_owned(),
        v["remoteness"].as_u64(),
    )
}

/// The same, read from the database (vertices `v0`, `v1`, ...).
fn from_database(dir: &Path, n: u32) -> Vec<Answer> {
    let names: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
    from_database_by_name(dir, &names)
}

/// The answers for these vertices, read from the database.
fn from_database_by_name(dir: &Path, names: &[String]) -> Vec<Answer> {
    let mut args = vec![
        "db".to_owned(),
        dir.to_str().unwrap().to_owned(),
        "--format".to_owned(),
        "json".to_owned(),
    ];
    args.extend(names.iter().cloned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let report: Value = serde_json::from_str(&stdout_of(&args)).unwrap();
    report["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(answer_of)
        .collect()
}

/// The names of a state space's positions, in order: `names.txt` (one
/// process listed it), or the parts each worker wrote (the workers of
/// several processes listed it).
fn listed_names(dir: &Path, workers: usize) -> Vec<String> {
    if let Ok(text) = std::fs::read_to_string(dir.join("names.txt")) {
        return text.lines().map(str::to_owned).collect();
    }
    (0..workers)
        .flat_map(|i| {
            std::fs::read_to_string(dir.join(format!("names-{i}-of-{workers}.txt")))
                .unwrap()
                .lines()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The tests that start clusters run one at a time: two clusters started
/// at once could be given the same free ports and join each other.
static CLUSTERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_cluster_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    CLUSTERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Two free loopback ports in a host file.
fn hostfile(dir: &Path) -> std::path::PathBuf {
    hostfile_of(dir, 2)
}

/// `count` free loopback ports in a host file.
fn hostfile_of(dir: &Path, count: usize) -> std::path::PathBuf {
    let ports: Vec<u16> = (0..count)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect::<Vec<_>>()
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect();
    let path = dir.join("hosts");
    let lines: String = ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect();
    std::fs::write(&path, lines).unwrap();
    path
}

fn process(graph: &Path, out: &Path, hosts: &Path, index: usize) -> Command {
    let mut command = process_of(graph, out, hosts, index, 2);
    command.args(["-w", "2"]);
    command
}

/// Process `index` of a cluster of `processes` (one worker each).
fn process_of(graph: &Path, out: &Path, hosts: &Path, index: usize, processes: usize) -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    command.args([
        "solve",
        graph.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "-n",
        &processes.to_string(),
        "-p",
        &index.to_string(),
        "-h",
        hosts.to_str().unwrap(),
    ]);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// Runs both processes of a cluster on loopback (process 1 started
/// first, as on another host; `extra` added to both) and asserts both
/// succeed; returns process 0's standard output.
fn run_cluster(graph: &Path, out: &Path, extra: &[&str]) -> String {
    let hosts = hostfile(out.parent().unwrap());
    let mut second = process(graph, out, &hosts, 1);
    second.args(extra);
    let second = second.spawn().unwrap();
    let mut first = process(graph, out, &hosts, 0);
    first.args(extra);
    let first = first.output().unwrap();
    let second = second.wait_with_output().unwrap();
    for (name, result) in [("process 0", &first), ("process 1", &second)] {
        assert!(
            result.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&result.stderr)
        );
    }
    String::from_utf8(first.stdout).unwrap()
}

#[test]
fn one_process_agrees_with_the_single_process_solver() {
    let (dir, graph, expected) = random_graph_fixture(300);
    // Draws, infinite values and several finite values are all exercised.
    assert!(expected.iter().any(|v| v.1 == "D"), "{expected:?}");
    assert!(expected.iter().any(|v| v.0.starts_with("∞(")));
    assert!(expected.iter().any(|v| v.0 == "2"));
    for workers in ["1", "3"] {
        let out = dir.path().join(format!("db{workers}"));
        let text = stdout_of(&[
            "solve",
            graph.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "-w",
            workers,
        ]);
        assert!(text.contains("solved 300 vertices"), "{text}");
        assert_eq!(from_database(&out, 300), expected, "{workers} workers");
    }
}

#[test]
fn two_processes_on_loopback_agree_and_survive_a_kill_then_a_restart() {
    let _cluster = one_cluster_at_a_time();
    let (dir, graph, expected) = random_graph_fixture(300);
    let out = dir.path().join("db");

    // Both processes, as on two hosts: the same arguments but -p.
    let text = run_cluster(&graph, &out, &[]);
    assert!(text.contains("on 4 workers"), "{text}");
    assert_eq!(from_database(&out, 300), expected);

    // A long solve (a path of 20000 vertices takes a round per step),
    // the second process killed in the middle: the first stops with an
    // error saying so, and leaves no manifest.
    let path = dir.path().join("path.txt");
    let mut text = String::new();
    for v in 0..20_000u32 {
        if v + 1 < 20_000 {
            text.push_str(&format!("v{v}: v{}\n", v + 1));
        } else {
            text.push_str(&format!("v{v}:\n"));
        }
    }
    std::fs::write(&path, text).unwrap();
    let killed_out = dir.path().join("killed");
    let hosts = hostfile(dir.path());
    let mut second = process(&path, &killed_out, &hosts, 1).spawn().unwrap();
    let first = process(&path, &killed_out, &hosts, 0).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    second.kill().unwrap();
    let _ = second.wait();
    let started = Instant::now();
    let first = first.wait_with_output().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "the survivor must stop, not wait"
    );
    assert_eq!(
        first.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&first.stdout)
    );
    let error = String::from_utf8_lossy(&first.stderr);
    assert!(
        error.contains("a process of the cluster stopped"),
        "{error}"
    );
    assert!(!killed_out.join("MANIFEST").exists());
    let refused = grundy()
        .args(["db", killed_out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("did not finish"));

    // Started again (on the small graph, into the same directory): a
    // complete database with the same answers.
    run_cluster(&graph, &killed_out, &[]);
    assert_eq!(from_database(&killed_out, 300), expected);
}

/// Issue 52 §4: a two-process `--format json` wrote timely's "awaiting
/// connections" and "error connecting ... retrying" to stdout before the
/// JSON, and a process killed while the cluster connected left the others
/// waiting the whole --connect-timeout. The waiting is said on stderr, the
/// stdout is the JSON alone, and a peer gone during the set-up stops the
/// rest at once, naming it.
#[test]
fn a_cluster_connects_quietly_and_notices_a_peer_dead_during_set_up() {
    let _cluster = one_cluster_at_a_time();
    let (dir, graph, expected) = random_graph_fixture(300);
    let out = dir.path().join("db");
    let hosts = hostfile(dir.path());
    // Process 0 first, so that it waits (and says so) for process 1.
    let first = process(&graph, &out, &hosts, 0)
        .args(["--format", "json"])
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let second = process(&graph, &out, &hosts, 1)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let first = first.wait_with_output().unwrap();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    let report: Value = serde_json::from_slice(&first.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON alone ({e}): {}",
            String::from_utf8_lossy(&first.stdout)
        )
    });
    assert_eq!(report["vertices"], 300, "{report}");
    assert!(
        second.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&second.stdout)
    );
    let said = String::from_utf8_lossy(&first.stderr);
    assert!(said.contains("process 0 waiting for process 1"), "{said}");
    assert_eq!(from_database(&out, 300), expected);

    // Three processes; 0 and 1 connect, 1 is killed while both wait for 2.
    let hosts = hostfile_of(dir.path(), 3);
    let db3 = dir.path().join("db3");
    let three = |index: usize| {
        let mut command = process_of(&graph, &db3, &hosts, index, 3);
        command.args(["--connect-timeout", "120"]);
        command
    };
    let waiting = three(0).spawn().unwrap();
    let mut dying = three(1).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(2000));
    dying.kill().unwrap();
    let _ = dying.wait();
    let killed_at = Instant::now();
    let waiting = waiting.wait_with_output().unwrap();
    assert!(
        killed_at.elapsed() < Duration::from_secs(20),
        "waited {:?} after its peer died",
        killed_at.elapsed()
    );
    assert_eq!(waiting.status.code(), Some(2));
    let error = String::from_utf8_lossy(&waiting.stderr);
    assert!(error.contains("process 1"), "{error}");
    assert!(error.contains("closed its connection"), "{error}");
    assert!(
        waiting.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&waiting.stdout)
    );
}

/// A board's state space listed and solved by two processes on
/// loopback (four workers, each listing its share of the positions)
/// against one process with one worker: the same positions, moves and
/// answers.
#[test]
fn a_state_space_listed_by_two_processes_agrees_with_one() {
    let _cluster = one_cluster_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let alone = dir.path().join("alone");
    let text = stdout_of(&["solve", "cram", "4x4", "-o", alone.to_str().unwrap()]);
    let out = dir.path().join("cluster");
    let cluster_text = run_cluster(Path::new("cram"), &out, &["4x4"]);
    assert!(cluster_text.contains("on 4 workers"), "{cluster_text}");
    let totals = |t: &str| {
        let line = t.lines().find(|l| l.starts_with("solved")).unwrap();
        line.split(" on ").next().unwrap().to_owned()
    };
    assert_eq!(totals(&cluster_text), totals(&text));
    let mut names = listed_names(&out, 4);
    assert_eq!(names.len(), listed_names(&alone, 1).len());
    names.sort();
    assert_eq!(names, {
        let mut one = listed_names(&alone, 1);
        one.sort();
        one
    });
    assert_eq!(
        from_database_by_name(&out, &names),
        from_database_by_name(&alone, &names)
    );
}

#[test]
fn bad_requests_are_clear_errors() {
    let _cluster = one_cluster_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("g.txt");
    write_graph(&graph, 10);
    let out = dir.path().join("db");
    let cases: [(&[&str], &str); 3] = [
        (&["-n", "2", "-p", "2"], "indices are 0..2"),
        (&["-w", "0"], "at least one worker"),
        (
            &["-n", "3", "-h", "/nonexistent/hosts"],
            "/nonexistent/hosts",
        ),
    ];
    for (extra, expected) in cases {
        let mut args = vec![
            "solve",
            graph.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let result = grundy().args(&args).output().unwrap();
        assert_eq!(result.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8_lossy(&result.stderr);
        assert!(error.contains(expected), "{args:?}: {error}");
    }
    // A cluster whose other process never starts: stopped with the reason
    // once the wait is over, not left waiting.
    let hosts = hostfile(dir.path());
    let started = Instant::now();
    let alone = grundy()
        .args([
            "solve",
            graph.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "-n",
            "2",
            "-p",
            "0",
            "-h",
            hosts.to_str().unwrap(),
            "--connect-timeout",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(alone.status.code(), Some(2));
    assert!(started.elapsed() < Duration::from_secs(30));
    let error = String::from_utf8_lossy(&alone.stderr);
    assert!(error.contains("did not connect within 1 s"), "{error}");
    let zero = grundy()
        .args([
            "solve",
            graph.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--connect-timeout",
            "0",
        ])
        .output()
        .unwrap();
    assert_eq!(zero.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&zero.stderr).contains("above 0"));
    stdout_of(&[
        "solve",
        graph.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    let missing = grundy()
        .args(["db", out.to_str().unwrap(), "nowhere"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no vertex 'nowhere'"));
}

/// The state spaces of a loopy family's graph and of a small board, each
/// solved both ways: `grundy solve` against `grundy graph` (every vertex of
/// windup:10:3,4) and against `grundy eval` (Cram 4x5 and a sample of the
/// sums of regions reachable from it, each evaluated by the search).
#[test]
fn state_spaces_of_a_loopy_family_and_a_board_solved_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("windup");
    stdout_of(&[
        "solve",
        "windup:10:3,4",
        "-o",
        out.to_str().unwrap(),
        "-w",
        "2",
    ]);
    let (names, expected) = single_process_by_name("windup:10:3,4");
    assert!(
        expected.iter().any(|v| v.0.starts_with("∞(")),
        "windup:10:3,4 has ∞(0)"
    );
    assert!(expected.iter().any(|v| v.1 == "D"), "and draws");
    assert_eq!(from_database_by_name(&out, &names), expected);
    // Issue 51: one shape for the same thing. Each vertex of `db` is the
    // vertex `graph` gives, as parsed JSON (a value or null with its
    // escapes), in the CLI as in Python's `database()`.
    let graph: Value =
        serde_json::from_str(&stdout_of(&["graph", "windup:10:3,4", "--format", "json"])).unwrap();
    let mut args = vec!["db", out.to_str().unwrap(), "--format", "json"];
    args.extend(names.iter().map(String::as_str));
    let db: Value = serde_json::from_str(&stdout_of(&args)).unwrap();
    assert_eq!(db["vertices"], graph["vertices"]);

    let out = dir.path().join("cram");
    let text = stdout_of(&[
        "solve",
        "cram",
        "4x5",
        "-o",
        out.to_str().unwrap(),
        "-w",
        "2",
    ]);
    assert!(text.contains("solved 2523 vertices"), "{text}");
    let names = listed_names(&out, 2);
    // The start, and every 97th sum reached (with the empty sum).
    let sample: Vec<String> = names.iter().step_by(97).cloned().collect();
    assert!(sample.len() > 20);
    let answers = from_database_by_name(&out, &sample);
    for (name, (value, outcome, _)) in sample.iter().zip(&answers) {
        let mut args = vec!["eval", "cram"];
        let parts: Vec<&str> = if name == "0" {
            Vec::new()
        } else {
            name.split(" + ").collect()
        };
        if parts.is_empty() {
            assert_eq!((value.as_str(), outcome.as_str()), ("0", "P"));
            continue;
        }
        args.extend(parts);
        args.extend(["--format", "json"]);
        let eval: Value = serde_json::from_str(&stdout_of(&args)).unwrap();
        assert_eq!(value, &eval["value"].to_string(), "{name}");
    }
    assert_eq!(answers[0].0, "2", "Cram 4x5 has value 2 (Beling's table)");

    // The database as an endgame table: its regions' values feed the
    // search of a larger board, which then searches less and agrees.
    let cache = dir.path().join("cram.cache");
    let export = grundy()
        .args([
            "db",
            out.to_str().unwrap(),
            "--export-cache",
            cache.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(export.status.success());
    assert!(String::from_utf8_lossy(&export.stderr).contains("solved parts of cram written"));
    let plain: Value =
        serde_json::from_str(&stdout_of(&["eval", "cram", "5x5", "--format", "json"])).unwrap();
    let helped: Value = serde_json::from_str(&stdout_of(&[
        "eval",
        "cram",
        "5x5",
        "--cache",
        cache.to_str().unwrap(),
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(helped["value"], plain["value"]);
    assert_eq!(helped["winning_moves"], plain["winning_moves"]);
    assert!(
        helped["search"]["cache_loaded"].as_u64().unwrap() > 1000,
        "{}",
        helped["search"]
    );
    assert!(
        helped["search"]["positions"].as_u64() < plain["search"]["positions"].as_u64(),
        "{} against {}",
        helped["search"],
        plain["search"]
    );
}

/// A process that dies after the checkpoint of level 2 (the test hook
/// aborts it there, as a kill would): the other stops with an error, both
/// started again with --resume go on from level 2, and the database has
/// the single-process answers; a fresh start without --resume clears the
/// checkpoints, and --resume with another layout is refused.
#[test]
fn a_solve_stopped_after_a_level_resumes_from_its_checkpoint() {
    let _cluster = one_cluster_at_a_time();
    let (dir, graph, expected) = random_graph_fixture(300);
    let out = dir.path().join("db");

    let hosts = hostfile(dir.path());
    let mut dying = process(&graph, &out, &hosts, 1);
    dying.env("GRUNDY_TEST_ABORT_AFTER_LEVEL", "2");
    let dying = dying.spawn().unwrap();
    let survivor = process(&graph, &out, &hosts, 0).output().unwrap();
    assert!(!dying.wait_with_output().unwrap().status.success());
    assert_eq!(survivor.status.code(), Some(2));
    assert!(!out.join("MANIFEST").exists());
    let checkpoint = std::fs::read_to_string(out.join("CHECKPOINT")).unwrap();
    assert!(checkpoint.starts_with("level 2\n"), "{checkpoint}");

    // Another layout cannot use these checkpoints.
    let refused = grundy()
        .args([
            "solve",
            graph.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--resume",
        ])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("on 4 workers"));

    let text = run_cluster(&graph, &out, &["--resume"]);
    assert!(
        text.contains("resumed from the checkpoint of level 2"),
        "{text}"
    );
    assert_eq!(from_database(&out, 300), expected);
    let left: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("checkpoint") || name == "CHECKPOINT")
        .collect();
    assert!(
        left.is_empty(),
        "a finished solve leaves no checkpoint: {left:?}"
    );
}

/// A state space's solve stopped after a level resumes from its
/// checkpoint: the workers list the positions again, in the same order
/// (the listing is deterministic), so the checkpoint fits and the
/// database has the answers of a solve never stopped.
#[test]
fn a_listed_state_space_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stopped");
    let args = [
        "solve",
        "cram",
        "4x5",
        "-o",
        out.to_str().unwrap(),
        "-w",
        "3",
        "--list-on-workers",
    ];
    let stopped = grundy()
        .args(args)
        .env("GRUNDY_TEST_ABORT_AFTER_LEVEL", "2")
        .output()
        .unwrap();
    assert!(!stopped.status.success());
    assert!(!out.join("MANIFEST").exists());
    let mut again = args.to_vec();
    again.push("--resume");
    let resumed = stdout_of(&again);
    assert!(out.join("names-2-of-3.txt").exists());
    assert!(
        resumed.contains("resumed from the checkpoint of level 2"),
        "{resumed}"
    );
    let fresh = dir.path().join("fresh");
    stdout_of(&["solve", "cram", "4x5", "-o", fresh.to_str().unwrap()]);
    let names = listed_names(&out, 3);
    assert_eq!(names.len(), 2523);
    assert_eq!(
        from_database_by_name(&out, &names),
        from_database_by_name(&fresh, &names)
    );
}

/// Ctrl-C during a solve: the worker stops before the next value, once
/// the values below it are checkpointed, saying so (exit 130, no
/// database); the same command with --resume finishes it with the totals
/// of a solve never stopped.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_solve_at_a_checkpoint_that_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stopped");
    let args = ["solve", "cram", "5x6", "-o", out.to_str().unwrap()];
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once value 1's start is checkpointed, the listing is over.
    let waiting = Instant::now();
    while !out.join("checkpoint-1-0-of-1.bin").exists() {
        assert!(
            waiting.elapsed() < Duration::from_secs(120),
            "no checkpoint"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let message = common::interrupted(child);
    assert!(
        message.contains("stopped on request before value"),
        "{message}"
    );
    assert!(message.contains("--resume goes on from there"), "{message}");
    assert!(!out.join("MANIFEST").exists(), "no database");
    let mut again = args.to_vec();
    again.extend(["--resume", "--format", "json"]);
    let resumed: Value = serde_json::from_str(&stdout_of(&again)).unwrap();
    assert!(
        resumed["resumed_from_level"].as_u64().unwrap() >= 1,
        "{resumed}"
    );
    let fresh = dir.path().join("fresh");
    let whole: Value = serde_json::from_str(&stdout_of(&[
        "solve",
        "cram",
        "5x6",
        "-o",
        fresh.to_str().unwrap(),
        "--format",
        "json",
    ]))
    .unwrap();
    for total in [
        "vertices",
        "edges",
        "p_positions",
        "n_positions",
        "draws",
        "largest_value",
    ] {
        assert_eq!(resumed[total], whole[total], "{total}");
    }
}

/// Issue 54: the state space of a sum of different games, solved as one
/// graph: every position is named as the sum is written (each component
/// with its game), the start's value and remoteness are eval's, and each
/// of eval's winning moves leads to a vertex of value 0 in the database.
#[test]
fn a_sum_of_different_games_is_solved_as_its_state_space() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mixed");
    let sum = ["kayles", "5", "+", "nim", "3", "+", "cram", "2x3"];
    let solved = grundy()
        .args(["solve", "--out"])
        .arg(&out)
        .args(sum)
        .output()
        .unwrap();
    assert!(solved.status.success(), "{solved:?}");
    let eval_args = [&["eval", "--remoteness", "--format", "json"][..], &sum[..]].concat();
    let eval: Value = serde_json::from_str(&stdout_of(&eval_args)).unwrap();
    let named = |texts: &[Value], games: &[Value]| -> String {
        texts
            .iter()
            .zip(games)
            .map(|(t, g)| {
                let t = t.as_str().map_or_else(|| t.to_string(), str::to_owned);
                format!("{} {t}", g.as_str().unwrap())
            })
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let start = named(
        eval["position"].as_array().unwrap(),
        eval["component_games"].as_array().unwrap(),
    );
    let mut asked = vec![start.clone()];
    let moves = eval["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        asked.push(named(
            m["result"].as_array().unwrap(),
            m["result_games"].as_array().unwrap(),
        ));
    }
    let out_text = out.display().to_string();
    let mut db_args = vec!["db", "--format", "json", out_text.as_str()];
    db_args.extend(asked.iter().map(String::as_str));
    let db: Value = serde_json::from_str(&stdout_of(&db_args)).unwrap();
    let vertices = db["vertices"].as_array().unwrap();
    assert_eq!(vertices[0]["name"], start.as_str());
    assert_eq!(vertices[0]["value"], eval["value"]);
    assert_eq!(vertices[0]["remoteness"], eval["remoteness"]);
    for v in &vertices[1..] {
        assert_eq!(v["value"], 0, "{v}");
    }
}

//! The dataflow solve against the single-process solver
//! (`LoopySolution`): the same value (finite or ∞(K)), outcome and
//! remoteness for every vertex of random graphs, acyclic and with
//! cycles, with 1, 2 and 4 workers, read back from the database.

use std::sync::Arc;

use grundy::loopy::LoopySolution;
use grundy::Graph;
use grundy_dataflow::db::Database;
use grundy_dataflow::edges::write_edge_list;
use grundy_dataflow::{solve, Cluster, GraphSource, DRAWN};
use proptest::prelude::*;

fn graph_of(followers: &[Vec<u32>]) -> Arc<Graph> {
    let names = (0..followers.len()).map(|v| format!("v{v}")).collect();
    Arc::new(Graph::from_followers(names, followers).expect("valid graph"))
}

/// Random graphs of up to 40 vertices; with `acyclic`, moves go only to
/// higher-numbered vertices.
fn graphs(acyclic: bool) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1usize..40).prop_flat_map(move |n| {
        prop::collection::vec(prop::collection::vec(0..n as u32, 0..4), n).prop_map(move |mut f| {
            if acyclic {
                for (v, list) in f.iter_mut().enumerate() {
                    list.retain(|&s| s as usize > v);
                }
            }
            f
        })
    })
}

fn check(followers: &[Vec<u32>], threads: usize) -> Result<(), TestCaseError> {
    let graph = graph_of(followers);
    let expected = LoopySolution::solve(graph.digraph());
    let dir = tempfile::tempdir().expect("temp dir");
    let cluster = Cluster {
        threads,
        ..Cluster::default()
    };
    let summary = solve(GraphSource::Graph(graph.clone()), &cluster, dir.path()).expect("solve");
    let db = Database::open(dir.path()).expect("database reads back");
    prop_assert_eq!(db.len(), followers.len());
    let (mut p, mut draws) = (0, 0);
    for v in 0..followers.len() as u32 {
        let answer = db.get(v).expect("every vertex");
        let value = expected.value(graph.digraph(), v);
        prop_assert_eq!(
            &answer.value(),
            &value,
            "vertex {} with {} workers",
            v,
            threads
        );
        prop_assert_eq!(
            answer.remoteness,
            expected.remoteness()[v as usize],
            "remoteness of {}",
            v
        );
        prop_assert_eq!(db.name(v), format!("v{v}"));
        match value.outcome() {
            grundy::sum::Outcome::P => p += 1,
            grundy::sum::Outcome::Draw => draws += 1,
            _ => {}
        }
        // A drawn vertex has no remoteness and only a draw lacks it.
        prop_assert_eq!(
            answer.remoteness == DRAWN,
            value.outcome() == grundy::sum::Outcome::Draw
        );
    }
    prop_assert_eq!(summary.p_positions, p);
    prop_assert_eq!(summary.draws, draws);
    prop_assert_eq!(db.summary.p_positions, p);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn loopy_graphs_agree_with_the_single_process_solver(followers in graphs(false), threads in prop::sample::select(vec![1usize, 2, 4])) {
        check(&followers, threads)?;
    }

    #[test]
    fn acyclic_graphs_agree_with_the_single_process_solver(followers in graphs(true), threads in prop::sample::select(vec![1usize, 2, 4])) {
        check(&followers, threads)?;
    }
}

/// Every worker count gives byte-identical answers on one graph with
/// values past 0 and 1, infinite values with K and draws.
#[test]
fn worker_counts_agree_on_one_graph() {
    // 0 -> 1 -> 2 (a path: values 0, 1, 0), 3 <-> 4 (a two-cycle: draws),
    // 5 -> {3, 2} (∞(0): N), 6 -> {0, 1, 2} (value 2).
    let followers = vec![
        vec![1],
        vec![2],
        vec![],
        vec![4],
        vec![3],
        vec![3, 2],
        vec![0, 1, 2],
    ];
    let graph = graph_of(&followers);
    let mut seen = Vec::new();
    for threads in [1, 2, 3, 4] {
        let dir = tempfile::tempdir().expect("temp dir");
        let cluster = Cluster {
            threads,
            ..Cluster::default()
        };
        solve(GraphSource::Graph(graph.clone()), &cluster, dir.path()).expect("solve");
        let db = Database::open(dir.path()).expect("reads back");
        let symbols: Vec<String> = (0..7)
            .map(|v| db.get(v).expect("vertex").value().symbol())
            .collect();
        seen.push(symbols);
    }
    let expected: Vec<String> = ["0", "1", "0", "∞", "∞", "∞(0)", "2"]
        .map(str::to_owned)
        .to_vec();
    assert_eq!(seen[0], expected);
    for other in &seen[1..] {
        assert_eq!(other, &seen[0]);
    }
}

/// The binary edge list gives what the same graph in memory gives, and a
/// damaged list is refused with the reason.
#[test]
fn binary_edge_lists_solve_the_same_and_damage_is_refused() {
    let followers = vec![vec![1, 2], vec![2, 0], vec![], vec![3], vec![0, 3]];
    let graph = graph_of(&followers);
    let dir = tempfile::tempdir().expect("temp dir");
    let list = dir.path().join("g.edges");
    let edges = followers
        .iter()
        .enumerate()
        .flat_map(|(v, l)| l.iter().map(move |&s| (v as u32, s)));
    write_edge_list(&list, 5, edges).expect("written");
    let out = dir.path().join("db");
    solve(
        GraphSource::EdgeList(list.clone()),
        &Cluster {
            threads: 2,
            ..Cluster::default()
        },
        &out,
    )
    .expect("solve");
    let db = Database::open(&out).expect("reads back");
    let expected = LoopySolution::solve(graph.digraph());
    for v in 0..5 {
        assert_eq!(
            db.get(v).expect("vertex").value(),
            expected.value(graph.digraph(), v)
        );
        assert_eq!(db.name(v), v.to_string());
    }
    // One flipped bit in an edge: the checksum says so.
    let mut bytes = std::fs::read(&list).expect("read");
    bytes[26] ^= 1;
    std::fs::write(&list, &bytes).expect("write");
    let error = solve(GraphSource::EdgeList(list), &Cluster::default(), &out).expect_err("damaged");
    let text = error.to_string();
    assert!(
        text.contains("checksum") || text.contains("vertices are"),
        "{text}"
    );
}

/// A damaged shard or a missing manifest is refused on read.
#[test]
fn damaged_databases_are_refused() {
    let graph = graph_of(&[vec![1], vec![2], vec![]]);
    let dir = tempfile::tempdir().expect("temp dir");
    solve(
        GraphSource::Graph(graph),
        &Cluster {
            threads: 2,
            ..Cluster::default()
        },
        dir.path(),
    )
    .expect("solve");
    let shard = dir.path().join("shard-1-of-2.grdb");
    let mut bytes = std::fs::read(&shard).expect("shard");
    bytes[40] ^= 4;
    std::fs::write(&shard, &bytes).expect("write");
    let error = Database::open(dir.path()).expect_err("damaged").to_string();
    assert!(
        error.contains("checksum") && error.contains("damaged"),
        "{error}"
    );
    std::fs::remove_file(dir.path().join("MANIFEST")).expect("remove");
    let error = Database::open(dir.path())
        .expect_err("unfinished")
        .to_string();
    assert!(error.contains("no MANIFEST"), "{error}");
}

/// Issue 52: every byte an answer depends on is checked. A named graph
/// (its names in `names.txt`) is solved; then each byte of each file of
/// the database is changed in turn (the manifest and the names whole, a
/// sample of the shards) and every vertex looked up by name: the database
/// is refused, or it answers exactly what the undamaged one does. Before,
/// a name changed in `names.txt` answered another vertex's value.
#[test]
fn no_damaged_byte_changes_an_answer() {
    let names: Vec<String> = ["r1", "r2", "r3", "loop", "end"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let followers = vec![vec![1, 2], vec![2], vec![4], vec![3, 0], vec![]];
    let graph = Arc::new(Graph::from_followers(names.clone(), &followers).expect("valid graph"));
    let dir = tempfile::tempdir().expect("temp dir");
    solve(
        GraphSource::Graph(graph),
        &Cluster {
            threads: 2,
            ..Cluster::default()
        },
        dir.path(),
    )
    .expect("solve");
    let answers = |dir: &std::path::Path| -> Option<Vec<String>> {
        let db = Database::open(dir).ok()?;
        let report = grundy_dataflow::request::lookup_in(&db, &names).ok()?;
        Some(
            report
                .vertices
                .iter()
                .map(|v| format!("{} {} {} {:?}", v.name, v.symbol, v.outcome, v.remoteness))
                .collect(),
        )
    };
    let good = answers(dir.path()).expect("the undamaged database");
    assert!(dir.path().join("names.txt").exists());
    let mut files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let step = if name.ends_with(".grdb") { 7 } else { 1 };
        for at in (0..bytes.len()).step_by(step) {
            for flip in [1u8, 2, 0x20] {
                let mut damaged = bytes.clone();
                damaged[at] ^= flip;
                std::fs::write(&file, &damaged).unwrap();
                if let Some(read) = answers(dir.path()) {
                    assert_eq!(read, good, "{name}: byte {at} ^ {flip} changed an answer");
                }
            }
        }
        std::fs::write(&file, &bytes).unwrap();
    }
    // The report's case: r1 renamed r3 in the names.
    let path = dir.path().join("names.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("r1\n", "r3\n", 1)).unwrap();
    let error = Database::open(dir.path())
        .expect_err("damaged names")
        .to_string();
    assert!(error.contains("names are damaged"), "{error}");
}

/// Worker 0 reports the loading, each level with its candidates over all
/// workers, and the remoteness rounds, in order.
#[test]
fn progress_reports_levels_and_remoteness_in_order() {
    use grundy_dataflow::{solve_with, ProgressFn, SolveOptions, SolveProgress};
    use std::sync::{Arc, Mutex};
    // A path of five vertices: values 0 1 0 1 0 from the end, so levels
    // 0 and 1, and remoteness up to 4.
    let graph = graph_of(&[vec![1], vec![2], vec![3], vec![4], vec![]]);
    let seen: Arc<Mutex<Vec<SolveProgress>>> = Arc::default();
    let into = seen.clone();
    let options = SolveOptions {
        progress: Some(ProgressFn(Arc::new(move |p| into.lock().unwrap().push(p)))),
        ..SolveOptions::default()
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let cluster = Cluster {
        threads: 2,
        ..Cluster::default()
    };
    solve_with(GraphSource::Graph(graph), &cluster, dir.path(), &options).expect("solve");
    let seen = seen.lock().unwrap().clone();
    // Each worker says it started (the cluster is connected), then worker
    // 0 reports the rest.
    let started = seen
        .iter()
        .filter(|p| matches!(p, SolveProgress::Started))
        .count();
    assert_eq!(started, 2, "{seen:?}");
    let seen: Vec<SolveProgress> = seen
        .into_iter()
        .filter(|p| !matches!(p, SolveProgress::Started))
        .collect();
    assert!(
        matches!(seen[0], SolveProgress::Loaded { edges: 4 }),
        "{seen:?}"
    );
    let levels: Vec<(u32, u64)> = seen
        .iter()
        .filter_map(|p| match p {
            SolveProgress::Level {
                level, candidates, ..
            } => Some((*level, *candidates)),
            _ => None,
        })
        .collect();
    // Level 0: all five are candidates; level 1: the two with a follower
    // of value 0 that are not labelled 0.
    assert_eq!(levels, [(0, 5), (1, 2)]);
    let settled: Vec<u32> = seen
        .iter()
        .filter_map(|p| match p {
            SolveProgress::Remoteness { remoteness, .. } => Some(*remoteness),
            _ => None,
        })
        .collect();
    assert_eq!(settled, [0, 1, 2, 3]);
}

/// One worker asked to stop stops them all, before the next value and
/// after its checkpoint: no database, and a resumed solve gives the
/// answers of one never stopped.
#[test]
fn a_stop_asked_of_one_worker_stops_every_worker_at_a_checkpoint() {
    use grundy_dataflow::{solve_with, SolveError, SolveOptions, StopFn};
    use std::sync::atomic::{AtomicUsize, Ordering};
    // A path of six vertices: values 0 1 0 1 0 1, so levels 0 and 1.
    let followers = [vec![1], vec![2], vec![3], vec![4], vec![5], vec![]];
    let graph = graph_of(&followers);
    let cluster = Cluster {
        threads: 3,
        ..Cluster::default()
    };
    let dir = tempfile::tempdir().expect("temp dir");
    // The first question (one worker's, at value 1) says stop.
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let options = SolveOptions {
        stop: Some(StopFn(Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst) == 0
        }))),
        ..SolveOptions::default()
    };
    let stopped = solve_with(
        GraphSource::Graph(graph.clone()),
        &cluster,
        dir.path(),
        &options,
    )
    .expect_err("stopped");
    assert!(
        matches!(stopped, SolveError::Interrupted { level: 1, .. }),
        "{stopped}"
    );
    // Each worker asked once, and none went on to value 2.
    assert_eq!(asked.load(Ordering::SeqCst), 3);
    assert_resumes_to_the_answers(&followers, &cluster, dir.path(), 1);
}

/// A solve stopped on request left no database in `dir`, and resumed
/// from its checkpoint at `level` it gives the answers of one never
/// stopped (`LoopySolution`) for the graph of `followers`.
fn assert_resumes_to_the_answers(
    followers: &[Vec<u32>],
    cluster: &Cluster,
    dir: &std::path::Path,
    level: u32,
) {
    use grundy_dataflow::{solve_with, SolveOptions};
    assert!(!dir.join("MANIFEST").exists());
    assert!(Database::open(dir).is_err());
    let resumed = SolveOptions {
        resume: true,
        ..SolveOptions::default()
    };
    let graph = graph_of(followers);
    let summary =
        solve_with(GraphSource::Graph(graph.clone()), cluster, dir, &resumed).expect("resumed");
    assert_eq!(summary.resumed_from_level, level);
    let db = Database::open(dir).expect("database");
    let expected = LoopySolution::solve(graph.digraph());
    for v in 0..followers.len() as u32 {
        let answer = db.get(v).expect("every vertex");
        assert_eq!(answer.value(), expected.value(graph.digraph(), v), "{v}");
        assert_eq!(answer.remoteness, expected.remoteness()[v as usize]);
    }
}

/// A stop asked during the remoteness pass (after every value) stops every
/// worker in the same round: no database, and a resumed solve starts from
/// the last value's checkpoint, goes straight to the remoteness and gives
/// the answers of one never stopped.
#[test]
fn a_stop_during_the_remoteness_pass_keeps_every_value() {
    use grundy_dataflow::{
        solve_with, ProgressFn, SolveError, SolveOptions, SolveProgress, StopFn,
    };
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    // A path of eight vertices: values 0 1 0 1 ..., remoteness 0 to 7.
    let followers = [
        vec![1],
        vec![2],
        vec![3],
        vec![4],
        vec![5],
        vec![6],
        vec![7],
        vec![],
    ];
    let graph = graph_of(&followers);
    let cluster = Cluster {
        threads: 3,
        ..Cluster::default()
    };
    let dir = tempfile::tempdir().expect("temp dir");
    // Asked once the first remoteness is settled (worker 0's progress).
    let in_remoteness = Arc::new(AtomicBool::new(false));
    let asked = Arc::new(AtomicUsize::new(0));
    let (seen, flag, counter) = (in_remoteness.clone(), in_remoteness.clone(), asked.clone());
    let options = SolveOptions {
        progress: Some(ProgressFn(Arc::new(move |step| {
            if matches!(step, SolveProgress::Remoteness { .. }) {
                seen.store(true, Ordering::SeqCst);
            }
        }))),
        stop: Some(StopFn(Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
            flag.load(Ordering::SeqCst)
        }))),
        ..SolveOptions::default()
    };
    let stopped = solve_with(
        GraphSource::Graph(graph.clone()),
        &cluster,
        dir.path(),
        &options,
    )
    .expect_err("stopped");
    assert!(
        matches!(stopped, SolveError::InterruptedInRemoteness { .. }),
        "{stopped}"
    );
    // Asked at values 1 and 2 (three workers each) and in at least two
    // rounds of the remoteness, far fewer than its eight.
    let questions = asked.load(Ordering::SeqCst);
    assert!((12..=15).contains(&questions), "{questions}");
    assert_resumes_to_the_answers(&followers, &cluster, dir.path(), 2);
}

/// A game's state space listed by the workers themselves (each its share
/// of the positions, by a hash of their names) against the one-process
/// listing (`SumEvaluator::state_space`) solved by `LoopySolution`: the
/// same positions, the same number of moves, and for each position the
/// same value and remoteness, with 1, 2 and 4 workers; Cram boards with
/// and without holes, Chomp and Node Kayles.
#[test]
fn state_spaces_listed_by_the_workers_agree_with_the_one_process_listing() {
    use grundy_dataflow::request::{solve as solve_request, SolveRequest};
    let cases: [(&str, &[&str]); 5] = [
        ("cram", &["3x4"]),
        ("cram", &["..#./..../.#.."]),
        ("cram", &["2x3", "2x2"]),
        ("chomp", &["3x4"]),
        ("node-kayles", &["cycle:9"]),
    ];
    for (spec, start) in cases {
        let start: Vec<String> = start.iter().map(|s| (*s).to_owned()).collect();
        let grundy::game::Game::Positional(game) = grundy::spec::parse_spec(spec).expect("spec")
        else {
            panic!("{spec} is a game of positions");
        };
        let whole = game.state_space(&start, 1 << 20).expect("state space");
        let expected = LoopySolution::solve(whole.digraph());
        for threads in [1usize, 2, 4] {
            let dir = tempfile::tempdir().expect("temp dir");
            let report = solve_request(SolveRequest {
                graph: spec,
                positions: &start,
                max_positions: 1 << 20,
                out: dir.path(),
                cluster: Cluster {
                    threads,
                    ..Cluster::default()
                },
                options: grundy_dataflow::SolveOptions {
                    list_on_workers: true,
                    ..Default::default()
                },
            })
            .expect("solve");
            let label = format!("{spec} {start:?} on {threads} workers");
            assert_eq!(
                report.summary.vertices,
                whole.vertex_count() as u64,
                "{label}"
            );
            assert_eq!(report.summary.edges, whole.edge_count() as u64, "{label}");
            let db = Database::open(dir.path()).expect("database reads back");
            for v in 0..whole.vertex_count() as u32 {
                let name = whole.name(v);
                let at = db
                    .vertex(name)
                    .unwrap_or_else(|| panic!("{label}: no {name}"));
                let answer = db.get(at).expect("every vertex");
                assert_eq!(
                    answer.value(),
                    expected.value(whole.digraph(), v),
                    "{label}: {name}"
                );
                assert_eq!(
                    answer.remoteness,
                    expected.remoteness()[v as usize],
                    "{label}: remoteness of {name}"
                );
            }
        }
    }
}

/// The listing stops at the bound on positions with the one-process
/// listing's error, on every worker; a start that is not a position is
/// refused before any worker starts.
#[test]
fn a_state_space_past_its_bound_or_from_a_bad_start_is_refused() {
    use grundy_dataflow::request::{solve as solve_request, SolveRequest};
    let dir = tempfile::tempdir().expect("temp dir");
    for (start, bound, expected) in [
        ("4x5", 1000, "exceeds the limit of 1000 positions"),
        ("4x5x", 1 << 20, "4x5x"),
    ] {
        let positions = [start.to_owned()];
        let error = solve_request(SolveRequest {
            graph: "cram",
            positions: &positions,
            max_positions: bound,
            out: dir.path(),
            cluster: Cluster {
                threads: 2,
                ..Cluster::default()
            },
            options: grundy_dataflow::SolveOptions {
                list_on_workers: true,
                ..Default::default()
            },
        })
        .expect_err("refused");
        assert!(error.to_string().contains(expected), "{error}");
        assert!(!dir.path().join("MANIFEST").exists());
    }
}

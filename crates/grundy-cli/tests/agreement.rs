//! The faces agree: every evaluation of the shared corpus
//! (`tests/agreement/corpus.json` at the workspace root: every family ×
//! each convention it supports, outcomes by theorem, graphs with cycles,
//! malformed input, limits) is answered by the CLI (`--format json`) and
//! by the server's router, and the two answers are compared as parsed
//! values; an error must be an error on both, with the same message.
//! The Python module is held to the same corpus by
//! `crates/grundy-py/tests/test_agreement.py`.
//!
//! This is the test that catches a face deciding for itself (the server
//! once sent every misère eval to the search and missed Bouton's rule).

mod common;

use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_server::{router, Limits};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

fn corpus() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/agreement/corpus.json");
    let text = std::fs::read_to_string(&path).expect("the agreement corpus");
    serde_json::from_str(&text).expect("the corpus is JSON")
}

/// `text` as a query-string value.
fn encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// What a face answered: a report, or an error's message.
#[derive(Debug, PartialEq)]
enum Answer {
    Report(Value),
    Error(String),
}

/// The request's spec on the command line: a graph sent with the
/// request is a file there.
fn cli_spec(entry: &Value, dir: &Path, index: usize) -> String {
    match entry.get("graph") {
        Some(graph) => {
            let path = dir.join(format!("graph{index}.txt"));
            std::fs::write(&path, graph.as_str().unwrap()).unwrap();
            format!("graph:{}", path.display())
        }
        None => entry["game"].as_str().unwrap().to_owned(),
    }
}

fn cli_eval(entry: &Value, spec: &str) -> Answer {
    let mut args = vec!["eval".to_owned(), spec.to_owned()];
    // As a shell passes it: one argument per word, a `+` standing alone
    // kept (it may start another game's part: `kayles 5 + nim 3`).
    args.extend(grundy::inputs::sum_tokens(
        entry["position"].as_str().unwrap(),
    ));
    if entry["convention"] == "misere" {
        args.push("--misere".to_owned());
    }
    if let Some(kind) = entry.get("compound") {
        args.extend(["--compound".to_owned(), kind.as_str().unwrap().to_owned()]);
    }
    args.extend(["--format".to_owned(), "json".to_owned()]);
    cli_answer(&args)
}

async fn server_eval(entry: &Value) -> Answer {
    let mut uri = format!(
        "/api/eval?game={}&position={}&convention={}",
        encode(entry["game"].as_str().unwrap()),
        encode(entry["position"].as_str().unwrap()),
        entry["convention"].as_str().unwrap()
    );
    if let Some(graph) = entry.get("graph") {
        uri.push_str(&format!("&graph={}", encode(graph.as_str().unwrap())));
    }
    if let Some(kind) = entry.get("compound") {
        uri.push_str(&format!("&compound={}", encode(kind.as_str().unwrap())));
    }
    server_answer(&uri).await
}

/// The game's name differs between a graph file and a graph sent (the
/// spec `graph`), and a search's statistics say how a face searched (its
/// table's bound: the server keeps it small), not what it answers;
/// everything else must be equal. `spec` is the face's.
fn without_name(answer: Answer, entry: &Value, spec: &str) -> Answer {
    let answer = match answer {
        Answer::Report(Value::Object(mut report)) => {
            report.remove("search");
            Answer::Report(Value::Object(report))
        }
        other => other,
    };
    if entry.get("graph").is_none() {
        return answer;
    }
    match answer {
        Answer::Report(Value::Object(mut report)) => {
            report.remove("game");
            Answer::Report(Value::Object(report))
        }
        Answer::Error(message) => {
            let path = spec.trim_start_matches("graph:");
            Answer::Error(message.replace(spec, "graph").replace(path, "graph"))
        }
        other => other,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_cli_and_the_server_answer_every_eval_alike() {
    let corpus = corpus();
    let entries = corpus["eval"].as_array().unwrap();
    assert!(
        entries.len() >= 140,
        "the corpus holds {} evals",
        entries.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let mut disagreements = Vec::new();
    let (mut reports, mut errors) = (0, 0);
    for (index, entry) in entries.iter().enumerate() {
        let spec = cli_spec(entry, dir.path(), index);
        let cli = without_name(cli_eval(entry, &spec), entry, &spec);
        let server = without_name(server_eval(entry).await, entry, "graph");
        match &cli {
            Answer::Report(_) => reports += 1,
            Answer::Error(_) => errors += 1,
        }
        let server_limit = entry.get("server_limit").is_some();
        let agree = match (&cli, &server) {
            // A cap of the server's own: both refuse, each in its words.
            (Answer::Error(_), Answer::Error(_)) if server_limit => true,
            _ => cli == server && !server_limit,
        };
        if !agree {
            disagreements.push(format!("{entry}\n  cli:    {cli:?}\n  server: {server:?}"));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} requests disagree:\n{}",
        disagreements.len(),
        entries.len(),
        disagreements.join("\n")
    );
    // The corpus exercises both answers and refusals.
    assert!(
        reports >= 100 && errors >= 10,
        "{reports} reports, {errors} errors"
    );
}

/// Issue 53: the corpus covers every family by construction. Each
/// family of the registry that the server answers (none that reads a
/// file, but graphs, which are sent with the request) has evaluations in
/// the corpus in each convention: a family added to the registry without
/// them fails here.
#[test]
fn the_corpus_evaluates_every_registered_family_in_each_convention() {
    let corpus = corpus();
    let entries = corpus["eval"].as_array().unwrap();
    let mut missing = Vec::new();
    for family in grundy::spec::FAMILIES {
        let graphs = family.form.starts_with("graph:");
        if family.reads_files && !graphs {
            continue;
        }
        for convention in ["normal", "misere"] {
            let covered = entries.iter().any(|entry| {
                let of_family = if graphs {
                    entry.get("graph").is_some()
                } else {
                    entry.get("graph").is_none()
                        && grundy::spec::family_of(entry["game"].as_str().unwrap())
                            .is_some_and(|f| f.form == family.form)
                };
                of_family && entry["convention"] == convention
            });
            if !covered {
                missing.push(format!("{} ({convention})", family.form));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "families with no evaluation in tests/agreement/corpus.json: {missing:?}"
    );
}

/// The CLI's answer to `args` (which ask for JSON): its report, or its
/// error's message (an error exits with 2).
fn cli_answer(args: &[String]) -> Answer {
    let out = common::grundy().args(args).output().unwrap();
    if out.status.success() {
        return Answer::Report(serde_json::from_slice(&out.stdout).expect("the CLI prints JSON"));
    }
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: an error exits with 2"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The message runs to the end (a caret line may follow it).
    let at = stderr
        .find("grundy: error: ")
        .unwrap_or_else(|| panic!("{args:?}: no error line in {stderr}"));
    Answer::Error(stderr[at + "grundy: error: ".len()..].trim_end().to_owned())
}

/// The router's answer to `uri`: its report, or its error's message (a
/// client or server error status).
async fn server_answer(uri: &str) -> Answer {
    // A generous deadline: this compares answers, not speed.
    let limits = Limits {
        time_limit: std::time::Duration::from_secs(60),
        ..Limits::default()
    };
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = router(limits).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).expect("the API answers JSON");
    if status == StatusCode::OK {
        Answer::Report(body)
    } else {
        assert!(
            status.is_client_error() || status.is_server_error(),
            "{uri}: {status}"
        );
        Answer::Error(body["error"].as_str().expect("an error message").to_owned())
    }
}

/// Misère quotients: `grundy quotient` and `GET /api/quotient` (and, in
/// the Python test, `Game.quotient`) give one answer per request.
#[tokio::test(flavor = "multi_thread")]
async fn the_cli_and_the_server_answer_every_quotient_alike() {
    let corpus = corpus();
    let entries = corpus["quotient"].as_array().unwrap();
    let (mut reports, mut errors) = (0, 0);
    for entry in entries {
        let game = entry["game"].as_str().unwrap();
        let max = entry["max"].as_u64().unwrap();
        let mut args: Vec<String> = ["quotient", game, "--max", &max.to_string()]
            .map(str::to_owned)
            .to_vec();
        let mut uri = format!("/api/quotient?game={}&max={max}", encode(game));
        if let Some(order) = entry.get("max_order") {
            args.extend(["--max-order".to_owned(), order.to_string()]);
            uri.push_str(&format!("&max_order={order}"));
        }
        args.extend(["--format".to_owned(), "json".to_owned()]);
        let cli = cli_answer(&args);
        let server = server_answer(&uri).await;
        match &cli {
            Answer::Report(_) => reports += 1,
            Answer::Error(_) => errors += 1,
        }
        if entry.get("server_limit").is_some() {
            assert!(
                matches!((&cli, &server), (Answer::Error(_), Answer::Error(_))),
                "{entry}: {cli:?} / {server:?}"
            );
        } else {
            assert_eq!(cli, server, "{entry}");
        }
    }
    assert!(
        reports >= 5 && errors >= 2,
        "{reports} reports, {errors} errors"
    );
}

/// The request of issue 25: misère Nim with a heap of 100000 is answered
/// by Bouton's rule at once on the server too, with the CLI's JSON.
#[tokio::test(flavor = "multi_thread")]
async fn the_server_answers_misere_nim_by_bouton_within_its_deadline() {
    let entry = serde_json::json!({
        "game": "nim", "position": "3 4 5 100000", "convention": "misere"
    });
    let started = std::time::Instant::now();
    let request = Request::get("/api/eval?game=nim&position=3+4+5+100000&convention=misere")
        .body(Body::empty())
        .unwrap();
    let response = router(Limits::default()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(started.elapsed() < Limits::default().time_limit);
    assert!(
        body["method"].as_str().unwrap().contains("Bouton"),
        "{body}"
    );
    assert_eq!(cli_eval(&entry, "nim"), Answer::Report(body));
}

/// A database read by `grundy db` and by a server started with it (`serve
/// --db`, which reads it the same way): the same report for positions and
/// for the totals alone, the same refusal of a position it lacks, all
/// compared as parsed values; a server without a database says so (404).
#[tokio::test(flavor = "multi_thread")]
async fn the_cli_and_the_server_read_a_database_alike() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cram.db");
    common::grundy()
        .args(["solve", "cram", "3x4", "-o"])
        .arg(&db)
        .assert()
        .success();
    let database = grundy_dataflow::db::Database::open(&db).unwrap();
    let app = grundy_server::router_with_database(Limits::default(), Some(database));
    let ask = |uri: String| {
        let app = app.clone();
        async move {
            let request = Request::get(&uri).body(Body::empty()).unwrap();
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let body: Value = serde_json::from_slice(&bytes).expect("the API answers JSON");
            match status {
                StatusCode::OK => Answer::Report(body),
                _ => Answer::Error(body["error"].as_str().expect("a message").to_owned()),
            }
        }
    };
    let mut reports = 0;
    for position in [Some("3x4"), Some("1x2 + 1x2"), Some("0"), None, Some("2x2")] {
        let mut args = vec!["db".to_owned(), db.display().to_string()];
        args.extend(position.map(str::to_owned));
        args.extend(["--format".to_owned(), "json".to_owned()]);
        let out = common::grundy().args(&args).output().unwrap();
        let cli = if out.status.success() {
            reports += 1;
            Answer::Report(serde_json::from_slice(&out.stdout).expect("db prints JSON"))
        } else {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let message = stderr.trim_end().trim_start_matches("grundy: error: ");
            Answer::Error(message.to_owned())
        };
        let uri = match position {
            Some(p) => format!("/api/db?position={}", encode(p)),
            None => "/api/db".to_owned(),
        };
        let server = ask(uri).await;
        assert_eq!(cli, server, "{position:?}");
    }
    assert_eq!(
        reports, 4,
        "every position but 2x2 (not reachable alone) is there"
    );
    let request = Request::get("/api/db?position=3x4")
        .body(Body::empty())
        .unwrap();
    let response = router(Limits::default()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

/// Issue 53: which request applies to which game is decided by the
/// library alone (`grundy::applicable`), so every face refuses a
/// request alike. Every family of the registry (its example, as the
/// server lists them) is asked every request of heap values: analyze and
/// quotient on the CLI and the server, compared; values, period, value,
/// check and plot on the CLI, whose refusals must be the library's own
/// words. A face that tested the family itself, or worded the refusal
/// itself, fails here.
#[tokio::test(flavor = "multi_thread")]
async fn every_request_of_every_family_is_refused_alike() {
    use grundy::api::{heap_game, Request};
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("plot.svg");
    let examples = grundy::api::games(grundy::spec::SpecSource::NoFiles).examples;
    assert!(examples.len() >= 15, "{examples:?}");
    let mut refused = 0;
    for example in &examples {
        let game = grundy::spec::parse_spec(example).unwrap();
        let both = [
            (
                Request::Analyze,
                vec!["analyze", example, "--max", "20", "--no-plot"],
                format!("/api/analyze?game={}&n=20", encode(example)),
            ),
            (
                Request::Quotient,
                vec!["quotient", example, "--max", "6"],
                format!("/api/quotient?game={}&max=6", encode(example)),
            ),
        ];
        for (request, args, uri) in both {
            let mut args: Vec<String> = args.into_iter().map(str::to_owned).collect();
            args.extend(["--format".to_owned(), "json".to_owned()]);
            let cli = cli_answer(&args);
            let server = server_answer(&uri).await;
            match (&cli, &server) {
                (Answer::Error(a), Answer::Error(b)) => assert_eq!(a, b, "{example} {request}"),
                (Answer::Report(_), Answer::Report(_)) => {}
                _ => panic!("{example} {request}: cli {cli:?}, server {server:?}"),
            }
            if let Err(expected) = heap_game(&game, example, request) {
                refused += 1;
                assert_eq!(cli, Answer::Error(expected.to_string()), "{example}");
            }
        }
        let cli_only = [
            (
                Request::Values,
                vec!["seq", example, "-n", "10", "--format", "json"],
            ),
            (
                Request::Period,
                vec!["period", example, "--max", "20", "--format", "json"],
            ),
            (
                Request::Value,
                vec!["value", example, "5", "--format", "json"],
            ),
            (
                Request::Check,
                vec![
                    "check",
                    example,
                    "--formula",
                    "0",
                    "-n",
                    "5",
                    "--format",
                    "json",
                ],
            ),
            (
                Request::Plot,
                vec![
                    "plot",
                    example,
                    "-n",
                    "10",
                    "--force",
                    "-o",
                    plot.to_str().unwrap(),
                ],
            ),
        ];
        for (request, args) in cli_only {
            let out = common::grundy().args(&args).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let applicability = stderr.contains("of heaps, and the positions");
            // seq and period answer more than heaps (boards numbered by
            // size, loopy games on numbers), with refusals of their own.
            let more_than_heaps = matches!(request, Request::Values | Request::Period);
            match heap_game(&game, example, request) {
                Ok(_) => assert!(!applicability, "{example} {request}: {stderr}"),
                Err(expected) if applicability || !more_than_heaps => {
                    refused += 1;
                    assert!(!out.status.success(), "{example} {request}");
                    assert_eq!(
                        stderr.trim_end(),
                        format!("grundy: error: {expected}"),
                        "{example} {request}"
                    );
                }
                Err(_) => {}
            }
        }
    }
    assert!(refused >= 40, "only {refused} refusals compared");
}

/// Inputs with a person's budget and the library's own computations: what
/// a face adds to the request layer is rendering only, so the CLI's JSON
/// must equal the library's report serialized.
struct PlainInputs(grundy::budget::Budget);

impl grundy::inputs::Inputs for PlainInputs {
    type Error = anyhow::Error;

    fn budget(&self) -> &grundy::budget::Budget {
        &self.0
    }
}

fn plain_inputs() -> PlainInputs {
    PlainInputs(grundy::budget::Budget::interactive(false, "-"))
}

/// The library's answer, as a face would show it in JSON.
fn library_answer<R: serde::Serialize>(answer: Result<R, anyhow::Error>) -> Answer {
    match answer {
        Ok(report) => Answer::Report(serde_json::to_value(report).unwrap()),
        Err(error) => Answer::Error(format!("{error:#}")),
    }
}

/// Issue 53 §3: the requests the server has no endpoint for (value,
/// genus, period, check) and analyze, asked of the CLI and of the
/// library's request layer directly, give one answer (`cargo test`
/// catches a CLI that decides for itself, as the Python stage does); the
/// tables of games on two coordinates, of the CLI and of the server.
#[tokio::test(flavor = "multi_thread")]
async fn the_cli_renders_the_librarys_answers_and_nothing_else() {
    use grundy::api::{self, CountedRequest};
    use grundy::Convention;
    let corpus = corpus();
    let convention_of =
        |entry: &Value| Convention::from_misere_flag(entry["convention"] == "misere");
    let misere_flag = |entry: &Value| -> Vec<String> {
        if entry["convention"] == "misere" {
            vec!["--misere".to_owned()]
        } else {
            Vec::new()
        }
    };
    let mut compared = 0;
    for entry in corpus["analyze"].as_array().unwrap() {
        let spec = entry["game"].as_str().unwrap();
        let n = entry["n"].as_u64().unwrap();
        let mut args: Vec<String> = ["analyze", spec, "--max", &n.to_string(), "--no-plot"]
            .map(str::to_owned)
            .to_vec();
        args.extend(misere_flag(entry));
        args.extend(["--format".to_owned(), "json".to_owned()]);
        let game = grundy::spec::parse_spec(spec).unwrap();
        let ours = library_answer(
            api::analyze(
                &game,
                spec,
                Some(n),
                CountedRequest::Analyze,
                convention_of(entry),
                &mut plain_inputs(),
            )
            .map(|analysis| analysis.report),
        );
        assert_eq!(cli_answer(&args), ours, "{entry}");
        compared += 1;
    }
    for entry in corpus["value"].as_array().unwrap() {
        let spec = entry["game"].as_str().unwrap();
        let n = entry["n"].as_u64().unwrap();
        let mut args: Vec<String> = ["value", spec, &n.to_string()].map(str::to_owned).to_vec();
        args.extend(misere_flag(entry));
        args.extend(["--format".to_owned(), "json".to_owned()]);
        let game = grundy::spec::parse_spec(spec).unwrap();
        let ours = library_answer(api::value(
            &game,
            spec,
            n,
            convention_of(entry),
            None,
            "--max ",
            &mut plain_inputs(),
        ));
        assert_eq!(cli_answer(&args), ours, "{entry}");
        compared += 1;
    }
    for entry in corpus["genus"].as_array().unwrap() {
        let spec = entry["game"].as_str().unwrap();
        let mut args: Vec<String> = vec!["genus".to_owned(), spec.to_owned()];
        let (positions, count) = match entry.get("position") {
            Some(p) => (grundy::inputs::sum_tokens(p.as_str().unwrap()), 20),
            None => (Vec::new(), entry["n"].as_u64().unwrap()),
        };
        if positions.is_empty() {
            args.extend(["-n".to_owned(), count.to_string()]);
        }
        args.extend(positions.iter().cloned());
        args.extend(["--format".to_owned(), "json".to_owned()]);
        let game = grundy::spec::parse_spec(spec).unwrap();
        let ours = library_answer(api::genus(
            game,
            spec,
            &positions,
            count,
            &mut plain_inputs(),
        ));
        assert_eq!(cli_answer(&args), ours, "{entry}");
        compared += 1;
    }
    for (spec, max) in [
        ("kayles", 1000),
        ("0.137", 400),
        ("sub:2,5", 100),
        ("ruler", 64),
    ] {
        let args: Vec<String> = [
            "period",
            spec,
            "--max",
            &max.to_string(),
            "--format",
            "json",
        ]
        .map(str::to_owned)
        .to_vec();
        let game = grundy::spec::parse_spec(spec).unwrap();
        let ours = library_answer(api::period_of_game(
            &game,
            spec,
            Some(max),
            Convention::Normal,
            &mut plain_inputs(),
        ));
        assert_eq!(cli_answer(&args), ours, "period {spec}");
        compared += 1;
    }
    for (spec, formula_text, misere) in [
        ("nim", "n", false),
        ("kayles", "n % 3", false),
        ("ruler", "n & (0 - n)", false),
        ("nim", "n", true),
    ] {
        let mut args: Vec<String> = ["check", spec, "--formula", formula_text, "-n", "200"]
            .map(str::to_owned)
            .to_vec();
        if misere {
            args.push("--misere".to_owned());
        }
        args.extend(["--format".to_owned(), "json".to_owned()]);
        let game = grundy::spec::parse_spec(spec).unwrap();
        let formula = grundy::formula::Formula::compile(formula_text).unwrap();
        let ours = library_answer(api::check(
            &game,
            spec,
            &formula,
            200,
            Convention::from_misere_flag(misere),
            &mut plain_inputs(),
        ));
        // check exits 1 when the formula fails: its report is on stdout.
        let out = common::grundy().args(&args).output().unwrap();
        let cli = Answer::Report(serde_json::from_slice(&out.stdout).expect("check prints JSON"));
        assert_eq!(cli, ours, "check {spec} {formula_text}");
        compared += 1;
    }
    for (spec, max) in [
        ("wythoff", 12),
        ("fibonacci-nim", 10),
        ("mem", 10),
        ("wythoff:2", 9),
    ] {
        let args: Vec<String> = ["table", spec, "--max", &max.to_string(), "--format", "json"]
            .map(str::to_owned)
            .to_vec();
        let served = server_answer(&format!("/api/table?game={}&max={max}", encode(spec))).await;
        assert_eq!(cli_answer(&args), served, "table {spec}");
        compared += 1;
    }
    assert!(compared >= 35, "{compared}");
}

async fn server_play(body: Value) -> Answer {
    let limits = Limits {
        time_limit: std::time::Duration::from_secs(60),
        ..Limits::default()
    };
    let request = Request::post("/api/play")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router(limits).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).expect("the API answers JSON");
    if status == StatusCode::OK {
        Answer::Report(body)
    } else {
        Answer::Error(body["error"].as_str().expect("an error message").to_owned())
    }
}

/// The move lists and the engine's replies of the corpus (sums of
/// different games among them, issue 54): `GET /api/moves` and `POST
/// /api/play` give the library's own `moves_from` and `play_reply`, and
/// the reply's `game` and `position` sent back give the library's answer
/// again. (`grundy play` is interactive; its moves are the library's by
/// the same calls, `play_cli.rs`; Python's by `test_agreement.py`.)
#[tokio::test(flavor = "multi_thread")]
async fn the_server_plays_the_corpus_as_the_library_does() {
    use grundy::Convention;
    let corpus = corpus();
    let mut mixed = 0;
    for entry in corpus["moves"].as_array().unwrap() {
        if entry.get("graph").is_some() {
            continue;
        }
        let game = entry["game"].as_str().unwrap();
        let text = entry["position"].as_str().unwrap();
        let convention = Convention::from_misere_flag(entry["convention"] == "misere");
        let texts = grundy::inputs::sum_tokens(text);
        let library = |texts: &[String], game: &str, play: bool| -> Answer {
            // The library asked directly, its errors in its own words
            // (the server's 400 carries the same words).
            let mut inputs = grundy::inputs::Plain(grundy::budget::Budget::interactive(false, "-"));
            let parsed = grundy::spec::parse_spec(game).unwrap();
            let specs = grundy::spec::SpecSource::NoFiles;
            let answer = if play {
                grundy::api::play_reply(parsed, game, texts, convention, specs, &mut inputs)
                    .map(|r| serde_json::to_value(r).unwrap())
            } else {
                grundy::api::moves_from(parsed, game, texts, convention, specs, &mut inputs)
                    .map(|r| serde_json::to_value(r).unwrap())
            };
            match answer {
                Ok(report) => Answer::Report(report),
                Err(error) => Answer::Error(error.to_string()),
            }
        };
        let uri = format!(
            "/api/moves?game={}&position={}&convention={}",
            encode(game),
            encode(text),
            entry["convention"].as_str().unwrap()
        );
        let served = server_answer(&uri).await;
        assert_eq!(served, library(&texts, game, false), "{entry}");
        if text.contains(" + ") {
            mixed += 1;
        }
        let request = serde_json::json!({
            "game": game,
            "position": texts,
            "convention": entry["convention"],
        });
        let served = server_play(request).await;
        assert_eq!(served, library(&texts, game, true), "{entry}");
        // The reply's game and position, sent back, are answered alike.
        if let Answer::Report(reply) = &served {
            let next_game = reply["game"].as_str().unwrap();
            let next: Vec<String> = serde_json::from_value(reply["position"].clone()).unwrap();
            let request = serde_json::json!({
                "game": next_game,
                "position": next,
                "convention": entry["convention"],
            });
            assert_eq!(
                server_play(request).await,
                library(&next, next_game, true),
                "{entry}"
            );
        }
    }
    assert!(
        mixed >= 2,
        "{mixed} sums of different games in the corpus's moves"
    );
}

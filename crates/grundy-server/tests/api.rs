//! The API, request by request through the router (no sockets): every
//! endpoint, malformed specs and positions (400 with the parser's
//! message), oversized requests (413), the time limit (503 within it),
//! and the engine's play, checked against the library's own evaluation.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_server::{router, Limits};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn call(limits: Limits, request: Request<Body>) -> (StatusCode, Value) {
    let response = router(limits).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn get(uri: &str) -> (StatusCode, Value) {
    call(
        Limits::default(),
        Request::get(uri).body(Body::empty()).unwrap(),
    )
    .await
}

async fn post(body: Value) -> (StatusCode, Value) {
    call(
        Limits::default(),
        Request::post("/api/play")
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn the_page_is_built_in() {
    let (status, body) = get("/").await;
    assert_eq!(status, StatusCode::OK);
    let page = body.as_str().unwrap();
    assert!(page.contains("<title>grundy explorer</title>") && page.contains("/api/analyze"));
}

#[tokio::test]
async fn games_list_every_family() {
    let (status, body) = get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let specs: Vec<&str> = body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["spec"].as_str().unwrap())
        .collect();
    assert!(specs.contains(&"kayles"));
    // Issue 53: every family but those that read files (which the server
    // refuses), and every example once, each one the server answers.
    let file_forms: Vec<&str> = grundy::spec::FAMILIES
        .iter()
        .filter(|f| f.reads_files)
        .map(|f| f.form)
        .collect();
    assert_eq!(
        specs.len(),
        grundy::spec::game_list().len() - file_forms.len()
    );
    assert!(specs.iter().all(|s| !file_forms.contains(s)), "{specs:?}");
    let examples: Vec<&str> = body["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    for (i, example) in examples.iter().enumerate() {
        assert!(!examples[..i].contains(example), "{example} listed twice");
        let (status, answer) = get(&format!(
            "/api/eval?game={}&position=",
            example.replace('+', "%2B")
        ))
        .await;
        assert_ne!(
            status,
            StatusCode::BAD_REQUEST,
            "{example}: refused as bad input: {answer}"
        );
    }
}

#[tokio::test]
async fn analyze_finds_kayles_period() {
    let (status, body) = get("/api/analyze?game=0.77&n=1000").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["period"]["period"], 12);
    assert_eq!(body["period"]["preperiod"], 71);
    assert_eq!(body["period"]["proved"], true);
    let Ok(grundy::spec::Game::Heap(kayles)) = grundy::spec::parse_spec("kayles") else {
        panic!()
    };
    let values = kayles.nim_sequence(1000).unwrap();
    let got: Vec<u64> = body["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(got, (0..1000).map(|i| values.get(i)).collect::<Vec<_>>());
    let (status, body) = get("/api/analyze?game=kayles&n=20&convention=misere").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["convention"], "misere");
    assert_eq!(body["values"][0], 1);
}

#[tokio::test]
async fn eval_lists_winning_moves() {
    // Kayles: G(3) = 3, G(4) = 1, G(7) = 2, G(9) = 4.
    let (status, body) = get("/api/eval?game=kayles&position=3+4+7").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["value"].clone(), body["outcome"].clone()),
        (json!(0), json!("P"))
    );
    assert!(body["winning_moves"].as_array().unwrap().is_empty());
    let (_, body) = get("/api/eval?game=kayles&position=9+4").await;
    assert_eq!(
        (body["value"].clone(), body["outcome"].clone()),
        (json!(5), json!("N"))
    );
    assert!(!body["winning_moves"].as_array().unwrap().is_empty());
    let (_, body) = get("/api/eval?game=kayles&position=3%204%207&convention=misere").await;
    assert_eq!(
        body["outcome"], "P",
        "Kayles 3+4+7 is a misère P-position: {body}"
    );
    let (status, body) = get("/api/eval?game=ruler&position=THHTH").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["value"], 2 ^ 1 ^ 1);
    let (status, body) = get("/api/eval?game=wythoff&position=(1,2)").await;
    assert_eq!(
        (status, body["outcome"].clone()),
        (StatusCode::OK, json!("P"))
    );
    // The outcome alone: one winning move, no value; the move leaves a
    // P-position.
    let (status, body) = get("/api/eval?game=cram&position=3x4&outcome=true").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "N", "{body}");
    assert_eq!(body["one_winning_move"], true, "{body}");
    assert!(body.get("value").is_none(), "{body}");
    let left: Vec<&str> = body["winning_moves"][0]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    let position = left.join("+").replace('#', "%23");
    let (_, after) = get(&format!("/api/eval?game=cram&position={position}")).await;
    assert_eq!(after["value"], 0, "{body} {after}");
}

/// A board clearly beyond the search's reach is refused up front with
/// its estimate, not searched until the deadline.
#[tokio::test]
async fn a_board_beyond_reach_is_refused_with_its_estimate() {
    let started = std::time::Instant::now();
    let (status, body) = get("/api/eval?game=cram&position=7x7").await;
    assert!(status.is_client_error(), "{status} {body}");
    assert!(
        body["error"].as_str().unwrap().contains("estimated at"),
        "{body}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

#[tokio::test]
async fn bad_input_is_400_with_the_parsers_message() {
    let (status, body) = get("/api/eval?game=0.7%23&position=3").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains('^'), "{body}");
    let (status, body) = get("/api/eval?game=kayles&position=three").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("three"), "{body}");
    let (status, _) = get("/api/analyze?game=chess").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = get("/api/eval?game=graph:/etc/passwd&position=a").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("no files"),
        "{body}"
    );
    let (status, _) = get("/api/analyze?game=kayles&convention=sideways").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn oversized_requests_are_413() {
    let (status, body) = get("/api/analyze?game=kayles&n=100000000").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    let (status, body) = get("/api/eval?game=cut:2&position=100x100").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    // A heap beyond the cap of values per request, in a game with no
    // proved period to reach it by.
    let limits = Limits {
        max_values: 1000,
        ..Limits::default()
    };
    let request = Request::get("/api/eval?game=4!.0&position=5000")
        .body(Body::empty())
        .unwrap();
    let (status, body) = call(limits, request).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("beyond the limit of 1000"),
        "{body}"
    );
    // An address beyond the query limit is refused before it is read:
    // 414, as the address is what is too long.
    let long = "1+".repeat(10_000);
    let (status, _) = get(&format!("/api/eval?game=kayles&position={long}")).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    let big = json!({"game": "kayles", "position": vec!["1"; 100_000]});
    let (status, _) = post(big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

/// Issue 51: a board's or a graph's search estimated past the request's
/// time is refused before it starts (it used to run to the deadline and
/// answer 503, holding a slot all the while), naming the time limit;
/// a quick one is answered.
#[tokio::test]
async fn searches_beyond_the_time_limit_are_refused_up_front() {
    for (game, position) in [
        ("node-kayles", "grid:5x20"),
        ("cram", "7x7"),
        ("chomp", "20x20"),
    ] {
        let started = Instant::now();
        let (status, body) = get(&format!("/api/eval?game={game}&position={position}")).await;
        assert_eq!(
            status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{game} {position}: {body}"
        );
        assert!(
            body["error"].as_str().unwrap().contains("time limit"),
            "{body}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{game} {position}"
        );
    }
    let (status, body) = get("/api/eval?game=node-kayles&position=grid:3x6").await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn cut_tables_beyond_the_time_limit_are_refused_up_front() {
    // The cut:4 table up to sides of 64 takes tens of seconds; the
    // refusal comes at once, naming the time limit.
    let started = Instant::now();
    let (status, body) = get("/api/eval?game=cut:4&position=64x64x64x64").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("time limit"),
        "{body}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    // A small one is computed.
    let (status, body) = get("/api/eval?game=cut:4&position=3x4x5x6").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["value"].is_u64(), "{body}");
}

#[tokio::test]
async fn huge_wythoff_positions_get_their_outcome_by_the_theorem() {
    // (10^12, 7): 7 is B_3 of the third Wythoff pair (A_3, B_3) = (4, 7)
    // (OEIS A000201, A001950), so the one winning move leaves (4, 7).
    let (status, body) = get("/api/eval?game=wythoff&position=(1000000000000,7)").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["convention"], "normal", "{body}");
    assert_eq!(body["outcome"], "N", "{body}");
    assert!(body.get("value").is_none(), "{body}");
    let moves = body["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{body}");
    assert_eq!(moves[0]["to"], json!([[4, 7]]), "{body}");
    // A sum with a huge component is still refused (its value is needed).
    let (status, body) = get("/api/eval?game=wythoff&position=(1000000000000,7)+(1,2)").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("has its outcome by a theorem"),
        "{body}"
    );
}

#[tokio::test]
async fn huge_heaps_are_evaluated_through_a_proved_period() {
    // Kayles is periodic with period 12 from 72 on (Guy and Smith 1956,
    // proved by their rule): the value of a heap of 10^11 + 1 comes from
    // the period without computing 10^11 values. Checked against the
    // value of the heap of the same residue in the periodic part.
    let huge: u64 = 100_000_000_001;
    let (status, body) = get(&format!("/api/eval?game=kayles&position={huge}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let same_residue = 72 + (huge - 72) % 12;
    let (_, small) = get(&format!("/api/eval?game=kayles&position={same_residue}")).await;
    assert!(body["value"].is_u64(), "{body}");
    assert_eq!(body["value"], small["value"], "{body} {small}");
}

#[tokio::test]
async fn slow_requests_stop_at_the_time_limit() {
    let limits = Limits {
        time_limit: Duration::from_millis(300),
        ..Limits::default()
    };
    let started = Instant::now();
    // Grundy's game to 2^20 by the dense engine takes longer than 0.3 s.
    let (status, body) = call(
        limits,
        Request::get("/api/analyze?game=4!.0&n=1048576")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    // Stopped by the deadline (503), or, on a loaded machine that reaches
    // the estimate after most of the 0.3 s went, refused by it (413):
    // both for the time limit.
    assert!(
        status == StatusCode::SERVICE_UNAVAILABLE || status == StatusCode::PAYLOAD_TOO_LARGE,
        "{status} {body}"
    );
    assert!(
        body["error"].as_str().unwrap().contains("time limit"),
        "{body}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn the_engine_plays_perfectly() {
    // Kayles from a heap of 10 (an N-position: G = 2): whatever the
    // human does, the engine answers with a move to a P-position when
    // there is one, and the game ends with the engine moving last when it
    // starts winning.
    let (status, body) = get("/api/moves?game=kayles&position=10").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let first = &body["moves"][0];
    let mut position: Vec<String> = serde_json::from_value(first["position"].clone()).unwrap();
    let mut engine_was_winning = false;
    loop {
        let (status, reply) = post(json!({"game": "kayles", "position": position})).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        let Some(engine) = reply["reply"].as_object() else {
            assert!(!engine_was_winning, "the engine lost a won game");
            break;
        };
        engine_was_winning |= engine["wins"].as_bool().unwrap();
        // The library's value of the position the human left.
        let texts: Vec<String> = position.clone();
        let Ok(grundy::spec::Game::Heap(kayles)) = grundy::spec::parse_spec("kayles") else {
            panic!()
        };
        let values = kayles.nim_sequence(11).unwrap();
        let value = texts
            .iter()
            .fold(0, |acc, t| acc ^ values.get(t.parse::<usize>().unwrap()));
        assert_eq!(engine["wins"].as_bool().unwrap(), value != 0, "{reply}");
        if reply["game_over"] == true {
            break;
        }
        // The human takes the first move offered.
        position = serde_json::from_value(reply["moves"][0]["position"].clone()).unwrap();
    }
}

#[tokio::test]
async fn loopy_games_are_played_with_draws() {
    // WindUp 10:3,4 (take 3 or 4, winding round below 0): the heap of 5
    // is a draw (as `grundy eval windup:10:3,4 5` reports). The engine,
    // moving from a draw, keeps it; the report says D with its reason.
    let (status, body) = get("/api/eval?game=windup:10:3,4&position=5").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "D", "{body}");
    assert!(
        body["drawing_moves"]
            .as_array()
            .is_some_and(|m| !m.is_empty()),
        "{body}"
    );
    let (status, body) = post(json!({"game": "windup:10:3,4", "position": ["5"]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["engine_draws"], true, "{body}");
    assert_eq!(body["engine_wins"], false, "{body}");
    let after = body["position"][0].as_str().unwrap().to_owned();
    let (_, report) = get(&format!("/api/eval?game=windup:10:3,4&position={after}")).await;
    assert_eq!(report["outcome"], "D", "{report}");
    // And misère play of a loopy game is refused, not answered wrongly.
    let (status, _) = get("/api/eval?game=windup:10:3,4&position=5&convention=misere").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn graphs_sent_with_the_request_are_played() {
    // p <-> q is a draw; the engine holds it. The graph travels in the
    // request (the server reads no files).
    let graph = "p: q\nq: p\nr:";
    let query = format!(
        "/api/eval?game=graph&position=p&graph={}",
        graph
            .replace(' ', "%20")
            .replace('\n', "%0A")
            .replace(':', "%3A")
    );
    let (status, body) = get(&query).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "D", "{body}");
    let (status, body) =
        post(json!({"game": "graph", "graph": graph, "position": ["p", "r"]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["engine_draws"], true, "{body}");
    // A malformed graph is a 400 naming the line; a graph with another
    // game, or the game without its graph, too.
    let (status, body) = post(json!({"game": "graph", "graph": "p q", "position": ["p"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("line 1"), "{body}");
    let (status, _) = post(json!({"game": "kayles", "graph": graph, "position": ["3"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post(json!({"game": "graph", "position": ["p"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn searches_stop_at_the_deadline_and_free_their_slot() {
    // One computation slot. A misère evaluation of Wythoff sums whose
    // search takes about ten seconds gets 503 at the time limit; its
    // search stops there too (grundy::stop), so the next request gets the
    // slot at once instead of waiting behind it.
    let limits = Limits {
        time_limit: Duration::from_millis(500),
        concurrent: 1,
        ..Limits::default()
    };
    let app = router(limits);
    let slow =
        Request::get("/api/eval?game=wythoff&position=(14,12)+(9,11)+(8,13)&convention=misere")
            .body(Body::empty())
            .unwrap();
    let started = Instant::now();
    let response = app.clone().oneshot(slow).await.unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // The search ends within a few thousand nodes of the deadline.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let quick = Request::get("/api/eval?game=kayles&position=3+4")
        .body(Body::empty())
        .unwrap();
    let response = app.oneshot(quick).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

/// Issue 52: the requests that held their slot past the deadline (a
/// remoteness search over coin rows listing options without a stop check;
/// Chomp's table pass, which swallowed the stop and left the search
/// around it going for ever; a one-row Cram board of 64 squares, whose
/// region finder spun) and the one that killed the process (a row of
/// 3000 heads of triplets, whose moves were listed all at once). With
/// one slot, each in turn: its answer, then a cheap request that must get
/// the slot (it would wait behind a computation still running, and get
/// 503 at its own deadline).
#[tokio::test]
async fn no_request_keeps_its_slot_past_the_deadline() {
    let limits = Limits {
        time_limit: Duration::from_millis(600),
        concurrent: 1,
        ..Limits::default()
    };
    let app = router(limits);
    let heads = "H".repeat(3000);
    let attacks = [
        Request::get("/api/moves?game=ruler&position=50")
            .body(Body::empty())
            .unwrap(),
        Request::post("/api/play")
            .header("content-type", "application/json")
            .body(Body::from(
                json!({"game": "ruler", "position": ["50"]}).to_string(),
            ))
            .unwrap(),
        Request::get("/api/eval?game=chomp&position=32x255")
            .body(Body::empty())
            .unwrap(),
        Request::get("/api/eval?game=cram&position=1x64")
            .body(Body::empty())
            .unwrap(),
        Request::get(format!("/api/eval?game=triplets&position={heads}"))
            .body(Body::empty())
            .unwrap(),
    ];
    for attack in attacks {
        let uri = attack.uri().to_string();
        let response = app.clone().oneshot(attack).await.unwrap();
        let status = response.status();
        assert!(
            status == StatusCode::OK
                || status == StatusCode::SERVICE_UNAVAILABLE
                || status.is_client_error(),
            "{uri}: {status}"
        );
        // The stop is checked every few thousand nodes: give it that.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let quick = Request::get("/api/eval?game=kayles&position=3+4")
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(quick).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "after {uri}");
    }
}

#[tokio::test]
async fn analyze_reports_exceptions_and_rare_values() {
    // Kayles: period 12 from 71, so 70 is the last exception (Guy and
    // Smith 1956); the analysis is analyze's (AnalyzeReport::of_values).
    let (status, body) = get("/api/analyze?game=kayles&n=1000").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let exceptions: Vec<u64> = serde_json::from_value(body["exceptions"].clone()).unwrap();
    assert_eq!(exceptions.last(), Some(&70), "{body}");
    assert!(exceptions.iter().all(|&n| n < 71), "{body}");
    assert_eq!(body["largest"]["value"], 8, "{body}");
    assert!(body.get("rare").is_some(), "{body}");
}

/// Every refusal is JSON with the documented status, those of the
/// framework included (issue 26, item 12): a malformed count, a missing
/// parameter, a malformed body, no JSON content type, a body too large.
#[tokio::test]
async fn every_error_is_json_with_its_status() {
    let raw = |request: Request<Body>| call(Limits::default(), request);
    let cases = [
        (
            Request::get("/api/analyze?game=0.77&n=abc")
                .body(Body::empty())
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get("/api/analyze?n=10")
                .body(Body::empty())
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get("/api/eval?game=nim")
                .body(Body::empty())
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::post("/api/play")
                .header("content-type", "application/json")
                .body(Body::from("{\"game\": \"nim\", "))
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::post("/api/play")
                .header("content-type", "application/json")
                .body(Body::from("{\"game\": \"nim\"}"))
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::post("/api/play")
                .body(Body::from("{\"game\": \"nim\", \"position\": [\"3\"]}"))
                .unwrap(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            Request::post("/api/play")
                .header("content-type", "application/json")
                .body(Body::from(format!(
                    "{{\"game\": \"nim\", \"position\": [\"{}\"]}}",
                    "1".repeat(70 * 1024)
                )))
                .unwrap(),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        // Issue 52: the framework's own 404 and 405 were empty, and a
        // body declared larger than the limit held the connection.
        (
            Request::get("/api/nothing").body(Body::empty()).unwrap(),
            StatusCode::NOT_FOUND,
        ),
        (
            Request::get("/api/play").body(Body::empty()).unwrap(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            Request::post("/api/play")
                .header("content-type", "application/json")
                .header("content-length", "99999999999")
                .body(Body::empty())
                .unwrap(),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        // Issue 52: 414 and 431 had empty bodies.
        (
            Request::get(format!(
                "/api/eval?game=kayles&position={}",
                "1".repeat(20_000)
            ))
            .body(Body::empty())
            .unwrap(),
            StatusCode::URI_TOO_LONG,
        ),
        (
            Request::get("/api/games")
                .header("x-padding", "a".repeat(20_000))
                .body(Body::empty())
                .unwrap(),
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        ),
    ];
    for (request, expected) in cases {
        let uri = request.uri().clone();
        let (status, body) = raw(request).await;
        assert_eq!(status, expected, "{uri}: {body}");
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{uri}: not a JSON error: {body}"
        );
    }
}

/// Counts take the CLI's number forms; play positions may be numbers.
#[tokio::test]
async fn counts_and_positions_as_the_cli_reads_them() {
    let (status, body) = get("/api/analyze?game=kayles&n=2%5E5").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["values"].as_array().unwrap().len(), 32);
    let (status, body) = get("/api/analyze?game=kayles&n=1e2").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["values"].as_array().unwrap().len(), 100);
    let (status, by_number) = post(json!({"game": "nim", "position": [3, 4]})).await;
    assert_eq!(status, StatusCode::OK, "{by_number}");
    let (_, by_text) = post(json!({"game": "nim", "position": ["3", "4"]})).await;
    assert_eq!(by_number, by_text);
    let (status, body) = post(json!({"game": "nim", "position": [-3]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

/// Issue 26 item 6: `play kayles 10` reaching 1+3+3 listed the moves of
/// both heaps of 3. Each move is listed once, naming the equal
/// components, and the sums left are exactly the distinct sums a move
/// can leave (Kayles enumerated here by hand: take 1 or 2 adjacent pins,
/// leaving two rows of any sizes that add up to what is left).
#[tokio::test]
async fn equal_components_list_their_moves_once() {
    fn kayles_options(n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for take in [1, 2] {
            if take > n {
                continue;
            }
            let rest = n - take;
            for a in 0..=rest / 2 {
                out.push([a, rest - a].into_iter().filter(|&h| h > 0).collect());
            }
        }
        out
    }
    for position in [vec![1u64, 3, 3], vec![3, 1, 3, 3, 2], vec![4, 4]] {
        let text: Vec<String> = position.iter().map(u64::to_string).collect();
        let (status, body) = get(&format!(
            "/api/moves?game=kayles&position={}",
            text.join("+")
        ))
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let listed: Vec<Vec<u64>> = body["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let mut sum: Vec<u64> = m["position"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_str().unwrap().parse().unwrap())
                    .filter(|&h| h > 0)
                    .collect();
                sum.sort_unstable();
                sum
            })
            .collect();
        let mut expected = std::collections::BTreeSet::new();
        for (i, &heap) in position.iter().enumerate() {
            for option in kayles_options(heap) {
                let mut sum: Vec<u64> = position
                    .iter()
                    .enumerate()
                    .filter(|&(j, &h)| j != i && h > 0)
                    .map(|(_, &h)| h)
                    .chain(option)
                    .collect();
                sum.sort_unstable();
                expected.insert(sum);
            }
        }
        let distinct: std::collections::BTreeSet<Vec<u64>> = listed.iter().cloned().collect();
        assert_eq!(distinct, expected, "{position:?}");
        assert_eq!(listed.len(), expected.len(), "listed twice: {body}");
        // The moves of a repeated heap name the other heaps equal to it.
        for m in body["moves"].as_array().unwrap() {
            let from = m["description"].as_str().unwrap();
            let equal = m
                .get("equal_components")
                .map_or(0, |e| e.as_array().unwrap().len());
            let heap: u64 = from
                .split("heap of ")
                .nth(1)
                .and_then(|t| t.split([' ', ',']).next())
                .and_then(|t| t.parse().ok())
                .unwrap();
            let copies = position.iter().filter(|&&h| h == heap).count();
            assert_eq!(equal, copies - 1, "{m}");
        }
    }
}

/// Issue 26 item 13: `/api/moves?game=kayles&position=10^18` spent the
/// whole deadline listing splits and answered 503. The moves of a heap
/// with one move per token are counted before they are listed: refused
/// at once with the limit (413), not after the deadline; and the CLI's
/// play says the same.
#[tokio::test]
async fn moves_beyond_reach_are_refused_up_front() {
    for position in ["10^18", "10^8", "3+100000000"] {
        let (status, body) = get(&format!("/api/moves?game=kayles&position={position}")).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{position}: {body}");
        let error = body["error"].as_str().unwrap_or_default();
        assert!(
            error.contains("4096 moves") || error.contains("heaps of 134217728"),
            "{body}"
        );
    }
    // A heap within reach still lists its moves.
    let (status, body) = get("/api/moves?game=kayles&position=20").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["moves"].as_array().unwrap().len() > 15);
}

/// Issue 26 item 15: a game on two coordinates gets its table (the page's
/// heat map) as `grundy table --format json` prints it. Wythoff's values
/// for x, y <= 3 (Wythoff's game: G(x,y) = mex of the row, column and
/// diagonal before it; (1,2) and (2,1) are its first P-positions).
#[tokio::test]
async fn tables_of_games_on_two_coordinates() {
    let (status, body) = get("/api/table?game=wythoff&max=3").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["axes"], json!(["x", "y"]));
    assert_eq!(
        body["values"],
        json!([[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]])
    );
    // The tartan theorem's table: G(x,y) = G_A(x) * G_B(y), nim-product.
    let (status, body) = get("/api/table?game=rugs&max=4").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for x in 1..=4u64 {
        for y in 1..=4u64 {
            let ruler = |n: u64| n & n.wrapping_neg();
            let product =
                grundy::nimber::Nimber::new(ruler(x)) * grundy::nimber::Nimber::new(ruler(y));
            assert_eq!(
                body["values"][x as usize][y as usize],
                product.value(),
                "({x},{y})"
            );
        }
    }
    let (status, _) = get("/api/table?game=wythoff&max=100000").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    for game in ["kayles", "cut:2"] {
        let (status, body) = get(&format!("/api/table?game={game}&max=4")).await;
        assert!(status.is_client_error(), "{game}: {status} {body}");
        assert!(body["error"].is_string(), "{body}");
    }
}

/// Issue 54: a sum of different games is played through the API, each
/// step's `game` and `position` sent back as the next request: the human
/// takes the last move offered (on /api/moves, then in each reply), the
/// engine answers; each reply is the library's own for that position, and
/// the game ends.
#[tokio::test(flavor = "multi_thread")]
async fn a_sum_of_different_games_is_played_to_its_end_through_the_api() {
    let (status, body) =
        get("/api/moves?game=kayles&position=4%20%2B%20cram%202x3%20%2B%20nim%203").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["component_games"], json!(["kayles", "cram", "nim"]));
    assert_eq!(
        body["position"],
        json!(["4", "+", "cram", "2x3", "+", "nim", "3"])
    );
    let mut human = body["moves"].as_array().unwrap().last().unwrap().clone();
    let mut steps = 0;
    loop {
        assert!(
            human["description"].as_str().unwrap().contains(": ") || human.get("game").is_none()
        );
        let game = human["game"].as_str().unwrap_or("kayles").to_owned();
        let position: Vec<String> = serde_json::from_value(human["position"].clone()).unwrap();
        let (status, reply) = post(json!({"game": game, "position": position})).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        // The library answers the same request alike.
        let library = grundy::api::play_reply(
            grundy::spec::parse_spec(&game).unwrap(),
            &game,
            &position,
            grundy::Convention::Normal,
            grundy::spec::SpecSource::NoFiles,
            &mut grundy::inputs::Plain(grundy::budget::Budget::interactive(false, "not in a test")),
        )
        .unwrap();
        assert_eq!(reply, serde_json::to_value(&library).unwrap());
        if reply["reply"].is_null() || reply["game_over"] == true {
            break;
        }
        // Then the human's next move: the last one offered, the game it
        // names (or the reply's, in a sum of one game).
        human = reply["moves"].as_array().unwrap().last().unwrap().clone();
        if human.get("game").is_none() {
            human["game"] = reply["game"].clone();
        }
        steps += 1;
        assert!(steps < 50);
    }
    assert!(steps >= 1);
}

/// Every byte but letters and digits percent-encoded.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Issue 55: a game defined by a script's moves travels with the request
/// (the server reads no files): the same report as the library's own
/// evaluation of the script file, the engine's play, and clear refusals.
#[tokio::test]
async fn scripts_sent_with_the_request_are_evaluated_and_played() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/wythoff-pairs.rhai");
    let source = std::fs::read_to_string(&path).unwrap();
    for position in ["(3,5)", "(4,7)", "(2,2)"] {
        let (status, mut served) = get(&format!(
            "/api/eval?game=script&position={}&script={}",
            encoded(position),
            encoded(&source)
        ))
        .await;
        assert_eq!(status, StatusCode::OK, "{served}");
        let spec = format!("script:{}", path.display());
        let request = grundy::api::SumRequest {
            spec: &spec,
            positions: &[position.to_owned()],
            convention: grundy::Convention::Normal,
            remoteness: false,
            table_bytes: None,
            cache: None,
            outcome_only: false,
            specs: grundy::spec::SpecSource::FilesAllowed,
        };
        let mut inputs =
            grundy::inputs::Plain(grundy::budget::Budget::interactive(false, "a test"));
        let library = grundy::api::eval(
            grundy::spec::parse_spec(&spec).unwrap(),
            &request,
            &mut inputs,
        )
        .unwrap();
        let mut library = serde_json::to_value(library).unwrap();
        served.as_object_mut().unwrap().remove("game");
        library.as_object_mut().unwrap().remove("game");
        assert_eq!(served, library, "{position}");
    }
    // The engine answers (4,8) by moving to the P-position (4,7).
    let (status, body) =
        post(json!({"game": "script", "script": source, "position": ["(4,8)"]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["reply"]["wins"], true, "{body}");
    assert_eq!(body["position"], json!(["(4,7)"]), "{body}");
    // A script that does not compile, a script with another game, the game
    // without its script: 400s that say so.
    let (status, body) =
        post(json!({"game": "script", "script": "fn moves(p) {", "position": ["1"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("the script sent"),
        "{body}"
    );
    let (status, _) = post(json!({"game": "kayles", "script": source, "position": ["3"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post(json!({"game": "script", "position": ["3"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Arrays nested 100,000 deep would overflow a thread's stack when
    // dropped: the sent script's array limit stops them first.
    let deep = "fn moves(p) { let a = []; for i in 0..100000 { a = [a]; } [] }";
    let (status, body) = post(json!({"game": "script", "script": deep, "position": ["3"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("array"), "{body}");
}

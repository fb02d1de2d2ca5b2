//! `grundy serve`: the explorer page and the JSON API behind it.
//!
//! The page (`page.html`, built into the binary: nothing is fetched at
//! run time) explores any game grundy knows and plays it against a
//! perfect opponent; the API mirrors the CLI's reports:
//!
//! | endpoint | answer |
//! |---|---|
//! | `GET /api/games` | every family, with an example spec |
//! | `GET /api/analyze?game=&n=&convention=` | the first values, the period report, exceptions, rare values, the largest value |
//! | `GET /api/eval?game=&position=&convention=` | `eval`'s report (value, outcome, every winning move) |
//! | `GET /api/moves?game=&position=&convention=` | every move of a sum, with the sum it leaves |
//! | `POST /api/play` | `{game, position, convention}` → the engine's reply |
//! | `GET /api/db?position=` | a position's answer in the database the server was started with (`grundy serve --db DIR`): `grundy db`'s report; without a position, the totals |
//!
//! Positions in a query are components separated by spaces or `+`.
//! Errors are `{"error": "..."}`: 400 for bad input (with the parser's
//! message), 413 for a request beyond the size limits, 503 when the server
//! is at its concurrency or time limit.
//!
//! **Limits.** Every request first computes in a quick lane (no slot, up
//! to [`QUICK_BUDGET`] of its thread's CPU time): what needs no search is
//! answered there. Longer work runs under a permit of a semaphore
//! ([`Limits::concurrent`]) on a thread of its own at the lowest priority;
//! a request waits for a permit at most the time limit, then gets 503, so
//! a burst slows answers but cannot pile up work. A computation of values
//! checks its deadline between chunks, and the searches every few hundred
//! nodes ([`grundy::stop`]), and stops: cancelled, not left running, so
//! its slot comes back at once after the deadline.
//! Specs that read files (`graph:`, `script:`) are refused: the server
//! reads no file a request names. A graph of the user's own is sent with
//! the request instead (`game=graph&graph=a: b c%0Ab: c%0Ac:`, or the
//! `graph` field of a play request), within the size limits.
#![forbid(unsafe_code)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use grundy::api::SumRequest;
use grundy::budget::Budget;
use grundy::heap::HeapGame;
use grundy::sequence::{EngineChoice, NimSequence};
use grundy::spec::{parse_spec_from, Game, SpecSource};
use grundy::Convention;
use grundy_dataflow::db::Database;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

/// The page, built in.
const PAGE: &str = include_str!("page.html");

/// What protects the server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most values (heaps) one request may compute.
    pub max_values: u64,
    /// The longest a request may take, waiting included.
    pub time_limit: Duration,
    /// Computations at once.
    pub concurrent: usize,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The longest query string, in bytes.
    pub max_query: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_values: 1 << 20,
            time_limit: Duration::from_secs(2),
            concurrent: 4,
            max_body: 64 * 1024,
            max_query: 8 * 1024,
        }
    }
}

#[derive(Clone)]
struct AppState {
    limits: Arc<Limits>,
    permits: Arc<Semaphore>,
    /// The quick lane's places ([`QUICK_LANE`]).
    quick: Arc<Semaphore>,
    /// The solved database `/api/db` answers from, read (and its
    /// checksums checked) when the server started.
    database: Option<Arc<Database>>,
}

/// An answer that is not a report.
#[derive(Debug, thiserror::Error)]
enum ApiError {
    #[error("{0}")]
    BadInput(String),
    #[error("{0}")]
    TooLarge(String),
    #[error("{0}")]
    Busy(String),
    /// Something the server does not have (no database).
    #[error("{0}")]
    Missing(String),
    /// A request the framework refused before any handler ran (a
    /// malformed query or body, no JSON content type, a body too large),
    /// with the framework's status code.
    #[error("{1}")]
    Rejected(StatusCode, String),
    /// A request this kind of game does not answer (400), with the
    /// request and the game's kind for a page to act on.
    #[error("{message}")]
    NotApplicable {
        message: String,
        request: &'static str,
        kind: &'static str,
    },
    /// A computation that failed by a bug (a panic): 500, not "busy".
    #[error("an internal error stopped this computation ({0}); it is a bug in grundy, please report the request")]
    Internal(String),
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::BadInput(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Missing(_) => StatusCode::NOT_FOUND,
            ApiError::Rejected(status, _) => *status,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::NotApplicable { .. } => StatusCode::BAD_REQUEST,
        };
        let body = match &self {
            ApiError::NotApplicable { request, kind, .. } => json!({
                "error": self.to_string(),
                "not_applicable": { "request": request, "kind": kind },
            }),
            _ => json!({ "error": self.to_string() }),
        };
        (status, Json(body)).into_response()
    }
}

impl From<grundy::GameError> for ApiError {
    /// The kind (status code) comes from the error beneath any context;
    /// the message is the whole error's.
    fn from(e: grundy::GameError) -> ApiError {
        if e.is_beyond_limit() {
            return ApiError::TooLarge(e.to_string());
        }
        match e.root() {
            grundy::GameError::Stopped { reason } => ApiError::Busy(reason.clone()),
            root => not_applicable(root, &e).unwrap_or_else(|| ApiError::BadInput(e.to_string())),
        }
    }
}

/// The refusal of a request this kind of game does not answer, when
/// `root` (the error beneath any context) is one; the message is the whole
/// error's, `error`.
fn not_applicable(root: &grundy::GameError, error: &impl ToString) -> Option<ApiError> {
    match root {
        grundy::GameError::NotApplicable { request, kind, .. } => Some(ApiError::NotApplicable {
            message: error.to_string(),
            request,
            kind,
        }),
        _ => None,
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::Rejected(rejection.status(), rejection.body_text())
    }
}

impl From<JsonRejection> for ApiError {
    /// A body that is JSON but not a request (axum's 422) is bad input,
    /// 400, like any other malformed request.
    fn from(rejection: JsonRejection) -> ApiError {
        let status = match rejection.status() {
            StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
            other => other,
        };
        ApiError::Rejected(status, rejection.body_text())
    }
}

/// A count in a query, in any form the CLI reads (`1000`, `2^10`, `1e3`).
fn count_of(text: Option<&str>) -> Result<Option<u64>, ApiError> {
    named_count_of("n", text)
}

/// The number in parameter `name` of a query, if given, in any form the
/// CLI reads.
fn named_count_of(name: &str, text: Option<&str>) -> Result<Option<u64>, ApiError> {
    text.map(|t| {
        grundy::number::parse_u64(t).map_err(|e| ApiError::BadInput(format!("{name}={t}: {e}")))
    })
    .transpose()
}

impl From<grundy::spec::SpecError> for ApiError {
    fn from(e: grundy::spec::SpecError) -> ApiError {
        let refused = match &e {
            grundy::spec::SpecError::Rules { cause, .. } => not_applicable(cause.root(), &e),
            _ => None,
        };
        refused.unwrap_or_else(|| ApiError::BadInput(e.to_string()))
    }
}

/// The router: the page and the API.
pub fn router(limits: Limits) -> Router {
    router_with_database(limits, None)
}

/// The router, answering `/api/db` from `database` (a solve's database,
/// already read).
pub fn router_with_database(limits: Limits, database: Option<Database>) -> Router {
    let limits = Arc::new(limits);
    let state = AppState {
        permits: Arc::new(Semaphore::new(limits.concurrent.max(1))),
        quick: Arc::new(Semaphore::new(QUICK_LANE)),
        limits: Arc::clone(&limits),
        database: database.map(Arc::new),
    };
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route("/api/games", get(games))
        .route("/api/analyze", get(analyze))
        .route("/api/table", get(table))
        .route("/api/quotient", get(quotient))
        .route("/api/eval", get(eval))
        .route("/api/moves", get(moves))
        .route("/api/play", post(play))
        .route("/api/db", get(db))
        // The framework's own refusals are JSON too, as the README says.
        .fallback(|| async {
            ApiError::Rejected(
                StatusCode::NOT_FOUND,
                "no such page: the API is under /api (games, analyze, table, quotient, eval, moves, play, db)".to_owned(),
            )
        })
        .method_not_allowed_fallback(|| async {
            ApiError::Rejected(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed here: /api/play takes POST, the rest GET".to_owned(),
            )
        })
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&limits),
            refuse_oversize,
        ))
        .layer(DefaultBodyLimit::max(limits.max_body))
        .with_state(state)
}

/// The most bytes of header lines a request may send (names and values):
/// beyond it, 431 with a JSON body.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// Requests too large to read are refused at once, in JSON like every
/// other refusal, before a byte of their body is read: an address longer
/// than the query limit allows (414), header lines beyond
/// [`MAX_HEADER_BYTES`] (431), a body declared (`Content-Length`) beyond
/// the body limit (413; the connection is not held waiting for a body
/// that will be refused anyway). Heads beyond the HTTP layer's own bounds
/// (an address of 64 KiB, 100 header lines, 400 KiB in all) are refused
/// by it before any handler, with its empty 414 or 431.
async fn refuse_oversize(
    State(limits): State<Arc<Limits>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    // The path and the parameters' names beside the query limit.
    let max_uri = limits.max_query + 1024;
    // Measured from its parts, not written out again for every request.
    let uri = request.uri();
    let uri_length = uri.scheme_str().map_or(0, |s| s.len() + "://".len())
        + uri.authority().map_or(0, |a| a.as_str().len())
        + uri.path_and_query().map_or(0, |p| p.as_str().len());
    if uri_length > max_uri {
        return ApiError::Rejected(
            StatusCode::URI_TOO_LONG,
            format!("the request's address is {uri_length} bytes, beyond the limit of {max_uri}"),
        )
        .into_response();
    }
    let header_bytes: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if header_bytes > MAX_HEADER_BYTES {
        return ApiError::Rejected(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request's header lines are {header_bytes} bytes, beyond the limit of {MAX_HEADER_BYTES}"
            ),
        )
        .into_response();
    }
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    match declared {
        Some(length) if length > limits.max_body as u64 => ApiError::TooLarge(format!(
            "the request body is {length} bytes, beyond the limit of {}",
            limits.max_body
        ))
        .into_response(),
        _ => next.run(request).await,
    }
}

/// Serves on `addr` until the process ends.
pub async fn serve(addr: SocketAddr, limits: Limits) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    axum::serve(listener, router(limits)).await
}

/// Serves on `addr` on a runtime of its own, calling `ready` with the
/// address bound (port 0 picks a free one), until the process ends;
/// `/api/db` answers from `database`.
pub fn run(
    addr: SocketAddr,
    limits: Limits,
    database: Option<Database>,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, router_with_database(limits, database)).await
    })
}

/// How much CPU time a request may use before it needs a computation slot:
/// what needs no search (a theorem, a proved period, Nim, a small board)
/// is answered within it, beside the searches that hold the slots.
pub const QUICK_BUDGET: Duration = Duration::from_millis(50);

/// Requests computing at once within [`QUICK_BUDGET`], slots aside: a
/// bound on the threads and memory of the quick lane.
const QUICK_LANE: usize = 32;

/// Runs `work` on the blocking pool within the time limit: first in the
/// quick lane (no slot, stopped at [`QUICK_BUDGET`]), then, when it needed
/// longer, under a permit of the computation slots (waiting for it
/// included in the limit). Work that stops, stops through the check
/// installed here (ticks of the searches, chunks of values), so a slot
/// comes back soon after its deadline.
async fn limited<T: Send + 'static>(
    state: &AppState,
    work: impl Fn(Instant) -> Result<T, ApiError> + Send + Sync + 'static,
) -> Result<T, ApiError> {
    let limit = state.limits.time_limit;
    let deadline = Instant::now() + limit;
    let work = Arc::new(work);
    if let Ok(quick) = state.quick.clone().try_acquire_owned() {
        let out_of_budget = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = Arc::clone(&out_of_budget);
        let attempt = Arc::clone(&work);
        let task = tokio::task::spawn_blocking(move || {
            let _quick = quick;
            // The request's own deadline goes to the work, for the
            // estimates judged against it up front.
            run_checked(deadline, limit, Some(flag), || attempt(deadline))
        });
        match tokio::time::timeout(deadline.saturating_duration_since(Instant::now()), task).await {
            Ok(Ok(Err(ApiError::Busy(_))))
                if out_of_budget.load(std::sync::atomic::Ordering::Relaxed) => {}
            Ok(Ok(result)) => return result,
            Ok(Err(failure)) => return Err(ApiError::Internal(panic_text(failure.into_panic()))),
            Err(_) => return Err(ApiError::Busy(over_time_limit(limit))),
        }
    }
    let permit = tokio::time::timeout(
        deadline.saturating_duration_since(Instant::now()),
        state.permits.clone().acquire_owned(),
    )
    .await
    .map_err(|_| {
        ApiError::Busy(format!(
            "the server is busy: no computation slot within {limit:?}"
        ))
    })?
    .map_err(|_| ApiError::Busy("the server is shutting down".to_owned()))?;
    // A thread of its own, at the lowest priority, so that the quick
    // lane's requests (normal priority) take a core from it at once; it
    // ends with the work (a pooled thread could not get its priority
    // back without privileges).
    let (sender, answer) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("grundy-slot".to_owned())
        .spawn(move || {
            // Held until the work ends, even past a timeout.
            let _permit = permit;
            let _ =
                thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_checked(deadline, limit, None, || work(deadline))
            }));
            let _ = sender
                .send(outcome.unwrap_or_else(|panic| Err(ApiError::Internal(panic_text(panic)))));
        })
        .map_err(|e| ApiError::Busy(format!("the server cannot start a computation: {e}")))?;
    match tokio::time::timeout(deadline.saturating_duration_since(Instant::now()), answer).await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(ApiError::Internal(
            "the computation's thread ended without an answer".to_owned(),
        )),
        Err(_) => Err(ApiError::Busy(over_time_limit(limit))),
    }
}

/// A panic's message, for the 500 that reports it.
fn panic_text(panic: Box<dyn std::any::Any + Send>) -> String {
    grundy::error::panic_message(panic.as_ref())
        .unwrap_or("a panic")
        .to_owned()
}

/// Why a request was stopped at its time limit.
fn over_time_limit(limit: Duration) -> String {
    format!("the request exceeds the time limit of {limit:?}")
}

/// Runs `work` on this thread with the request's stop check installed:
/// its deadline and, in the quick lane (`quick`: the flag to set when the
/// check stops it), [`QUICK_BUDGET`] of this thread's CPU time. The budget
/// is of CPU time because under load a cheap request waits for a core,
/// and wall time would send it to the slots' queue for work it barely
/// started.
fn run_checked<T>(
    deadline: Instant,
    limit: Duration,
    quick: Option<Arc<std::sync::atomic::AtomicBool>>,
    work: impl FnOnce() -> T,
) -> T {
    let started = quick.as_ref().map(|_| cpu_time::ThreadTime::now());
    grundy::stop::with_check(
        move || {
            let out_of_budget = started
                .as_ref()
                .is_some_and(|started| started.elapsed() > QUICK_BUDGET);
            if out_of_budget || Instant::now() > deadline {
                if let Some(flag) = &quick {
                    flag.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                return Err(grundy::GameError::Stopped {
                    reason: over_time_limit(limit),
                });
            }
            Ok(())
        },
        work,
    )
}

fn check_query(state: &AppState, parts: &[&str]) -> Result<(), ApiError> {
    let length: usize = parts.iter().map(|p| p.len()).sum();
    if length > state.limits.max_query {
        return Err(ApiError::TooLarge(format!(
            "the request is {length} bytes, beyond the limit of {}",
            state.limits.max_query
        )));
    }
    Ok(())
}

/// The game a request names, refusing specs that read files; `graph`:
/// a game graph sent with the request (`name: successors` lines, as in a
/// graph file), for the spec `graph`.
fn game_of(spec: &str, graph: Option<&str>) -> Result<Game, ApiError> {
    let trimmed = spec.trim();
    match (trimmed, graph) {
        ("graph", Some(text)) => {
            let graph = grundy::Graph::parse(text)
                .map_err(|e| ApiError::BadInput(format!("the graph sent: {e}")))?;
            return Ok(Game::Graph(Arc::new(graph)));
        }
        ("graph", None) => {
            return Err(ApiError::BadInput(
                "the game 'graph' needs its graph: send it as the graph parameter (name: successors lines)".to_owned(),
            ))
        }
        (_, Some(_)) => {
            return Err(ApiError::BadInput(format!(
                "a graph was sent with the game '{trimmed}': a graph goes with the game 'graph'"
            )))
        }
        _ => {}
    }
    Ok(parse_spec_from(trimmed, SpecSource::NoFiles)?)
}

/// The error that stops a computation of `count` values (or boxes, as
/// `what` says) at the deadline.
fn past_deadline(
    deadline: Instant,
    count: u64,
    what: &str,
    done: u64,
) -> Result<(), grundy::GameError> {
    // The check `limited` installed: the quick lane's budget.
    grundy::stop::check()?;
    if Instant::now() > deadline {
        return Err(grundy::GameError::Stopped {
            reason: format!(
                "computing {count} {what} exceeds the time limit (stopped after {done})"
            ),
        });
    }
    Ok(())
}

/// The convention a request names (`normal` when it names none).
fn convention_of(convention: Option<&str>) -> Result<Convention, ApiError> {
    convention
        .unwrap_or_default()
        .parse()
        .map_err(|e: grundy::convention::ConventionError| ApiError::BadInput(e.to_string()))
}

/// What the server computes for a request: everything within the
/// library's budget of a served request (the server's cap on values and
/// the request's deadline, checked before any work), stopped at the
/// deadline between steps should an estimate have been low.
struct ServerInputs {
    budget: Budget,
}

impl ServerInputs {
    /// The inputs of a request under `limits` that must be done by
    /// `deadline`.
    fn new(limits: &Limits, deadline: Instant) -> ServerInputs {
        ServerInputs {
            budget: Budget::served(limits.max_values, deadline),
        }
    }

    /// The request's deadline.
    fn deadline(&self) -> Instant {
        self.budget.deadline().unwrap_or_else(Instant::now)
    }
}

impl grundy::inputs::Inputs for ServerInputs {
    type Error = ApiError;

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn compute_values(&mut self, game: &HeapGame, count: u64) -> Result<NimSequence, ApiError> {
        let deadline = self.deadline();
        Ok(grundy::inputs::values_in_steps(
            game,
            grundy::inputs::countable(count)?,
            &mut || 4096,
            &mut |_, range| {
                past_deadline(deadline, count, "values", range.end as u64)?;
                Ok(true)
            },
        )?)
    }

    fn compute_period(
        &mut self,
        game: &HeapGame,
        max: usize,
    ) -> Result<(grundy::period::PeriodReport, NimSequence), ApiError> {
        let deadline = self.deadline();
        Ok(game.find_period_observed(
            EngineChoice::Auto,
            grundy::inputs::FIRST_ROUND,
            max,
            &mut |done, _| past_deadline(deadline, max as u64, "values", done as u64),
        )?)
    }

    fn compute_misere_values(
        &mut self,
        game: &HeapGame,
        count: u64,
    ) -> Result<NimSequence, ApiError> {
        let deadline = self.deadline();
        Ok(grundy::heap::misere::heap_misere_values(
            game,
            count,
            &mut |done| past_deadline(deadline, count, "values", done),
        )?)
    }

    fn compute_cut_table(
        &mut self,
        dim: usize,
        largest: usize,
    ) -> Result<grundy::cut::CutTable, ApiError> {
        let deadline = self.deadline();
        let boxes = format!("boxes of the cut:{dim} table");
        Ok(grundy::cut::CutTable::compute(
            dim,
            largest,
            &|done, total| past_deadline(deadline, total, &boxes, done),
        )?)
    }
}

/// The families the server answers for (none that reads a file).
async fn games() -> Result<Json<Value>, ApiError> {
    to_json(grundy::api::games(SpecSource::NoFiles)).map(Json)
}

#[derive(Deserialize)]
struct AnalyzeQuery {
    game: String,
    n: Option<String>,
    convention: Option<String>,
}

async fn analyze(
    State(state): State<AppState>,
    query: Result<Query<AnalyzeQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let n = count_of(query.n.as_deref())?;
    check_query(&state, &[&query.game])?;
    let convention = convention_of(query.convention.as_deref())?;
    let game = game_of(&query.game, None)?;
    let limits = state.limits.clone();
    limited(&state, move |deadline| {
        let mut inputs = ServerInputs::new(&limits, deadline);
        let report = grundy::api::page_analysis(&game, &query.game, n, convention, &mut inputs)?;
        to_json(report).map(Json)
    })
    .await
}

#[derive(Deserialize)]
struct QuotientQuery {
    game: String,
    max: Option<String>,
    max_order: Option<String>,
}

/// The largest heap a quotient request may ask on this server (the CLI
/// takes 5000): the options of every heap are kept, and a request is
/// bounded in time by the server's deadline anyway.
const QUOTIENT_MAX_HEAP: u64 = 1000;

/// `GET /api/quotient?game=0.07&max=30[&max_order=4096]`: the misère
/// quotient of the heaps up to `max`, as `grundy quotient --format json`
/// prints it; `max_order` at most the CLI's default (4096 elements).
async fn quotient(
    State(state): State<AppState>,
    query: Result<Query<QuotientQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    check_query(&state, &[&query.game])?;
    let max = named_count_of("max", query.max.as_deref())?
        .ok_or_else(|| ApiError::BadInput("a quotient needs max, the largest heap".to_owned()))?;
    let default_order = grundy::heap::quotient::DEFAULT_MAX_ORDER;
    let max_order = named_count_of("max_order", query.max_order.as_deref())?
        .map_or(default_order as u64, |m| m);
    if max > QUOTIENT_MAX_HEAP || max_order > default_order as u64 {
        return Err(ApiError::TooLarge(format!(
            "max={max}, max_order={max_order} exceeds the limits of {QUOTIENT_MAX_HEAP} heaps and {default_order} elements for quotients on this server"
        )));
    }
    let game = game_of(&query.game, None)?;
    limited(&state, move |_deadline| {
        // The deadline stops the quotient through the check `limited`
        // installs (between candidates and blocks of the verification).
        let report = grundy::api::quotient(
            &game,
            &query.game,
            max,
            grundy::heap::quotient::QuotientLimits {
                max_order: max_order as usize,
                ..Default::default()
            },
            None,
            &mut |_| {},
        )?;
        to_json(report).map(Json)
    })
    .await
}

/// The largest coordinate of a table the page asks for (the heat map of
/// a game on two coordinates): (TABLE_MAX + 1)^2 cells.
const TABLE_MAX: u64 = 128;

/// The bound on a board search's table per request: requests run side by
/// side, so each gets a sixteenth of what the command line allows.
const SEARCH_TABLE_BYTES: usize = 32 << 20;

#[derive(Deserialize)]
struct TableQuery {
    game: String,
    max: Option<String>,
    convention: Option<String>,
}

/// `GET /api/table?game=wythoff&max=32`: the values of a game on two
/// coordinates, as `grundy table --format json` prints them (the page's
/// heat map); other games are refused with the reason.
async fn table(
    State(state): State<AppState>,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let max = count_of(query.max.as_deref())?.unwrap_or(32);
    check_query(&state, &[&query.game])?;
    if max > TABLE_MAX {
        return Err(ApiError::TooLarge(format!(
            "max={max} exceeds the limit of {TABLE_MAX} for tables on this server"
        )));
    }
    let convention = convention_of(query.convention.as_deref())?;
    let game = game_of(&query.game, None)?;
    let limits = state.limits.clone();
    limited(&state, move |deadline| {
        let mut inputs = ServerInputs::new(&limits, deadline);
        match grundy::api::table(game.clone(), &query.game, max, convention, &mut inputs)? {
            grundy::api::Table::Grid {
                axes,
                convention,
                values,
            } => to_json(grundy::report::GridReport {
                game: &query.game,
                convention,
                axes,
                max: values.rows.saturating_sub(1),
                values: grundy::report::GridRows(&values),
            })
            .map(Json),
            _ => Err(ApiError::BadInput(format!(
                "'{}' is a cutting game: its table has one axis per side, which the page does not draw; 'grundy table' prints it",
                query.game
            ))),
        }
    })
    .await
}

#[derive(Deserialize)]
struct PositionQuery {
    game: String,
    position: String,
    convention: Option<String>,
    /// A game graph sent with the request, for the game `graph`.
    graph: Option<String>,
    /// Only the outcome and one winning move (`eval`: `outcome=true`).
    #[serde(default)]
    outcome: bool,
}

/// Runs `work` on the evaluator of a position request, under the limits:
/// what `eval` and `moves` share.
async fn with_position(
    state: &AppState,
    query: PositionQuery,
    work: impl Fn(Game, &str, &[String], Convention, &mut ServerInputs) -> Result<Value, ApiError>
        + Send
        + Sync
        + 'static,
) -> Result<Json<Value>, ApiError> {
    check_query(
        state,
        &[
            &query.game,
            &query.position,
            query.graph.as_deref().unwrap_or(""),
        ],
    )?;
    let convention = convention_of(query.convention.as_deref())?;
    let texts = grundy::inputs::sum_tokens(&query.position);
    let game = game_of(&query.game, query.graph.as_deref())?;
    let limits = state.limits.clone();
    limited(state, move |deadline| {
        let mut inputs = ServerInputs::new(&limits, deadline);
        work(game.clone(), &query.game, &texts, convention, &mut inputs).map(Json)
    })
    .await
}

fn to_json(report: impl serde::Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(report)
        .map_err(|e| ApiError::BadInput(format!("the report could not be written: {e}")))
}

async fn eval(
    State(state): State<AppState>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let outcome_only = query.outcome;
    with_position(
        &state,
        query,
        move |game, spec, texts, convention, inputs| {
            let request = SumRequest {
                spec,
                positions: texts,
                convention,
                remoteness: false,
                table_bytes: Some(SEARCH_TABLE_BYTES),
                cache: None,
                outcome_only,
                specs: SpecSource::NoFiles,
            };
            to_json(grundy::api::eval(game, &request, inputs)?)
        },
    )
    .await
}

/// A lookup in the server's database.
#[derive(Deserialize)]
struct DbQuery {
    /// The position (vertex) as the database names it; none: the totals.
    position: Option<String>,
}

async fn db(
    State(state): State<AppState>,
    query: Result<Query<DbQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let position = query.position.unwrap_or_default();
    check_query(&state, &[&position])?;
    let Some(database) = state.database.clone() else {
        return Err(ApiError::Missing(
            "this server has no database: start it with grundy serve --db DIR (a directory grundy solve wrote)".to_owned(),
        ));
    };
    let vertices: Vec<String> = Some(position.trim().to_owned())
        .filter(|p| !p.is_empty())
        .into_iter()
        .collect();
    limited(&state, move |_| {
        let report = grundy_dataflow::request::lookup_in(&database, &vertices)
            .map_err(|e| ApiError::BadInput(e.to_string()))?;
        to_json(report)
    })
    .await
    .map(Json)
}

async fn moves(
    State(state): State<AppState>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    with_position(&state, query, |game, spec, texts, convention, inputs| {
        to_json(grundy::api::moves_from(
            game, spec, texts, convention, inputs,
        )?)
    })
    .await
}

#[derive(Deserialize)]
struct PlayRequest {
    game: String,
    /// The components, as strings (`"3"`, `"(2,3)"`) or numbers (`3`).
    position: Vec<Value>,
    convention: Option<String>,
    /// A game graph sent with the request, for the game `graph`.
    graph: Option<String>,
}

impl PlayRequest {
    /// The components as texts: a number is written as the CLI reads it.
    fn position_texts(&self) -> Result<Vec<String>, ApiError> {
        self.position
            .iter()
            .map(|part| match part {
                Value::String(text) => Ok(text.clone()),
                Value::Number(n) if n.is_u64() => Ok(n.to_string()),
                other => Err(ApiError::BadInput(format!(
                    "a component of a position is a string or a whole number, not {other}"
                ))),
            })
            .collect()
    }
}

/// The engine's move: a winning one when there is one; from a lost
/// position the move that makes the game last longest (remoteness).
async fn play(
    State(state): State<AppState>,
    request: Result<Json<PlayRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = request?;
    let position = request.position_texts()?;
    let parts: Vec<&str> = position.iter().map(String::as_str).collect();
    check_query(&state, &parts)?;
    let convention = convention_of(request.convention.as_deref())?;
    let game = game_of(&request.game, request.graph.as_deref())?;
    let limits = state.limits.clone();
    limited(&state, move |deadline| {
        let mut inputs = ServerInputs::new(&limits, deadline);
        let reply = grundy::api::play_reply(
            game.clone(),
            &request.game,
            &position,
            convention,
            &mut inputs,
        )?;
        to_json(reply).map(Json)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> AppState {
        let limits = Limits::default();
        AppState {
            permits: Arc::new(Semaphore::new(limits.concurrent)),
            quick: Arc::new(Semaphore::new(QUICK_LANE)),
            limits: Arc::new(limits),
            database: None,
        }
    }

    /// Issue 53: a computation that panicked was answered 503 "busy", as
    /// if the server were loaded. It is a 500 naming an internal error, in
    /// the quick lane and in a computation slot alike.
    #[tokio::test]
    async fn a_panic_is_an_internal_error_not_busy() {
        let quick = limited(&state(), |_| -> Result<(), ApiError> { panic!("provoked") }).await;
        let error = quick.expect_err("panicked");
        assert!(matches!(error, ApiError::Internal(_)), "{error:?}");
        assert!(error.to_string().contains("provoked"), "{error}");
        assert_eq!(
            error.into_response().status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        // Past the quick lane's budget (the stop check says so), then a
        // panic in the slot that takes the work over.
        let attempts = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = Arc::clone(&attempts);
        let slow = limited(&state(), move |_| -> Result<(), ApiError> {
            if counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst) == 0 {
                loop {
                    if let Err(e) = grundy::stop::check() {
                        return Err(ApiError::from(e));
                    }
                }
            }
            panic!("provoked in a slot")
        })
        .await;
        assert_eq!(attempts.load(std::sync::atomic::Ordering::SeqCst), 2);
        let error = slow.expect_err("panicked");
        assert!(error.to_string().contains("provoked in a slot"), "{error}");
        assert_eq!(
            error.into_response().status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
}

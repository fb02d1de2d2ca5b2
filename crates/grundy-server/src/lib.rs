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

mod admission;
mod error;
mod handlers;
mod inputs;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::Html;
use axum::routing::{get, post};
use axum::Router;
use grundy_dataflow::db::Database;
use tokio::sync::Semaphore;

pub use admission::{Limits, MAX_HEADER_BYTES, QUICK_BUDGET};

use admission::{refuse_oversize, QUICK_LANE};
use error::ApiError;
use handlers::{analyze, db, eval, games, moves, play, quotient, table};

/// The page, built in.
const PAGE: &str = include_str!("page.html");

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

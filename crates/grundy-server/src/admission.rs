//! What protects the server: the [`Limits`], the refusal of oversize
//! requests, and the admission of work (the quick lane, the computation
//! slots, the deadline and its stop check).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::AppState;

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
pub(crate) async fn refuse_oversize(
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

/// How much CPU time a request may use before it needs a computation slot:
/// what needs no search (a theorem, a proved period, Nim, a small board)
/// is answered within it, beside the searches that hold the slots.
pub const QUICK_BUDGET: Duration = Duration::from_millis(50);

/// Requests computing at once within [`QUICK_BUDGET`], slots aside: a
/// bound on the threads and memory of the quick lane.
pub(crate) const QUICK_LANE: usize = 32;

/// Runs `work` on the blocking pool within the time limit: first in the
/// quick lane (no slot, stopped at [`QUICK_BUDGET`]), then, when it needed
/// longer, under a permit of the computation slots (waiting for it
/// included in the limit). Work that stops, stops through the check
/// installed here (ticks of the searches, chunks of values), so a slot
/// comes back soon after its deadline.
pub(crate) async fn limited<T: Send + 'static>(
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

/// Refuses a request whose texts (`parts`) are together longer than the
/// query limit (413).
pub(crate) fn check_query(state: &AppState, parts: &[&str]) -> Result<(), ApiError> {
    let length: usize = parts.iter().map(|p| p.len()).sum();
    if length > state.limits.max_query {
        return Err(ApiError::TooLarge(format!(
            "the request is {length} bytes, beyond the limit of {}",
            state.limits.max_query
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use tokio::sync::Semaphore;

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

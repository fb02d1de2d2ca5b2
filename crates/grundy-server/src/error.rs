//! The answers that are not reports: [`ApiError`], how each becomes a
//! status code and a JSON body, and how the library's errors and the
//! framework's refusals become one.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// An answer that is not a report.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ApiError {
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

impl From<grundy::spec::SpecError> for ApiError {
    fn from(e: grundy::spec::SpecError) -> ApiError {
        let refused = match &e {
            grundy::spec::SpecError::Rules { cause, .. } => not_applicable(cause.root(), &e),
            _ => None,
        };
        refused.unwrap_or_else(|| ApiError::BadInput(e.to_string()))
    }
}

//! The API's handlers, one an endpoint: each reads its request, checks it
//! against the limits and computes its report under [`limited`].

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::Json;
use grundy::api::SumRequest;
use grundy::spec::{Game, SpecSource};
use grundy::Convention;
use serde::Deserialize;
use serde_json::Value;

use crate::admission::{check_query, limited};
use crate::error::ApiError;
use crate::inputs::{convention_of, count_of, game_of, named_count_of, Sent, ServerInputs};
use crate::AppState;

/// The families the server answers for (none that reads a file).
pub(crate) async fn games() -> Result<Json<Value>, ApiError> {
    to_json(grundy::api::games(SpecSource::NoFiles)).map(Json)
}

#[derive(Deserialize)]
pub(crate) struct AnalyzeQuery {
    game: String,
    n: Option<String>,
    convention: Option<String>,
}

pub(crate) async fn analyze(
    State(state): State<AppState>,
    query: Result<Query<AnalyzeQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let n = count_of(query.n.as_deref())?;
    check_query(&state, &[&query.game])?;
    let convention = convention_of(query.convention.as_deref())?;
    let game = game_of(&query.game, Sent::default())?;
    let limits = state.limits.clone();
    limited(&state, move |deadline| {
        let mut inputs = ServerInputs::new(&limits, deadline);
        let report = grundy::api::page_analysis(&game, &query.game, n, convention, &mut inputs)?;
        to_json(report).map(Json)
    })
    .await
}

#[derive(Deserialize)]
pub(crate) struct QuotientQuery {
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
pub(crate) async fn quotient(
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
    let game = game_of(&query.game, Sent::default())?;
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
pub(crate) struct TableQuery {
    game: String,
    max: Option<String>,
    convention: Option<String>,
}

/// `GET /api/table?game=wythoff&max=32`: the values of a game on two
/// coordinates, as `grundy table --format json` prints them (the page's
/// heat map); other games are refused with the reason.
pub(crate) async fn table(
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
    let game = game_of(&query.game, Sent::default())?;
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
pub(crate) struct PositionQuery {
    game: String,
    position: String,
    convention: Option<String>,
    /// A game graph sent with the request, for the game `graph`.
    graph: Option<String>,
    /// A Rhai script sent with the request, for the game `script`.
    script: Option<String>,
    /// Only the outcome and one winning move (`eval`: `outcome=true`).
    #[serde(default)]
    outcome: bool,
    /// Play the components as a compound other than their sum (`eval`:
    /// `compound=conjunctive`, `moore:2`...).
    compound: Option<String>,
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
            query.script.as_deref().unwrap_or(""),
        ],
    )?;
    let convention = convention_of(query.convention.as_deref())?;
    let texts = grundy::inputs::sum_tokens(&query.position);
    let game = game_of(
        &query.game,
        Sent {
            graph: query.graph.as_deref(),
            script: query.script.as_deref(),
        },
    )?;
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

pub(crate) async fn eval(
    State(state): State<AppState>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let outcome_only = query.outcome;
    let compound = query
        .compound
        .as_deref()
        .map(grundy::compound::Compound::parse)
        .transpose()?;
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
            if let Some(kind) = compound {
                return to_json(grundy::api::compound(game, &request, kind, inputs)?);
            }
            to_json(grundy::api::eval(game, &request, inputs)?)
        },
    )
    .await
}

/// A lookup in the server's database.
#[derive(Deserialize)]
pub(crate) struct DbQuery {
    /// The position (vertex) as the database names it; none: the totals.
    position: Option<String>,
}

pub(crate) async fn db(
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

pub(crate) async fn moves(
    State(state): State<AppState>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    with_position(&state, query, |game, spec, texts, convention, inputs| {
        to_json(grundy::api::moves_from(
            game,
            spec,
            texts,
            convention,
            SpecSource::NoFiles,
            inputs,
        )?)
    })
    .await
}

#[derive(Deserialize)]
pub(crate) struct PlayRequest {
    game: String,
    /// The components, as strings (`"3"`, `"(2,3)"`) or numbers (`3`).
    position: Vec<Value>,
    convention: Option<String>,
    /// A game graph sent with the request, for the game `graph`.
    graph: Option<String>,
    /// A Rhai script sent with the request, for the game `script`.
    script: Option<String>,
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
pub(crate) async fn play(
    State(state): State<AppState>,
    request: Result<Json<PlayRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = request?;
    let position = request.position_texts()?;
    let mut parts: Vec<&str> = position.iter().map(String::as_str).collect();
    parts.extend(request.script.as_deref());
    check_query(&state, &parts)?;
    let convention = convention_of(request.convention.as_deref())?;
    let game = game_of(
        &request.game,
        Sent {
            graph: request.graph.as_deref(),
            script: request.script.as_deref(),
        },
    )?;
    let limits = state.limits.clone();
    limited(&state, move |deadline| {
        let mut inputs = ServerInputs::new(&limits, deadline);
        let reply = grundy::api::play_reply(
            game.clone(),
            &request.game,
            &position,
            convention,
            SpecSource::NoFiles,
            &mut inputs,
        )?;
        to_json(reply).map(Json)
    })
    .await
}

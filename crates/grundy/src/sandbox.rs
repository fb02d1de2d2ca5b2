//! The Rhai sandbox of everything users write as code (rule scripts,
//! formulas): an engine with grundy's limits on operations, depth and
//! sizes, and its errors as [`GameError`]s.

use std::fmt;

use rhai::Engine;

use crate::error::GameError;
use crate::limits::SCRIPT_OPERATIONS as MAX_OPERATIONS;

/// A sandboxed Rhai engine with grundy's limits.
#[must_use]
pub fn sandboxed_engine() -> Engine {
    let mut engine = Engine::new();
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(64);
    engine.set_max_expr_depths(128, 64);
    engine.set_max_string_size(1 << 20);
    engine.set_max_array_size(1 << 24);
    engine.set_max_map_size(1 << 20);
    engine
}

/// Turns a Rhai error into a [`GameError`] with `context`.
pub fn script_error(context: &str, error: &dyn fmt::Display) -> GameError {
    GameError::Rules {
        message: format!("{context}: {error}"),
    }
}

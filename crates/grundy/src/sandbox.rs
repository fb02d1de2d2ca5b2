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

/// What one call of a script may spend: operations, and the elements of
/// its arrays (nested arrays counted: it also bounds how deep they nest,
/// which a script can make deeper at run time than a thread's stack could
/// drop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptLimits {
    /// Operations per call.
    pub operations: u64,
    /// Elements of all arrays in one value, nested ones included.
    pub array_size: usize,
}

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits {
            operations: MAX_OPERATIONS,
            array_size: 1 << 24,
        }
    }
}

/// [`sandboxed_engine`] within `limits`.
#[must_use]
pub fn sandboxed_engine_with(limits: ScriptLimits) -> Engine {
    let mut engine = sandboxed_engine();
    engine.set_max_operations(limits.operations);
    engine.set_max_array_size(limits.array_size);
    engine
}

/// Turns a Rhai error into a [`GameError`] with `context`.
pub fn script_error(context: &str, error: &dyn fmt::Display) -> GameError {
    GameError::Rules {
        message: format!("{context}: {error}"),
    }
}

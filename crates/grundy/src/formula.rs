//! Conjectured formulas for G(n), written as Rhai expressions in `n`, and
//! their check against computed values.
//!
//! Helpers available to formulas: `popcount(x)`, `omega(x)` (prime factors
//! counted with multiplicity), `odd_part(x)`, `nim_sum(a, b)`,
//! `nim_mul(a, b)`, `mex(array)`, `floor_log2(x)`; Rhai's own operators
//! (`%`, `/`, `^` for XOR, `if` expressions...) work as usual.

use rhai::{Array, Dynamic, Engine, Scope, AST, INT};

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::sandbox::{sandboxed_engine, script_error};

/// Prime factors counted with multiplicity (0 below 2), by a factoring
/// that takes microseconds for any 64-bit number, so a formula's cost stays
/// within its operation limit.
fn omega(n: INT) -> INT {
    u64::try_from(n).map_or(0, |n| crate::factor::big_omega(n) as INT)
}

fn engine_with_helpers() -> Engine {
    let mut engine = sandboxed_engine();
    engine.register_fn("popcount", |x: INT| INT::from(x.count_ones()));
    engine.register_fn("omega", omega);
    engine.register_fn(
        "odd_part",
        |x: INT| {
            if x == 0 {
                0
            } else {
                x >> x.trailing_zeros()
            }
        },
    );
    engine.register_fn("nim_sum", |a: INT, b: INT| a ^ b);
    engine.register_fn("nim_mul", |a: INT, b: INT| {
        Nimber::new(a as u64).nim_mul(Nimber::new(b as u64)).value() as INT
    });
    engine.register_fn("floor_log2", |x: INT| {
        if x <= 0 {
            -1
        } else {
            INT::from(63 - x.leading_zeros() as i32)
        }
    });
    engine.register_fn("mex", |values: Array| {
        let mut present: Vec<bool> = vec![false; values.len() + 1];
        for v in values {
            if let Ok(v) = v.as_int() {
                if v >= 0 && (v as usize) < present.len() {
                    present[v as usize] = true;
                }
            }
        }
        present.iter().position(|&p| !p).unwrap_or(present.len()) as INT
    });
    engine
}

/// A compiled formula for G(n).
pub struct Formula {
    text: String,
    engine: Engine,
    ast: AST,
}

impl Formula {
    /// Compiles `text`, an expression in `n`.
    pub fn compile(text: &str) -> Result<Formula, GameError> {
        Formula::compile_with_limit(text, crate::limits::SCRIPT_OPERATIONS)
    }

    /// [`Formula::compile`] with another operation limit per evaluation.
    pub fn compile_with_limit(text: &str, max_operations: u64) -> Result<Formula, GameError> {
        let mut engine = engine_with_helpers();
        engine.set_max_operations(max_operations);
        let ast = engine
            .compile_expression(text)
            .map_err(|e| script_error(&format!("the formula '{text}' does not parse"), &e))?;
        Ok(Formula {
            text: text.to_owned(),
            engine,
            ast,
        })
    }

    /// The formula's value at `n`.
    pub fn eval(&self, n: u64) -> Result<u64, GameError> {
        let mut scope = Scope::new();
        let arg = INT::try_from(n).map_err(|_| GameError::Limit {
            what: format!("n = {n}"),
            limit: "2^63 in formulas".to_owned(),
        })?;
        scope.push("n", arg);
        let result: Dynamic = self
            .engine
            .eval_ast_with_scope(&mut scope, &self.ast)
            .map_err(|e| {
                script_error(
                    &format!("the formula '{}' failed at n = {n}", self.text),
                    &e,
                )
            })?;
        let value = result.as_int().map_err(|t| GameError::Rules {
            message: format!(
                "the formula '{}' gave a {t} at n = {n}, not an integer",
                self.text
            ),
        })?;
        u64::try_from(value).map_err(|_| GameError::Rules {
            message: format!(
                "the formula '{}' gave {value} at n = {n}, which is negative",
                self.text
            ),
        })
    }
}

/// Where a formula and the computed values first disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The heap.
    pub n: u64,
    /// The computed G(n).
    pub actual: u64,
    /// The formula's value.
    pub claimed: u64,
}

/// Checks `formula` at one heap: `Some` counterexample when the formula's
/// value differs from `actual` = G(n).
pub fn check_formula_at(
    formula: &Formula,
    n: u64,
    actual: u64,
) -> Result<Option<Counterexample>, GameError> {
    let claimed = formula.eval(n)?;
    Ok((claimed != actual).then_some(Counterexample { n, actual, claimed }))
}

/// Checks `formula` against `values` (G(0), G(1), ...); `None` when it
/// holds for all of them.
pub fn check_formula(
    formula: &Formula,
    values: impl IntoIterator<Item = u64>,
) -> Result<Option<Counterexample>, GameError> {
    for (n, actual) in values.into_iter().enumerate() {
        let claimed = formula.eval(n as u64)?;
        if claimed != actual {
            return Ok(Some(Counterexample {
                n: n as u64,
                actual,
                claimed,
            }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        let f = |t: &str, n: u64| Formula::compile(t).unwrap().eval(n).unwrap();
        assert_eq!(f("popcount(n)", 7), 3);
        assert_eq!(f("omega(n)", 360), 6);
        assert_eq!(f("omega(n)", 9_223_372_036_854_775_783), 1);
        // 2^63 - 1 = 7^2 · 73 · 127 · 337 · 92737 · 649657.
        assert_eq!(f("omega(n)", 9_223_372_036_854_775_807), 7);
        assert_eq!(f("odd_part(n)", 40), 5);
        assert_eq!(f("nim_sum(n, 6)", 3), 5);
        assert_eq!(f("nim_mul(n, n)", 8), 13);
        assert_eq!(f("mex([0, 1, 3])", 0), 2);
        assert_eq!(f("floor_log2(n)", 1000), 9);
        assert_eq!(
            f(
                "if n % 2 == 0 { 1 + omega(odd_part(n)) } else { omega(n) }",
                12
            ),
            2
        );
        assert!(Formula::compile("n +").is_err());
        assert!(Formula::compile("n - 5").unwrap().eval(1).is_err());
        assert!(Formula::compile("\"text\"").unwrap().eval(1).is_err());
    }
}

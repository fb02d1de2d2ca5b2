//! `grundy nimber`: nim-sum and nim-product arithmetic of numbers below
//! 2^64.

use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::flags::FormatFlag;
use crate::printer::Format;

/// Nimber operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum NimberOp {
    /// Nim-sum (XOR): the value of a sum of games.
    Add,
    /// Nim-product in the field of numbers below 2^64.
    Mul,
    /// The inverse under nim-product of one number (not 0).
    Inv,
    /// A divided by B under nim-product (B not 0).
    Div,
    /// The square root under nim-product (every number has one).
    Sqrt,
    /// A to the power E (E an ordinary integer), under nim-product.
    Pow,
    /// The least number not among the operands.
    Mex,
}

/// Arguments of `grundy nimber`.
#[derive(Args, Debug)]
pub struct NimberArgs {
    /// The operation.
    #[arg(value_enum)]
    op: NimberOp,
    /// The operands (decimal, 2^k, 1e6, 0x... or 0b...).
    #[arg(required = true, value_parser = crate::numbers::parse_count, allow_negative_numbers = true)]
    operands: Vec<u64>,
    #[command(flatten)]
    format: FormatFlag,
}

/// Runs `grundy nimber OP OPERANDS...`.
pub fn run(args: NimberArgs) -> anyhow::Result<ExitCode> {
    nimber(args.op, &args.operands, args.format.format)
}

fn nimber(op: NimberOp, operands: &[u64], format: Format) -> anyhow::Result<ExitCode> {
    use anyhow::Context;
    use grundy::Nimber;
    let values = operands.iter().map(|&v| Nimber::new(v));
    let arity = |n: usize, form: &str| -> anyhow::Result<()> {
        if operands.len() != n {
            anyhow::bail!(
                "'nimber {form}' takes {n} operand{}, not {}",
                if n == 1 { "" } else { "s" },
                operands.len()
            );
        }
        Ok(())
    };
    let result = match op {
        NimberOp::Add => values.fold(Nimber::ZERO, |a, b| a ^ b),
        NimberOp::Mul => values.fold(Nimber::new(1), Nimber::nim_mul),
        NimberOp::Mex => grundy::mex(values),
        NimberOp::Inv => {
            arity(1, "inv A")?;
            Nimber::new(operands[0])
                .nim_inv()
                .context("0 has no inverse under nim-product")?
        }
        NimberOp::Div => {
            arity(2, "div A B")?;
            Nimber::new(operands[0])
                .nim_div(Nimber::new(operands[1]))
                .context("division by 0")?
        }
        NimberOp::Sqrt => {
            arity(1, "sqrt A")?;
            Nimber::new(operands[0]).nim_sqrt()
        }
        NimberOp::Pow => {
            arity(2, "pow A E")?;
            Nimber::new(operands[0]).nim_pow(operands[1])
        }
    };
    let report = grundy::report::NimberReport {
        operation: format!("{op:?}").to_lowercase(),
        operands: operands.to_vec(),
        result: result.value(),
    };
    crate::printer::print(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

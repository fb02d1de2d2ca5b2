//! Nim: take any number of tokens from one heap. G(n) = n (Bouton).

use std::convert::Infallible;

use crate::error::GameError;
use crate::heap::{push_take, HeapFamily, MoveCount};
use crate::nimber::Nimber;
use crate::period::ProofRule;
use crate::ruleset::Options;
use crate::sequence::dense::Kernel;
use crate::sequence::NimSequence;
use crate::spec_form::SpecForm;

/// Nim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl SpecForm for Nim {
    const FORM: &'static str = "nim";
    const ABOUT: &'static str = "Nim: take any number of tokens from one heap";
    const EXAMPLE: &'static str = "nim";
    const PREFIX: Option<&'static str> = None;
    type Error = Infallible;

    fn from_spec(text: &str) -> Option<Result<Nim, Infallible>> {
        text.eq_ignore_ascii_case("nim").then_some(Ok(Nim))
    }
}

impl HeapFamily for Nim {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        for taken in 1..=n {
            push_take(out, n, taken);
        }
        Ok(())
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(NimKernel))
    }

    fn proof_rule(&self) -> ProofRule {
        ProofRule::Nim
    }

    fn move_count(&self) -> MoveCount {
        MoveCount::AboutOnePerToken
    }

    fn closed_form_value(&self, n: u64) -> Option<u64> {
        Some(n)
    }

    fn closed_form_statement(&self) -> Option<String> {
        Some("G(n) = n: a Nim heap is worth its size".to_owned())
    }

    /// Only the heap of size `target` has value `target`: one move, from
    /// a heap of any size.
    fn candidate_options(
        &self,
        n: u64,
        target: Nimber,
        out: &mut Options<u64>,
    ) -> Result<(), GameError> {
        if target.value() < n {
            push_take(out, n, n - target.value());
        }
        Ok(())
    }

    fn is_nim(&self) -> bool {
        true
    }

    fn describe_move(&self, from: u64, to: &[u64]) -> String {
        let left: u64 = to.iter().sum();
        format!("take {} from the heap of {from}", from - left)
    }
}

/// G(n) = n.
struct NimKernel;

impl Kernel for NimKernel {
    fn next_value(&mut self, values: &NimSequence) -> Result<u64, GameError> {
        Ok(values.len() as u64)
    }
}

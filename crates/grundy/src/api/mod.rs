//! The request layer: one function per kind of request, under every face.
//!
//! The CLI, the server and the Python module parse their own syntax into
//! a [`Game`], the texts of a position, a [`Convention`] and a count;
//! they call one function here and render the typed report it returns.
//! Which method answers (a theorem, Bouton's rule, the misère quotient,
//! the search, a proved period, Smith's rule for cycles) is chosen here,
//! once, so the faces cannot disagree: none of them matches on [`Game`]
//! or branches on the convention.
//!
//! What differs between faces is *how* values are computed (a progress
//! bar and cost checks on a terminal, a deadline on the server, Ctrl-C in
//! Python): each face supplies that through [`Inputs`], and reads its
//! defaults and limits from [`limits`].
//!
//! | request | function |
//! |---|---|
//! | eval of a sum (any convention, remoteness) | [`eval`] |
//! | a compound other than the sum (conjunctive, selective...) | [`compound`] |
//! | every move of a sum | [`moves`] |
//! | the perfect opponent's reply | [`play_reply`] |
//! | the evaluator of a game's sums (the terminal game loop) | [`evaluator`] |
//! | analyze of a heap game | [`analyze`] |
//! | the period of a heap game | [`period_of_game`] |
//! | values G(0..n) | [`values`] |
//! | the value of one heap | [`value`] |
//! | the genus of heaps or of positions | [`genus`] |
//! | the misère quotient | [`quotient`] |

mod compound;
mod games;
mod misere;
mod patterns;
mod sequences;
mod sums;
mod tables;

pub use crate::applicable::{heap_game, not_applicable, Request};
pub use crate::limits;
pub use crate::limits::CountedRequest;

pub mod mixed;

pub use compound::compound;
pub use games::games;
pub use misere::{genus, quotient};
pub use patterns::{
    analyze, judged_values, page_analysis, period_of_game, Analysis, PageAnalysis,
    NUMBERED_PERIOD_DEFAULT,
};
pub use sequences::{
    check, remoteness_values, sequence_source, value, values, HeapValue, SequenceSource,
    NUMBERED_DEFAULT,
};
pub use sums::{
    eval, evaluator, moves, moves_from, play_reply, Evaluation, MovesReport, PlayReply, SumRequest,
};
pub use tables::{graph, table, GraphValues, Table};

use crate::convention::Convention;
use crate::error::GameError;
#[cfg(doc)]
use crate::{inputs::Inputs, spec::Game};

/// A graph with a cycle anywhere is refused (misère play, `graph
/// --acyclic`), naming the graph (`name`: its file, or `graph` for one
/// sent), the vertex and its line.
fn check_acyclic(name: &str, graph: &crate::Graph) -> Result<(), GameError> {
    graph.solve_all().map(drop).map_err(|e| GameError::Rules {
        message: format!("{name}: {e}"),
    })
}

/// The convention a report names: misère play is named, normal play is
/// the default and left out.
fn named(convention: Convention) -> Option<Convention> {
    match convention {
        Convention::Misere => Some(convention),
        Convention::Normal => None,
    }
}

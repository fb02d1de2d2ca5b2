//! Heap games: positions are heap sizes, moves take tokens and may split
//! what is left into several heaps.
//!
//! [`HeapGame`] is every family of heap game grundy knows; it gives the
//! explicit options of a heap (for the generic solver and for listing
//! winning moves) and a dense-engine kernel (for nim-sequences).
//! [`HeapRuleset`] is a heap game as a [`Ruleset`], optionally backed by a
//! precomputed nim-sequence so that sums of large heaps evaluate instantly.

mod bit_gather;
pub mod code;
pub mod misere;
pub mod nim;
pub mod quotient;
pub mod split;
pub mod subtraction;
pub mod take_break;

use std::fmt;
use std::sync::Arc;

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::period::{
    find_period_in, judge, value_from_period, PeriodFilled, PeriodReport, Periodicity, ProofRule,
};
use crate::ruleset::{Options, Ruleset};
use crate::search_probe::{Line, ProbeClock};
use crate::sequence::dense::{DenseEngine, Kernel};
use crate::sequence::{EngineChoice, NimSequence};
use crate::sum_evaluator::SumEvaluator;

/// Reads a heap size written by a user.
pub fn parse_heap(text: &str) -> Result<u64, GameError> {
    crate::number::parse_u64(text).map_err(|e| GameError::InvalidPosition {
        text: text.to_owned(),
        reason: format!("a heap is a whole number from 0 to 2^64 - 1: {e}"),
    })
}

/// Reads the heap sizes of a sum written one heap per text.
pub fn parse_heaps(texts: &[String]) -> Result<Vec<u64>, GameError> {
    texts.iter().map(|t| parse_heap(t)).collect()
}

/// Adds the option "take `taken` from a heap of `n`, leaving one heap" (or
/// nothing, when all of it is taken).
#[inline]
pub fn push_take(out: &mut Options<u64>, n: u64, taken: u64) {
    if taken == n {
        out.push_option([]);
    } else {
        out.push_option([n - taken]);
    }
}

/// Lists heap sizes in words: `3`, `3 and 4`, `3, 4 and 5`.
#[must_use]
pub fn list_heaps(heaps: &[u64]) -> String {
    match heaps {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u64::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// Describes a move from the heap `from` to the heaps `to`, in words.
#[must_use]
pub fn describe_heap_move(from: u64, to: &[u64]) -> String {
    let left: u64 = to.iter().sum();
    let taken = from.saturating_sub(left);
    match to {
        [] => format!("take all {from} from the heap of {from}"),
        [one] if taken == 0 => format!("replace the heap of {from} by a heap of {one}"),
        [one] => format!("from the heap of {from} take {taken}, leaving a heap of {one}"),
        many if taken == 0 && many.iter().all(|&h| h == many[0]) => format!(
            "split the heap of {from} into {} heaps of {}",
            many.len(),
            many[0]
        ),
        many if taken == 0 => format!(
            "split the heap of {from} into heaps of {}",
            list_heaps(many)
        ),
        many => format!(
            "from the heap of {from} take {taken}, leaving heaps of {}",
            list_heaps(many)
        ),
    }
}

/// What computing a nim-sequence will cost, estimated before it starts
/// from the time the first values took (see [`HeapGame::estimated_work`]).
#[derive(Clone, Debug, PartialEq)]
pub struct WorkEstimate {
    /// Values the probe computed.
    pub probed: u64,
    /// Seconds they took.
    pub probe_seconds: f64,
    /// The exponent of the growth fitted to the probe's times: the time
    /// for `n` values grows as `n^exponent`.
    pub exponent: f64,
    /// Why it grows that fast, in words.
    pub reason: String,
}

impl WorkEstimate {
    /// Estimated seconds for G(0..count).
    #[must_use]
    pub fn seconds(&self, count: u64) -> f64 {
        if count <= self.probed {
            return self.probe_seconds * (count as f64 / self.probed.max(1) as f64);
        }
        self.probe_seconds * (count as f64 / self.probed as f64).powf(self.exponent)
    }
}

/// How long the cost probe computes values before extrapolating.
const PROBE_SECONDS: f64 = 0.3;

/// A probe estimating more than this is repeated (well below the ten
/// minutes past which the faces refuse, `cost::LONG_SECONDS`).
const REPEAT_PAST_SECONDS: f64 = 60.0;

/// How many moves a heap of a family has: whether every move from a heap
/// of any size can be listed (winning moves of huge heaps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCount {
    /// A few moves from any heap, however large (subtraction, divisors,
    /// codes whose moves leave at most one heap).
    Few,
    /// About as many moves as tokens (splits, all-but moves), or unknown
    /// (scripts): listed for heaps up to [`MAX_ENUMERATED_HEAP`].
    AboutOnePerToken,
}

/// Why computing a family's nim-sequence can grow faster than the
/// engines hide, and how fast it may grow (see [`HeapGame::estimated_work`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    /// The least exponent of n the time may grow with.
    pub low: f64,
    /// The largest.
    pub high: f64,
    /// What grows, in words.
    pub what: String,
}

/// A family of heap games: everything grundy needs to know about one.
///
/// A family is one module with a type implementing this trait and
/// [`crate::spec_form::SpecForm`], and one line in [`crate::spec::FAMILIES`].
/// The provided methods are what every heap family shares (no sparse
/// engine, no closed form, no cost beyond the engines', moves in the words
/// of heaps); a family overrides those that differ.
pub trait HeapFamily: fmt::Debug + Send + Sync + 'static {
    /// Writes every option of a heap of `n` into `out`.
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError>;

    /// The dense-engine kernel of this game.
    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError>;

    /// The kernel for an engine choice: the dense kernel, unless the
    /// family has a sparse engine.
    fn kernel_for(&self, choice: EngineChoice) -> Result<Box<dyn Kernel>, GameError> {
        match choice {
            EngineChoice::Auto | EngineChoice::Dense => self.dense_kernel(),
            EngineChoice::Sparse { .. } => Err(GameError::Rules {
                message: "the sparse engine applies only to take-and-break codes whose moves leave at most two heaps".to_owned(),
            }),
        }
    }

    /// The theorem that can prove this game's periodicity, or why none
    /// applies.
    fn proof_rule(&self) -> ProofRule;

    /// How many moves a heap has.
    fn move_count(&self) -> MoveCount;

    /// G(n) for any n by a theorem, for the families that have one.
    fn closed_form_value(&self, _n: u64) -> Option<u64> {
        None
    }

    /// The theorem behind [`HeapFamily::closed_form_value`], in words a
    /// student reads ("G(n) = n: a Nim heap is worth its size").
    fn closed_form_statement(&self) -> Option<String> {
        None
    }

    /// Why the work of G(0..N) may grow faster than quadratically, for
    /// the families where it may (`None`: linear or quadratic at worst).
    fn growth(&self) -> Option<Growth> {
        None
    }

    /// Writes the options of a heap of `n` that may have value `target`
    /// (see [`Ruleset::candidate_options`]): every option, listed for any
    /// heap when there are few and up to [`MAX_ENUMERATED_HEAP`] otherwise.
    fn candidate_options(
        &self,
        n: u64,
        _target: Nimber,
        out: &mut Options<u64>,
    ) -> Result<(), GameError> {
        check_listable(self.move_count(), n)?;
        self.options(n, out)
    }

    /// Describes a move from a heap of `from` to the heaps `to`: taking
    /// tokens and splitting what is left, in the words of heaps.
    fn describe_move(&self, from: u64, to: &[u64]) -> String {
        describe_heap_move(from, to)
    }

    /// `true` for Nim, whose misère play Bouton's rule decides without
    /// search ([`crate::misere::nim_is_p_position`]).
    fn is_nim(&self) -> bool {
        false
    }

    /// The family's own positions, for families whose heaps are only the
    /// normal-play representation of another game (coin-turning games: a
    /// heap of n is a head at place n, a position is a row of coins).
    /// `None`: positions are heaps.
    fn own_positions(&self) -> Option<&dyn OwnPositions> {
        None
    }
}

/// The dense kernel of a family known only by its options (rules written
/// by users: scripts, Python callables): G(n) is the mex of the XORs of
/// the values of each option's heaps, from the values so far.
pub struct OptionsKernel {
    family: Arc<dyn HeapFamily>,
    options: Options<u64>,
    seen: crate::nimber::MexSet,
}

impl OptionsKernel {
    /// The kernel of `family`'s options.
    #[must_use]
    pub fn new(family: Arc<dyn HeapFamily>) -> OptionsKernel {
        OptionsKernel {
            family,
            options: Options::new(),
            seen: crate::nimber::MexSet::new(),
        }
    }
}

impl Kernel for OptionsKernel {
    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        self.options.clear();
        self.family.options(n as u64, &mut self.options)?;
        self.seen.reset(self.options.len());
        for option in self.options.iter() {
            let value = option.iter().fold(0, |acc, &h| acc ^ g.get(h as usize));
            self.seen.insert(value);
        }
        Ok(self.seen.mex().value())
    }
}

/// Positions of a heap family that are not heaps (see
/// [`HeapFamily::own_positions`]): read from text, evaluated with the
/// heaps' values, and played in misère play on their own terms.
pub trait OwnPositions {
    /// The largest heap whose value the positions written `texts` need
    /// (reading them only).
    fn largest_heap(&self, texts: &[String]) -> Result<u64, GameError>;

    /// The positions' game, with the heaps' values G(0..) covering
    /// [`OwnPositions::largest_heap`].
    fn evaluator(&self, values: NimSequence) -> Arc<dyn SumEvaluator>;

    /// The positions' game searched with no heaps' values: misère play,
    /// whose search needs none (filling them first took 32 s for a row
    /// of 100,000 coins, only to refuse its moves after).
    fn search_evaluator(&self) -> Arc<dyn SumEvaluator>;

    /// Why misère commands on the heaps do not apply, and what does.
    fn misere_note(&self) -> &'static str;
}

/// A heap game: one family's rules, shared. Cloning is cheap.
#[derive(Clone, Debug)]
pub struct HeapGame(Arc<dyn HeapFamily>);

impl HeapGame {
    /// The game of a family.
    #[must_use]
    pub fn new(family: impl HeapFamily) -> HeapGame {
        HeapGame(Arc::new(family))
    }

    /// The family's rules.
    #[must_use]
    pub fn family(&self) -> &dyn HeapFamily {
        &*self.0
    }

    /// Whether misère play of the heaps is the game's misère play: not for
    /// families whose heaps only represent their positions in normal play
    /// ([`HeapFamily::own_positions`]); the error says what applies.
    pub fn check_misere_on_heaps(&self) -> Result<(), GameError> {
        match self.0.own_positions() {
            Some(own) => Err(GameError::Rules {
                message: own.misere_note().to_owned(),
            }),
            None => Ok(()),
        }
    }

    /// Writes every option of a heap of `n` into `out`.
    pub fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        self.0.options(n, out)
    }

    /// The kernel the automatic engine choice picks for this game.
    pub fn kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        self.kernel_for(EngineChoice::Auto)
    }

    /// The kernel for an engine choice.
    ///
    /// Where the game's theorem can prove a period (finite codes,
    /// finite subtraction sets), the kernel stops computing once it does
    /// and fills the rest from the period ([`PeriodFilled`]; its
    /// `period_fill` says from where); [`HeapGame::kernel_computing_all`]
    /// is the engine alone.
    pub fn kernel_for(&self, choice: EngineChoice) -> Result<Box<dyn Kernel>, GameError> {
        let kernel = self.0.kernel_for(choice)?;
        let rule = self.proof_rule();
        Ok(match rule {
            ProofRule::TakeBreak { .. }
            | ProofRule::Subtraction { .. }
            | ProofRule::Banded { .. } => Box::new(PeriodFilled::new(kernel, rule)),
            ProofRule::Nim | ProofRule::Observed(_) => kernel,
        })
    }

    /// The kernel for an engine choice computing every value, even after
    /// a period is proved (the cross-check of [`HeapGame::kernel_for`]).
    pub fn kernel_computing_all(&self, choice: EngineChoice) -> Result<Box<dyn Kernel>, GameError> {
        self.0.kernel_for(choice)
    }

    /// The dense-engine kernel for this game.
    pub fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        self.0.dense_kernel()
    }

    /// An engine for this game with the chosen kernel, ready to extend.
    pub fn engine(&self, choice: EngineChoice) -> Result<DenseEngine<Box<dyn Kernel>>, GameError> {
        Ok(DenseEngine::new(self.kernel_for(choice)?))
    }

    /// An engine computing every value, even after a period is proved.
    pub fn engine_computing_all(
        &self,
        choice: EngineChoice,
    ) -> Result<DenseEngine<Box<dyn Kernel>>, GameError> {
        Ok(DenseEngine::new(self.kernel_computing_all(choice)?))
    }

    /// G(0..n), by the engine the automatic choice picks.
    pub fn nim_sequence(&self, n: usize) -> Result<NimSequence, GameError> {
        let mut engine = self.engine(EngineChoice::Auto)?;
        engine.extend_to(n)?;
        Ok(engine.into_values())
    }

    /// The theorem that can prove this game's periodicity, or why none
    /// applies.
    #[must_use]
    pub fn proof_rule(&self) -> ProofRule {
        self.0.proof_rule()
    }

    /// What the values G(0..values.len()) of this game establish about
    /// its periodicity.
    #[must_use]
    pub fn judge(&self, values: &NimSequence) -> PeriodReport {
        judge(&self.proof_rule(), values)
    }

    /// Computes values, doubling their number from `start`, until a period
    /// is proved or `max` values are reached. Returns the report and the
    /// values computed.
    pub fn find_period(
        &self,
        start: usize,
        max: usize,
    ) -> Result<(PeriodReport, NimSequence), GameError> {
        self.find_period_observed(EngineChoice::Auto, start, max, &mut |_, _| Ok(()))
    }

    /// [`HeapGame::find_period`] with a chosen engine, calling
    /// `progress(done, target)` as values are computed (an error from it
    /// stops the search).
    pub fn find_period_observed(
        &self,
        choice: EngineChoice,
        start: usize,
        max: usize,
        progress: &mut dyn FnMut(usize, usize) -> Result<(), GameError>,
    ) -> Result<(PeriodReport, NimSequence), GameError> {
        find_period_in(
            self.engine(choice)?,
            &self.proof_rule(),
            start,
            max,
            progress,
        )
    }

    /// G(n) for any n by a theorem, for the families that have one: Nim
    /// (G(n) = n), `divisor` and `equal-split` (see [`split`] for the
    /// proofs). `None` for the others.
    #[must_use]
    pub fn closed_form_value(&self, n: u64) -> Option<u64> {
        self.0.closed_form_value(n)
    }

    /// The theorem that gives [`HeapGame::closed_form_value`], in words.
    #[must_use]
    pub fn closed_form_statement(&self) -> Option<String> {
        self.0.closed_form_statement()
    }

    /// What computing G(0..count) will cost, for the families whose work
    /// grows faster than the engines can hide or cannot be known
    /// ([`HeapFamily::growth`]): codes whose moves may leave three or more
    /// heaps (XOR-set tables, partitions), which grow with the square to
    /// the cube of the count (or faster, with modifiers), and scripts.
    /// The first values are computed for a fraction of a second and the
    /// growth fitted to their times, so the estimate follows the machine
    /// and the game. `None` when no estimate is needed (the request is
    /// linear or quadratic at worst, or finishes within the probe).
    pub fn estimated_work(&self, count: u64) -> Result<Option<WorkEstimate>, GameError> {
        // The engine a request runs by default (the sparse one where it
        // applies, a proved period filling the rest).
        self.estimated_work_of(count, &|| self.kernel())
    }

    /// [`HeapGame::estimated_work`] of the engine that `kernel` makes: the
    /// probe times what the request will do, so a request that computes
    /// every value (no period filling them) or names an engine is
    /// estimated by that engine, not by the default one.
    pub fn estimated_work_of(
        &self,
        count: u64,
        kernel: &dyn Fn() -> Result<Box<dyn Kernel>, GameError>,
    ) -> Result<Option<WorkEstimate>, GameError> {
        let Some(growth) = self.0.growth() else {
            return Ok(None);
        };
        let Some(first) = probe_work(&growth, count, kernel)? else {
            return Ok(None);
        };
        if first.seconds(count) <= REPEAT_PAST_SECONDS {
            return Ok(Some(first));
        }
        // A refusal would rest on one probe of a third of a second: a
        // probe that met a busy moment is repeated, and the lower
        // estimate stands.
        Ok(Some(match probe_work(&growth, count, kernel)? {
            Some(second) if second.seconds(count) < first.seconds(count) => second,
            Some(_) => first,
            None => return Ok(None),
        }))
    }

    /// Describes a move from a heap of `from` to the heaps `to`.
    #[must_use]
    pub fn describe_move(&self, from: u64, to: &[u64]) -> String {
        self.0.describe_move(from, to)
    }
}

/// One probe of [`HeapGame::estimated_work_of`]: the first values for
/// [`PROBE_SECONDS`] (by [`ProbeClock`]: CPU time on a busy machine), a
/// line fitted to their times.
fn probe_work(
    growth: &Growth,
    count: u64,
    kernel: &dyn Fn() -> Result<Box<dyn Kernel>, GameError>,
) -> Result<Option<WorkEstimate>, GameError> {
    let Growth { low, high, what } = growth;
    let (low, high) = (*low, *high);
    let mut engine = DenseEngine::new(kernel()?);
    let started = ProbeClock::start();
    let mut times: Vec<(u64, f64)> = Vec::new();
    let mut n = 64u64;
    loop {
        let target = n.min(count);
        engine.extend_to(usize::try_from(target).unwrap_or(usize::MAX))?;
        let elapsed = started.seconds();
        if target >= count {
            return Ok(None);
        }
        times.push((target, elapsed));
        if elapsed >= PROBE_SECONDS {
            break;
        }
        n += n / 8 + 1;
    }
    let &(last_n, last_t) = times.last().expect("one probe at least");
    // A least-squares line through log t against log n over the upper
    // half of the probe (several timings, not two: one slow step moved
    // the old two-point estimate by 40x), its slope held within the
    // family's known growth (the low end a floor: 0.{2+} is cubic).
    let points: Vec<(f64, f64)> = times
        .iter()
        .filter(|&&(k, t)| k * 2 >= last_n && t > 1e-4)
        .map(|&(k, t)| ((k as f64).ln(), t.ln()))
        .collect();
    let line = Line::through(&points).filter(|_| points.len() >= 3);
    let (exponent, fitted_t) = match line {
        Some(line) => {
            let exponent = line.slope.unwrap_or(high).clamp(low, high);
            // The line's time at the last probe, with the slope used.
            let at_last = line.mean_y + exponent * ((last_n as f64).ln() - line.mean_x);
            (exponent, at_last.exp())
        }
        None => (high, last_t),
    };
    let reason = format!(
        "{what}; the first {last_n} values took {last_t:.2} s, and the time grows as n^{exponent:.1}"
    );
    Ok(Some(WorkEstimate {
        probed: last_n,
        probe_seconds: fitted_t,
        exponent,
        reason,
    }))
}

/// Refuses up front the listing of the moves of a heap of `n` when it
/// has about one move per token and `n` is past [`MAX_ENUMERATED_HEAP`]:
/// listing them would take longer than any face waits (the server's
/// `moves` of Kayles' heap of 10^18 ran into its deadline).
pub fn check_listable(moves: MoveCount, n: u64) -> Result<(), GameError> {
    if moves == MoveCount::AboutOnePerToken && n > MAX_ENUMERATED_HEAP {
        return Err(GameError::Limit {
            what: format!(
                "listing the moves from a heap of {n} (it has about as many options as tokens)"
            ),
            limit: format!("heaps of {MAX_ENUMERATED_HEAP}"),
        });
    }
    Ok(())
}

/// A heap game as a [`Ruleset`] on single heaps, optionally backed by a
/// precomputed nim-sequence (values of heaps it covers are not searched).
#[derive(Clone, Debug)]
pub struct HeapRuleset {
    game: HeapGame,
    table: Option<NimSequence>,
    /// A proved periodicity extending `table` to every heap.
    period: Option<Periodicity>,
}

/// The largest heap whose moves are listed one by one (winning moves).
pub const MAX_ENUMERATED_HEAP: u64 = 1 << 27;

impl HeapRuleset {
    /// The game with no precomputed values.
    #[must_use]
    pub fn new(game: HeapGame) -> HeapRuleset {
        HeapRuleset {
            game,
            table: None,
            period: None,
        }
    }

    /// The game backed by the values of heaps `0..table.len()`.
    #[must_use]
    pub fn with_table(game: HeapGame, table: NimSequence) -> HeapRuleset {
        HeapRuleset {
            game,
            table: Some(table),
            period: None,
        }
    }

    /// The game backed by values that a *proved* periodicity extends to
    /// every heap.
    #[must_use]
    pub fn with_period(
        game: HeapGame,
        table: NimSequence,
        periodicity: Periodicity,
    ) -> HeapRuleset {
        HeapRuleset {
            game,
            table: Some(table),
            period: Some(periodicity),
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &HeapGame {
        &self.game
    }
}

impl Ruleset for HeapRuleset {
    type Position = u64;

    fn options(&self, heap: &u64, out: &mut Options<u64>) -> Result<(), GameError> {
        check_listable(self.game.0.move_count(), *heap)?;
        self.game.options(*heap, out)
    }

    fn move_estimate(&self, heap: &u64) -> Option<u64> {
        (self.game.0.move_count() == MoveCount::AboutOnePerToken).then_some(*heap)
    }

    fn reach_estimate(&self, heap: &u64) -> Option<u64> {
        Some(misere::heaps_reached(self.game(), *heap))
    }

    fn known_value(&self, heap: &u64) -> Option<Nimber> {
        if let Some(value) = self.game.closed_form_value(*heap) {
            return Some(Nimber::new(value));
        }
        let table = self.table.as_ref()?;
        if let Some(index) = usize::try_from(*heap).ok().filter(|&i| i < table.len()) {
            return Some(Nimber::new(table.get(index)));
        }
        let periodicity = self.period.as_ref()?;
        value_from_period(table, periodicity, *heap)
            .ok()
            .map(Nimber::new)
    }

    fn candidate_options(
        &self,
        heap: &u64,
        target: Nimber,
        out: &mut Options<u64>,
    ) -> Result<(), GameError> {
        self.game.0.candidate_options(*heap, target, out)
    }

    fn parse_position(&self, text: &str) -> Result<u64, GameError> {
        parse_heap(text)
    }

    fn format_position(&self, heap: &u64) -> String {
        heap.to_string()
    }

    fn position_json(&self, heap: &u64) -> serde_json::Value {
        serde_json::Value::from(*heap)
    }

    fn describe_move(&self, from: &u64, to: &[u64]) -> String {
        self.game.describe_move(*from, to)
    }
}

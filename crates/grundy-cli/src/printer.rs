//! The one printer: every command builds a typed report (the library's
//! [`grundy::report`]) and prints it here, as JSON (its `Serialize` form)
//! or as text (the [`Render`] impls below).

use std::io::{self, Write};

use grundy::period::Periodicity;
use grundy::report::{
    AnalyzeReport, CheckReport, EvalReport, GamesReport, GenusReport, GraphReport, GridReport,
    LoopyEvalReport, MisereTableReport, MisereValueReport, NimberReport, OutcomeReport,
    PeriodSummary, QuotientReport, TableReport, ValueReport,
};
use grundy::Outcome;
use serde::Serialize;

use crate::output::{stdout, text_width, wrap};

/// Output formats shared by every command that prints results.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON.
    Json,
}

/// A report with a text form.
pub trait Render: Serialize {
    /// Writes the report as text.
    fn text(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// Prints `report` to stdout in `format`.
pub fn print<R: Render>(report: &R, format: Format) -> anyhow::Result<()> {
    let mut out = stdout();
    match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, report)?;
            writeln!(out)?;
        }
        Format::Text => report.text(&mut out)?,
    }
    out.flush()?;
    Ok(())
}

/// An outcome as a student reads it.
fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P (the player to move loses)",
        Outcome::N => "N (the player to move wins)",
        Outcome::Draw => "D (a draw: neither player can force a win)",
    }
}

impl Render for grundy::api::Evaluation {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            grundy::api::Evaluation::Sum(report) => report.text(out),
            grundy::api::Evaluation::Outcome(report) => report.text(out),
            grundy::api::Evaluation::Loopy(report) => report.text(out),
        }
    }
}

impl Render for grundy::api::HeapValue {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            grundy::api::HeapValue::Normal(report) => report.text(out),
            grundy::api::HeapValue::Misere(report) => report.text(out),
        }
    }
}

static VERBOSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Records `--verbose` for the whole command: text output then prints
/// the details JSON always has (a proof's check, a mask).
pub fn set_verbose(verbose: bool) {
    VERBOSE.store(verbose, std::sync::atomic::Ordering::Relaxed);
}

/// Whether `--verbose` was given (notes outside the printer ask too).
pub fn verbose() -> bool {
    VERBOSE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Why the pattern is or is not proved, for text: a student's words, or
/// the check's figures with `--verbose` (and where no summary was made).
fn period_reason(period: &PeriodSummary) -> &str {
    if verbose() || period.summary.is_empty() {
        &period.reason
    } else {
        &period.summary
    }
}

/// One line describing the pattern found.
pub fn period_line(period: &PeriodSummary) -> String {
    let found = match (period.preperiod, period.period, period.saltus) {
        (Some(preperiod), Some(period), Some(saltus)) => Some(Periodicity {
            preperiod,
            period,
            saltus,
        }),
        _ => None,
    };
    match found {
        Some(found) if period.proved => format!("{found}, proved"),
        Some(found) => format!("{found}, observed (not proved)"),
        None => "none found".to_owned(),
    }
}

impl Render for PeriodSummary {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self.convention {
            Some(_) => writeln!(out, "game:    {} (misère values)", self.game)?,
            None => writeln!(out, "game:    {}", self.game)?,
        }
        writeln!(out, "period:  {}", period_line(self))?;
        writeln!(out, "reason:  {}", period_reason(self))?;
        writeln!(out, "values:  {} computed", self.values_computed)
    }
}

impl Render for ValueReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "G({}) = {}  ({})", self.n, self.value, self.how)
    }
}

impl Render for CheckReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.counterexample {
            None => writeln!(out, "holds for all n < {}", self.checked),
            Some(c) => writeln!(
                out,
                "counterexample: n = {}: G{}({}) = {} but the formula gives {}",
                c.n,
                if self.convention.is_some() { "-" } else { "" },
                c.n,
                c.value,
                c.formula
            ),
        }
    }
}

/// The widest first column of `grundy games`: a longer spec has a line
/// of its own, its description under it.
const GAMES_SPEC_COLUMN: usize = 24;

/// After a move listed once for several equal components: which others
/// it is in (`nim 2 2 1 1 1`: "(component 2; the same in equal
/// components 3, 4)"); empty for a move in one component only.
fn equal_note(m: &grundy::report::MoveReport) -> String {
    if m.equal_components.is_empty() {
        return String::new();
    }
    let others: Vec<String> = m.equal_components.iter().map(usize::to_string).collect();
    let noun = if others.len() == 1 {
        "component"
    } else {
        "components"
    };
    format!(
        "  (component {}; the same in equal {noun} {})",
        m.component,
        others.join(", ")
    )
}

impl Render for GamesReport {
    /// Two columns fitted to the terminal ([`text_width`]): the spec, and
    /// its description wrapped beside it.
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let column = self
            .games
            .iter()
            .map(|g| g.spec.chars().count())
            .filter(|&len| len <= GAMES_SPEC_COLUMN)
            .max()
            .unwrap_or(0);
        let width = text_width();
        let about_width = width.saturating_sub(column + 2).max(20);
        for game in &self.games {
            let mut about = wrap(&game.about, about_width).into_iter();
            if game.spec.chars().count() > column {
                for line in wrap(&game.spec, width) {
                    writeln!(out, "{line}")?;
                }
            } else {
                let first = about.next().unwrap_or_default();
                writeln!(out, "{:<column$}  {first}", game.spec)?;
            }
            for line in about {
                writeln!(out, "{:column$}  {line}", "")?;
            }
        }
        Ok(())
    }
}

impl Render for NimberReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.result)
    }
}

impl Render for AnalyzeReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let period = &self.period;
        let misere = period.convention.is_some();
        if misere {
            writeln!(
                out,
                "game:        {} (misère play: misère nim-values G-)",
                period.game
            )?;
        } else {
            writeln!(out, "game:        {}", period.game)?;
        }
        // G(n) in normal play, G-(n) for misère values.
        let g = if misere { "G-" } else { "G" };
        // Ranges as the README writes them: G(0..999) is 1000 values,
        // both ends included.
        writeln!(
            out,
            "values:      {g}(0..{}) computed ({} values)",
            period.values_computed.saturating_sub(1),
            period.values_computed
        )?;
        writeln!(out, "first values:")?;
        for (row, chunk) in self.first_values.chunks(20).enumerate() {
            let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>2}")).collect();
            writeln!(out, "  {:>4}: {}", row * 20, cells.join(" "))?;
        }
        writeln!(out, "period:      {}", period_line(period))?;
        writeln!(out, "             {}", period_reason(period))?;
        if let Some(ruler) = &self.ruler {
            writeln!(
                out,
                "ruler:       observed, not proved (a ruler regularity, Grossman–Nowakowski): {ruler}"
            )?;
        }
        writeln!(
            out,
            "largest:     {g}({}) = {} (first reached there)",
            self.largest.n, self.largest.value
        )?;
        if let Some(preperiod) = period.preperiod {
            if self.exceptions.is_empty() {
                writeln!(
                    out,
                    "exceptions:  none: the pattern holds from n = 0 once extended backwards"
                )?;
            } else {
                let shown: Vec<String> = self.exceptions.iter().map(usize::to_string).collect();
                writeln!(
                    out,
                    "exceptions:  {} before n = {preperiod} break the pattern: {}",
                    self.exceptions.len(),
                    shown.join(" ")
                )?;
            }
        }
        match &self.rare {
            Some(rare) => {
                let shown: Vec<String> = rare
                    .positions
                    .iter()
                    .map(|p| format!("{g}({})={}", p.n, p.value))
                    .collect();
                let more = if rare.count > rare.positions.len() {
                    " ..."
                } else {
                    ""
                };
                // The mask is a detail of the method (--verbose, JSON).
                let how = if verbose() {
                    format!(" (rare under the mask {:#b}: an even number of its bits set)", rare.mask)
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "rare values: {} of {} positions have one of the game's rare values{how}: {}{more}",
                    rare.count,
                    period.values_computed,
                    shown.join(" ")
                )?;
            }
            None if verbose() => writeln!(
                out,
                "rare values: no sparse space (no mask makes rare values few)"
            )?,
            None => writeln!(
                out,
                "rare values: none stand out (no split of the values into rare and common makes the rare ones few)"
            )?,
        }
        match (&self.plot, &self.plot_error) {
            (Some(path), _) => writeln!(out, "plot:        {path}"),
            (None, Some(error)) => writeln!(out, "plot:        not written ({error})"),
            (None, None) => writeln!(out, "plot:        none (--no-plot)"),
        }
    }
}

impl Render for EvalReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        // Sums too large to show whole after each move are shown by size.
        let whole = self.position_text.len() <= grundy::report::RESULT_SHOWN_UP_TO;
        writeln!(out, "game:     {}", self.game)?;
        if whole {
            writeln!(out, "position: {}", self.position_text.join(" + "))?;
        } else {
            writeln!(
                out,
                "position: a sum of {} components",
                self.position_text.len()
            )?;
        }
        let parts: Vec<String> = self.component_values.iter().map(u64::to_string).collect();
        if parts.len() > 1 && whole {
            writeln!(out, "value:    {} = {}", parts.join(" xor "), self.value)?;
        } else {
            writeln!(out, "value:    {}", self.value)?;
        }
        if let Some(r) = self.remoteness {
            writeln!(
                out,
                "remoteness: {r} (moves with best play: the winner hurries, the loser delays)"
            )?;
        }
        search_line(out, self.search.as_ref())?;
        if self.outcome == Outcome::P {
            writeln!(out, "outcome:  P (the player to move loses)")?;
            return writeln!(
                out,
                "winning moves: none (no move leaves a position of value 0)"
            );
        }
        writeln!(out, "outcome:  N (the player to move wins)")?;
        let classes = self
            .winning_moves
            .iter()
            .filter(|m| m.representative != Some(false))
            .count();
        let count = self.winning_moves.len();
        if classes < count {
            let mut groups: Vec<&str> = self
                .winning_moves
                .iter()
                .filter_map(|m| m.symmetry.as_deref())
                .collect();
            groups.dedup();
            let under = if groups.is_empty() {
                "its mirror images".to_owned()
            } else {
                format!("its images under {}", groups.join("; "))
            };
            writeln!(
                out,
                "winning moves ({count} in all; {classes} up to symmetry, each followed by {under}):"
            )?;
        } else if count == 0 && self.winning_moves_unlisted.is_some() {
            // A winning move exists (the value is not 0), but where it
            // lies could not be listed: say so, not "(0)".
            writeln!(out, "winning moves: not listed (the value is not 0, so one exists; why it is not listed follows)")?;
        } else {
            writeln!(out, "winning moves ({count}):")?;
        }
        for m in &self.winning_moves {
            if m.representative == Some(false) {
                writeln!(out, "      also: {}", m.description)?;
                continue;
            }
            let result = match &m.result_text {
                Some(result) if result.is_empty() => "nothing left".to_owned(),
                Some(result) => result.join(" + "),
                None => format!(
                    "component {} becomes {}",
                    m.component,
                    if m.to_text.is_empty() {
                        "nothing".to_owned()
                    } else {
                        m.to_text.join(" + ")
                    }
                ),
            };
            writeln!(out, "  {}  ->  {result}{}", m.description, equal_note(m))?;
        }
        for u in self.winning_moves_unlisted.iter().flatten() {
            writeln!(
                out,
                "  (moves in component {} = {} not listed: {})",
                u.component, u.from_text, u.reason
            )?;
        }
        Ok(())
    }
}

impl Render for GraphReport<'_> {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let width = self
            .vertices
            .iter()
            .map(|v| v.name.len())
            .max()
            .unwrap_or(0)
            .clamp(6, 40);
        let value_width = self
            .vertices
            .iter()
            .map(|v| v.symbol.chars().count())
            .max()
            .unwrap_or(0)
            .max(5);
        if self.vertices.remoteness.is_some() {
            writeln!(
                out,
                "{:<width$}  {:>value_width$}  outcome  remoteness",
                "vertex", "value"
            )?;
        } else {
            writeln!(
                out,
                "{:<width$}  {:>value_width$}  outcome",
                "vertex", "value"
            )?;
        }
        for v in self.vertices.iter() {
            let pad = value_width - v.symbol.chars().count();
            write!(
                out,
                "{:<width$}  {:pad$}{}  {:<7}",
                v.name, "", v.symbol, v.outcome
            )?;
            match v.remoteness {
                Some(Some(r)) => writeln!(out, "  {r}")?,
                Some(None) => writeln!(out, "  -")?,
                None => writeln!(out)?,
            }
        }
        Ok(())
    }
}

impl Render for GridReport<'_> {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let grid = self.values.0;
        let width = grid
            .values
            .iter()
            .max()
            .map_or(1, |v| v.to_string().len())
            .max(grid.columns.saturating_sub(1).to_string().len());
        let [a, b] = self.axes;
        // Only a convention other than normal play is named.
        if let Some(convention) = self.convention {
            writeln!(
                out,
                "# {}: {} nim-values",
                self.game,
                convention.adjective()
            )?;
        }
        let corner = format!("{a}\\{b}");
        let label = corner
            .len()
            .max(grid.rows.saturating_sub(1).to_string().len());
        write!(out, "{corner:>label$} |")?;
        for y in 0..grid.columns {
            write!(out, " {y:>width$}")?;
        }
        writeln!(out)?;
        for x in 0..grid.rows {
            write!(out, "{x:>label$} |")?;
            for v in grid.row(x) {
                write!(out, " {v:>width$}")?;
            }
            writeln!(out)?;
        }
        Ok(())
    }
}

impl Render for TableReport<'_> {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let table = self.boxes.0;
        let max = self.max;
        if table.dim() == 2 {
            // A grid: row x, column y.
            write!(out, "{:>4} |", "x\\y")?;
            for y in 1..=max {
                write!(out, " {y:>3}")?;
            }
            writeln!(out)?;
            for x in 1..=max {
                write!(out, "{x:>4} |")?;
                for y in 1..=max {
                    let value = grundy::cut::Cuboid::new(&[x as u32, y as u32])
                        .ok()
                        .and_then(|b| table.value(&b))
                        .unwrap_or(0);
                    write!(out, " {value:>3}")?;
                }
                writeln!(out)?;
            }
            return Ok(());
        }
        writeln!(
            out,
            "# {}: G of every box with sorted sides <= {max} (values do not depend on the order of the sides)",
            self.game
        )?;
        // Written number by number: tables run to millions of lines.
        for (sides, value) in table.sorted_entries() {
            for (i, side) in sides.iter().enumerate() {
                if i > 0 {
                    out.write_all(b"x")?;
                }
                write!(out, "{side}")?;
            }
            writeln!(out, " {value}")?;
        }
        Ok(())
    }
}

impl Render for MisereValueReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "game:    {} (misère play)", self.game)?;
        writeln!(out, "G-({}) = {}", self.n, self.value)?;
        writeln!(out, "method:  {}", self.method)
    }
}

impl Render for LoopyEvalReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.component_games.is_empty() {
            writeln!(out, "game:     {} (a game with cycles)", self.game)?;
            writeln!(out, "position: {}", self.position.join(" + "))?;
        } else {
            // A sum of different games: each component named with its game.
            writeln!(out, "game:     {} (a sum with cycles)", self.game)?;
            let named: Vec<String> = self
                .component_games
                .iter()
                .zip(&self.position)
                .map(|(game, text)| format!("{game} {text}"))
                .collect();
            writeln!(out, "position: {}", named.join(" + "))?;
        }
        writeln!(out, "values:   {}", self.symbols.join(" + "))?;
        writeln!(out, "outcome:  {}", outcome_words(self.outcome))?;
        writeln!(out, "because:  {}", self.reason)?;
        let remoteness: Vec<String> = self
            .remoteness
            .iter()
            .map(|r| r.map_or_else(|| "-".to_owned(), |r| r.to_string()))
            .collect();
        // A sum of different games leaves the remoteness of its acyclic
        // games' components uncomputed (each would be a search of its own).
        let which = if self.component_games.is_empty() {
            ""
        } else {
            " (- where drawn or not computed)"
        };
        writeln!(
            out,
            "remoteness of each component alone{which}: {}",
            remoteness.join(", ")
        )?;
        if !self.winning_moves.is_empty() {
            writeln!(out, "winning moves:")?;
            for m in &self.winning_moves {
                writeln!(out, "  {}", m.description)?;
            }
        }
        if let Some(drawing) = &self.drawing_moves {
            writeln!(out, "moves that keep the draw (every other move loses):")?;
            for m in drawing {
                writeln!(out, "  {}", m.description)?;
            }
        }
        Ok(())
    }
}

impl Render for QuotientReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "game:        {} (misère quotient of the heaps up to {})",
            self.game, self.max_heap
        )?;
        writeln!(out, "order:       {}", self.order)?;
        writeln!(
            out,
            "stable:      the same order for every bound from {} to {} (observed: larger heaps may change it)",
            self.stable_since, self.max_heap
        )?;
        let generators: Vec<String> = self
            .generators
            .iter()
            .map(|g| format!("{} (heap {})", g.name, g.heap))
            .collect();
        let none = |list: Vec<String>| {
            if list.is_empty() {
                "none".to_owned()
            } else {
                list.join(", ")
            }
        };
        writeln!(out, "generators:  {}", none(generators))?;
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|r| format!("{} = {}", r.lhs, r.rhs))
            .collect();
        writeln!(out, "relations:   {}", none(relations))?;
        writeln!(
            out,
            "P-portion:   {} ({} of {} elements)",
            none(self.p_portion.clone()),
            self.p_portion.len(),
            self.order
        )?;
        writeln!(
            out,
            "verified:    every sum of heaps up to {} is a misère P-position exactly when its element is in the P-portion",
            self.max_heap
        )?;
        writeln!(
            out,
            "# heap  element  (order of the quotient of heaps up to it)"
        )?;
        for (n, (element, order)) in self.heap_elements.iter().zip(&self.orders).enumerate() {
            writeln!(out, "{n:>6}  {element:<8} ({order})")?;
        }
        Ok(())
    }
}

impl Render for GenusReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let what = if self.position_text.is_some() {
            "position"
        } else {
            "heap"
        };
        writeln!(
            out,
            "# {}: genus of each {what} (g0^g1 g2 ..., the last two repeating)",
            self.game
        )?;
        for (n, (symbol, tame)) in self.symbols.iter().zip(&self.tame).enumerate() {
            let tame = if *tame { "  tame" } else { "" };
            match &self.position_text {
                Some(texts) => writeln!(out, "{:>12}  {symbol}{tame}", texts[n])?,
                None => writeln!(out, "{n:>6}  {symbol}{tame}")?,
            }
        }
        Ok(())
    }
}

/// The search line of an `eval` report, for games solved by search.
fn search_line(
    out: &mut dyn Write,
    search: Option<&grundy::split_search::SearchStats>,
) -> io::Result<()> {
    let Some(stats) = search else {
        return Ok(());
    };
    write!(
        out,
        "search:   {} positions searched; table {} entries ({:.1} MiB of {:.0} MiB), {} hits in {} lookups, {} replaced",
        stats.positions,
        stats.entries,
        stats.table_bytes as f64 / f64::from(1 << 20),
        stats.table_bound as f64 / f64::from(1 << 20),
        stats.hits,
        stats.lookups,
        stats.replaced
    )?;
    match (stats.cache_loaded, stats.cache_appended) {
        (Some(loaded), Some(appended)) => writeln!(
            out,
            "; cache: {loaded} solved parts read, {appended} appended"
        ),
        _ => writeln!(out),
    }
}

impl Render for OutcomeReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "game:     {}{}",
            self.game,
            self.convention.play_note()
        )?;
        writeln!(out, "position: {}", self.position_text.join(" + "))?;
        writeln!(out, "outcome:  {}", outcome_words(self.outcome))?;
        writeln!(out, "method:   {}", self.method)?;
        search_line(out, self.search.as_ref())?;
        if self.outcome == Outcome::N && self.winning_moves.is_empty() {
            return writeln!(
                out,
                "winning moves: none needed (no move is left, and the player who cannot move wins)"
            );
        }
        if self.outcome == Outcome::N {
            if self.one_winning_move && self.winning_moves.len() > 1 {
                writeln!(
                    out,
                    "a winning move and the moves equivalent to it (other winning moves not searched):"
                )?;
            } else if self.one_winning_move {
                writeln!(out, "a winning move (other winning moves not searched):")?;
            } else {
                writeln!(out, "winning moves ({}):", self.winning_moves.len())?;
            }
            for m in &self.winning_moves {
                let note = equal_note(m);
                match &m.result_text {
                    Some(result) if !result.is_empty() => {
                        writeln!(out, "  {}  ->  {}{note}", m.description, result.join(" + "))?
                    }
                    Some(_) => writeln!(out, "  {}  ->  (nothing left){note}", m.description)?,
                    None => writeln!(out, "  {}{note}", m.description)?,
                }
            }
        }
        Ok(())
    }
}

impl Render for MisereTableReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "# {}: misère nim-value G- of every box with sorted sides <= {}",
            self.game, self.max
        )?;
        for b in &self.boxes {
            let sides: Vec<String> = b.sides.iter().map(usize::to_string).collect();
            writeln!(out, "{} {}", sides.join("x"), b.value)?;
        }
        Ok(())
    }
}

impl Render for grundy_dataflow::request::SolveReport {
    fn text(&self, out: &mut dyn io::Write) -> io::Result<()> {
        let s = &self.summary;
        writeln!(
            out,
            "solved {} vertices, {} moves on {} worker{} in {:.2} s ({} rounds, {} messages)",
            s.vertices,
            s.edges,
            s.workers,
            if s.workers == 1 { "" } else { "s" },
            s.seconds,
            s.rounds,
            s.messages
        )?;
        solve_totals_line(out, s)?;
        if s.resumed_from_level > 0 {
            writeln!(
                out,
                "resumed from the checkpoint of level {}",
                s.resumed_from_level
            )?;
        }
        writeln!(out, "database: {}", self.database)
    }
}

fn solve_totals_line(out: &mut dyn io::Write, s: &grundy_dataflow::SolveSummary) -> io::Result<()> {
    writeln!(
        out,
        "P-positions {}, N-positions {}, draws {}; largest finite value {}",
        s.p_positions, s.n_positions, s.draws, s.largest_value
    )
}

impl Render for grundy_dataflow::request::DbReport {
    fn text(&self, out: &mut dyn io::Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: {} vertices, {} moves, {} shard{}",
            self.database,
            self.summary.vertices,
            self.summary.edges,
            self.summary.workers,
            if self.summary.workers == 1 { "" } else { "s" }
        )?;
        solve_totals_line(out, &self.summary)?;
        for v in &self.vertices {
            let remoteness = v
                .remoteness
                .map_or_else(|| "drawn".to_owned(), |r| format!("remoteness {r}"));
            writeln!(
                out,
                "{}: value {}, {}, {remoteness}",
                v.name, v.symbol, v.outcome
            )?;
        }
        Ok(())
    }
}

impl Render for grundy::report::CompoundReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "game:     {} ({} compound)", self.game, self.compound)?;
        writeln!(out, "rule:     {}", self.rule)?;
        writeln!(out, "position: {}", self.position.join(" | "))?;
        if let (Some(name), Some(numbers)) = (&self.number_name, &self.numbers) {
            let numbers: Vec<String> = numbers.iter().map(u32::to_string).collect();
            writeln!(out, "{name} of each component: {}", numbers.join(", "))?;
        }
        if let (Some(name), Some(number)) = (&self.number_name, self.number) {
            writeln!(out, "{name} of the compound: {number}")?;
        }
        writeln!(out, "outcome:  {}", outcome_words(self.outcome))?;
        writeln!(out, "because:  {}", self.method)?;
        if self.winning_moves.is_empty() && self.winning_moves_unlisted.is_none() {
            writeln!(out, "winning moves: none")?;
        } else {
            writeln!(out, "winning moves ({}):", self.winning_moves.len())?;
            for m in &self.winning_moves {
                let words: Vec<String> = m
                    .moves
                    .iter()
                    .map(|c| format!("[{}] {}", c.component + 1, c.description))
                    .collect();
                writeln!(
                    out,
                    "  {}  ->  {}",
                    words.join("; "),
                    m.position.join(" | ")
                )?;
            }
        }
        if let Some(why) = &self.winning_moves_unlisted {
            writeln!(out, "  ({why})")?;
        }
        Ok(())
    }
}

//! Chomp: take a square of a chocolate bar and every square below and to
//! the right of it; the poisoned square at the top left cannot be taken,
//! so who faces it alone has no move and loses.
//!
//! A position is a Young diagram: row lengths that never grow from the
//! top row down (`7,5,5,2`), at most [`MAX_ROWS`] rows of at most 255
//! squares; `MxN` is the full bar of M rows of N. A diagram and its
//! transpose (rows read as columns) are the same game, so positions are
//! kept as the lesser of the two ([`ChompBoard::canonical`]) and the table
//! of the search holds each once. Chomp does not fall apart into parts:
//! each option is one diagram.
//!
//! Squares are named as on a board read from the top: column letters from
//! `a`, rows from 1; the poisoned square is `a1`. `chomp:2xN` numbers the
//! bars `2x1`, `2x2`, ... for `seq`.
//!
//! Values come from [`table::DiagramTable`], the value of every diagram
//! inside a box in one pass, wherever the box of the diagrams asked about
//! holds at most [`table::MAX_TABLE_DIAGRAMS`]; past that, and always for
//! [`Chomp::by_search`] (the cross-check), from the search.

pub mod table;

use std::sync::{Arc, Mutex};

use crate::error::GameError;
use crate::ruleset::{FramedMove, Options, Ruleset};
use crate::spec_form::SpecForm;

/// The most rows of a diagram (and of its transpose, to be kept as
/// either).
pub const MAX_ROWS: usize = 32;

/// A Young diagram: the length of each row from the top, then zeros.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChompBoard {
    rows: [u8; MAX_ROWS],
}

impl ChompBoard {
    /// The diagram with these row lengths (non-increasing, each at least
    /// 1, at least one row).
    pub fn new(lengths: &[usize]) -> Result<ChompBoard, GameError> {
        let text = lengths
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let invalid = |reason: String| GameError::InvalidPosition {
            text: text.clone(),
            reason,
        };
        if lengths.is_empty() {
            return Err(invalid("a bar has at least the poisoned square".to_owned()));
        }
        if lengths.len() > MAX_ROWS {
            return Err(invalid(format!("a bar has at most {MAX_ROWS} rows")));
        }
        let mut rows = [0u8; MAX_ROWS];
        for (i, &len) in lengths.iter().enumerate() {
            if len == 0 {
                return Err(invalid(format!(
                    "row {} is empty: rows have at least one square",
                    i + 1
                )));
            }
            if len > 255 {
                return Err(invalid(format!(
                    "row {} has {len} squares; at most 255",
                    i + 1
                )));
            }
            if i > 0 && len > lengths[i - 1] {
                return Err(invalid(format!(
                    "row {} ({len}) is longer than row {} ({}): rows never grow downwards",
                    i + 1,
                    i,
                    lengths[i - 1]
                )));
            }
            rows[i] = len as u8;
        }
        Ok(ChompBoard { rows })
    }

    /// The row lengths, top first.
    #[must_use]
    pub fn lengths(&self) -> Vec<usize> {
        self.rows
            .iter()
            .take_while(|&&l| l > 0)
            .map(|&l| usize::from(l))
            .collect()
    }

    /// The number of squares, the poisoned one included.
    #[must_use]
    pub fn squares(&self) -> u64 {
        self.rows.iter().map(|&l| u64::from(l)).sum()
    }

    /// The transpose (column lengths as rows), when it has at most
    /// [`MAX_ROWS`] rows.
    #[must_use]
    pub fn transpose(&self) -> Option<ChompBoard> {
        let width = usize::from(self.rows[0]);
        if width > MAX_ROWS {
            return None;
        }
        // Rows never grow downwards, so the rows longer than c are a
        // prefix, shrinking as c grows: one walk down the rows.
        let mut rows = [0u8; MAX_ROWS];
        let mut longer = self.rows.iter().take_while(|&&l| l > 0).count();
        for (c, column) in rows.iter_mut().enumerate().take(width) {
            while longer > 0 && usize::from(self.rows[longer - 1]) <= c {
                longer -= 1;
            }
            *column = longer as u8;
        }
        Some(ChompBoard { rows })
    }

    /// The lesser of the diagram and its transpose: equal for a diagram
    /// and its transpose.
    #[must_use]
    pub fn canonical(&self) -> ChompBoard {
        match self.transpose() {
            Some(t) if t < *self => t,
            _ => *self,
        }
    }

    /// How many diagrams lie inside this one (itself and the empty one
    /// included): the positions a game from it can reach, plus one.
    /// Saturates at `u64::MAX`.
    #[must_use]
    pub fn diagrams_inside(&self) -> u64 {
        let lengths = self.lengths();
        // ways[v]: the ways to choose the rows so far, the last one v long.
        let mut ways = vec![1u64; usize::from(self.rows[0]) + 1];
        for &len in &lengths[1..] {
            // A row at most `len` and at most the row above: the ways
            // summed over every longer-or-equal row above.
            let mut suffix = 0u64;
            let mut next = vec![0u64; ways.len()];
            for v in (0..ways.len()).rev() {
                suffix = suffix.saturating_add(ways[v]);
                if v <= len {
                    next[v] = suffix;
                }
            }
            ways = next;
        }
        ways.iter().fold(0u64, |a, &w| a.saturating_add(w))
    }

    /// The squares a move can take (all but the poisoned one), as (row,
    /// column) from 0.
    fn squares_to_take(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.rows
            .iter()
            .take_while(|&&l| l > 0)
            .enumerate()
            .flat_map(|(r, &l)| (0..usize::from(l)).map(move |c| (r, c)))
            .filter(|&sq| sq != (0, 0))
    }

    /// The diagram left when the square (r, c) is taken, with everything
    /// below and to the right of it.
    fn after(&self, r: usize, c: usize) -> ChompBoard {
        let mut rows = self.rows;
        for length in rows.iter_mut().skip(r) {
            *length = (*length).min(c as u8);
        }
        ChompBoard { rows }
    }
}

/// Chomp, with the bars its spec numbers, if any (`chomp:2xN`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Chomp {
    family: Option<crate::cram::SidesWithN>,
    tables: Tables,
}

/// The tables built so far, each of the box of a diagram asked about:
/// a diagram asked about is valued by a table that holds it, else by a
/// new table of its own box when that box holds at most
/// [`TABLE_OVER_REACH`] times the diagrams inside it (a bar: all of
/// them; a thin L: far too few to pay for its box), else by the search.
/// A new table drops the ones its box holds, and the oldest while they
/// hold more than [`table::MAX_TABLE_DIAGRAMS`] in all. Off for
/// [`Chomp::by_search`].
#[derive(Clone, Debug)]
struct Tables {
    enabled: bool,
    built: Arc<Mutex<Vec<Arc<table::DiagramTable>>>>,
}

/// How many diagrams a table may hold per diagram inside the one asked
/// about: a staircase of 13 (2,674,440 diagrams inside it, 3.9 times
/// fewer than its 13x13 box) is tabled; an L is searched.
pub const TABLE_OVER_REACH: u64 = 8;

/// Seconds a table takes per diagram, with the winning moves read from it
/// (see [`Chomp`]'s `search_seconds`).
const TABLE_SECONDS_PER_DIAGRAM: f64 = 6e-7;

impl Default for Tables {
    fn default() -> Self {
        Tables {
            enabled: true,
            built: Arc::default(),
        }
    }
}

/// Every Chomp is the same game whatever it has tabled.
impl PartialEq for Tables {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

impl Eq for Tables {}

impl std::fmt::Debug for table::DiagramTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (rows, cols) = self.shape();
        write!(f, "DiagramTable({rows}x{cols})")
    }
}

impl Tables {
    /// A table that holds `board`, if one is built or worth building
    /// (see [`Tables`]); `None` otherwise, or when a stop check (a
    /// deadline, Ctrl-C) ended the pass: the search then meets it too.
    fn holding(&self, board: &ChompBoard) -> Option<Arc<table::DiagramTable>> {
        if !self.enabled {
            return None;
        }
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = built.iter().find(|t| t.holds(board)) {
            return Some(Arc::clone(t));
        }
        new_table_diagrams(board)?;
        let (rows, cols) = table::extent(board);
        let new = Arc::new(table::DiagramTable::build(rows, cols).ok()?);
        built.retain(|t| {
            let (r, c) = t.shape();
            !new.holds_box(r, c)
        });
        built.push(Arc::clone(&new));
        while built.iter().map(|t| t.diagrams_held() as u64).sum::<u64>()
            > table::MAX_TABLE_DIAGRAMS
        {
            built.remove(0);
        }
        Some(new)
    }
}

impl Tables {
    /// Whether a table holds `board` (`Some(0)`: built already) or would
    /// be built for it (`Some` of its diagrams), by the rule of
    /// [`Tables::holding`], nothing built; `None`: it is searched.
    fn holding_without_building(&self, board: &ChompBoard) -> Option<u64> {
        if !self.enabled {
            return None;
        }
        let built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if built.iter().any(|t| t.holds(board)) {
            return Some(0);
        }
        new_table_diagrams(board)
    }
}

/// The diagrams of the table of `board`'s box when one is worth building
/// for it (see [`Tables`]), `None` when it is searched instead.
fn new_table_diagrams(board: &ChompBoard) -> Option<u64> {
    let (rows, cols) = table::extent(board);
    table::DiagramTable::diagrams(rows, cols)
        .filter(|&n| n <= table::MAX_TABLE_DIAGRAMS)
        .filter(|&count| count <= board.diagrams_inside().saturating_mul(TABLE_OVER_REACH))
}

impl Chomp {
    /// Chomp on any diagram.
    #[must_use]
    pub fn new() -> Chomp {
        Chomp::default()
    }

    /// Chomp valued by the search alone, never by the table: the
    /// cross-check of [`table::DiagramTable`], and the method past it.
    #[must_use]
    pub fn by_search() -> Chomp {
        Chomp {
            family: None,
            tables: Tables {
                enabled: false,
                built: Arc::default(),
            },
        }
    }

    /// Chomp with bars numbered by N: `template` is `MxN` or `NxM`.
    pub fn with_family(template: &str) -> Result<Chomp, GameError> {
        let family = crate::cram::SidesWithN::parse(template, "bars", "chomp:2xN")?;
        parse_chomp(&family.size(1))?;
        Ok(Chomp {
            family: Some(family),
            ..Chomp::default()
        })
    }
}

impl SpecForm for Chomp {
    const FORM: &'static str = "chomp, chomp:MxN-with-N";
    const ABOUT: &'static str = "take a square and everything below and right of it; the poisoned top-left square a1 cannot be taken; positions MxN or row lengths 7,5,5,2 (non-increasing, at most 32 rows); a diagram and its transpose are solved once; seq chomp:2xN gives the bars' values as N grows";
    const EXAMPLE: &'static str = "chomp";
    const PREFIX: Option<&'static str> = None;
    type Error = GameError;

    fn names() -> Vec<&'static str> {
        vec!["chomp"]
    }

    fn from_spec(text: &str) -> Option<Result<Chomp, GameError>> {
        let (_, family) = crate::spec_form::name_and_rest(text, &["chomp"])?;
        Some(match family {
            Some(template) => Chomp::with_family(template),
            None => Ok(Chomp::new()),
        })
    }
}

impl Ruleset for Chomp {
    type Position = ChompBoard;

    fn options(&self, board: &ChompBoard, out: &mut Options<ChompBoard>) -> Result<(), GameError> {
        self.options_until(board, out, &mut |_, _| true).map(|_| ())
    }

    fn options_until(
        &self,
        board: &ChompBoard,
        out: &mut Options<ChompBoard>,
        each: &mut dyn FnMut(&Options<ChompBoard>, usize) -> bool,
    ) -> Result<bool, GameError> {
        for (r, c) in board.squares_to_take() {
            out.push_component(board.after(r, c).canonical());
            out.end_option();
            if !each(out, out.len() - 1) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn option_count_bound(&self, board: &ChompBoard) -> Option<usize> {
        // Every square but the poisoned one.
        usize::try_from(board.squares().saturating_sub(1)).ok()
    }

    fn known_value(&self, board: &ChompBoard) -> Option<crate::nimber::Nimber> {
        self.tables.holding(board)?.value(board)
    }

    fn solved_by_search(&self) -> bool {
        true
    }

    fn search_size(&self, board: &ChompBoard) -> u64 {
        board.squares()
    }

    fn search_seconds(&self, board: &ChompBoard) -> Option<f64> {
        if let Some(to_build) = self.tables.holding_without_building(board) {
            // A table's time is its diagrams' (13x13: 10.4 million in
            // 6.1 s; 14x14: 40 million in 24 s, on the benchmarks'
            // machine), the winning moves read from it.
            let seconds = to_build as f64 * TABLE_SECONDS_PER_DIAGRAM;
            return (seconds >= 1.0).then_some(seconds / 2.0);
        }
        // The diagram cut to its first columns (its first rows, when it is
        // taller than wide), a column more each time.
        let lengths = board.lengths();
        let wide = lengths.first().copied().unwrap_or(0) >= lengths.len();
        let long_side = if wide { lengths[0] } else { lengths.len() };
        // The time grows about as a power of the diagrams inside one (a
        // long first row adds few; a square board, many).
        let log_size = |b: &ChompBoard| (b.diagrams_inside() as f64).ln();
        let parts = (1..long_side).filter_map(move |k| {
            let cut: Vec<usize> = if wide {
                lengths.iter().map(|&l| l.min(k)).collect()
            } else {
                lengths[..k].to_vec()
            };
            let part = ChompBoard::new(&cut).ok()?;
            Some((log_size(&part), part))
        });
        // The parts are searched without the tables: a small part's box
        // is tabled at once, where the whole's is not, and the table's
        // time says nothing of the search's.
        crate::search_probe::probe_search_seconds(
            &Chomp::by_search(),
            parts,
            board,
            log_size(board),
        )
    }

    fn parse_position(&self, text: &str) -> Result<ChompBoard, GameError> {
        parse_chomp(text)
    }

    fn format_position(&self, board: &ChompBoard) -> String {
        format_chomp(board)
    }

    fn describe_move(&self, from: &ChompBoard, to: &[ChompBoard]) -> String {
        self.equivalent_moves(from, to)
            .into_iter()
            .next()
            .unwrap_or_else(|| "no square leaves that".to_owned())
    }

    fn equivalent_moves(&self, from: &ChompBoard, to: &[ChompBoard]) -> Vec<String> {
        let left: Vec<String> = to.iter().map(format_chomp).collect();
        from.squares_to_take()
            .filter(|&(r, c)| [from.after(r, c).canonical()] == to)
            .map(|(r, c)| {
                format!(
                    "take {}{} and every square below and right of it, leaving {}",
                    crate::cram::column_name(c),
                    r + 1,
                    left.join(" + ")
                )
            })
            .collect()
    }

    fn framed_moves(&self, board: &ChompBoard) -> Option<Vec<FramedMove<ChompBoard>>> {
        Some(
            board
                .squares_to_take()
                .map(|(r, c)| {
                    let left = board.after(r, c);
                    FramedMove {
                        name: format!(
                            "take {}{} and every square below and right of it",
                            crate::cram::column_name(c),
                            r + 1
                        ),
                        option: vec![left.canonical()],
                        left,
                    }
                })
                .collect(),
        )
    }

    fn numbered_position(&self, n: u64) -> Option<Result<ChompBoard, GameError>> {
        let family = self.family.as_ref()?;
        if n == 0 {
            // Bar 0 has only the poisoned square: no move, value 0.
            return Some(ChompBoard::new(&[1]));
        }
        Some(parse_chomp(&family.size(n)))
    }
}

/// Prints a diagram: `MxN` for a full bar, else its row lengths.
#[must_use]
pub fn format_chomp(board: &ChompBoard) -> String {
    let lengths = board.lengths();
    if lengths.iter().all(|&l| l == lengths[0]) {
        return format!("{}x{}", lengths.len(), lengths[0]);
    }
    lengths
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads a diagram: `MxN` or row lengths `7,5,5,2`.
pub fn parse_chomp(text: &str) -> Result<ChompBoard, GameError> {
    let text = text.trim();
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    let number = |s: &str| {
        crate::spec_form::bounded_number(s, 255, invalid, |n| {
            format!("{n} is past 255 squares a row")
        })
    };
    let lengths: Vec<usize> = match text.split_once(['x', 'X']) {
        Some((r, c)) => {
            let rows = number(r)?;
            if rows > MAX_ROWS {
                return Err(invalid(format!("a bar has at most {MAX_ROWS} rows")));
            }
            vec![number(c)?; rows]
        }
        None => text
            .split(',')
            .map(|s| number(s.trim()))
            .collect::<Result<_, _>>()?,
    };
    ChompBoard::new(&lengths).map_err(|e| match e {
        GameError::InvalidPosition { reason, .. } => invalid(reason),
        other => other,
    })
}

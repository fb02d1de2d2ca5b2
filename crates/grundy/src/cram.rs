//! Cram: place a domino on two adjacent empty squares of a board.
//!
//! A position is a board of at most 64 squares, some empty, the others
//! filled (holes or dominoes already placed). A move fills two empty
//! squares side by side, across or down; who cannot move loses. The empty
//! squares fall apart into regions that no domino spans, and the position
//! is their sum: each option lists the regions left, each in a canonical
//! form ([`CramBoard::canonical`]: the region cut to its bounding box,
//! then the least of its images under the board's symmetries — eight for
//! a square box, the same eight for an oblong one, whose transposes are
//! boxes of the other shape), so the generic [`crate::Solver`] solves each
//! region once however it was reached. A region of one square has no move
//! and is dropped.
//!
//! Boards are `MxN` (M rows of N empty squares) or rows of `.` (empty)
//! and `#` (filled) joined by `/` (`..#/.../...`), which is how positions
//! print when any square is filled. Squares are named as on a chess board
//! read from the first row written: column letters from `a`, row numbers
//! from 1 at the top, so a domino is `a1-b1` (across) or `a1-a2` (down).
//! `cram:3xN` numbers the boards `3x1`, `3x2`, ... for `seq`.

use crate::error::GameError;
use crate::family::SpecForm;
use crate::ruleset::{MoveSymmetry, Options, Ruleset};
use crate::vertex_kayles::bits;

/// The most squares of a board (one `u64` holds its empty squares).
pub const MAX_SQUARES: usize = 64;

/// A board: its shape and the set of its empty squares (bit `r * cols +
/// c` for row r, column c, both from 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CramBoard {
    rows: u8,
    cols: u8,
    empty: u64,
}

impl CramBoard {
    /// The board of `rows` by `cols` squares with these empty squares.
    pub fn new(rows: usize, cols: usize, empty: u64) -> Result<CramBoard, GameError> {
        if rows * cols > MAX_SQUARES || rows > 64 || cols > 64 {
            return Err(GameError::InvalidPosition {
                text: format!("{rows}x{cols}"),
                reason: format!(
                    "a board has at most {MAX_SQUARES} squares; {rows}x{cols} has {}",
                    rows * cols
                ),
            });
        }
        Ok(CramBoard {
            rows: rows as u8,
            cols: cols as u8,
            empty: empty & full_mask(rows * cols),
        })
    }

    /// The empty board of `rows` by `cols` squares.
    pub fn empty_board(rows: usize, cols: usize) -> Result<CramBoard, GameError> {
        CramBoard::new(rows, cols, u64::MAX)
    }

    /// Rows of the board.
    #[must_use]
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of the board.
    #[must_use]
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The empty squares (bit `r * cols + c`).
    #[must_use]
    pub fn empty_squares(&self) -> u64 {
        self.empty
    }

    /// Whether the square at row r, column c is empty.
    #[must_use]
    pub fn is_empty_at(&self, r: usize, c: usize) -> bool {
        self.empty >> (r * self.cols() + c) & 1 == 1
    }

    /// The squares of `set` with a neighbour in `set` beside them, or
    /// below them: the first squares of the dominoes across and down.
    fn domino_starts(&self, set: u64) -> (u64, u64) {
        let cols = self.cols();
        let across = set & (set >> 1) & !last_col_mask(self.rows(), cols);
        let down = if cols >= 64 { 0 } else { set & (set >> cols) };
        (across, down)
    }

    /// The squares of `set` next to a square of `set` (rows and columns).
    fn spread(&self, set: u64, within: u64) -> u64 {
        let cols = self.cols();
        let last = last_col_mask(self.rows(), cols);
        let first = first_col_mask(self.rows(), cols);
        let mut out = set;
        out |= (set & !last) << 1;
        out |= (set & !first) >> 1;
        if cols < 64 {
            out |= set << cols;
            out |= set >> cols;
        }
        out & within
    }

    /// The regions of the empty squares of `within` (squares joined by a
    /// side).
    fn regions(&self, within: u64) -> impl Iterator<Item = u64> + '_ {
        let mut left = within;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let mut part = left & left.wrapping_neg();
            loop {
                let grown = self.spread(part, left);
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            Some(part)
        })
    }

    /// The board holding only the squares `set` of this one, cut to their
    /// bounding box.
    fn cut_to(&self, set: u64) -> CramBoard {
        if set == 0 {
            return CramBoard {
                rows: 0,
                cols: 0,
                empty: 0,
            };
        }
        let cols = self.cols();
        let top = set.trailing_zeros() as usize / cols;
        let bottom = (63 - set.leading_zeros() as usize) / cols;
        let row_mask = full_mask(cols);
        let mut columns = 0u64;
        for r in top..=bottom {
            columns |= set >> (r * cols) & row_mask;
        }
        let left = columns.trailing_zeros() as usize;
        let width = 64 - columns.leading_zeros() as usize - left;
        let width_mask = full_mask(width);
        let mut empty = 0u64;
        for r in top..=bottom {
            empty |= (set >> (r * cols + left) & width_mask) << ((r - top) * width);
        }
        CramBoard {
            rows: (bottom - top + 1) as u8,
            cols: width as u8,
            empty,
        }
    }

    /// The image of the board under symmetry `s` (0..8): bit 0 flips
    /// rows, bit 1 flips columns, bit 2 transposes first; by the shape's
    /// tables, one lookup per byte.
    fn image(&self, s: u8) -> CramBoard {
        let (rows, cols) = (self.rows(), self.cols());
        let tables = shape_tables(rows, cols);
        let table = &tables[usize::from(s)];
        let mut empty = 0u64;
        let mut rest = self.empty;
        let mut byte = 0;
        while rest != 0 {
            empty |= table[byte][(rest & 0xff) as usize];
            rest >>= 8;
            byte += 1;
        }
        let (out_rows, out_cols) = if s & 4 != 0 {
            (cols, rows)
        } else {
            (rows, cols)
        };
        CramBoard {
            rows: out_rows as u8,
            cols: out_cols as u8,
            empty,
        }
    }

    /// The board cut to its empty squares' bounding box, and the least of
    /// its eight images: equal for boards one symmetry maps onto another.
    #[must_use]
    pub fn canonical(&self) -> CramBoard {
        let cut = self.cut_to(self.empty);
        (0..8).map(|s| cut.image(s)).min().expect("eight images")
    }

    /// The dominoes that fit, each as the pair of squares it covers.
    fn dominoes(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (across, down) = self.domino_starts(self.empty);
        let cols = self.cols();
        bits(across)
            .map(|s| (s, s + 1))
            .chain(bits(down).map(move |s| (s, s + cols)))
    }

    /// The regions left when the squares `a` and `b` are filled, each
    /// canonical, in order; regions of one square are dropped.
    fn left_after(&self, a: usize, b: usize) -> Vec<CramBoard> {
        let mut out = Options::new();
        self.push_left_after(a, b, &mut out);
        out.get(0).to_vec()
    }

    /// `set` without the extra pendants of each square: a square with
    /// one empty neighbour (a pendant) can only be covered with that
    /// neighbour, and any domino on the neighbour leaves every pendant of
    /// it alone and dead; so of several pendants of one square, all but
    /// one can go (the moves with them leave the same options), and the
    /// search meets fewer distinct regions. (Beling's igs reduces Cram's
    /// "stars" the same way.)
    fn without_extra_pendants(&self, set: u64) -> u64 {
        let cols = self.cols();
        let (last, first) = (
            last_col_mask(self.rows(), cols),
            first_col_mask(self.rows(), cols),
        );
        // Squares with an empty neighbour right, left, below, above.
        let right = set & (set >> 1) & !last;
        let left = set & (set << 1) & !first;
        let (below, above) = if cols >= 64 {
            (0, 0)
        } else {
            (set & (set >> cols), set & (set << cols))
        };
        let any = right | left | below | above;
        let two = (right & (left | below | above)) | (left & (below | above)) | (below & above);
        let pendants = any & !two;
        // Each pendant's neighbour, direction by direction; a pendant whose
        // neighbour already has one goes.
        let mut centres = (pendants & right) << 1;
        let mut gone = 0;
        let to_left = (pendants & left) >> 1;
        gone |= (to_left & centres) << 1;
        centres |= to_left;
        if cols < 64 {
            let to_below = (pendants & below) << cols;
            gone |= (to_below & centres) >> cols;
            centres |= to_below;
            let to_above = (pendants & above) >> cols;
            gone |= (to_above & centres) << cols;
        }
        set & !gone
    }

    /// [`CramBoard::left_after`] as the next option of `out`.
    fn push_left_after(&self, a: usize, b: usize, out: &mut Options<CramBoard>) {
        let rest = self.without_extra_pendants(self.empty & !(1 << a) & !(1 << b));
        for part in self.regions(rest) {
            if part.count_ones() > 1 {
                out.push_component(self.cut_to(part).canonical());
            }
        }
        out.pending_mut().sort_unstable();
        out.end_option();
    }

    /// A square's name: column letters and the row from 1 (`a1`, `c4`,
    /// `ab3` past the 26th column).
    #[must_use]
    pub fn square_name(&self, square: usize) -> String {
        let cols = self.cols();
        format!("{}{}", column_name(square % cols), square / cols + 1)
    }
}

/// Per symmetry and per byte of a board's squares, the image of each
/// byte value: a symmetry of a board is eight lookups.
type ShapeTables = [[[u64; 256]; 8]; 8];

/// The tables of every shape met so far (built on first use: a shape's
/// take 128 KiB, and searches meet few shapes).
static SHAPE_TABLES: [std::sync::OnceLock<Box<ShapeTables>>; 65 * 65] =
    [const { std::sync::OnceLock::new() }; 65 * 65];

fn shape_tables(rows: usize, cols: usize) -> &'static ShapeTables {
    SHAPE_TABLES[rows * 65 + cols].get_or_init(|| {
        let mut tables: Box<ShapeTables> = vec![[[0u64; 256]; 8]; 8]
            .into_boxed_slice()
            .try_into()
            .expect("eight symmetries");
        let squares = rows * cols;
        for (s, table) in tables.iter_mut().enumerate() {
            let (out_rows, out_cols) = if s & 4 != 0 {
                (cols, rows)
            } else {
                (rows, cols)
            };
            for (byte, values) in table.iter_mut().enumerate() {
                for (value, image) in values.iter_mut().enumerate() {
                    for bit in 0..8 {
                        let square = byte * 8 + bit;
                        if value >> bit & 1 == 0 || square >= squares {
                            continue;
                        }
                        let (r, c) = (square / cols, square % cols);
                        let (mut r2, mut c2) = if s & 4 != 0 { (c, r) } else { (r, c) };
                        if s & 1 != 0 {
                            r2 = out_rows - 1 - r2;
                        }
                        if s & 2 != 0 {
                            c2 = out_cols - 1 - c2;
                        }
                        *image |= 1 << (r2 * out_cols + c2);
                    }
                }
            }
        }
        tables
    })
}

pub(crate) fn column_name(mut c: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'a' + (c % 26) as u8);
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).expect("letters")
}

fn full_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

fn first_col_mask(rows: usize, cols: usize) -> u64 {
    (0..rows).fold(0, |m, r| m | 1 << (r * cols))
}

fn last_col_mask(rows: usize, cols: usize) -> u64 {
    if cols == 0 {
        return 0;
    }
    (0..rows).fold(0, |m, r| m | 1 << (r * cols + cols - 1))
}

/// A family of rectangles numbered by N: `3xN` or `Nx3` (one side N),
/// the spec form of Cram's and Chomp's `seq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SidesWithN {
    rows: String,
    cols: String,
}

impl SidesWithN {
    /// Reads `template`; `example` is a whole spec named in the error.
    pub(crate) fn parse(
        template: &str,
        what: &str,
        example: &str,
    ) -> Result<SidesWithN, GameError> {
        let not_family = || GameError::Rules {
            message: format!(
                "'{template}' is not a family of {what}: write MxN with one side N ({example})"
            ),
        };
        let (rows, cols) = template.split_once(['x', 'X']).ok_or_else(not_family)?;
        if [rows, cols].iter().filter(|s| **s == "N").count() != 1 {
            return Err(not_family());
        }
        Ok(SidesWithN {
            rows: rows.to_owned(),
            cols: cols.to_owned(),
        })
    }

    /// Rectangle `n` of the family, written `MxN`.
    pub(crate) fn size(&self, n: u64) -> String {
        let side = |s: &str| {
            if s == "N" {
                n.to_string()
            } else {
                s.to_owned()
            }
        };
        format!("{}x{}", side(&self.rows), side(&self.cols))
    }
}

/// Cram, with the boards its spec numbers, if any (`cram:3xN`: board n
/// is `3xn`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cram {
    family: Option<SidesWithN>,
}

impl Cram {
    /// Cram on any board.
    #[must_use]
    pub fn new() -> Cram {
        Cram { family: None }
    }

    /// Cram with boards numbered by N: `template` is `MxN` or `NxM`.
    pub fn with_family(template: &str) -> Result<Cram, GameError> {
        let family = SidesWithN::parse(template, "boards", "cram:3xN")?;
        parse_board(&family.size(1))?;
        Ok(Cram {
            family: Some(family),
        })
    }
}

impl Default for Cram {
    fn default() -> Self {
        Cram::new()
    }
}

impl SpecForm for Cram {
    const FORM: &'static str = "cram, cram:MxN-with-N";
    const ABOUT: &'static str = "place a domino on two adjacent empty squares; positions MxN or rows of . and # joined by / (at most 64 squares); moves a1-b1 (across), a1-a2 (down); the regions left are a sum, each solved once up to the board's symmetries; seq cram:3xN gives the boards' values as N grows";
    const EXAMPLE: &'static str = "cram";
    const PREFIX: Option<&'static str> = None;
    type Error = GameError;

    fn names() -> Vec<&'static str> {
        vec!["cram"]
    }

    fn from_spec(text: &str) -> Option<Result<Cram, GameError>> {
        let (_, family) = crate::family::name_and_rest(text, &["cram"])?;
        Some(match family {
            Some(template) => Cram::with_family(template),
            None => Ok(Cram::new()),
        })
    }
}

impl Ruleset for Cram {
    type Position = CramBoard;

    fn options(&self, board: &CramBoard, out: &mut Options<CramBoard>) -> Result<(), GameError> {
        for (a, b) in board.dominoes() {
            board.push_left_after(a, b, out);
        }
        Ok(())
    }

    fn solved_by_search(&self) -> bool {
        true
    }

    fn search_size(&self, board: &CramBoard) -> u64 {
        u64::from(board.empty.count_ones())
    }

    fn parse_position(&self, text: &str) -> Result<CramBoard, GameError> {
        parse_board(text)
    }

    fn format_position(&self, board: &CramBoard) -> String {
        format_board(board)
    }

    fn describe_move(&self, from: &CramBoard, to: &[CramBoard]) -> String {
        self.equivalent_moves(from, to)
            .into_iter()
            .next()
            .unwrap_or_else(|| "no domino leaves that".to_owned())
    }

    fn equivalent_moves(&self, from: &CramBoard, to: &[CramBoard]) -> Vec<String> {
        from.dominoes()
            .filter(|&(a, b)| from.left_after(a, b) == to)
            .map(|(a, b)| {
                let parts: Vec<String> = to.iter().map(format_board).collect();
                let left = if parts.is_empty() {
                    "no move".to_owned()
                } else {
                    parts.join(" + ")
                };
                format!(
                    "domino {}-{}, leaving {left}",
                    from.square_name(a),
                    from.square_name(b)
                )
            })
            .collect()
    }

    fn move_symmetry(&self, from: &CramBoard, to: &[CramBoard]) -> Option<MoveSymmetry> {
        // Dominoes that a symmetry of the board maps onto one another
        // share a class: the least image of the board with the domino
        // placed, over the symmetries that fix the board itself.
        let fixing: Vec<u8> = (0..8).filter(|&s| from.image(s) == *from).collect();
        if fixing.len() < 2 {
            return None;
        }
        let (a, b) = from
            .dominoes()
            .find(|&(a, b)| from.left_after(a, b) == to)?;
        let placed = CramBoard {
            empty: from.empty & !(1 << a) & !(1 << b),
            ..*from
        };
        let least = fixing
            .iter()
            .map(|&s| placed.image(s).empty)
            .min()
            .expect("the identity fixes the board");
        Some(MoveSymmetry {
            class: vec![(least >> 32) as u32, least as u32],
            group: format!("the {} symmetries of the board", fixing.len()),
        })
    }

    fn numbered_position(&self, n: u64) -> Option<Result<CramBoard, GameError>> {
        Some(parse_board(&self.family.as_ref()?.size(n)))
    }
}

/// Prints a board: `MxN` when every square is empty, else its rows.
#[must_use]
pub fn format_board(board: &CramBoard) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    if board.empty == full_mask(rows * cols) {
        return format!("{rows}x{cols}");
    }
    let lines: Vec<String> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| if board.is_empty_at(r, c) { '.' } else { '#' })
                .collect()
        })
        .collect();
    lines.join("/")
}

/// Reads a board: `MxN`, or rows of `.` and `#` joined by `/` (or on
/// lines of their own).
pub fn parse_board(text: &str) -> Result<CramBoard, GameError> {
    let text = text.trim();
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    let is_rows = text.contains(['.', '#', '/', '\n']);
    if let Some((r, c)) = text.split_once(['x', 'X']).filter(|_| !is_rows) {
        let side = |s: &str| -> Result<usize, GameError> {
            let n = crate::number::parse_u64(s).map_err(|e| invalid(format!("{e}")))?;
            usize::try_from(n)
                .ok()
                .filter(|&n| n <= MAX_SQUARES)
                .ok_or_else(|| invalid(format!("a board has at most {MAX_SQUARES} squares")))
        };
        let (rows, cols) = (side(r)?, side(c)?);
        return CramBoard::empty_board(rows, cols).map_err(|e| match e {
            GameError::InvalidPosition { reason, .. } => invalid(reason),
            other => other,
        });
    }
    let lines: Vec<&str> = text
        .split(['/', '\n'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(invalid(
            "a board is MxN or rows of . and # joined by /".to_owned(),
        ));
    }
    let cols = lines[0].chars().count();
    let mut empty = 0u64;
    let mut offset = 0;
    for (r, line) in lines.iter().enumerate() {
        if line.chars().count() != cols {
            return Err(invalid(format!(
                "row {} has {} squares and row 1 has {cols}: every row is as long as the first",
                r + 1,
                line.chars().count()
            )));
        }
        for (c, ch) in line.chars().enumerate() {
            match ch {
                '.' => {
                    let square = r * cols + c;
                    if square >= MAX_SQUARES {
                        return Err(invalid(format!(
                            "a board has at most {MAX_SQUARES} squares"
                        )));
                    }
                    empty |= 1 << square;
                }
                '#' => {}
                other => {
                    return Err(invalid(format!(
                        "'{other}' at row {}, column {} (character {}): squares are . (empty) or # (filled)",
                        r + 1,
                        c + 1,
                        offset + c + 1
                    )))
                }
            }
        }
        offset += cols + 1;
    }
    CramBoard::new(lines.len(), cols, empty).map_err(|e| match e {
        GameError::InvalidPosition { reason, .. } => invalid(reason),
        other => other,
    })
}

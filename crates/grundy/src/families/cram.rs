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
use crate::nimber::Nimber;
use crate::ruleset::{FramedMove, MoveSymmetry, Options, Ruleset};
use crate::spec_form::SpecForm;
use crate::vertex_kayles::members;

/// The most squares of a board (one `u64` holds its empty squares).
pub const MAX_SQUARES: usize = 64;

/// A board: its shape and the set of its empty squares (bit `r * cols +
/// c` for row r, column c, both from 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CramBoard {
    rows: u8,
    cols: u8,
    empty: u64,
    /// What the half turn about the board's centre says of its outcome
    /// (a function of the three fields above, kept to be read at once).
    half_turn: HalfTurn,
}

/// Two words, not four: the search hashes a board at every lookup, and
/// the half turn's verdict follows from the rest.
impl std::hash::Hash for CramBoard {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.empty);
        state.write_u16(u16::from(self.rows) << 8 | u16::from(self.cols));
    }
}

/// The outcome a board's symmetry under the half turn about the centre of
/// its bounding box proves (Gardner's mirror strategy, generalised).
///
/// On a board that the half turn maps onto itself, the second player
/// answers each domino with its image, which is free (the board is
/// symmetric) and does not overlap it, unless the domino meets its own
/// image, and the answer keeps the board symmetric. A domino meets its
/// image only when it covers the centre: when the centre is the middle
/// square of an odd by odd box, or when it is the midpoint between the
/// two middle squares of an odd side of an even by odd box (that one
/// domino is its own image). Hence: a symmetric board is a P-position when
/// no domino covers the centre (both sides even; the middle square
/// filled; the two middle squares, each the other's image, filled); and
/// an N-position when the centre is between two empty squares, since the
/// domino on them leaves a symmetric board no domino of which covers the
/// centre.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum HalfTurn {
    /// Not symmetric, or symmetric about an empty middle square.
    Unknown,
    /// Value 0: the mirror strategy wins for the second player.
    Zero,
    /// Value other than 0: the central domino, then the mirror strategy.
    NotZero,
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
        Ok(CramBoard::classified(
            rows,
            cols,
            empty & full_mask(rows * cols),
        ))
    }

    /// The board with its [`HalfTurn`] worked out (`rows * cols <= 64`).
    fn classified(rows: usize, cols: usize, empty: u64) -> CramBoard {
        let mut board = CramBoard {
            rows: rows as u8,
            cols: cols as u8,
            empty,
            half_turn: HalfTurn::Unknown,
        };
        if empty != 0 && half_turn(empty, rows * cols) == empty {
            board.half_turn = half_turn_outcome(rows, cols, empty);
        }
        board
    }

    /// Whether the board's symmetry proves its value is 0 ([`HalfTurn`]).
    #[must_use]
    pub fn is_p_by_symmetry(&self) -> bool {
        self.half_turn == HalfTurn::Zero
    }

    /// Whether the board's symmetry proves its value is not 0
    /// ([`HalfTurn`]).
    #[must_use]
    pub fn is_n_by_symmetry(&self) -> bool {
        self.half_turn == HalfTurn::NotZero
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

    /// The squares of the board next to a square of `set` (rows and
    /// columns), possibly in `set` too; may hold bits past the board.
    fn neighbours(&self, set: u64) -> u64 {
        let cols = self.cols();
        let last = last_col_mask(self.rows(), cols);
        let first = first_col_mask(self.rows(), cols);
        let mut out = 0;
        out |= (set & !last) << 1;
        out |= (set & !first) >> 1;
        if cols < 64 {
            out |= set << cols;
            out |= set >> cols;
        }
        out
    }

    /// The regions of the squares of `within`: squares joined by a side,
    /// except the sides across from the squares of `cut` to their right
    /// ([`CramBoard::twin_cuts`]).
    fn regions(&self, within: u64, cut: u64) -> impl Iterator<Item = u64> + '_ {
        let cols = self.cols();
        let last = last_col_mask(self.rows(), cols) | cut;
        let first = first_col_mask(self.rows(), cols) | cut << 1;
        let mut left = within;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let mut part = left & left.wrapping_neg();
            loop {
                let mut grown = part | (part & !last) << 1 | (part & !first) >> 1;
                if cols < 64 {
                    grown |= part << cols | part >> cols;
                }
                grown &= left;
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            Some(part)
        })
    }

    /// The sides across that the twins of `set` let the regions drop: a
    /// bit at the left square of each. Two squares x and y with the same
    /// two neighbours a and b (opposite corners of a 2x2 block, each with
    /// no other neighbour) are twins: the domino x-a leaves what y-a
    /// leaves with x and y swapped, which an automorphism of the squares'
    /// graph does (Cram is played on that graph), and likewise x-b and
    /// y-b; so the sides x-a and y-b can go. By induction on the squares
    /// left the value does not change: a move elsewhere leaves x and y
    /// twins, or, when it covers a or b, leaves x and y two pendants of
    /// the other, where one pendant's side counts for nothing. Both sides
    /// that go are across, so the block falls into two dominoes down, one
    /// hanging from a and the other from b, and the board may fall apart
    /// there. (Beling's igs splits Cram's regions at these blocks too.)
    fn twin_cuts(&self, set: u64) -> u64 {
        let cols = self.cols();
        if cols >= 64 || self.rows() < 2 {
            return 0;
        }
        let (right, left, below, above) = self.sides(set);
        let only = |yes: u64, a: u64, b: u64| yes & !a & !b;
        // Top-left and bottom-right corners; top-right and bottom-left.
        let top_left = only(right & below, left, above);
        let bottom_right = only(left & above, right, below);
        let top_right = only(left & below, right, above);
        let bottom_left = only(right & above, left, below);
        // Each block by its top-left square.
        let blocks =
            (top_left & bottom_right >> (cols + 1)) | (top_right >> 1 & bottom_left >> cols);
        blocks | blocks << cols
    }

    /// The squares `set` of this board cut to their bounding box: its
    /// rows, its columns and the squares in it.
    fn cut_to(&self, set: u64) -> (usize, usize, u64) {
        if set == 0 {
            return (0, 0, 0);
        }
        let cols = self.cols();
        let top = set.trailing_zeros() as usize / cols;
        let bottom = (63 - set.leading_zeros() as usize) / cols;
        let rows = bottom - top + 1;
        let row_mask = full_mask(cols);
        let mut columns = 0u64;
        let mut rest = set >> (top * cols);
        while rest != 0 {
            columns |= rest & row_mask;
            // A row of 64 squares is the whole word: a plain shift by 64
            // would leave it in place (and this loop spinning for ever).
            rest = rest.checked_shr(cols as u32).unwrap_or(0);
        }
        if columns == row_mask {
            // As wide as the board: the rows stay as they are.
            return (rows, cols, set >> (top * cols));
        }
        let left = columns.trailing_zeros() as usize;
        let width = 64 - columns.leading_zeros() as usize - left;
        let width_mask = full_mask(width);
        let mut empty = 0u64;
        for r in 0..rows {
            empty |= (set >> ((r + top) * cols + left) & width_mask) << (r * width);
        }
        (rows, width, empty)
    }

    /// The canonical form of the board of `rows` by `cols` squares with
    /// these empty squares (filling its bounding box): the least of its
    /// images (rows, then columns, then squares). An oblong box's images
    /// of fewer rows are the four of it or of its transpose under the
    /// flips; a square box has all eight.
    fn canonical_of(rows: usize, cols: usize, empty: u64) -> CramBoard {
        let squares = rows * cols;
        if squares == 0 {
            return CramBoard::classified(rows, cols, empty);
        }
        let half_turn = |x: u64| half_turn(x, squares);
        let flip_rows = |x: u64, rows: usize, cols: usize| {
            let row_mask = full_mask(cols);
            let mut out = 0u64;
            for r in 0..rows {
                out |= (x >> (r * cols) & row_mask) << ((rows - 1 - r) * cols);
            }
            out
        };
        let least_of_four = |x: u64, rows: usize, cols: usize| {
            let flipped = flip_rows(x, rows, cols);
            x.min(half_turn(x)).min(flipped).min(half_turn(flipped))
        };
        let symmetric = half_turn(empty) == empty;
        let mut least = if rows <= cols {
            Some(least_of_four(empty, rows, cols))
        } else {
            None
        };
        if rows >= cols {
            let transposed = CramBoard {
                rows: rows as u8,
                cols: cols as u8,
                empty,
                half_turn: HalfTurn::Unknown,
            }
            .image(4)
            .empty;
            let other = least_of_four(transposed, cols, rows);
            least = Some(least.map_or(other, |l| l.min(other)));
        }
        let (rows, cols) = (rows.min(cols), rows.max(cols));
        let least = least.expect("one orientation has fewer rows");
        let mut board = CramBoard {
            rows: rows as u8,
            cols: cols as u8,
            empty: least,
            half_turn: HalfTurn::Unknown,
        };
        if symmetric {
            board.half_turn = half_turn_outcome(rows, cols, least);
        }
        board
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
            // The half turn commutes with every symmetry of the box.
            half_turn: self.half_turn,
        }
    }

    /// The board cut to its empty squares' bounding box, and the least of
    /// its eight images: equal for boards one symmetry maps onto another.
    #[must_use]
    pub fn canonical(&self) -> CramBoard {
        let (rows, cols, empty) = self.cut_to(self.empty);
        CramBoard::canonical_of(rows, cols, empty)
    }

    /// The dominoes that fit, each as the pair of squares it covers.
    fn dominoes(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (across, down) = self.domino_starts(self.empty);
        let cols = self.cols();
        members(u128::from(across))
            .map(|s| (s, s + 1))
            .chain(members(u128::from(down)).map(move |s| (s, s + cols)))
    }

    /// The whole board with the squares `a` and `b` filled, in its own
    /// frame (not cut into regions, not turned).
    fn with_domino(&self, a: usize, b: usize) -> CramBoard {
        CramBoard::classified(self.rows(), self.cols(), self.empty & !(1 << a) & !(1 << b))
    }

    /// The regions left when the squares `a` and `b` are filled, each
    /// canonical, in order; regions of one square are dropped.
    fn left_after(&self, a: usize, b: usize) -> Vec<CramBoard> {
        let mut out = Options::new();
        self.push_left_after(a, b, &mut out);
        out.get(0).to_vec()
    }

    /// The squares of `set` with a neighbour in `set` to their right,
    /// left, below and above.
    fn sides(&self, set: u64) -> (u64, u64, u64, u64) {
        let cols = self.cols();
        let right = set & (set >> 1) & !last_col_mask(self.rows(), cols);
        let left = set & (set << 1) & !first_col_mask(self.rows(), cols);
        let (below, above) = if cols >= 64 {
            (0, 0)
        } else {
            (set & (set >> cols), set & (set << cols))
        };
        (right, left, below, above)
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
        let (right, left, below, above) = self.sides(set);
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
            centres |= to_above;
        }
        // A square neither a pendant nor a centre, whose every neighbour
        // is a centre (a bridge between them), goes too: a domino on it
        // and a centre leaves what the domino on that centre and its
        // pendant leaves (the pendant dead), and after any other move it
        // is still such a square, so by induction on the squares left the
        // board with it and without it have the same options' values.
        // (Beling's igs removes these "bridges" as well.) A square with
        // no neighbour at all is dead and goes with them.
        let others = set & !pendants & !centres;
        let bridges = others & !self.neighbours(others);
        set & !gone & !bridges
    }

    /// [`CramBoard::left_after`] as the next option of `out`.
    fn push_left_after(&self, a: usize, b: usize, out: &mut Options<CramBoard>) {
        let rest = self.without_extra_pendants(self.empty & !(1 << a) & !(1 << b));
        self.push_regions(rest, out);
        out.pending_mut().sort_unstable();
        out.end_option();
    }

    /// Pushes the regions of `set` (reduced), each canonical, into the
    /// option being built; a region split off at twins
    /// ([`CramBoard::twin_cuts`]) is reduced again, and split again.
    fn push_regions(&self, set: u64, out: &mut Options<CramBoard>) {
        let cut = self.twin_cuts(set);
        for part in self.regions(set, cut) {
            if part.count_ones() < 2 {
                continue;
            }
            if cut != 0 && part != set {
                let reduced = self.without_extra_pendants(part);
                if reduced != part {
                    self.push_regions(reduced, out);
                    continue;
                }
            }
            let (rows, cols, empty) = self.cut_to(part);
            out.push_component(CramBoard::canonical_of(rows, cols, empty));
        }
    }

    /// A square's name: column letters and the row from 1 (`a1`, `c4`,
    /// `ab3` past the 26th column).
    #[must_use]
    pub fn square_name(&self, square: usize) -> String {
        let cols = self.cols();
        format!("{}{}", column_name(square % cols), square / cols + 1)
    }
}

/// The image of the squares `x` of a board of `squares` squares under the
/// half turn: it reverses their order (`squares >= 1`).
fn half_turn(x: u64, squares: usize) -> u64 {
    x.reverse_bits() >> (64 - squares)
}

/// The outcome the half turn proves of a board it maps onto itself
/// ([`HalfTurn`]): by where the centre of the box falls.
fn half_turn_outcome(rows: usize, cols: usize, empty: u64) -> HalfTurn {
    let is_empty = |r: usize, c: usize| empty >> (r * cols + c) & 1 == 1;
    match (rows % 2, cols % 2) {
        (0, 0) => HalfTurn::Zero,
        (1, 1) if is_empty(rows / 2, cols / 2) => HalfTurn::Unknown,
        (1, 1) => HalfTurn::Zero,
        (0, 1) if is_empty(rows / 2 - 1, cols / 2) && is_empty(rows / 2, cols / 2) => {
            HalfTurn::NotZero
        }
        (1, 0) if is_empty(rows / 2, cols / 2 - 1) && is_empty(rows / 2, cols / 2) => {
            HalfTurn::NotZero
        }
        _ => HalfTurn::Zero,
    }
}

/// Every domino of a shape, as (first square, down), nearest the centre
/// first: by the squared distance of the domino's centre from the
/// board's (doubled), then first square, then across before down.
fn domino_order(rows: usize, cols: usize) -> &'static [(u8, bool)] {
    type Order = std::sync::OnceLock<Box<[(u8, bool)]>>;
    static ORDERS: [Order; 65 * 65] = [const { std::sync::OnceLock::new() }; 65 * 65];
    ORDERS[rows * 65 + cols].get_or_init(|| {
        let (r, c) = (rows as i32, cols as i32);
        let mut dominoes = Vec::new();
        for a in 0..rows * cols {
            let (ra, ca) = ((a / cols) as i32, (a % cols) as i32);
            if ca + 1 < c {
                let (dr, dc) = (2 * ra + 1 - r, 2 * ca + 2 - c);
                dominoes.push((dr * dr + dc * dc, a as u8, false));
            }
            if ra + 1 < r {
                let (dr, dc) = (2 * ra + 2 - r, 2 * ca + 1 - c);
                dominoes.push((dr * dr + dc * dc, a as u8, true));
            }
        }
        dominoes.sort_unstable();
        dominoes.into_iter().map(|(_, a, down)| (a, down)).collect()
    })
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

/// Per shape (`rows * 65 + cols`, at most 64 squares), the squares of its
/// first column and of its last: the flood fill and the domino scans mask
/// with them at every step, so they are computed once, at compile time.
static COLUMN_MASKS: [[u64; 2]; 65 * 65] = column_masks();

const fn column_masks() -> [[u64; 2]; 65 * 65] {
    let mut out = [[0u64; 2]; 65 * 65];
    let mut rows = 0;
    while rows <= 64 {
        let mut cols = 1;
        while cols <= 64 && rows * cols <= 64 {
            let mut r = 0;
            while r < rows {
                out[rows * 65 + cols][0] |= 1 << (r * cols);
                out[rows * 65 + cols][1] |= 1 << (r * cols + cols - 1);
                r += 1;
            }
            cols += 1;
        }
        rows += 1;
    }
    out
}

fn first_col_mask(rows: usize, cols: usize) -> u64 {
    COLUMN_MASKS[rows * 65 + cols][0]
}

fn last_col_mask(rows: usize, cols: usize) -> u64 {
    COLUMN_MASKS[rows * 65 + cols][1]
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
        let (_, family) = crate::spec_form::name_and_rest(text, &["cram"])?;
        Some(match family {
            Some(template) => Cram::with_family(template),
            None => Ok(Cram::new()),
        })
    }
}

impl Ruleset for Cram {
    type Position = CramBoard;

    fn options(&self, board: &CramBoard, out: &mut Options<CramBoard>) -> Result<(), GameError> {
        self.options_until(board, out, &mut |_, _| true).map(|_| ())
    }

    fn option_count_bound(&self, board: &CramBoard) -> Option<usize> {
        let (across, down) = board.domino_starts(board.empty);
        Some((across.count_ones() + down.count_ones()) as usize)
    }

    fn options_until(
        &self,
        board: &CramBoard,
        out: &mut Options<CramBoard>,
        each: &mut dyn FnMut(&Options<CramBoard>, usize) -> bool,
    ) -> Result<bool, GameError> {
        // Dominoes near the centre first (the shape's order, worked out
        // once): they split the board, and the search tries options of
        // equal size in this order.
        let (across, down) = board.domino_starts(board.empty);
        let cols = board.cols();
        for &(a, is_down) in domino_order(board.rows(), cols) {
            let a = usize::from(a);
            let fits = if is_down { down } else { across };
            if fits >> a & 1 == 0 {
                continue;
            }
            let b = if is_down { a + cols } else { a + 1 };
            board.push_left_after(a, b, out);
            if !each(out, out.len() - 1) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn solved_by_search(&self) -> bool {
        true
    }

    fn known_value(&self, board: &CramBoard) -> Option<Nimber> {
        board.is_p_by_symmetry().then_some(Nimber::ZERO)
    }

    fn known_not_zero(&self, board: &CramBoard) -> bool {
        board.is_n_by_symmetry()
    }

    fn search_seconds(&self, board: &CramBoard) -> Option<f64> {
        if board.is_p_by_symmetry() {
            return None;
        }
        let squares = f64::from(board.empty.count_ones());
        let narrow = board.rows().min(board.cols());
        // (squares, seconds) of the value's search measured for an empty
        // board of that narrow side on one core of the 2-core machine of
        // the benchmarks (4x11, 5x8 and 6x7 by `seq`; 3x17 as half its
        // `eval`), and the growth per square, in powers of ten, from the
        // smaller boards of the same side (3x13, 4x9, 5x7). Odd by even
        // boards of side 3 grow faster: 3x16 takes minutes, here and in
        // igs.
        let (at, seconds, per_square) = match narrow {
            0..=2 => return None,
            3 => (51.0, 4.7, 0.118),
            4 => (44.0, 10.6, 0.177),
            5 => (40.0, 2.4, 0.173),
            _ => SIX_BY_SEVEN,
        };
        let estimate = seconds * 10f64.powf(per_square * (squares - at));
        // Below a tenth of a second the search is quick: nothing to say.
        (estimate >= 0.1).then_some(estimate)
    }

    fn search_size(&self, board: &CramBoard) -> u64 {
        u64::from(board.empty.count_ones()).pow(2)
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

    fn framed_moves(&self, board: &CramBoard) -> Option<Vec<FramedMove<CramBoard>>> {
        Some(
            board
                .dominoes()
                .map(|(a, b)| FramedMove {
                    name: format!("domino {}-{}", board.square_name(a), board.square_name(b)),
                    left: board.with_domino(a, b),
                    option: board.left_after(a, b),
                })
                .collect(),
        )
    }

    fn move_symmetry(&self, from: &CramBoard, to: &[CramBoard]) -> Option<MoveSymmetry> {
        // Dominoes that a symmetry of the board maps onto one another
        // share a class: the least image of the board with the domino
        // placed, over the symmetries that fix the board itself.
        let fixing: Vec<u8> = (0..8).filter(|&s| from.image(s) == *from).collect();
        if fixing.len() < 2 {
            return None;
        }
        let placed = match to {
            // The board with the domino placed, in the user's frame
            // ([`Ruleset::framed_moves`]).
            [placed]
                if placed.rows == from.rows
                    && placed.cols == from.cols
                    && placed.empty & !from.empty == 0
                    && (from.empty & !placed.empty).count_ones() == 2 =>
            {
                *placed
            }
            _ => {
                let (a, b) = from
                    .dominoes()
                    .find(|&(a, b)| from.left_after(a, b) == to)?;
                from.with_domino(a, b)
            }
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

/// The search of the empty 6x7 board (squares, seconds, growth per
/// square in powers of ten), the anchor of [`Cram::search_seconds`] for
/// boards whose narrow side is 6 or more: 823 s of one core for its value
/// (`seq cram:6xN -n 8` with the default table of a 24 GiB machine, 4 GiB;
/// 6.3 GB at its peak; with a 512 MiB table it took 42 minutes).
const SIX_BY_SEVEN: (f64, f64, f64) = (42.0, 823.0, 0.2);

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

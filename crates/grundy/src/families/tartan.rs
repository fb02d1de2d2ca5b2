//! Tartan products of coin-turning games (*Winning Ways*, ch. 14): coins
//! on a board, a head at (x, y) with x and y numbered from 1.
//!
//! A move of `tartan(A,B)` picks a move of A whose rightmost coin is x
//! (turning the places S ∋ x) and a move of B whose rightmost coin is y
//! (places T ∋ y), and turns over every coin of S × T; the coin at (x, y)
//! must go from heads to tails. **The tartan theorem**: the value of a
//! lone head at (x, y) is the nim-product G_A(x) ⊗ G_B(y), and a board is
//! worth the XOR of its heads' values. So `table` prints nim-products of
//! the factors' sequences, and a board's winning moves are found factor by
//! factor: a move (S, T) changes the value by α ⊗ β, with α the XOR of
//! G_A over S and β that of G_B over T, so the moves from one head that
//! win are those with β = v ⊘ α, matched through a table of B's moves by
//! β. Turning Corners (turn the corners of a rectangle) is
//! `tartan(twins,twins)`; Rugs (turn a whole rectangle) is
//! `tartan(ruler,ruler)`.
//!
//! Without the theorem ([`TartanBoards::by_search`]) the generic solver
//! explores boards as wholes: the tests' cross-check.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::error::GameError;
use crate::grid::{Grid, ValueGrid};
use crate::heap::HeapGame;
use crate::nimber::Nimber;
use crate::ruleset::{Options, Ruleset};
use crate::sequence::NimSequence;
use crate::spec_form::SpecForm;
use crate::turning::Turning;

/// The most coordinates a board may use.
pub const MAX_PLACE: u64 = 1 << 20;

/// The most moves one head's options may list (the product of the
/// factors' move counts).
pub const MAX_MOVES_PER_HEAD: u64 = 1 << 22;

/// A board: the heads, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    heads: Vec<(u64, u64)>,
}

impl Board {
    /// The board with heads at `heads` (a head written twice is one).
    #[must_use]
    pub fn new(mut heads: Vec<(u64, u64)>) -> Board {
        heads.sort_unstable();
        heads.dedup();
        Board { heads }
    }

    /// The heads, sorted by row then column.
    #[must_use]
    pub fn heads(&self) -> &[(u64, u64)] {
        &self.heads
    }

    /// The board after turning over every coin of `rows` × `columns`.
    #[must_use]
    pub fn turned(&self, rows: &[u64], columns: &[u64]) -> Board {
        let mut flipped: Vec<(u64, u64)> = rows
            .iter()
            .flat_map(|&r| columns.iter().map(move |&c| (r, c)))
            .collect();
        flipped.sort_unstable();
        // The symmetric difference of two sorted lists.
        let mut heads = Vec::with_capacity(self.heads.len() + flipped.len());
        let (mut i, mut j) = (0, 0);
        while i < self.heads.len() || j < flipped.len() {
            match (self.heads.get(i), flipped.get(j)) {
                (Some(a), Some(b)) if a == b => {
                    i += 1;
                    j += 1;
                }
                (Some(a), Some(b)) if a < b => {
                    heads.push(*a);
                    i += 1;
                }
                (Some(_), Some(b)) | (None, Some(b)) => {
                    heads.push(*b);
                    j += 1;
                }
                (Some(a), None) => {
                    heads.push(*a);
                    i += 1;
                }
                (None, None) => break,
            }
        }
        Board { heads }
    }
}

/// The tartan product of two coin-turning games.
#[derive(Debug)]
pub struct Tartan {
    a: Turning,
    b: Turning,
    /// The factors' sequences, extended on demand.
    values: Mutex<(NimSequence, NimSequence)>,
    name: String,
}

impl Clone for Tartan {
    fn clone(&self) -> Tartan {
        Tartan::new(self.a.clone(), self.b.clone())
    }
}

/// The factor of a tartan spec: a coin-turning game's name or
/// `turning:CODE`.
fn factor(text: &str) -> Option<Turning> {
    Turning::from_spec(text.trim()).and_then(Result::ok)
}

impl Tartan {
    /// The product of A and B.
    #[must_use]
    pub fn new(a: Turning, b: Turning) -> Tartan {
        let spell = |t: &Turning| {
            t.name()
                .map_or_else(|| format!("turning:{}", t.code()), str::to_owned)
        };
        let name = format!("tartan({},{})", spell(&a), spell(&b));
        Tartan {
            a,
            b,
            values: Mutex::new((NimSequence::new(), NimSequence::new())),
            name,
        }
    }

    /// The spec naming the product, `tartan(A,B)`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The factors.
    #[must_use]
    pub fn factors(&self) -> (&Turning, &Turning) {
        (&self.a, &self.b)
    }

    /// G_A(0..=x) and G_B(0..=y) at least, then `f` on both.
    fn with_values<T>(
        &self,
        x: u64,
        y: u64,
        f: impl FnOnce(&NimSequence, &NimSequence) -> T,
    ) -> Result<T, GameError> {
        let mut values = self.values.lock().map_err(|_| GameError::Rules {
            message: "a tartan's value table was poisoned by a failed computation".to_owned(),
        })?;
        let grow = |game: &Turning, table: &mut NimSequence, upto: u64| -> Result<(), GameError> {
            if (table.len() as u64) <= upto {
                // Doubling keeps repeated requests linear overall.
                let want = (upto + 1).max(2 * table.len() as u64).min(MAX_PLACE + 1);
                *table = HeapGame::new(game.clone()).nim_sequence(want as usize)?;
            }
            Ok(())
        };
        let (ref mut va, ref mut vb) = *values;
        grow(&self.a, va, x)?;
        grow(&self.b, vb, y)?;
        Ok(f(va, vb))
    }

    /// The value of a lone head at (x, y): G_A(x) ⊗ G_B(y).
    pub fn head_value(&self, x: u64, y: u64) -> Result<Nimber, GameError> {
        self.with_values(x, y, |va, vb| {
            Nimber::new(va.get(x as usize)) * Nimber::new(vb.get(y as usize))
        })
    }
}

impl SpecForm for TartanBoards {
    const FORM: &'static str = "tartan(A,B), turning-corners, rugs";
    const ABOUT: &'static str = "the tartan product of two coin-turning games: a move turns S x T for moves S of A and T of B; a head at (x,y) is worth G_A(x) * G_B(y) (nim-product); positions are heads (1,2),(3,4) or rows HT/TH";
    const EXAMPLE: &'static str = "tartan(ruler,mock-turtles)";
    const PREFIX: Option<&'static str> = None;
    type Error = GameError;

    fn from_spec(text: &str) -> Option<Result<TartanBoards, GameError>> {
        Tartan::read(text).map(|read| read.map(TartanBoards::new))
    }
}

impl Tartan {
    /// Reads `tartan(A,B)`, `turning-corners` or `rugs`.
    fn read(text: &str) -> Option<Result<Tartan, GameError>> {
        if text.eq_ignore_ascii_case("turning-corners") {
            return Some(Ok(Tartan::new(factor("twins")?, factor("twins")?)));
        }
        if text.eq_ignore_ascii_case("rugs") {
            return Some(Ok(Tartan::new(factor("ruler")?, factor("ruler")?)));
        }
        let inner = text.strip_prefix("tartan(")?.strip_suffix(')');
        let Some(inner) = inner else {
            return Some(Err(GameError::Rules {
                message: "a tartan product is written tartan(A,B), with a closing ')'".to_owned(),
            }));
        };
        // Codes hold commas: the first split where both sides are games.
        let split = inner
            .match_indices(',')
            .find_map(|(i, _)| Some((factor(&inner[..i])?, factor(&inner[i + 1..])?)));
        Some(split.map(|(a, b)| Tartan::new(a, b)).ok_or_else(|| GameError::Rules {
            message: format!(
                "'{inner}' is not two coin-turning games A,B (names such as ruler or mock-turtles, or turning:CODE)"
            ),
        }))
    }
}

/// Reads a board: heads `(1,2),(3,4)` (or `(1,2) (3,4)`), or rows of
/// coins `HT/TH` (row x from 1, column y from 1), or `{}` for no head.
pub fn parse_board(text: &str) -> Result<Board, GameError> {
    let invalid = |reason: String| GameError::InvalidPosition {
        text: text.to_owned(),
        reason,
    };
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed == "{}" {
        return Ok(Board::new(Vec::new()));
    }
    if trimmed
        .chars()
        .all(|c| matches!(c, 'H' | 'h' | 'T' | 't' | '.' | '/'))
    {
        let mut heads = Vec::new();
        for (x, row) in trimmed.split('/').enumerate() {
            for (y, c) in row.chars().enumerate() {
                if matches!(c, 'H' | 'h') {
                    heads.push((x as u64 + 1, y as u64 + 1));
                }
            }
        }
        return Ok(Board::new(heads));
    }
    let mut heads = Vec::new();
    let mut rest = trimmed;
    while !rest.is_empty() {
        let open = rest.strip_prefix('(').ok_or_else(|| {
            invalid("a board is heads (1,2),(3,4) or rows of coins HT/TH".to_owned())
        })?;
        let close = open
            .find(')')
            .ok_or_else(|| invalid("a head (x,y) lacks its ')'".to_owned()))?;
        let (x, y) = open[..close]
            .split_once(',')
            .ok_or_else(|| invalid(format!("'({})' is not a head (x,y)", &open[..close])))?;
        let place = |part: &str| {
            let value = crate::number::parse_u64(part.trim())
                .map_err(|e| invalid(format!("'{}' is not a place: {e}", part.trim())))?;
            if value == 0 || value > MAX_PLACE {
                return Err(invalid(format!(
                    "places are numbered from 1 to {MAX_PLACE}, not {value}"
                )));
            }
            Ok(value)
        };
        heads.push((place(x)?, place(y)?));
        rest = open[close + 1..].trim_start_matches([',', ' ', '\t']);
    }
    Ok(Board::new(heads))
}

/// Boards of a tartan product as a [`Ruleset`]: by the tartan theorem
/// ([`TartanBoards::new`]), or by search over whole boards
/// ([`TartanBoards::by_search`]).
#[derive(Debug)]
pub struct TartanBoards {
    tartan: Tartan,
    theorem: bool,
}

impl TartanBoards {
    /// Boards valued by the tartan theorem.
    #[must_use]
    pub fn new(tartan: Tartan) -> TartanBoards {
        TartanBoards {
            tartan,
            theorem: true,
        }
    }

    /// Boards valued by searching their options.
    #[must_use]
    pub fn by_search(tartan: Tartan) -> TartanBoards {
        TartanBoards {
            tartan,
            theorem: false,
        }
    }

    /// The moves of a factor from `place`, each with the XOR of the
    /// factor's values over the places it turns (the rightmost included).
    fn factor_moves(game: &Turning, values: &NimSequence, place: u64) -> Vec<(u64, Vec<u64>)> {
        let mut moves = Vec::new();
        game.code()
            .for_each_move(place, &mut Vec::new(), &mut |others| {
                let mut turned = others.to_vec();
                turned.push(place);
                let xor = turned
                    .iter()
                    .fold(0, |acc, &p| acc ^ values.get(p as usize));
                moves.push((xor, turned));
            });
        moves
    }

    fn check_moves(&self, x: u64, y: u64) -> Result<(), GameError> {
        let (a, b) = self.tartan.factors();
        let count = a
            .code()
            .move_count(x)
            .saturating_mul(b.code().move_count(y));
        if count > MAX_MOVES_PER_HEAD {
            return Err(GameError::Limit {
                what: format!("listing the {count} moves of the head at ({x},{y})"),
                limit: format!("{MAX_MOVES_PER_HEAD} moves per head"),
            });
        }
        Ok(())
    }

    /// Every move from the head (x, y) whose α ⊗ β is `wanted` (any, when
    /// `None`), as the board it leaves.
    fn moves_from(
        &self,
        board: &Board,
        (x, y): (u64, u64),
        wanted: Option<Nimber>,
        out: &mut Options<Board>,
    ) -> Result<(), GameError> {
        let (a, b) = self.tartan.factors();
        let (moves_a, moves_b) = self.tartan.with_values(x, y, |va, vb| {
            (Self::factor_moves(a, va, x), Self::factor_moves(b, vb, y))
        })?;
        let mut push = |rows: &[u64], columns: &[u64]| {
            let next = board.turned(rows, columns);
            if next.heads.is_empty() {
                out.end_option();
            } else {
                out.push_option([next]);
            }
        };
        match wanted {
            None => {
                self.check_moves(x, y)?;
                for (_, rows) in &moves_a {
                    for (_, columns) in &moves_b {
                        push(rows, columns);
                    }
                }
            }
            Some(w) => {
                let mut by_beta: HashMap<u64, Vec<&[u64]>> = HashMap::new();
                for (beta, columns) in &moves_b {
                    by_beta.entry(*beta).or_default().push(columns);
                }
                for (alpha, rows) in &moves_a {
                    // α ≠ 0: an option's value is never the coin's own.
                    let Some(beta) = w.nim_div(Nimber::new(*alpha)) else {
                        continue;
                    };
                    for columns in by_beta.get(&beta.value()).into_iter().flatten() {
                        push(rows, columns);
                    }
                }
            }
        }
        Ok(())
    }
}

impl Ruleset for TartanBoards {
    type Position = Board;

    fn options(&self, board: &Board, out: &mut Options<Board>) -> Result<(), GameError> {
        for &head in &board.heads {
            self.moves_from(board, head, None, out)?;
        }
        Ok(())
    }

    fn known_value(&self, board: &Board) -> Option<Nimber> {
        if !self.theorem {
            return None;
        }
        let (x, y) = board
            .heads
            .iter()
            .fold((0, 0), |(mx, my), &(x, y)| (mx.max(x), my.max(y)));
        self.tartan
            .with_values(x, y, |va, vb| {
                board.heads.iter().fold(Nimber::ZERO, |acc, &(x, y)| {
                    acc ^ (Nimber::new(va.get(x as usize)) * Nimber::new(vb.get(y as usize)))
                })
            })
            .ok()
    }

    /// By the tartan theorem: from each head, the moves with
    /// α ⊗ β = value ⊕ target, matched through B's moves by β.
    fn candidate_options(
        &self,
        board: &Board,
        target: Nimber,
        out: &mut Options<Board>,
    ) -> Result<(), GameError> {
        let Some(value) = self.known_value(board) else {
            return self.options(board, out);
        };
        let wanted = value ^ target;
        if wanted.is_zero() {
            return Ok(()); // no move keeps the value
        }
        for &head in &board.heads {
            self.moves_from(board, head, Some(wanted), out)?;
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Board, GameError> {
        parse_board(text)
    }

    fn format_position(&self, board: &Board) -> String {
        if board.heads.is_empty() {
            return "{}".to_owned();
        }
        board
            .heads
            .iter()
            .map(|(x, y)| format!("({x},{y})"))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn position_json(&self, board: &Board) -> serde_json::Value {
        serde_json::json!(board.heads)
    }

    fn describe_move(&self, from: &Board, to: &[Board]) -> String {
        let empty = Board::new(Vec::new());
        let to = to.first().unwrap_or(&empty);
        let changed = from.symmetric_difference(to);
        let mut rows: Vec<u64> = changed.iter().map(|h| h.0).collect();
        let mut columns: Vec<u64> = changed.iter().map(|h| h.1).collect();
        rows.sort_unstable();
        rows.dedup();
        columns.sort_unstable();
        columns.dedup();
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let corner = (
            rows.last().copied().unwrap_or(0),
            columns.last().copied().unwrap_or(0),
        );
        format!(
            "turn over rows {{{}}} x columns {{{}}} (({},{}) from heads to tails), leaving {}",
            list(&rows),
            list(&columns),
            corner.0,
            corner.1,
            self.format_position(to)
        )
    }

    fn value_grid(&self) -> Option<&dyn ValueGrid> {
        Some(&self.tartan)
    }
}

impl Board {
    /// The heads on one board and not the other.
    fn symmetric_difference(&self, other: &Board) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = self
            .heads
            .iter()
            .filter(|h| other.heads.binary_search(h).is_err())
            .chain(
                other
                    .heads
                    .iter()
                    .filter(|h| self.heads.binary_search(h).is_err()),
            )
            .copied()
            .collect();
        out.sort_unstable();
        out
    }
}

/// G(x, y) = G_A(x) ⊗ G_B(y): row and column 0 are no coin.
impl ValueGrid for Tartan {
    fn axes(&self) -> [&'static str; 2] {
        ["x", "y"]
    }

    /// A lone head, or the empty board in row and column 0.
    fn cell(&self, x: u64, y: u64) -> String {
        if x == 0 || y == 0 {
            "{}".to_owned()
        } else {
            format!("({x},{y})")
        }
    }

    fn table(&self, max: u64) -> Result<Grid, GameError> {
        if max > MAX_PLACE {
            return Err(GameError::Limit {
                what: format!("a tartan table up to {max}"),
                limit: format!("places up to {MAX_PLACE}"),
            });
        }
        let n = max as usize + 1;
        let mut grid = Grid::zeros(n, n)?;
        self.with_values(max, max, |va, vb| {
            for x in 1..n {
                let gx = Nimber::new(va.get(x));
                for y in 1..n {
                    let product = gx * Nimber::new(vb.get(y));
                    // Values below 2^32 multiply within the subfield.
                    grid.set(x, y, product.value() as u32);
                }
            }
        })?;
        Ok(grid)
    }
}

//! The solver: its state, what it answers (values of positions and sums),
//! and the frame each level of a search runs in (buffers, depth, counts,
//! what is kept in the table).

use super::cache_file::{CacheFile, CACHED_FROM_COST};
use super::facts::{Facts, UNKNOWN};
use super::memory::default_table_bytes;
use super::table::Table;
use crate::error::GameError;
use crate::nimber::Nimber;
use crate::ruleset::{Options, Ruleset};

/// The deepest the search recurses before refusing (a game this long is
/// not a board).
pub const MAX_DEPTH: usize = 4096;

/// How the search finds values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum SearchMethod {
    /// Beling and Rogalski's search for the value within a set of
    /// requested values (the default).
    #[default]
    Pruned,
    /// Lemoine and Viennot's: is the value 0? 1? ..., each question an
    /// outcome search of the position plus a heap.
    HeapByHeap,
}

/// What a search did: positions searched and how the table served.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Positions whose options were listed.
    pub positions: u64,
    /// Table lookups.
    pub lookups: u64,
    /// Lookups that found something (a value, or an N-position for some
    /// heap).
    pub hits: u64,
    /// Entries written.
    pub stores: u64,
    /// Entries that replaced another (the table was at its bound).
    pub replaced: u64,
    /// Entries in the table now.
    pub entries: usize,
    /// Slots of the table now.
    pub slots: usize,
    /// Bytes the slots take (positions' own heap memory aside).
    pub table_bytes: usize,
    /// The bound on the table's bytes.
    pub table_bound: usize,
    /// Solved parts read from the cache file when the search began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache_loaded: Option<usize>,
    /// Solved parts appended to the cache file since.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache_appended: Option<usize>,
}

/// The buffers of one level of the search, kept to be reused: the
/// options, and the list of (size, option) still to search.
type Frame<P> = (Options<P>, Vec<(u64, usize)>);

/// The search solver (see the module documentation).
pub struct SplitSearch<'r, R: Ruleset> {
    pub(super) rules: &'r R,
    pub(super) table: Table<R::Position>,
    pub(super) stats: SearchStats,
    /// Buffers of the levels, one per level in use, kept to be reused.
    frames: Vec<Frame<R::Position>>,
    /// Scratch: the values the known options rule out.
    pub(super) ruled_out: Vec<u64>,
    depth: usize,
    pub(super) method: SearchMethod,
    pub(super) cache: Option<CacheFile>,
    /// Positions entered, to look at the cache's clock now and then.
    entered: u32,
}

impl<'r, R: Ruleset> SplitSearch<'r, R> {
    /// A search with the default table bound.
    pub fn new(rules: &'r R) -> Self {
        SplitSearch::with_table_bytes(rules, default_table_bytes())
    }

    /// A search whose table takes at most `bytes` (at least a few
    /// thousand slots whatever the bound).
    pub fn with_table_bytes(rules: &'r R, bytes: usize) -> Self {
        SplitSearch {
            rules,
            table: Table::with_bytes(bytes),
            stats: SearchStats::default(),
            frames: Vec::new(),
            ruled_out: Vec::new(),
            depth: 0,
            method: SearchMethod::default(),
            cache: None,
            entered: 0,
        }
    }

    /// The same search by `method`.
    #[must_use]
    pub fn with_method(mut self, method: SearchMethod) -> Self {
        self.method = method;
        self
    }

    /// The ruleset searched.
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// What the searches so far did.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            entries: self.table.entries(),
            slots: self.table.slots(),
            table_bytes: self.table.bytes(),
            table_bound: self.table.bound_bytes(),
            cache_loaded: self.cache.as_ref().map(CacheFile::loaded),
            cache_appended: self.cache.as_ref().map(CacheFile::appended),
            ..self.stats
        }
    }

    /// The value of `position`.
    pub fn value(&mut self, position: &R::Position) -> Result<Nimber, GameError> {
        self.nimber(position).map(Nimber::new)
    }

    /// The value of a sum of positions.
    pub fn sum_value(&mut self, parts: &[R::Position]) -> Result<Nimber, GameError> {
        let mut total = 0;
        for part in parts {
            total ^= self.nimber(part)?;
        }
        Ok(Nimber::new(total))
    }

    /// Whether the sum of `parts` plus a heap of `heap` is a P-position
    /// (the sum's value is `heap`), searched only as far as that needs.
    pub fn is_p_with_heap(
        &mut self,
        parts: &[R::Position],
        heap: Nimber,
    ) -> Result<bool, GameError> {
        self.option_has_value(parts, heap.value())
    }

    /// What the table knows of `position`.
    pub(super) fn lookup(&mut self, position: &R::Position) -> Facts {
        self.stats.lookups += 1;
        match self.table.get(position) {
            Some(facts) => {
                self.stats.hits += 1;
                facts
            }
            None => Facts::NOTHING,
        }
    }

    /// Keeps what was learned of `position`, whose search visited `cost`
    /// positions, in the table (and a value costly enough in the cache
    /// file).
    pub(super) fn store(&mut self, position: &R::Position, facts: Facts, cost: u64) {
        self.stats.stores += 1;
        let cost = (64 - cost.leading_zeros()) as u8;
        if facts.nimber != UNKNOWN && cost >= CACHED_FROM_COST {
            self.append_to_cache(position, facts.nimber, cost);
        }
        if self.table.insert(position, facts, cost) {
            self.stats.replaced += 1;
        }
    }

    /// The value of `position`, known or searched.
    pub(super) fn nimber(&mut self, position: &R::Position) -> Result<u64, GameError> {
        if let Some(v) = self.rules.known_value(position) {
            return Ok(v.value());
        }
        let facts = self.lookup(position);
        if facts.nimber != UNKNOWN {
            return Ok(facts.nimber);
        }
        match self.method {
            SearchMethod::Pruned => self.aspiration(position, facts),
            SearchMethod::HeapByHeap => self.search(position, facts, None).map(|found| found.0),
        }
    }

    /// One level of a search, the frame both methods run `level` in: the
    /// level entered (one deeper, and counted among the positions), its
    /// buffers taken from those kept and given back after, and what
    /// `level` learned of the position stored with the positions its
    /// search visited as its cost. `level` returns its answer and what
    /// to store, if anything.
    pub(super) fn in_frame<T>(
        &mut self,
        position: &R::Position,
        level: impl FnOnce(
            &mut Self,
            &mut Options<R::Position>,
            &mut Vec<(u64, usize)>,
        ) -> Result<(T, Option<Facts>), GameError>,
    ) -> Result<T, GameError> {
        self.enter()?;
        let before = self.stats.positions;
        self.stats.positions += 1;
        let (mut options, mut open) = self.frames.pop().unwrap_or_default();
        options.clear();
        open.clear();
        let result = level(self, &mut options, &mut open);
        self.frames.push((options, open));
        self.depth -= 1;
        let (answer, learned) = result?;
        if let Some(learned) = learned {
            let cost = self.stats.positions - before;
            self.store(position, learned, cost);
        }
        Ok(answer)
    }

    /// The value of `position` by the heap-by-heap search, asked from
    /// within a level of the pruned search whose position has too many
    /// options for a set of candidates: that level is then not counted
    /// (nor its depth), the search's own is.
    pub(super) fn search_instead(
        &mut self,
        position: &R::Position,
        facts: Facts,
    ) -> Result<u64, GameError> {
        self.stats.positions -= 1;
        self.depth -= 1;
        let found = self.search(position, facts, None);
        self.depth += 1;
        found.map(|(v, _)| v)
    }

    fn enter(&mut self) -> Result<(), GameError> {
        crate::stop::tick()?;
        self.entered = self.entered.wrapping_add(1);
        if self.entered.is_multiple_of(1 << 12) {
            // A part appended long ago is not left in the buffer while
            // the search goes on without finding another.
            if let Some(cache) = &mut self.cache {
                cache.flush_if_due();
            }
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(GameError::Limit {
                what: "the search of this position".to_owned(),
                limit: format!("{MAX_DEPTH} levels of recursion (games this long are not boards)"),
            });
        }
        Ok(())
    }
}

//! The search solver for games whose positions fall apart (boards,
//! graphs): a position's value without visiting every position below it,
//! with a transposition table of bounded size.
//!
//! Why not the plain memoised mex ([`crate::solver::Solver`])? The mex needs the
//! value of *every* option, so it visits every position below the root.
//! Here the questions are narrower, and most of the tree is never seen:
//!
//! * **Aspiration** (at the top, [`SplitSearch::value`]): is the value 0?
//!   1? ... Value r is ruled out by one option of value r, and an option
//!   whose value comes back on the way is not asked again; the first r no
//!   option has is the value.
//! * **Values within a requested set** (Beling and Rogalski, *On pruning
//!   search trees of impartial games*, Artificial Intelligence 283, 2020):
//!   an option is asked only for the values that can still matter, and
//!   answers "not in the set" as soon as that is certain (see
//!   `SplitSearch::in_set` for the bookkeeping and why it is sound).
//! * **Heap by heap** ([`SearchMethod::HeapByHeap`], Lemoine and Viennot's
//!   method, as in the Sprouts solver Glop): the value is the least k for
//!   which the position plus a heap of k is a P-position, each an outcome
//!   search; kept as the second method and cross-check.
//!
//! Sums are handled as sums: pairs of equal parts cancel (G + G = 0), parts
//! with known values fold into the question, smaller unknown parts are
//! valued first (each a smaller search), and the largest is asked the
//! question translated by what was folded. Options whose parts are all
//! known are settled by one XOR before any search, repeated options
//! (different moves leaving the same parts) count once, and a value is at
//! most the number of options.
//!
//! The table keeps, per part, its value (and, for the heap-by-heap method,
//! values it is known not to have). It grows with the data up to a bound
//! in bytes; at the bound an entry replaces the one of its probe whose
//! search cost least (the log of the positions it visited), so the costly
//! results are the ones kept. Losing an entry costs time, never
//! correctness: anything missing is searched again.
//!
//! A search may keep its solved parts in a file ([`SplitSearch::with_cache`]):
//! each part whose search visited at least [`CACHED_FROM_COST`]'s worth of
//! positions is appended (its value, its cost and the position as the
//! ruleset writes it) and the file is flushed every few seconds, so a
//! search killed at any point (even by `kill -9`) loses at most those
//! seconds; the next search on the same game reads the file back into its
//! table and starts from the parts already solved.
//!
//! The search recurses (one level per move, and one per part valued on
//! the way), so it is for games of bounded length, such as boards and
//! graphs: [`MAX_DEPTH`] bounds the depth with an error, not a crash. The
//! plain [`crate::solver::Solver`] stays the cross-check (the tests compare them
//! on random boards and graphs, both methods, small and large tables).

use std::hash::{Hash, Hasher};
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use rustc_hash::FxHasher;

use crate::error::GameError;
use crate::nimber::Nimber;
use crate::ruleset::{Options, Ruleset};

/// The default bound on the table's memory where the machine's memory is
/// not known, and the least default bound: 512 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 512 << 20;

/// The most the default bound grows to on a large machine: 4 GiB.
pub const MAX_DEFAULT_TABLE_BYTES: usize = 4 << 30;

/// The default bound on the table's memory, in bytes: a sixth of the
/// machine's memory, between [`DEFAULT_TABLE_BYTES`] and
/// [`MAX_DEFAULT_TABLE_BYTES`]. Why a sixth: the table doubles as it
/// grows, and holds the old slots and the new while it does, so the
/// bound costs 1.5 times itself at the peak, a quarter of the memory. Why
/// so large: a search that outgrows its table searches again what it
/// replaced; Cram 6x7 took 42 min of one core at 512 MiB, and 643 s at
/// 4 GiB (3.2 GB at its peak) beside igs's 1191 s with 8 GiB, side by
/// side. The table only grows as the search needs, so a small search
/// never takes it.
#[must_use]
pub fn default_table_bytes() -> usize {
    physical_memory().map_or(DEFAULT_TABLE_BYTES, |total| {
        usize::try_from(total / 6)
            .unwrap_or(usize::MAX)
            .clamp(DEFAULT_TABLE_BYTES, MAX_DEFAULT_TABLE_BYTES)
    })
}

/// The memory this process may use, in bytes, where the platform says
/// (Linux): the physical memory, or the address-space limit set on the
/// process (`ulimit -v`) when that is lower.
#[must_use]
pub fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    let physical = kib.checked_mul(1024)?;
    Some(address_space_limit().map_or(physical, |limit| physical.min(limit)))
}

/// The soft limit on this process's address space, if one is set.
fn address_space_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    // "Max address space   <soft>   <hard>   bytes": "unlimited" when none.
    line.trim_start_matches("Max address space")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The least cost (log2 of the positions a part's search visited) of the
/// parts a cache file keeps: cheaper parts are searched again faster than
/// the file would be read.
pub const CACHED_FROM_COST: u8 = 8;

/// How often a cache file is flushed: what a killed search may lose.
pub const CACHE_FLUSH_EVERY: Duration = Duration::from_secs(2);

/// The first line of a cache file, before the game's spec.
const CACHE_HEADER: &str = "# grundy search cache 2: ";

/// The first line of a cache file of format 1 (no check on its lines).
const CACHE_HEADER_1: &str = "# grundy search cache 1: ";

/// The first line of a cache file of the game `spec`: what another
/// program writes to hand solved parts to a search (`grundy db
/// --export-cache`); each line after it is [`cache_line`].
#[must_use]
pub fn cache_header(spec: &str) -> String {
    format!("{CACHE_HEADER}{spec}")
}

/// One solved part of a cache file of the game `spec`: `check value cost
/// position`, cost about log2 of the positions the part's search would
/// visit, check the CRC-32 (8 hex digits) of the game's spec and the rest
/// of the line, so that a damaged line, or one copied from another game's
/// cache, is refused instead of believed.
#[must_use]
pub fn cache_line(spec: &str, value: u64, cost: u8, position: &str) -> String {
    let record = format!("{value} {cost} {position}");
    format!("{:08x} {record}", record_check(spec, &record))
}

fn record_check(spec: &str, record: &str) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(spec.as_bytes());
    hasher.update(b"\n");
    hasher.update(record.as_bytes());
    hasher.finalize()
}

/// The file a search appends its solved parts to.
struct CacheFile {
    /// The game's spec, in each line's check.
    spec: String,
    path: String,
    writer: std::io::BufWriter<std::fs::File>,
    flushed: Instant,
    /// The first write error, said when the search ends.
    error: Option<std::io::Error>,
    /// Parts read from the file when the search began.
    loaded: usize,
    /// Parts appended since.
    appended: usize,
}

/// The deepest the search recurses before refusing (a game this long is
/// not a board).
pub const MAX_DEPTH: usize = 4096;

/// Slots a position may take, from the one its hash names on (linear
/// probing, at most half full below the bound).
const PROBE: usize = 16;

/// Slots of the table when it starts (grows by doubling to the bound).
const FIRST_SLOTS: usize = 1 << 12;

/// A value not yet known.
const UNKNOWN: u64 = u64::MAX;

#[derive(Clone, Debug)]
struct Entry<P> {
    position: P,
    /// What is known of its value.
    facts: PackedFacts,
    /// About log2 of the positions the search of this entry visited.
    cost: u8,
}

/// [`Facts`] in eight bytes, so that more of the table stays in the
/// processor's caches (every lookup is a random access into it): a value
/// below `u16::MAX` (a larger one is not stored), the lower bound capped
/// at `u16::MAX` and the values ruled out below 32 (the rest forgotten,
/// which only weakens what the table says, never makes it wrong).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PackedFacts {
    nimber: u16,
    lower: u16,
    not_values: u32,
}

impl PackedFacts {
    const UNKNOWN: u16 = u16::MAX;

    /// The facts packed, or `None` for a value too large to keep.
    fn pack(facts: Facts) -> Option<PackedFacts> {
        let nimber = if facts.nimber == UNKNOWN {
            PackedFacts::UNKNOWN
        } else {
            u16::try_from(facts.nimber)
                .ok()
                .filter(|&v| v != PackedFacts::UNKNOWN)?
        };
        Some(PackedFacts {
            nimber,
            lower: u16::try_from(facts.lower).unwrap_or(u16::MAX),
            not_values: facts.not_values as u32,
        })
    }

    fn unpack(self) -> Facts {
        if self.nimber != PackedFacts::UNKNOWN {
            return Facts::exact(u64::from(self.nimber));
        }
        Facts {
            nimber: UNKNOWN,
            lower: u64::from(self.lower),
            not_values: u64::from(self.not_values),
        }
    }

    fn value(self) -> Option<u64> {
        (self.nimber != PackedFacts::UNKNOWN).then_some(u64::from(self.nimber))
    }
}

/// Sorts the options still to search (easiest first) and drops repeats
/// (different moves leaving the same parts); returns how many distinct
/// options there are in all, `known` being those already valued (each
/// known option counted, repeats included: an over-count only widens the
/// candidates).
fn distinct_open<P: Hash + Eq>(
    options: &Options<P>,
    open: &mut Vec<(u64, usize)>,
    known: usize,
) -> u64 {
    // Sorted by size then by hash, equal options are next to each other.
    let key = |&(size, i): &(u64, usize)| {
        let mut hasher = FxHasher::default();
        options.get(i).hash(&mut hasher);
        (size, hasher.finish())
    };
    open.sort_by_cached_key(key);
    open.dedup_by(|a, b| a.0 == b.0 && options.get(a.1) == options.get(b.1));
    // Among options of equal size, the ruleset's order (it may list the
    // likelier moves first).
    open.sort_unstable();
    (known + open.len()) as u64
}

/// A sum made ready for a question ([`SplitSearch::fold`]).
enum Folded {
    /// Every part's value is known: their XOR.
    Known(u64),
    /// The largest unknown part, the XOR of the others' values, and what
    /// the table knew of the largest when nothing was searched since it
    /// was looked up (`None` when other parts were searched meanwhile,
    /// which may have valued it).
    Largest(usize, u64, Option<Facts>),
}

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

/// The highest value in a non-empty set.
fn highest(set: u128) -> u32 {
    127 - set.leading_zeros()
}

/// The values 0..=k.
fn below_or_at(k: u32) -> u128 {
    if k >= 127 {
        u128::MAX
    } else {
        (1u128 << (k + 1)) - 1
    }
}

/// The set {x ^ c : x in set}, of the values below 128.
fn xor_translate(set: u128, c: u64) -> u128 {
    if c == 0 {
        return set;
    }
    if c >= 128 {
        return 0;
    }
    let mut out = 0u128;
    let mut rest = set;
    while rest != 0 {
        let x = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        out |= 1u128 << (x ^ c);
    }
    out
}

/// What the table knows of a position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Facts {
    /// The value, or [`UNKNOWN`].
    nimber: u64,
    /// The value is at least this.
    lower: u64,
    /// Bit k: the value is not k.
    not_values: u64,
}

impl Facts {
    const NOTHING: Facts = Facts {
        nimber: UNKNOWN,
        lower: 0,
        not_values: 0,
    };

    fn exact(nimber: u64) -> Facts {
        Facts {
            nimber,
            ..Facts::NOTHING
        }
    }

    /// Whether the value is known not to be `r`.
    fn rules_out(&self, r: u64) -> bool {
        r < self.lower || (r < 64 && self.not_values >> r & 1 == 1)
    }

    fn merge(&mut self, other: Facts) {
        if other.nimber != UNKNOWN {
            *self = Facts::exact(other.nimber);
        } else if self.nimber == UNKNOWN {
            self.lower = self.lower.max(other.lower);
            self.not_values |= other.not_values;
        }
    }
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

/// The search solver (see the module documentation).
pub struct SplitSearch<'r, R: Ruleset> {
    rules: &'r R,
    slots: Vec<Option<Entry<R::Position>>>,
    entries: usize,
    max_slots: usize,
    bound_bytes: usize,
    stats: SearchStats,
    /// Option buffers, one per level in use, kept to be reused.
    pool: Vec<Options<R::Position>>,
    /// Lists of (size, option) still to search, one per level in use.
    index_pool: Vec<Vec<(u64, usize)>>,
    /// Scratch: the values the known options rule out.
    ruled_out: Vec<u64>,
    depth: usize,
    method: SearchMethod,
    cache: Option<CacheFile>,
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
        let slot = std::mem::size_of::<Option<Entry<R::Position>>>().max(1);
        let mut max_slots = FIRST_SLOTS;
        while max_slots * 2 * slot <= bytes {
            max_slots *= 2;
        }
        SplitSearch {
            rules,
            slots: vec![None; FIRST_SLOTS],
            entries: 0,
            max_slots,
            bound_bytes: bytes,
            stats: SearchStats::default(),
            pool: Vec::new(),
            index_pool: Vec::new(),
            ruled_out: Vec::new(),
            depth: 0,
            method: SearchMethod::default(),
            cache: None,
            entered: 0,
        }
    }

    /// The same search keeping its solved parts in the file at `path`
    /// (see the module documentation): the parts already there, from an
    /// earlier search of the game `spec`, are read into the table first;
    /// a file of another game is refused. A last line cut short (the
    /// search before was killed while writing it) is dropped.
    pub fn with_cache(mut self, path: &Path, spec: &str) -> Result<Self, GameError> {
        let shown = path.display().to_string();
        let fail = |reason: String| GameError::Cache {
            path: shown.clone(),
            reason,
        };
        let header = cache_header(spec);
        let mut loaded = 0;
        let mut complete = true;
        match std::fs::File::open(path) {
            Ok(file) => {
                let mut reader = std::io::BufReader::new(file);
                let mut line = String::new();
                let mut number = 0;
                loop {
                    line.clear();
                    let read = reader
                        .read_line(&mut line)
                        .map_err(|e| fail(format!("cannot read it: {e}")))?;
                    if read == 0 {
                        break;
                    }
                    number += 1;
                    let Some(text) = line.strip_suffix('\n') else {
                        // Cut short by a kill: dropped, and the file is
                        // rewritten whole below.
                        complete = false;
                        break;
                    };
                    if number == 1 {
                        if text.starts_with(CACHE_HEADER_1) {
                            return Err(fail(
                                "it was written by an older grundy, with no check on its lines: delete it (the search writes it again)".to_owned(),
                            ));
                        }
                        if text != header {
                            return Err(fail(format!(
                                "it is not a cache of '{spec}' (its first line is '{text}')"
                            )));
                        }
                        continue;
                    }
                    let bad = |why: &str| fail(format!("line {number}: {why}"));
                    let Some((check, record)) = text.split_once(' ') else {
                        return Err(bad("expected 'check value cost position'"));
                    };
                    if u32::from_str_radix(check, 16).ok() != Some(record_check(spec, record)) {
                        return Err(bad(
                            "its check does not match: the line is damaged (or from another game's cache); nothing was added to the file",
                        ));
                    }
                    let mut fields = record.splitn(3, ' ');
                    let (Some(value), Some(cost), Some(position)) =
                        (fields.next(), fields.next(), fields.next())
                    else {
                        return Err(bad("expected 'check value cost position'"));
                    };
                    let value: u64 = value
                        .parse()
                        .map_err(|_| bad("the value is not a number"))?;
                    let cost: u8 = cost.parse().map_err(|_| bad("the cost is not a number"))?;
                    let position = self
                        .rules
                        .parse_position(position)
                        .map_err(|e| bad(&e.to_string()))?;
                    self.store_loaded(&position, value, cost);
                    loaded += 1;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(fail(format!("cannot read it: {e}"))),
        }
        let fresh = loaded == 0 || !complete;
        let file = if fresh {
            // A new file, or one whose last line was cut: written again
            // from the table (every part read is in it, unless the table
            // bound dropped some).
            std::fs::File::create(path)
        } else {
            std::fs::OpenOptions::new().append(true).open(path)
        }
        .map_err(|e| fail(format!("cannot write it: {e}")))?;
        let mut writer = std::io::BufWriter::new(file);
        if fresh {
            let mut write_all = || -> std::io::Result<()> {
                writeln!(writer, "{header}")?;
                for entry in self.slots.iter().flatten() {
                    if let Some(value) = entry.facts.value() {
                        if entry.cost >= CACHED_FROM_COST {
                            let text = self.rules.format_position(&entry.position);
                            writeln!(writer, "{}", cache_line(spec, value, entry.cost, &text))?;
                        }
                    }
                }
                writer.flush()
            };
            write_all().map_err(|e| fail(format!("cannot write it: {e}")))?;
        }
        self.cache = Some(CacheFile {
            spec: spec.to_owned(),
            path: shown,
            writer,
            flushed: Instant::now(),
            error: None,
            loaded,
            appended: 0,
        });
        Ok(self)
    }

    /// Writes what the cache file holds in memory to it, and says the
    /// first error a write met (a full disk): called when the search ends;
    /// the search's answers stand either way.
    pub fn flush_cache(&mut self) -> Result<(), GameError> {
        let Some(cache) = &mut self.cache else {
            return Ok(());
        };
        let flushed = cache.writer.flush();
        match cache.error.take().map_or(flushed, Err) {
            Ok(()) => Ok(()),
            Err(e) => Err(GameError::Cache {
                path: cache.path.clone(),
                reason: format!("cannot write it: {e}"),
            }),
        }
    }

    /// A part read from the cache file: its value, as the search stored it.
    fn store_loaded(&mut self, position: &R::Position, value: u64, cost: u8) {
        let stores = self.stats.stores;
        self.store(position, Facts::exact(value), 1u64 << cost.min(63) >> 1);
        // Reading the file is not the search's work.
        self.stats.stores = stores;
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
        let slot = std::mem::size_of::<Option<Entry<R::Position>>>();
        SearchStats {
            entries: self.entries,
            slots: self.slots.len(),
            table_bytes: self.slots.len() * slot,
            table_bound: self.bound_bytes,
            cache_loaded: self.cache.as_ref().map(|c| c.loaded),
            cache_appended: self.cache.as_ref().map(|c| c.appended),
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

    /// The slot a position's probe starts at.
    fn home_of(&self, position: &R::Position) -> usize {
        let mut hasher = FxHasher::default();
        position.hash(&mut hasher);
        // Fx mixes low bits into high ones only; a finaliser (MurmurHash3's
        // fmix64) makes every bit of the index depend on every bit.
        let mut hash = hasher.finish();
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^= hash >> 33;
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The slots a position may be in: [`PROBE`] slots from its home,
    /// wrapping around.
    fn probe(&self, home: usize) -> impl Iterator<Item = usize> {
        let mask = self.slots.len() - 1;
        (0..PROBE).map(move |i| (home + i) & mask)
    }

    /// What the table knows of `position`.
    fn lookup(&mut self, position: &R::Position) -> Facts {
        self.stats.lookups += 1;
        for i in self.probe(self.home_of(position)) {
            match &self.slots[i] {
                // Slots are never emptied, so the probe ends here.
                None => break,
                Some(entry) if entry.position == *position => {
                    self.stats.hits += 1;
                    return entry.facts.unpack();
                }
                Some(_) => {}
            }
        }
        Facts::NOTHING
    }

    fn store(&mut self, position: &R::Position, facts: Facts, cost: u64) {
        self.stats.stores += 1;
        let cost = (64 - cost.leading_zeros()) as u8;
        if facts.nimber != UNKNOWN && cost >= CACHED_FROM_COST {
            self.append_to_cache(position, facts.nimber, cost);
        }
        let Some(packed) = PackedFacts::pack(facts) else {
            return;
        };
        if self.entries * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            self.grow();
        }
        loop {
            let home = self.home_of(position);
            let mut cheapest: Option<(u8, usize)> = None;
            for i in self.probe(home) {
                match &mut self.slots[i] {
                    Some(entry) if entry.position == *position => {
                        let mut merged = entry.facts.unpack();
                        merged.merge(facts);
                        entry.facts = PackedFacts::pack(merged).unwrap_or(packed);
                        entry.cost = entry.cost.max(cost);
                        return;
                    }
                    Some(entry) => {
                        if cheapest.is_none_or(|(c, _)| entry.cost < c) {
                            cheapest = Some((entry.cost, i));
                        }
                    }
                    None => {
                        self.slots[i] = Some(Entry {
                            position: position.clone(),
                            facts: packed,
                            cost,
                        });
                        self.entries += 1;
                        return;
                    }
                }
            }
            if self.slots.len() < self.max_slots {
                self.grow();
                continue;
            }
            // At the bound: the entry of the probe that cost least goes,
            // unless the newcomer cost less than every one of them.
            let (least, at) = cheapest.expect("a probe has slots");
            if least <= cost {
                self.slots[at] = Some(Entry {
                    position: position.clone(),
                    facts: packed,
                    cost,
                });
                self.stats.replaced += 1;
            }
            return;
        }
    }

    /// Appends a solved part to the cache file, if there is one, and
    /// flushes it when [`CACHE_FLUSH_EVERY`] has passed.
    fn append_to_cache(&mut self, position: &R::Position, value: u64, cost: u8) {
        let Some(cache) = &mut self.cache else {
            return;
        };
        if cache.error.is_some() {
            return;
        }
        let text = self.rules.format_position(position);
        let mut write = || -> std::io::Result<()> {
            writeln!(
                cache.writer,
                "{}",
                cache_line(&cache.spec, value, cost, &text)
            )?;
            if cache.flushed.elapsed() >= CACHE_FLUSH_EVERY {
                cache.writer.flush()?;
                cache.flushed = Instant::now();
            }
            Ok(())
        };
        match write() {
            Ok(()) => cache.appended += 1,
            Err(e) => cache.error = Some(e),
        }
    }

    fn grow(&mut self) {
        let doubled = vec![None; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.entries = 0;
        for entry in old.into_iter().flatten() {
            let home = self.home_of(&entry.position);
            if let Some(free) = self.probe(home).find(|&i| self.slots[i].is_none()) {
                self.slots[free] = Some(entry);
                self.entries += 1;
            }
        }
    }

    /// The value of `position`, known or searched.
    fn nimber(&mut self, position: &R::Position) -> Result<u64, GameError> {
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

    /// The value by aspiration: is it 0? 1? ..., each option asked only
    /// whether its value is the one in question ([`SplitSearch::in_set`]
    /// with one requested value). An option whose value comes back is
    /// not asked again; the first value no option has is the value.
    fn aspiration(&mut self, position: &R::Position, facts: Facts) -> Result<u64, GameError> {
        self.enter()?;
        let before = self.stats.positions;
        self.stats.positions += 1;
        let mut options = self.pool.pop().unwrap_or_default();
        options.clear();
        let mut open = self.index_pool.pop().unwrap_or_default();
        open.clear();
        let result = self.aspiration_options(position, facts, &mut options, &mut open);
        self.pool.push(options);
        self.index_pool.push(open);
        self.depth -= 1;
        let value = result?;
        let cost = self.stats.positions - before;
        self.store(position, Facts::exact(value), cost);
        Ok(value)
    }

    fn aspiration_options(
        &mut self,
        position: &R::Position,
        facts: Facts,
        options: &mut Options<R::Position>,
        open: &mut Vec<(u64, usize)>,
    ) -> Result<u64, GameError> {
        self.rules.options(position, options)?;
        if options.len() >= 127 {
            self.stats.positions -= 1;
            self.depth -= 1;
            let found = self.search(position, facts, None);
            self.depth += 1;
            return found.map(|(v, _)| v);
        }
        // Values some option has (found on the way): not the value.
        let mut taken: u128 = 0;
        let mut known = 0;
        for i in 0..options.len() {
            self.value_from_table(options, i, &mut taken, &mut known, open);
        }
        let count = distinct_open(options, open, known);
        if self.rules.known_not_zero(position) {
            taken |= 1;
        }
        'values: for r in 0..=count {
            if taken >> r & 1 == 1 {
                continue;
            }
            let mut k = 0;
            while k < open.len() {
                let (_, i) = open[k];
                match self.option_in_set(options.get(i), 1u128 << r)? {
                    Some(v) => {
                        open.remove(k);
                        if v < 128 {
                            taken |= 1u128 << v;
                        }
                        if v == r {
                            continue 'values;
                        }
                    }
                    None => k += 1,
                }
            }
            return Ok(r);
        }
        unreachable!("a value is at most the number of options")
    }

    /// The value of `position` if it is in `requested` (a set of values
    /// below 128, bit k for k), else `None` (or the value anyway, when it
    /// is known): Beling and Rogalski's pruned search. The value is the
    /// mex of the options' values, which is at most the number n of
    /// options, so it is one of the candidates {0, ..., n}. Each option
    /// takes one candidate away: its value, when that is a candidate
    /// other than the largest (and at most the largest requested value),
    /// else the largest candidate. Counting shows the value is never the
    /// one taken away when it is requested, so the search stops as soon
    /// as no requested value is a candidate, and each option is asked
    /// only for the candidates that matter: all but the largest, up to
    /// the largest requested. At the end the least candidate is the
    /// value, when it is at most the largest requested one (or when every
    /// option's value was found).
    fn in_set(
        &mut self,
        position: &R::Position,
        requested: u128,
    ) -> Result<Option<u64>, GameError> {
        if let Some(v) = self.rules.known_value(position) {
            return Ok(Some(v.value()));
        }
        let facts = self.lookup(position);
        if facts.nimber != UNKNOWN {
            return Ok(Some(facts.nimber));
        }
        self.in_set_unknown(position, facts, requested)
    }

    /// [`SplitSearch::in_set`] of a position whose value neither the
    /// ruleset nor the table knows (`facts`: what the table does know).
    fn in_set_unknown(
        &mut self,
        position: &R::Position,
        facts: Facts,
        requested: u128,
    ) -> Result<Option<u64>, GameError> {
        // A value known not to be 0 is in the set when it is in the set
        // without 0.
        let mut requested = if self.rules.known_not_zero(position) {
            requested & !1
        } else {
            requested
        };
        // Values an earlier question ruled out.
        requested &= !u128::from(facts.not_values);
        if requested == 0 {
            return Ok(None);
        }
        self.enter()?;
        let before = self.stats.positions;
        self.stats.positions += 1;
        let mut options = self.pool.pop().unwrap_or_default();
        options.clear();
        let mut open = self.index_pool.pop().unwrap_or_default();
        open.clear();
        let result = self.in_set_options(position, facts, requested, &mut options, &mut open);
        self.pool.push(options);
        self.index_pool.push(open);
        self.depth -= 1;
        let value = result?;
        if let Some(v) = value {
            let cost = self.stats.positions - before;
            self.store(position, Facts::exact(v), cost);
        }
        Ok(value)
    }

    fn in_set_options(
        &mut self,
        position: &R::Position,
        facts: Facts,
        requested: u128,
        options: &mut Options<R::Position>,
        open: &mut Vec<(u64, usize)>,
    ) -> Result<Option<u64>, GameError> {
        // The options are valued from the table as they are listed, and
        // the listing stops once they leave no requested value a
        // candidate: the value is at most the number of options (at most
        // the ruleset's bound) and none of the values found.
        let rules = self.rules;
        let within_bound = rules
            .option_count_bound(position)
            .filter(|&bound| bound < 127)
            .map_or(u128::MAX, |bound| below_or_at(bound as u32));
        let mut known_values: u128 = 0;
        let mut known = 0;
        // Each option's parts are looked up while the next option is
        // listed: their slots are fetched from memory in the meantime.
        let mut pending = None;
        let complete = rules.options_until(position, options, &mut |options, i| {
            for part in options.get(i) {
                self.prefetch(part);
            }
            if let Some(j) = pending.replace(i) {
                self.value_from_table(options, j, &mut known_values, &mut known, open);
            }
            within_bound & !known_values & requested != 0
        })?;
        if let Some(j) = pending.filter(|_| complete) {
            self.value_from_table(options, j, &mut known_values, &mut known, open);
        }
        if !complete {
            return Ok(None);
        }
        if options.len() >= 127 {
            // Candidates past what a set holds: the search heap by heap.
            self.stats.positions -= 1;
            self.depth -= 1;
            let found = self.search(position, facts, None);
            self.depth += 1;
            return found.map(|(v, _)| Some(v));
        }
        let up_to_largest_requested = below_or_at(highest(requested));
        let count = distinct_open(options, open, known);
        let mut candidates: u128 = below_or_at(count as u32) & !known_values;
        let mut exact = true;
        for &(_, i) in open.iter() {
            if candidates & requested == 0 {
                return Ok(None);
            }
            let largest = 1u128 << highest(candidates);
            let others = candidates & !largest;
            match self.option_in_set(options.get(i), others & up_to_largest_requested)? {
                Some(v) if v < 128 && others >> v & 1 == 1 => candidates &= !(1u128 << v),
                found => {
                    candidates &= !largest;
                    exact &= found.is_some();
                }
            }
        }
        let least = u64::from(candidates.trailing_zeros());
        if exact || up_to_largest_requested >> least & 1 == 1 {
            Ok(Some(least))
        } else {
            Ok(None)
        }
    }

    /// The value of the sum of `parts` if it is in `requested`, else
    /// `None` (or the value anyway, when found): known parts and pairs of
    /// equal parts fold away, every unknown part but the largest is
    /// valued, and the largest is asked for the requested values
    /// translated by what was folded.
    fn option_in_set(
        &mut self,
        parts: &[R::Position],
        requested: u128,
    ) -> Result<Option<u64>, GameError> {
        Ok(match self.fold(parts)? {
            Folded::Known(total) => Some(total),
            Folded::Largest(largest, others, fresh) => {
                let requested = xor_translate(requested, others);
                match fresh {
                    Some(facts) => self.in_set_unknown(&parts[largest], facts, requested)?,
                    None => self.in_set(&parts[largest], requested)?,
                }
                .map(|v| v ^ others)
            }
        })
    }

    /// A sum made ready for a question about its value: pairs of equal
    /// parts cancel (G + G = 0); when every other part is known, its total;
    /// else the largest unknown part, and the XOR of every other part's
    /// value (the smaller unknown parts valued here, each a smaller
    /// search).
    fn fold(&mut self, parts: &[R::Position]) -> Result<Folded, GameError> {
        let mut total = 0u64;
        let mut largest: Option<(u64, usize, Facts)> = None;
        let mut unknown = 0;
        let mut i = 0;
        while i < parts.len() {
            if i + 1 < parts.len() && parts[i] == parts[i + 1] {
                i += 2;
                continue;
            }
            let facts = self.known_facts(&parts[i]);
            if facts.nimber == UNKNOWN {
                unknown += 1;
                let size = self.rules.search_size(&parts[i]);
                if largest.is_none_or(|(s, _, _)| size > s) {
                    largest = Some((size, i, facts));
                }
            } else {
                total ^= facts.nimber;
            }
            i += 1;
        }
        let Some((_, largest, facts)) = largest else {
            return Ok(Folded::Known(total));
        };
        if unknown == 1 {
            return Ok(Folded::Largest(largest, total, Some(facts)));
        }
        if unknown > 1 {
            // Every part but the largest, known or not, folded afresh.
            total = 0;
            let mut i = 0;
            while i < parts.len() {
                if i + 1 < parts.len() && parts[i] == parts[i + 1] {
                    i += 2;
                    continue;
                }
                if i != largest {
                    total ^= self.nimber(&parts[i])?;
                }
                i += 1;
            }
        }
        Ok(Folded::Largest(largest, total, None))
    }

    /// A part's value when the ruleset or the table knows it.
    fn known(&mut self, position: &R::Position) -> Option<u64> {
        let v = self.known_facts(position).nimber;
        (v != UNKNOWN).then_some(v)
    }

    /// What the ruleset or the table knows of a part's value.
    fn known_facts(&mut self, position: &R::Position) -> Facts {
        match self.rules.known_value(position) {
            Some(v) => Facts::exact(v.value()),
            None => self.lookup(position),
        }
    }

    /// Whether `position` has value `target`.
    fn has_value(&mut self, position: &R::Position, target: u64) -> Result<bool, GameError> {
        if let Some(v) = self.rules.known_value(position) {
            return Ok(v.value() == target);
        }
        let facts = self.lookup(position);
        if facts.nimber != UNKNOWN {
            return Ok(facts.nimber == target);
        }
        if target == 0 && self.rules.known_not_zero(position) {
            return Ok(false);
        }
        if self.method == SearchMethod::Pruned && target < 128 {
            return Ok(self.in_set(position, 1u128 << target)? == Some(target));
        }
        if facts.rules_out(target) {
            return Ok(false);
        }
        self.search(position, facts, Some(target))
            .map(|found| found.1)
    }

    /// The search of a position with no known value. Values 0, 1, ...
    /// are tried in turn: value r is ruled out by an option of value r,
    /// and that option, whose value is now known, is left out of the
    /// rounds that follow; the first r no option has is the value. With
    /// `target`, the search stops at the target: the value is the target
    /// when every smaller r is ruled out and no option has the target.
    /// Returns the value when found (else [`UNKNOWN`]) and whether it is
    /// the target.
    fn search(
        &mut self,
        position: &R::Position,
        known: Facts,
        target: Option<u64>,
    ) -> Result<(u64, bool), GameError> {
        self.enter()?;
        let before = self.stats.positions;
        self.stats.positions += 1;
        let mut options = self.pool.pop().unwrap_or_default();
        options.clear();
        let mut open = self.index_pool.pop().unwrap_or_default();
        open.clear();
        let result = self.search_options(position, known, target, &mut options, &mut open);
        self.pool.push(options);
        self.index_pool.push(open);
        self.depth -= 1;
        let (value, is_target, learned) = result?;
        if learned != Facts::NOTHING {
            let cost = self.stats.positions - before;
            self.store(position, learned, cost);
        }
        Ok((value, is_target))
    }

    /// [`SplitSearch::search`] with its buffers: also returns what was
    /// learned of the value, for the table.
    fn search_options(
        &mut self,
        position: &R::Position,
        known: Facts,
        target: Option<u64>,
        options: &mut Options<R::Position>,
        open: &mut Vec<(u64, usize)>,
    ) -> Result<(u64, bool, Facts), GameError> {
        self.rules.options(position, options)?;
        let count = options.len() as u64;
        // A value is at most the number of options.
        if target.is_some_and(|t| t > count) {
            return Ok((UNKNOWN, false, Facts::NOTHING));
        }
        let not = |t: u64| Facts {
            not_values: if t < 64 { 1 << t } else { 0 },
            ..Facts::NOTHING
        };
        // The options whose value is known rule their values out at once
        // (and one of the target's settles the question); the others are
        // searched, the easiest (least total size) first.
        let mut ruled_out = std::mem::take(&mut self.ruled_out);
        ruled_out.clear();
        for (i, option) in options.iter().enumerate() {
            match self.known_sum(option) {
                Some(v) if Some(v) == target => {
                    self.ruled_out = ruled_out;
                    return Ok((UNKNOWN, false, not(v)));
                }
                Some(v) => ruled_out.push(v),
                None => {
                    let size = option.iter().map(|p| self.rules.search_size(p)).sum();
                    open.push((size, i));
                }
            }
        }
        ruled_out.sort_unstable();
        ruled_out.dedup();
        let known_values = ruled_out.clone();
        self.ruled_out = ruled_out;
        open.sort_unstable();
        let last = target.unwrap_or(count);
        for r in 0..=last {
            if known_values.binary_search(&r).is_ok() || (Some(r) != target && known.rules_out(r)) {
                continue;
            }
            if Some(r) == target {
                break;
            }
            let mut found = None;
            for (k, &(_, i)) in open.iter().enumerate() {
                if self.option_has_value(options.get(i), r)? {
                    found = Some(k);
                    break;
                }
            }
            match found {
                Some(k) => {
                    open.remove(k);
                }
                None => return Ok((r, false, Facts::exact(r))),
            }
        }
        let Some(target) = target else {
            // Every r up to the number of options is ruled out: impossible
            // (each option rules out at most one).
            unreachable!("a value is at most the number of options");
        };
        // Every smaller value is ruled out: the value is the target unless
        // an option has it.
        for &(_, i) in open.iter() {
            if self.option_has_value(options.get(i), target)? {
                let above = Facts {
                    lower: target + 1,
                    ..Facts::NOTHING
                };
                return Ok((UNKNOWN, false, above));
            }
        }
        Ok((target, true, Facts::exact(target)))
    }

    /// Option `i` valued from the table: its value added to `known_values`
    /// (and counted in `known`) when every part is known, else the option
    /// added to `open` with its size.
    fn value_from_table(
        &mut self,
        options: &Options<R::Position>,
        i: usize,
        known_values: &mut u128,
        known: &mut usize,
        open: &mut Vec<(u64, usize)>,
    ) {
        let option = options.get(i);
        match self.known_sum(option) {
            Some(v) => {
                *known += 1;
                if v < 128 {
                    *known_values |= 1u128 << v;
                }
            }
            None => {
                let size = option.iter().map(|p| self.rules.search_size(p)).sum();
                open.push((size, i));
            }
        }
    }

    /// Asks the processor to bring the slot a position's probe starts at
    /// into its caches, so that a lookup soon after does not wait for
    /// memory.
    fn prefetch(&self, position: &R::Position) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Option<Entry<R::Position>> = &self.slots[self.home_of(position)];
            // SAFETY: SSE is part of every x86_64 processor (the target's
            // baseline), and a prefetch only hints at the caches: it reads
            // nothing and never faults (the pointer is to a slot anyway).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = position;
    }

    /// The value of a sum when every part's value is known (equal parts
    /// next to each other cancel without being looked up).
    fn known_sum(&mut self, parts: &[R::Position]) -> Option<u64> {
        let mut total = 0;
        let mut i = 0;
        while i < parts.len() {
            if i + 1 < parts.len() && parts[i] == parts[i + 1] {
                i += 2;
                continue;
            }
            total ^= self.known(&parts[i])?;
            i += 1;
        }
        Some(total)
    }

    /// Whether the sum of `parts` has value `target`: the known parts
    /// (and pairs of equal parts, G + G = 0) are folded into the target;
    /// every unknown part but the largest is valued (smaller searches)
    /// and folded too; the largest is asked whether it has what is left.
    fn option_has_value(&mut self, parts: &[R::Position], asked: u64) -> Result<bool, GameError> {
        match self.fold(parts)? {
            Folded::Known(total) => Ok(total == asked),
            Folded::Largest(largest, others, _) => self.has_value(&parts[largest], asked ^ others),
        }
    }

    fn enter(&mut self) -> Result<(), GameError> {
        crate::stop::tick()?;
        self.entered = self.entered.wrapping_add(1);
        if self.entered.is_multiple_of(1 << 12) {
            // A part appended long ago is not left in the buffer while
            // the search goes on without finding another.
            if let Some(cache) = &mut self.cache {
                if cache.error.is_none() && cache.flushed.elapsed() >= CACHE_FLUSH_EVERY {
                    if let Err(e) = cache.writer.flush() {
                        cache.error = Some(e);
                    }
                    cache.flushed = Instant::now();
                }
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

#[cfg(test)]
mod tests {
    use super::{Facts, PackedFacts, UNKNOWN};

    #[test]
    fn packed_facts_keep_what_fits_and_only_weaken_the_rest() {
        for v in [0, 1, 63, 1000, u64::from(u16::MAX) - 1] {
            let packed = PackedFacts::pack(Facts::exact(v)).expect("fits");
            assert_eq!(packed.unpack(), Facts::exact(v));
            assert_eq!(packed.value(), Some(v));
        }
        // A value too large is not stored at all (never a wrong one).
        assert_eq!(PackedFacts::pack(Facts::exact(u64::from(u16::MAX))), None);
        assert_eq!(PackedFacts::pack(Facts::exact(1 << 40)), None);
        let bounds = Facts {
            nimber: UNKNOWN,
            lower: 1 << 20,
            not_values: 1 << 5 | 1 << 40,
        };
        let back = PackedFacts::pack(bounds).expect("no value").unpack();
        assert_eq!(back.nimber, UNKNOWN);
        // The bound is capped and the exclusion past 32 forgotten: every
        // value the packed facts rule out, the full ones rule out too.
        for r in 0..100_000 {
            if back.rules_out(r) {
                assert!(bounds.rules_out(r), "{r}");
            }
        }
        assert!(back.rules_out(5) && back.rules_out(60_000) && !back.rules_out(70_000));
    }
}

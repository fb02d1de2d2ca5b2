//! The file a search keeps its solved parts in: its lines and their
//! checks, reading it back into the table when a search begins, and
//! appending to it (flushed every few seconds) as the search goes.

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use super::facts::Facts;
use super::search::SplitSearch;
use crate::error::GameError;
use crate::ruleset::Ruleset;

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
pub(super) struct CacheFile {
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

impl CacheFile {
    /// Appends a solved part (`position` as the ruleset writes it), and
    /// flushes the file when [`CACHE_FLUSH_EVERY`] has passed; a write
    /// error is kept, to be said when the search ends.
    fn append(&mut self, value: u64, cost: u8, position: &str) {
        let mut write = || -> std::io::Result<()> {
            writeln!(
                self.writer,
                "{}",
                cache_line(&self.spec, value, cost, position)
            )?;
            if self.flushed.elapsed() >= CACHE_FLUSH_EVERY {
                self.writer.flush()?;
                self.flushed = Instant::now();
            }
            Ok(())
        };
        match write() {
            Ok(()) => self.appended += 1,
            Err(e) => self.error = Some(e),
        }
    }

    /// Flushes the file when [`CACHE_FLUSH_EVERY`] has passed, unless a
    /// write already failed: called now and then as the search goes.
    pub(super) fn flush_if_due(&mut self) {
        if self.error.is_none() && self.flushed.elapsed() >= CACHE_FLUSH_EVERY {
            if let Err(e) = self.writer.flush() {
                self.error = Some(e);
            }
            self.flushed = Instant::now();
        }
    }

    /// Parts read from the file when the search began.
    pub(super) fn loaded(&self) -> usize {
        self.loaded
    }

    /// Parts appended since.
    pub(super) fn appended(&self) -> usize {
        self.appended
    }
}

impl<R: Ruleset> SplitSearch<'_, R> {
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
                for entry in self.table.iter() {
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

    /// Appends a solved part to the cache file, if there is one, and
    /// flushes it when [`CACHE_FLUSH_EVERY`] has passed.
    pub(super) fn append_to_cache(&mut self, position: &R::Position, value: u64, cost: u8) {
        let Some(cache) = &mut self.cache else {
            return;
        };
        if cache.error.is_some() {
            return;
        }
        let text = self.rules.format_position(position);
        cache.append(value, cost, &text);
    }
}

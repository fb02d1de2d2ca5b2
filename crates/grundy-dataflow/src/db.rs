//! The database a solve writes: one shard per worker and a manifest.
//!
//! A directory holds
//! * `shard-I-of-W.grdb`, worker I's vertices (those with v mod W = I), in
//!   the order of their numbers. Little-endian: the magic `GRUNDYDB`, the
//!   version (u32, 1), I, W and the vertex count (u32 each), the record
//!   count (u64); then per vertex its number, its finite value (or
//!   u32::MAX for infinite), its remoteness (u32::MAX for a draw), the
//!   length of K and K's values (u32 each); then the CRC-32 of every byte
//!   before it.
//! * `names.txt`, the vertices' names one per line, when the graph has
//!   names; or, for a state space the workers listed, `names-I-of-W.txt`,
//!   worker I's names in the order of its vertices (worker I holds a
//!   range of the numbers, so the parts in order are the names in order),
//!   each part's CRC-32 in the manifest (`names.txt`'s too).
//! * `MANIFEST`, written last, by worker 0, once every worker reported its
//!   shard written; it gives the vertex count, the shards and each one's
//!   checksum, and the totals; its last line is the CRC-32 of the lines
//!   before it, so no byte an answer depends on is unchecked.
//!
//! Each file is written under a temporary name and renamed when complete,
//! and a solve removes an old manifest before anything else: a directory
//! without a manifest is an unfinished solve, never a partial database
//! that looks complete. [`Database::open`] checks every shard against its
//! own checksum and the manifest's.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::{SolveError, SolveSummary, VertexAnswer};

const SHARD_MAGIC: &[u8; 8] = b"GRUNDYDB";
const VERSION: u32 = 1;
/// The manifest's format: 2 covers itself (a last `check` line, the CRC-32
/// of every line before it) and `names.txt` (a `namescrc 0` line).
const MANIFEST_VERSION: u32 = 2;
const MANIFEST: &str = "MANIFEST";
const NAMES: &str = "names.txt";

/// The cost given to a part exported to a search cache: high, so that a
/// bounded table keeps it.
const EXPORTED_COST: u8 = 30;

fn shard_name(index: usize, workers: usize) -> String {
    format!("shard-{index}-of-{workers}.grdb")
}

fn names_part_name(index: usize, workers: usize) -> String {
    format!("names-{index}-of-{workers}.txt")
}

/// Writes worker `index`'s part of the names; returns its checksum.
pub(crate) fn write_names_part(
    dir: &Path,
    index: usize,
    workers: usize,
    names: &[String],
) -> Result<u32, SolveError> {
    let mut text = String::new();
    for name in names {
        text.push_str(name);
        text.push('\n');
    }
    write_then_rename(&dir.join(names_part_name(index, workers)), text.as_bytes())?;
    Ok(crc32fast::hash(text.as_bytes()))
}

/// Removes what an earlier solve left in `dir`: the manifest first.
pub(crate) fn clear(dir: &Path) -> Result<(), SolveError> {
    remove_files(dir, &dir.join(MANIFEST), |name| {
        (name.starts_with("shard-") && (name.ends_with(".grdb") || name.ends_with(".tmp")))
            || (name.starts_with("names-") && (name.ends_with(".txt") || name.ends_with(".tmp")))
            || name == NAMES
    })
}

/// Writes worker `index`'s shard; returns its checksum.
pub(crate) fn write_shard(
    dir: &Path,
    index: usize,
    workers: usize,
    vertices: u32,
    answers: impl ExactSizeIterator<Item = VertexAnswer>,
) -> Result<u32, SolveError> {
    let path = dir.join(shard_name(index, workers));
    let temporary = path.with_extension("tmp");
    let io = |e: std::io::Error| SolveError::io(&temporary, e);
    let mut bytes: Vec<u8> = Vec::new();
    bytes.extend_from_slice(SHARD_MAGIC);
    for word in [VERSION, index as u32, workers as u32, vertices] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(&(answers.len() as u64).to_le_bytes());
    let mut out = BufWriter::new(std::fs::File::create(&temporary).map_err(io)?);
    let mut hasher = crc32fast::Hasher::new();
    for answer in answers {
        for word in [
            answer.vertex,
            answer.label,
            answer.remoteness,
            answer.escapes.len() as u32,
        ] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        for k in &answer.escapes {
            bytes.extend_from_slice(&k.to_le_bytes());
        }
        // Streamed out in blocks: a shard is never held whole.
        if bytes.len() >= 1 << 20 {
            hasher.update(&bytes);
            out.write_all(&bytes).map_err(io)?;
            bytes.clear();
        }
    }
    hasher.update(&bytes);
    out.write_all(&bytes).map_err(io)?;
    let crc = hasher.finalize();
    out.write_all(&crc.to_le_bytes()).map_err(io)?;
    out.into_inner()
        .map_err(|e| io(e.into_error()))?
        .sync_all()
        .map_err(io)?;
    std::fs::rename(&temporary, &path).map_err(|e| SolveError::io(&path, e))?;
    Ok(crc)
}

/// Writes the names (if any), then the manifest: the database is complete.
pub(crate) fn write_manifest<'n>(
    dir: &Path,
    vertices: u32,
    checksums: &[u32],
    names: Option<impl Iterator<Item = &'n str>>,
    names_parts: Option<&[u32]>,
    summary: &SolveSummary,
    game: Option<&str>,
) -> Result<(), SolveError> {
    let has_names = names.is_some();
    let mut names_crc = None;
    if let Some(names) = names {
        let path = dir.join(NAMES);
        let mut text = String::new();
        for name in names {
            text.push_str(name);
            text.push('\n');
        }
        write_then_rename(&path, text.as_bytes())?;
        names_crc = Some([crc32fast::hash(text.as_bytes())]);
    }
    let mut text = format!(
        "grundy-db {MANIFEST_VERSION}\nvertices {vertices}\nedges {}\nshards {}\n",
        summary.edges,
        checksums.len()
    );
    for (i, crc) in checksums.iter().enumerate() {
        text.push_str(&format!("crc {i} {crc:08x}\n"));
    }
    let names_crcs = names_parts.or(names_crc.as_ref().map(|c| &c[..]));
    for (i, crc) in names_crcs.unwrap_or_default().iter().enumerate() {
        text.push_str(&format!("namescrc {i} {crc:08x}\n"));
    }
    text.push_str(&format!(
        "names {}\np {}\nn {}\ndraws {}\nlargest {}\n",
        match (has_names, names_parts.is_some()) {
            (_, true) => "parts",
            (true, false) => "yes",
            (false, false) => "no",
        },
        summary.p_positions,
        summary.n_positions,
        summary.draws,
        summary.largest_value
    ));
    if let Some(game) = game {
        text.push_str(&format!("game {game}\n"));
    }
    let check = crc32fast::hash(text.as_bytes());
    text.push_str(&format!("check {check:08x}\n"));
    write_then_rename(&dir.join(MANIFEST), text.as_bytes())
}

/// Writes `bytes` to `path` whole or not at all: to `temporary` first,
/// synced, then renamed over `path`.
pub(crate) fn write_atomically(
    path: &Path,
    temporary: &Path,
    bytes: &[u8],
) -> Result<(), SolveError> {
    let io = |e: std::io::Error| SolveError::io(temporary, e);
    let mut file = std::fs::File::create(temporary).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    std::fs::rename(temporary, path).map_err(|e| SolveError::io(path, e))
}

fn write_then_rename(path: &Path, bytes: &[u8]) -> Result<(), SolveError> {
    write_atomically(path, &path.with_extension("tmp"), bytes)
}

/// Removes `path`; one already gone (another process sharing the
/// directory removed it first) is not an error.
pub(crate) fn remove_if_there(path: &Path) -> Result<(), SolveError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(SolveError::io(path, e)),
        _ => Ok(()),
    }
}

/// Removes `first` (a manifest: gone before anything it vouches for),
/// then every file of `dir` whose name `ours` accepts.
pub(crate) fn remove_files(
    dir: &Path,
    first: &Path,
    ours: impl Fn(&str) -> bool,
) -> Result<(), SolveError> {
    remove_if_there(first)?;
    let entries = std::fs::read_dir(dir).map_err(|e| SolveError::io(dir, e))?;
    for entry in entries.flatten() {
        if ours(&entry.file_name().to_string_lossy()) {
            remove_if_there(&entry.path())?;
        }
    }
    Ok(())
}

/// A solved database, read whole and checked.
#[derive(Clone, Debug)]
pub struct Database {
    dir: PathBuf,
    answers: Vec<VertexAnswer>,
    names: Option<Vec<String>>,
    /// The game whose state space this is, when the solve said.
    pub game: Option<String>,
    /// The totals the manifest gives.
    pub summary: SolveSummary,
}

impl Database {
    /// Reads the database in `dir`, checking every shard's checksum.
    pub fn open(dir: &Path) -> Result<Database, SolveError> {
        let manifest_path = dir.join(MANIFEST);
        let text = std::fs::read_to_string(&manifest_path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => SolveError::Format {
                path: dir.to_owned(),
                reason: "no MANIFEST: not a database, or a solve that did not finish".to_owned(),
            },
            _ => SolveError::io(&manifest_path, e),
        })?;
        let bad = |reason: String| SolveError::Format {
            path: manifest_path.clone(),
            reason,
        };
        if let Some(version) = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("grundy-db "))
            .filter(|v| *v != MANIFEST_VERSION.to_string())
        {
            return Err(bad(format!(
                "version {version}; this build reads {MANIFEST_VERSION} (solve it again)"
            )));
        }
        // The last line vouches for every line before it.
        let body_end = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
        let (body, last) = text.split_at(body_end);
        let recorded = last
            .trim_end()
            .strip_prefix("check ")
            .and_then(|c| u32::from_str_radix(c, 16).ok())
            .ok_or_else(|| bad("no check line at its end: damaged or cut short".to_owned()))?;
        let computed = crc32fast::hash(body.as_bytes());
        if computed != recorded {
            return Err(bad(format!(
                "checksum {computed:08x} computed, {recorded:08x} recorded: the manifest is damaged"
            )));
        }
        let text = body;
        let mut fields = std::collections::HashMap::new();
        let mut checksums = Vec::new();
        let mut names_checksums: Vec<u32> = Vec::new();
        let mut game = None;
        for (n, line) in text.lines().enumerate() {
            if let Some(spec) = line.strip_prefix("game ") {
                game = Some(spec.to_owned());
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["grundy-db", v] if *v == MANIFEST_VERSION.to_string() => {}
                ["grundy-db", v] => {
                    return Err(bad(format!(
                        "version {v}; this build reads {MANIFEST_VERSION}"
                    )))
                }
                ["namescrc", i, crc] => {
                    let crc = u32::from_str_radix(crc, 16)
                        .map_err(|_| bad(format!("line {}: bad checksum", n + 1)))?;
                    if *i != names_checksums.len().to_string() {
                        return Err(bad(format!("line {}: names part {i} out of order", n + 1)));
                    }
                    names_checksums.push(crc);
                }
                ["crc", i, crc] => {
                    let i: usize = i
                        .parse()
                        .map_err(|_| bad(format!("line {}: bad shard index", n + 1)))?;
                    let crc = u32::from_str_radix(crc, 16)
                        .map_err(|_| bad(format!("line {}: bad checksum", n + 1)))?;
                    if i != checksums.len() {
                        return Err(bad(format!("line {}: shard {i} out of order", n + 1)));
                    }
                    checksums.push(crc);
                }
                [key, value] => {
                    fields.insert((*key).to_owned(), (*value).to_owned());
                }
                _ => return Err(bad(format!("line {}: '{line}' is not understood", n + 1))),
            }
        }
        let number = |key: &str| -> Result<u64, SolveError> {
            fields
                .get(key)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad(format!("no number for '{key}'")))
        };
        let vertices =
            u32::try_from(number("vertices")?).map_err(|_| bad("too many vertices".to_owned()))?;
        let shards = number("shards")? as usize;
        if shards != checksums.len() || shards == 0 {
            return Err(bad(format!(
                "{shards} shards but {} checksums",
                checksums.len()
            )));
        }
        let mut slots: Vec<Option<VertexAnswer>> = vec![None; vertices as usize];
        for (index, &expected) in checksums.iter().enumerate() {
            read_shard(
                &dir.join(shard_name(index, shards)),
                index,
                shards,
                vertices,
                expected,
                &mut slots,
            )?;
        }
        let answers: Vec<VertexAnswer> = slots
            .into_iter()
            .enumerate()
            .map(|(v, a)| a.ok_or_else(|| bad(format!("vertex {v} is in no shard"))))
            .collect::<Result<_, _>>()?;
        let names = match fields.get("names").map(String::as_str) {
            Some("yes") => {
                let path = dir.join(NAMES);
                let text = std::fs::read_to_string(&path).map_err(|e| SolveError::io(&path, e))?;
                let computed = crc32fast::hash(text.as_bytes());
                if names_checksums.as_slice() != [computed] {
                    return Err(SolveError::Format {
                        path,
                        reason: format!(
                            "checksum {computed:08x} computed, {} in the manifest: the names are damaged",
                            names_checksums.first().map_or("none".to_owned(), |c| format!("{c:08x}"))
                        ),
                    });
                }
                Some((path, text.lines().map(str::to_owned).collect::<Vec<_>>()))
            }
            Some("parts") => {
                if names_checksums.len() != shards {
                    return Err(bad(format!(
                        "{shards} shards but {} names parts",
                        names_checksums.len()
                    )));
                }
                let mut names = Vec::with_capacity(vertices as usize);
                for (index, &expected) in names_checksums.iter().enumerate() {
                    let path = dir.join(names_part_name(index, shards));
                    let text =
                        std::fs::read_to_string(&path).map_err(|e| SolveError::io(&path, e))?;
                    let computed = crc32fast::hash(text.as_bytes());
                    if computed != expected {
                        return Err(SolveError::Format {
                            path,
                            reason: format!(
                                "checksum {computed:08x} computed, {expected:08x} in the manifest: the names are damaged"
                            ),
                        });
                    }
                    names.extend(text.lines().map(str::to_owned));
                }
                Some((dir.to_owned(), names))
            }
            _ => None,
        };
        let names = match names {
            Some((path, names)) if names.len() != vertices as usize => {
                return Err(SolveError::Format {
                    path,
                    reason: format!("{} names for {vertices} vertices", names.len()),
                })
            }
            Some((_, names)) => Some(names),
            None => None,
        };
        let summary = SolveSummary {
            vertices: u64::from(vertices),
            edges: number("edges")?,
            p_positions: number("p")?,
            n_positions: number("n")?,
            draws: number("draws")?,
            largest_value: u32::try_from(number("largest")?).unwrap_or(u32::MAX),
            workers: shards,
            ..SolveSummary::default()
        };
        Ok(Database {
            dir: dir.to_owned(),
            answers,
            names,
            game,
            summary,
        })
    }

    /// The directory read.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.answers.len()
    }

    /// Whether the database has no vertex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }

    /// The answer for vertex v.
    #[must_use]
    pub fn get(&self, v: u32) -> Option<&VertexAnswer> {
        self.answers.get(v as usize)
    }

    /// The vertex of this name (or number, for a graph without names).
    #[must_use]
    pub fn vertex(&self, key: &str) -> Option<u32> {
        match &self.names {
            Some(names) => names.iter().position(|n| n == key).map(|v| v as u32),
            None => key
                .parse()
                .ok()
                .filter(|&v: &u32| (v as usize) < self.answers.len()),
        }
    }

    /// Writes the values of the database's one-component positions as a
    /// search cache of its game (`grundy eval GAME ... --cache FILE` reads
    /// it): an endgame table for the game's searches, every part whose
    /// value the solve found. Returns how many parts were written.
    pub fn export_cache(&self, path: &Path) -> Result<usize, SolveError> {
        let Some(game) = &self.game else {
            return Err(SolveError::Limit(format!(
                "{}: not the state space of a game (solved from a graph), so no game's search can use it",
                self.dir.display()
            )));
        };
        let names = self
            .names
            .as_ref()
            .ok_or_else(|| SolveError::Limit("the database has no position names".to_owned()))?;
        let io = |e: std::io::Error| SolveError::io(path, e);
        let mut out = BufWriter::new(std::fs::File::create(path).map_err(io)?);
        writeln!(out, "{}", grundy::split_search::cache_header(game)).map_err(io)?;
        let mut written = 0;
        for (answer, name) in self.answers.iter().zip(names) {
            // A sum of several components, the empty sum and an infinite
            // value are not a part's value.
            // (A name numbered apart, `... #v`, is not a position's text.)
            if name.contains(" + ")
                || name.contains(" #")
                || name == "0"
                || answer.label == crate::INFINITE
            {
                continue;
            }
            // Kept whatever the table's bound: as costly as a part gets.
            writeln!(
                out,
                "{}",
                grundy::split_search::cache_line(
                    game,
                    u64::from(answer.label),
                    EXPORTED_COST,
                    name
                )
            )
            .map_err(io)?;
            written += 1;
        }
        out.flush().map_err(io)?;
        Ok(written)
    }

    /// The name of vertex v (its number when the graph has no names).
    #[must_use]
    pub fn name(&self, v: u32) -> String {
        match &self.names {
            Some(names) => names[v as usize].clone(),
            None => v.to_string(),
        }
    }
}

fn read_shard(
    path: &Path,
    index: usize,
    shards: usize,
    vertices: u32,
    expected: u32,
    slots: &mut [Option<VertexAnswer>],
) -> Result<(), SolveError> {
    let bytes = std::fs::read(path).map_err(|e| SolveError::io(path, e))?;
    let bad = |reason: String| SolveError::Format {
        path: path.to_owned(),
        reason,
    };
    if bytes.len() < 36 || &bytes[..8] != SHARD_MAGIC {
        return Err(bad("not a shard of a grundy database".to_owned()));
    }
    let (body, trailer) = bytes.split_at(bytes.len() - 4);
    let stored = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
    let computed = crc32fast::hash(body);
    if stored != computed || stored != expected {
        return Err(bad(format!(
            "checksum {stored:08x} stored, {computed:08x} computed, {expected:08x} in the manifest: the shard is damaged"
        )));
    }
    let mut at = 8;
    let mut word = || -> Result<u32, SolveError> {
        let w = body
            .get(at..at + 4)
            .ok_or_else(|| bad("cut short".to_owned()))?;
        at += 4;
        Ok(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
    };
    let header = [word()?, word()?, word()?, word()?];
    if header != [VERSION, index as u32, shards as u32, vertices] {
        return Err(bad(format!(
            "header {header:?} does not match the manifest (version {VERSION}, shard {index} of {shards}, {vertices} vertices)"
        )));
    }
    let records = u64::from(word()?) | u64::from(word()?) << 32;
    for _ in 0..records {
        let (vertex, label, remoteness, k) = (word()?, word()?, word()?, word()?);
        let mut escapes = Vec::with_capacity(k.min(1 << 16) as usize);
        for _ in 0..k {
            escapes.push(word()?);
        }
        let slot = slots
            .get_mut(vertex as usize)
            .ok_or_else(|| bad(format!("vertex {vertex} out of range")))?;
        *slot = Some(VertexAnswer {
            vertex,
            label,
            escapes,
            remoteness,
        });
    }
    Ok(())
}

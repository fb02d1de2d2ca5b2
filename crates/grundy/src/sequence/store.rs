//! Nim-sequences on disk: a compact binary file, and long runs that
//! checkpoint themselves so that a crash (even `kill -9`) loses at most a
//! few seconds of work.
//!
//! **The sequence file** (all integers little-endian):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `GRUNDYSQ` |
//! | 8 | 2 | format version (1) |
//! | 10 | 1 | bytes per value (1, 2 or 4) |
//! | 11 | 1 | reserved (0) |
//! | 12 | 4 | length of the game spec in bytes |
//! | 16 | 8 | number of values |
//! | 24 | 8 | checksum: FNV-1a (64-bit) over every value as 4 bytes |
//! | 32 | … | the game spec (UTF-8), then the values |
//!
//! **A resumable run** writing `FILE` keeps two companions: `FILE.partial`,
//! the values so far (raw, at the current width), appended as they are
//! computed, and `FILE.checkpoint`, a few `field value` lines recording how many of
//! those values are safely on disk and their checksum. The checkpoint is
//! replaced atomically (written to a temporary file, synced, renamed) only
//! after the values it vouches for are synced. Resuming reads the
//! checkpoint, checks the game, the engine and the checksum of the values
//! it vouches for, drops anything after them, and carries on; the finished
//! file is byte for byte what an uninterrupted run writes.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::error::GameError;
use crate::heap::HeapGame;
use crate::sequence::dense::{DenseEngine, Kernel};
use crate::sequence::{EngineChoice, NimSequence};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"GRUNDYSQ";
/// The format version written.
pub const VERSION: u16 = 1;
const HEADER: usize = 32;

/// A problem with a sequence file or a checkpoint.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StoreError {
    /// Reading or writing failed.
    #[error("{path}: {cause}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        cause: io::Error,
    },
    /// The file is not what it should be.
    #[error("{path}: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The checkpoint belongs to another run.
    #[error("{path}: {reason}")]
    Mismatch {
        /// The checkpoint.
        path: String,
        /// What differs.
        reason: String,
    },
    /// Computing the values failed.
    #[error(transparent)]
    Game(#[from] GameError),
}

fn io_error(path: &Path) -> impl Fn(io::Error) -> StoreError + '_ {
    move |cause| StoreError::Io {
        path: path.display().to_string(),
        cause,
    }
}

/// FNV-1a over values, each as 4 little-endian bytes, so the checksum does
/// not depend on the width the values are stored at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Checksum(u64);

impl Default for Checksum {
    fn default() -> Self {
        Checksum(0xcbf2_9ce4_8422_2325)
    }
}

impl Checksum {
    /// Adds one value.
    pub fn add(&mut self, value: u64) {
        for byte in (value as u32).to_le_bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The checksum of a whole sequence.
    #[must_use]
    pub fn of(values: &NimSequence) -> Checksum {
        let mut sum = Checksum::default();
        for v in values.iter() {
            sum.add(v);
        }
        sum
    }

    /// The checksum as a number.
    #[must_use]
    pub fn value(self) -> u64 {
        self.0
    }
}

fn write_values(out: &mut impl Write, values: &NimSequence, from: usize) -> io::Result<()> {
    match values {
        NimSequence::U8(v) => out.write_all(&v[from..]),
        NimSequence::U16(v) => {
            for x in &v[from..] {
                out.write_all(&x.to_le_bytes())?;
            }
            Ok(())
        }
        NimSequence::U32(v) => {
            for x in &v[from..] {
                out.write_all(&x.to_le_bytes())?;
            }
            Ok(())
        }
    }
}

fn read_values(bytes: &[u8], width: usize) -> Option<NimSequence> {
    let mut values = NimSequence::with_capacity(bytes.len() / width.max(1));
    for chunk in bytes.chunks_exact(width) {
        let v = match width {
            1 => u64::from(chunk[0]),
            2 => u64::from(u16::from_le_bytes([chunk[0], chunk[1]])),
            4 => u64::from(u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]])),
            _ => return None,
        };
        values.push(v).ok()?;
    }
    Some(values)
}

/// Writes `FILE` atomically: to a temporary file, synced, then renamed.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&File>) -> io::Result<()>,
) -> Result<(), StoreError> {
    let temporary = sibling(path, ".tmp");
    let file = File::create(&temporary).map_err(io_error(&temporary))?;
    {
        let mut out = BufWriter::with_capacity(1 << 20, &file);
        write(&mut out).map_err(io_error(&temporary))?;
        out.flush().map_err(io_error(&temporary))?;
    }
    file.sync_all().map_err(io_error(&temporary))?;
    fs::rename(&temporary, path).map_err(io_error(path))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Make the rename itself durable where the platform allows it.
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Writes a complete sequence file.
pub fn write_sequence_file(
    path: &Path,
    spec: &str,
    values: &NimSequence,
) -> Result<(), StoreError> {
    let checksum = Checksum::of(values);
    write_atomically(path, |out| {
        out.write_all(MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        out.write_all(&[values.value_bytes() as u8, 0])?;
        out.write_all(&(spec.len() as u32).to_le_bytes())?;
        out.write_all(&(values.len() as u64).to_le_bytes())?;
        out.write_all(&checksum.value().to_le_bytes())?;
        out.write_all(spec.as_bytes())?;
        write_values(out, values, 0)
    })
}

/// A sequence file read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceFile {
    /// The game spec recorded in the file.
    pub spec: String,
    /// The values.
    pub values: NimSequence,
}

/// Reads and checks a sequence file.
pub fn read_sequence_file(path: &Path) -> Result<SequenceFile, StoreError> {
    let corrupt = |reason: &str| StoreError::Corrupt {
        path: path.display().to_string(),
        reason: reason.to_owned(),
    };
    let bytes = fs::read(path).map_err(io_error(path))?;
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(corrupt("not a grundy sequence file (no GRUNDYSQ header)"));
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(corrupt(&format!(
            "format version {version}, this grundy reads version {VERSION}"
        )));
    }
    let width = bytes[10] as usize;
    let spec_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    let count = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    let checksum = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
    let values_at = HEADER + spec_len;
    let expected_len = (count as u128) * (width as u128) + values_at as u128;
    if !matches!(width, 1 | 2 | 4) || bytes.len() as u128 != expected_len {
        return Err(corrupt(
            "the header does not match the file's length (truncated or damaged)",
        ));
    }
    let spec = String::from_utf8(bytes[HEADER..values_at].to_vec())
        .map_err(|_| corrupt("the game spec is not UTF-8"))?;
    let values =
        read_values(&bytes[values_at..], width).ok_or_else(|| corrupt("unreadable values"))?;
    if Checksum::of(&values).value() != checksum {
        return Err(corrupt("checksum mismatch: the values are damaged"));
    }
    Ok(SequenceFile { spec, values })
}

/// What a checkpoint records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The game spec.
    pub spec: String,
    /// The engine, as named on the command line.
    pub engine: String,
    /// Values asked for.
    pub target: u64,
    /// Values safely in the partial file.
    pub committed: u64,
    /// Bytes per value in the partial file.
    pub width: u8,
    /// Checksum of the committed values.
    pub checksum: u64,
}

impl Checkpoint {
    fn to_text(&self) -> String {
        // A tiny fixed format, one field per line, easy to check by eye.
        format!(
            "grundy-checkpoint 1\nspec {}\nengine {}\ntarget {}\ncommitted {}\nwidth {}\nchecksum {}\n",
            self.spec, self.engine, self.target, self.committed, self.width, self.checksum
        )
    }

    fn parse(text: &str) -> Option<Checkpoint> {
        let mut lines = text.lines();
        if lines.next()? != "grundy-checkpoint 1" {
            return None;
        }
        let mut field = |name: &str| -> Option<String> {
            let line = lines.next()?;
            line.strip_prefix(name)?
                .strip_prefix(' ')
                .map(str::to_owned)
        };
        let checkpoint = Checkpoint {
            spec: field("spec")?,
            engine: field("engine")?,
            target: field("target")?.parse().ok()?,
            committed: field("committed")?.parse().ok()?,
            width: field("width")?.parse().ok()?,
            checksum: field("checksum")?.parse().ok()?,
        };
        lines.next().is_none().then_some(checkpoint)
    }
}

/// Progress of a run, reported after every chunk of values.
#[derive(Copy, Clone, Debug)]
pub struct RunProgress {
    /// Values computed.
    pub done: u64,
    /// Values asked for.
    pub target: u64,
    /// The largest value so far.
    pub largest: u64,
    /// Rare positions, when the sparse engine tracks them.
    pub rare: Option<usize>,
}

/// A resumable computation of G(0..target) into a sequence file.
pub struct RunToFile<'a> {
    /// The game.
    pub game: &'a HeapGame,
    /// Its spec, recorded in the file.
    pub spec: &'a str,
    /// The engine.
    pub choice: EngineChoice,
    /// The engine's name, recorded in the checkpoint.
    pub engine_name: &'a str,
    /// Values to compute.
    pub target: u64,
    /// The finished file.
    pub out: &'a Path,
    /// Continue from the checkpoint instead of starting afresh.
    pub resume: bool,
    /// Time between checkpoints.
    pub checkpoint_every: Duration,
}

/// Paths of the companions of an output file.
#[must_use]
pub fn companions(out: &Path) -> (PathBuf, PathBuf) {
    (sibling(out, ".partial"), sibling(out, ".checkpoint"))
}

impl RunToFile<'_> {
    /// Runs to the end, calling `progress` after every chunk of values.
    pub fn run(&self, progress: &mut dyn FnMut(&RunProgress)) -> Result<NimSequence, StoreError> {
        let (partial_path, checkpoint_path) = companions(self.out);
        let target = usize::try_from(self.target).map_err(|_| GameError::Limit {
            what: format!("{} values", self.target),
            limit: "the address space".to_owned(),
        })?;
        let (mut engine, mut checksum) = if self.resume {
            self.load(&partial_path, &checkpoint_path)?
        } else {
            if checkpoint_path.exists() {
                return Err(StoreError::Mismatch {
                    path: checkpoint_path.display().to_string(),
                    reason: "a checkpoint of an earlier run is here: continue it with --resume, or delete it to start afresh".to_owned(),
                });
            }
            File::create(&partial_path).map_err(io_error(&partial_path))?;
            (self.game.engine(self.choice)?, Checksum::default())
        };
        let mut partial = OpenOptions::new()
            .append(true)
            .open(&partial_path)
            .map_err(io_error(&partial_path))?;
        let mut last_checkpoint = Instant::now();
        let mut largest = engine.values().iter().max().unwrap_or(0);
        const CHUNK: usize = 1 << 14;
        while engine.values().len() < target {
            let before = engine.values().len();
            let width_before = engine.values().value_bytes();
            engine.extend_to((before + CHUNK).min(target))?;
            let values = engine.values();
            for v in (before..values.len()).map(|n| values.get(n)) {
                checksum.add(v);
                largest = largest.max(v);
            }
            if values.value_bytes() != width_before {
                // The values outgrew their width: rewrite the partial file.
                let mut file = File::create(&partial_path).map_err(io_error(&partial_path))?;
                let mut out = BufWriter::new(&mut file);
                write_values(&mut out, values, 0).map_err(io_error(&partial_path))?;
                out.flush().map_err(io_error(&partial_path))?;
                drop(out);
                partial = OpenOptions::new()
                    .append(true)
                    .open(&partial_path)
                    .map_err(io_error(&partial_path))?;
            } else {
                let mut out = BufWriter::new(&mut partial);
                write_values(&mut out, values, before).map_err(io_error(&partial_path))?;
                out.flush().map_err(io_error(&partial_path))?;
            }
            if last_checkpoint.elapsed() >= self.checkpoint_every {
                self.checkpoint(
                    &partial,
                    &checkpoint_path,
                    &partial_path,
                    values.len(),
                    values.value_bytes(),
                    checksum,
                )?;
                last_checkpoint = Instant::now();
            }
            progress(&RunProgress {
                done: values.len() as u64,
                target: self.target,
                largest,
                rare: engine.kernel().rare_count(),
            });
        }
        let values = engine.into_values();
        write_sequence_file(self.out, self.spec, &values)?;
        let _ = fs::remove_file(&partial_path);
        let _ = fs::remove_file(&checkpoint_path);
        Ok(values)
    }

    fn checkpoint(
        &self,
        partial: &File,
        checkpoint_path: &Path,
        partial_path: &Path,
        committed: usize,
        width: usize,
        checksum: Checksum,
    ) -> Result<(), StoreError> {
        // The values first, then the record that vouches for them.
        partial.sync_data().map_err(io_error(partial_path))?;
        let record = Checkpoint {
            spec: self.spec.to_owned(),
            engine: self.engine_name.to_owned(),
            target: self.target,
            committed: committed as u64,
            width: width as u8,
            checksum: checksum.value(),
        };
        write_atomically(checkpoint_path, |out| {
            out.write_all(record.to_text().as_bytes())
        })
    }

    fn load(
        &self,
        partial_path: &Path,
        checkpoint_path: &Path,
    ) -> Result<(DenseEngine<Box<dyn Kernel>>, Checksum), StoreError> {
        let shown = checkpoint_path.display().to_string();
        let text = match fs::read_to_string(checkpoint_path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // Nothing checkpointed yet: start afresh.
                File::create(partial_path).map_err(io_error(partial_path))?;
                return Ok((self.game.engine(self.choice)?, Checksum::default()));
            }
            Err(e) => return Err(io_error(checkpoint_path)(e)),
        };
        let record = Checkpoint::parse(&text).ok_or_else(|| StoreError::Corrupt {
            path: shown.clone(),
            reason: "the checkpoint is damaged; it was not used (delete it to start afresh)"
                .to_owned(),
        })?;
        let mismatch = |reason: String| StoreError::Mismatch {
            path: shown.clone(),
            reason,
        };
        if record.spec != self.spec {
            return Err(mismatch(format!(
                "the checkpoint is for game '{}', not '{}'",
                record.spec, self.spec
            )));
        }
        if record.engine != self.engine_name {
            return Err(mismatch(format!(
                "the checkpoint was made with engine '{}', not '{}'",
                record.engine, self.engine_name
            )));
        }
        let width = record.width as usize;
        let bytes_needed = record
            .committed
            .checked_mul(width as u64)
            .ok_or_else(|| mismatch("impossible sizes".to_owned()))?;
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(partial_path)
            .map_err(io_error(partial_path))?;
        let on_disk = file.metadata().map_err(io_error(partial_path))?.len();
        if on_disk < bytes_needed {
            return Err(StoreError::Corrupt {
                path: partial_path.display().to_string(),
                reason: format!(
                    "holds {on_disk} bytes but the checkpoint vouches for {bytes_needed}"
                ),
            });
        }
        // Drop whatever was written after the checkpoint.
        file.set_len(bytes_needed).map_err(io_error(partial_path))?;
        file.seek(SeekFrom::Start(0))
            .map_err(io_error(partial_path))?;
        let mut bytes = Vec::with_capacity(bytes_needed as usize);
        file.read_to_end(&mut bytes)
            .map_err(io_error(partial_path))?;
        let values = read_values(&bytes, width).ok_or_else(|| StoreError::Corrupt {
            path: partial_path.display().to_string(),
            reason: format!("unreadable values at width {width}"),
        })?;
        let checksum = Checksum::of(&values);
        if checksum.value() != record.checksum {
            return Err(StoreError::Corrupt {
                path: partial_path.display().to_string(),
                reason: "checksum mismatch with the checkpoint: the saved values are damaged and were not used".to_owned(),
            });
        }
        let kernel = self.game.kernel_for(self.choice)?;
        Ok((DenseEngine::resume(kernel, values), checksum))
    }
}

//! Nim-sequences on disk: a compact binary file, and long runs that
//! checkpoint themselves so that a crash (even `kill -9`) loses at most a
//! few seconds of work.
//!
//! **The sequence file** (all integers little-endian):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `GRUNDYSQ` |
//! | 8 | 2 | format version (2) |
//! | 10 | 1 | bytes per value (1, 2 or 4) |
//! | 11 | 1 | reserved (0) |
//! | 12 | 4 | length of the game spec in bytes |
//! | 16 | 8 | number of values |
//! | 24 | 8 | checksum: FNV-1a (64-bit) over the spec's length and bytes, then every value as 4 bytes |
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
use crate::sequence::dense::{DenseEngine, Kernel, PeriodFill};
use crate::sequence::NimSequence;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"GRUNDYSQ";
/// The format version written.
pub const VERSION: u16 = 2;
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
    /// The run was asked to stop (its progress callback said so); the
    /// values computed so far are kept and vouched for by the checkpoint.
    #[error("{committed} of {target} values are kept in {partial}, vouched for by {checkpoint}: {cause}")]
    Stopped {
        /// Values kept.
        committed: u64,
        /// Values asked for.
        target: u64,
        /// The file of values so far.
        partial: String,
        /// The checkpoint that vouches for them.
        checkpoint: String,
        /// Why the run stopped (boxed: the variant stays small).
        cause: Box<GameError>,
    },
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

    /// The checksum a sequence file records: the game's spec first (its
    /// length, then each byte), then the values, so that a file whose name
    /// of the game was changed is refused like one whose values were.
    #[must_use]
    pub fn of_file(spec: &str, values: &NimSequence) -> Checksum {
        let mut sum = Checksum::default();
        sum.add(spec.len() as u64);
        for &byte in spec.as_bytes() {
            sum.add(u64::from(byte));
        }
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
    write_atomically(path, |out| {
        write_header(out, spec, values)?;
        write_values(out, values, 0)
    })
}

fn write_header(out: &mut impl Write, spec: &str, values: &NimSequence) -> io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&[values.value_bytes() as u8, 0])?;
    out.write_all(&(spec.len() as u32).to_le_bytes())?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    out.write_all(&Checksum::of_file(spec, values).value().to_le_bytes())?;
    out.write_all(spec.as_bytes())
}

/// A sequence file read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceFile {
    /// The game spec recorded in the file.
    pub spec: String,
    /// The values.
    pub values: NimSequence,
}

/// The game spec a sequence file records, read from its header alone (the
/// values are not read or checked).
pub fn read_sequence_header(path: &Path) -> Result<String, StoreError> {
    Ok(sequence_header(path)?.spec)
}

/// What a sequence file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceHeader {
    /// The game spec.
    pub spec: String,
    /// The number of values.
    pub count: u64,
    /// Whether the file is as long as the header says (the values are
    /// not read or checked).
    pub full_length: bool,
}

/// Reads a sequence file's header alone.
pub fn sequence_header(path: &Path) -> Result<SequenceHeader, StoreError> {
    let corrupt = |reason: &str| StoreError::Corrupt {
        path: path.display().to_string(),
        reason: reason.to_owned(),
    };
    let mut file = File::open(path).map_err(io_error(path))?;
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| corrupt("not a grundy sequence file (no GRUNDYSQ header)"))?;
    if &header[..8] != MAGIC {
        return Err(corrupt("not a grundy sequence file (no GRUNDYSQ header)"));
    }
    let spec_len = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
    if spec_len > 1 << 20 {
        return Err(corrupt("the header records an impossible spec length"));
    }
    let mut spec = vec![0u8; spec_len as usize];
    file.read_exact(&mut spec)
        .map_err(|_| corrupt("the file ends inside its header"))?;
    let spec = String::from_utf8(spec).map_err(|_| corrupt("the game spec is not UTF-8"))?;
    let count = u64::from_le_bytes(header[16..24].try_into().expect("8 bytes"));
    let width = u128::from(header[10]);
    let length = file.metadata().map_err(io_error(path))?.len();
    Ok(SequenceHeader {
        spec,
        count,
        full_length: u128::from(length)
            == u128::from(count) * width + (HEADER as u128) + u128::from(spec_len),
    })
}

/// Reads and checks a sequence file.
pub fn read_sequence_file(path: &Path) -> Result<SequenceFile, StoreError> {
    let bytes = fs::read(path).map_err(io_error(path))?;
    parse_sequence_bytes(&bytes, &path.display().to_string())
}

/// The bytes of a sequence file, as [`write_sequence_file`] writes them.
#[must_use]
pub fn sequence_file_bytes(spec: &str, values: &NimSequence) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + spec.len() + values.len() * values.value_bytes());
    write_header(&mut out, spec, values).expect("writing to memory does not fail");
    write_values(&mut out, values, 0).expect("writing to memory does not fail");
    out
}

/// Checks and reads the bytes of a sequence file; `shown` names the file
/// in errors.
pub fn parse_sequence_bytes(bytes: &[u8], shown: &str) -> Result<SequenceFile, StoreError> {
    let corrupt = |reason: &str| StoreError::Corrupt {
        path: shown.to_owned(),
        reason: reason.to_owned(),
    };
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(corrupt("not a grundy sequence file (no GRUNDYSQ header)"));
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version == 1 {
        return Err(corrupt(
            "written by an older grundy (format 1, whose checksum does not cover the game's name): compute it again",
        ));
    }
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
    if Checksum::of_file(&spec, &values).value() != checksum {
        return Err(corrupt(
            "checksum mismatch: the game's name or the values are damaged",
        ));
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
    /// The checkpoint's text form.
    #[must_use]
    pub fn to_text(&self) -> String {
        // A tiny fixed format, one field per line, easy to check by eye.
        format!(
            "grundy-checkpoint 1\nspec {}\nengine {}\ntarget {}\ncommitted {}\nwidth {}\nchecksum {}\n",
            self.spec, self.engine, self.target, self.committed, self.width, self.checksum
        )
    }

    /// Reads a checkpoint's text form; `None` unless it is exactly one.
    #[must_use]
    pub fn parse(text: &str) -> Option<Checkpoint> {
        // Split on '\n' alone (not `lines`, which would also eat a '\r'
        // ending a field), so that every checkpoint prints back as read.
        let mut lines = text.strip_suffix('\n')?.split('\n');
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

/// Reads the values a checkpoint vouches for from the partial file and
/// checks them against its checksum, without changing the file. The file is
/// read at the checkpoint's width and, failing that, at each wider one: a
/// run killed between widening the file and the next checkpoint leaves a
/// wider file that still holds every value vouched for. Returns the values
/// and the width of the file.
fn verified_values(
    partial_path: &Path,
    record: &Checkpoint,
) -> Result<(NimSequence, usize), StoreError> {
    let corrupt = |reason: String| StoreError::Corrupt {
        path: partial_path.display().to_string(),
        reason,
    };
    let mut file = File::open(partial_path).map_err(io_error(partial_path))?;
    let on_disk = file.metadata().map_err(io_error(partial_path))?.len();
    let recorded = usize::from(record.width);
    if !matches!(recorded, 1 | 2 | 4) {
        return Err(corrupt(format!(
            "the checkpoint records {recorded} bytes per value (1, 2 or 4 expected); it was not used"
        )));
    }
    let least = record.committed.saturating_mul(recorded as u64);
    if on_disk < least {
        return Err(corrupt(format!(
            "holds {on_disk} bytes but the checkpoint vouches for {least}; nothing was changed"
        )));
    }
    for width in [1usize, 2, 4].into_iter().filter(|&w| w >= recorded) {
        let Some(needed) = record.committed.checked_mul(width as u64) else {
            continue;
        };
        if on_disk < needed {
            continue;
        }
        let needed =
            usize::try_from(needed).map_err(|_| corrupt("too large to read".to_owned()))?;
        let mut bytes = vec![0u8; needed];
        file.seek(SeekFrom::Start(0))
            .map_err(io_error(partial_path))?;
        file.read_exact(&mut bytes)
            .map_err(io_error(partial_path))?;
        let Some(values) = read_values(&bytes, width) else {
            continue;
        };
        if Checksum::of(&values).value() == record.checksum {
            return Ok((values, width));
        }
    }
    Err(corrupt("checksum mismatch with the checkpoint: the saved values are damaged and were not used; nothing was changed".to_owned()))
}

/// Progress of a run, reported after every chunk of values.
#[derive(Clone, Debug)]
pub struct RunProgress {
    /// Values computed.
    pub done: u64,
    /// Values asked for.
    pub target: u64,
    /// The largest value so far.
    pub largest: u64,
    /// Rare positions, when the sparse engine tracks them.
    pub rare: Option<usize>,
    /// The proved period the values are filled from, once there is one.
    pub period_fill: Option<PeriodFill>,
}

/// A resumable computation of G(0..target) into a sequence file.
pub struct RunToFile<'a> {
    /// Makes the kernel that computes the values, fresh (a resumed run
    /// restores it from the values read back).
    pub kernel: &'a dyn Fn() -> Result<Box<dyn Kernel>, GameError>,
    /// Its spec, recorded in the file.
    pub spec: &'a str,
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
    /// Whether the output file already holds every value of this run: its
    /// header says so (this spec, this many values, the length they need)
    /// and the whole file is read and checked, since a header alone may
    /// have been damaged into another game's name.
    #[must_use]
    pub fn output_complete(&self) -> bool {
        self.header_complete() && read_sequence_file(self.out).is_ok()
    }

    /// Whether the output's header alone says it holds every value.
    fn header_complete(&self) -> bool {
        sequence_header(self.out)
            .is_ok_and(|h| h.spec == self.spec && h.count == self.target && h.full_length)
    }

    /// Runs to the end, calling `progress` after every chunk of values.
    /// An error from `progress` stops the run after a checkpoint of every
    /// value computed, as [`StoreError::Stopped`] (Ctrl-C loses nothing).
    ///
    /// An output that already holds every value (a run killed after it
    /// renamed the finished file into place but before it removed the
    /// companions) has its companions removed: resuming returns its
    /// values, once they are read and checked; a fresh run computes
    /// them again.
    pub fn run(
        &self,
        progress: &mut dyn FnMut(&RunProgress) -> Result<(), GameError>,
    ) -> Result<NimSequence, StoreError> {
        let (partial_path, checkpoint_path) = companions(self.out);
        // The header first; a resume then reads and checks the whole file
        // once (a fresh run writes it again anyway).
        if self.header_complete() {
            let remove_companions = || {
                let _ = fs::remove_file(&partial_path);
                let _ = fs::remove_file(&checkpoint_path);
            };
            if !self.resume {
                remove_companions();
            } else if let Ok(file) = read_sequence_file(self.out) {
                // A damaged output keeps its companions, which resume.
                remove_companions();
                return Ok(file.values);
            }
        }
        if self.spec.contains(['\n', '\r']) || self.engine_name.contains(['\n', '\r']) {
            return Err(StoreError::Mismatch {
                path: checkpoint_path.display().to_string(),
                reason: "the game spec contains a line break, which a checkpoint cannot record"
                    .to_owned(),
            });
        }
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
            (DenseEngine::new((self.kernel)()?), Checksum::default())
        };
        let mut partial = OpenOptions::new()
            .append(true)
            .open(&partial_path)
            .map_err(io_error(&partial_path))?;
        let mut last_checkpoint = Instant::now();
        let mut largest = engine.values().iter().max().unwrap_or(0);
        const CHUNK: usize = 1 << 14;
        let mut steps = crate::sequence::Stepper::new(CHUNK);
        while engine.values().len() < target {
            let before = engine.values().len();
            let width_before = engine.values().value_bytes();
            engine.extend_to((before + steps.next_step()).min(target))?;
            let values = engine.values();
            for v in (before..values.len()).map(|n| values.get(n)) {
                checksum.add(v);
                largest = largest.max(v);
            }
            let widened = values.value_bytes() != width_before;
            if widened {
                // The values outgrew their width. The widened file is
                // written beside the old one and renamed over it, so a
                // kill at any instant leaves either the old file (which
                // the checkpoint vouches for) or the new one (which holds
                // every value the checkpoint vouches for, wider; `load`
                // recognises it); a checkpoint at the new width follows at
                // once.
                write_atomically(&partial_path, |out| write_values(out, values, 0))?;
                partial = OpenOptions::new()
                    .append(true)
                    .open(&partial_path)
                    .map_err(io_error(&partial_path))?;
            } else {
                let mut out = BufWriter::new(&mut partial);
                write_values(&mut out, values, before).map_err(io_error(&partial_path))?;
                out.flush().map_err(io_error(&partial_path))?;
            }
            let vouch_for_every_value = || {
                self.checkpoint(
                    &partial,
                    &checkpoint_path,
                    &partial_path,
                    values.len(),
                    values.value_bytes(),
                    checksum,
                )
            };
            let due = widened || last_checkpoint.elapsed() >= self.checkpoint_every;
            if due {
                vouch_for_every_value()?;
                last_checkpoint = Instant::now();
            }
            let asked_to_stop = progress(&RunProgress {
                done: values.len() as u64,
                target: self.target,
                largest,
                rare: engine.kernel().rare_count(),
                period_fill: engine.kernel().period_fill().cloned(),
            });
            if let Err(cause) = asked_to_stop {
                if !due {
                    vouch_for_every_value()?;
                }
                return Err(StoreError::Stopped {
                    committed: values.len() as u64,
                    target: self.target,
                    partial: partial_path.display().to_string(),
                    checkpoint: checkpoint_path.display().to_string(),
                    cause: Box::new(cause),
                });
            }
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
                return Ok((DenseEngine::new((self.kernel)()?), Checksum::default()));
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
        if self.target < record.committed {
            return Err(mismatch(format!(
                "the checkpoint already holds {} values, more than the {} asked for: resume with -n {} (or more)",
                record.committed, self.target, record.target
            )));
        }
        let (values, found_width) = verified_values(partial_path, &record)?;
        // Verified equal to the checkpoint's: no need to sum the values again.
        let checksum = Checksum(record.checksum);
        if found_width == values.value_bytes() {
            // Drop whatever was written after the checkpoint, now that the
            // values it vouches for are known to be good.
            let file = OpenOptions::new()
                .write(true)
                .open(partial_path)
                .map_err(io_error(partial_path))?;
            let keep = values.len() as u64 * found_width as u64;
            file.set_len(keep).map_err(io_error(partial_path))?;
            file.sync_data().map_err(io_error(partial_path))?;
        } else {
            // The file is wider than its values (the run was killed after
            // widening, before the values that needed it were vouched for):
            // rewrite it at the values' own width, as an uninterrupted run
            // would have it, and vouch for it at once.
            write_atomically(partial_path, |out| write_values(out, &values, 0))?;
            let partial = File::open(partial_path).map_err(io_error(partial_path))?;
            self.checkpoint(
                &partial,
                checkpoint_path,
                partial_path,
                values.len(),
                values.value_bytes(),
                checksum,
            )?;
        }
        let kernel = (self.kernel)()?;
        Ok((DenseEngine::resume(kernel, values), checksum))
    }
}

#[cfg(test)]
mod tests {
    //! A run killed at the worst moments: the states such a kill leaves on
    //! disk are built here directly, then resumed.
    use super::*;
    use crate::sequence::dense::DenseEngine;

    /// G(n) = n: Nim's values, from a kernel of the test's own (the store
    /// knows no family).
    struct Count;

    impl Kernel for Count {
        fn next_value(&mut self, values: &NimSequence) -> Result<u64, GameError> {
            Ok(values.len() as u64)
        }
    }

    fn nim_kernel() -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(Count))
    }

    fn nim_values(n: usize) -> NimSequence {
        let mut engine = DenseEngine::new(Count);
        engine.extend_to(n).unwrap();
        engine.into_values()
    }

    fn nim_run<'a>(out: &'a Path, target: u64, resume: bool) -> RunToFile<'a> {
        RunToFile {
            kernel: &nim_kernel,
            spec: "nim",
            engine_name: "auto",
            target,
            out,
            resume,
            checkpoint_every: Duration::from_secs(3600),
        }
    }

    fn checkpoint_text(committed: u64, width: u8, values: &NimSequence) -> String {
        let mut sum = Checksum::default();
        for n in 0..committed as usize {
            sum.add(values.get(n));
        }
        Checkpoint {
            spec: "nim".to_owned(),
            engine: "auto".to_owned(),
            target: 1000,
            committed,
            width,
            checksum: sum.value(),
        }
        .to_text()
    }

    fn raw(values: &NimSequence, count: usize, width: usize) -> Vec<u8> {
        let mut bytes = Vec::new();
        for n in 0..count {
            bytes.extend_from_slice(&values.get(n).to_le_bytes()[..width]);
        }
        bytes
    }

    /// Nim's values pass 255 at n = 256: the run widens there.
    fn reference(dir: &Path) -> Vec<u8> {
        let whole = dir.join("whole.bin");
        nim_run(&whole, 1000, false).run(&mut |_| Ok(())).unwrap();
        fs::read(whole).unwrap()
    }

    fn resumed(dir: &Path, partial: &[u8], checkpoint: &str) -> Result<Vec<u8>, StoreError> {
        let out = dir.join("resumed.bin");
        let (partial_path, checkpoint_path) = companions(&out);
        fs::write(&partial_path, partial).unwrap();
        fs::write(&checkpoint_path, checkpoint).unwrap();
        nim_run(&out, 1000, true).run(&mut |_| Ok(()))?;
        Ok(fs::read(out).unwrap())
    }

    /// Issue 52: every byte an answer depends on is checked. Each byte of
    /// a sequence file changed in turn (every bit of the header and the
    /// name, a sample of the values) is refused or reads back exactly the
    /// undamaged file (the reserved byte); before format 2 a name changed
    /// from `0.77` to `0.67` read Kayles' values as 0.67's.
    #[test]
    fn a_damaged_byte_is_refused_never_believed() {
        let mut values = NimSequence::with_capacity(300);
        for n in 0..300u64 {
            values.push(n * 7 % 263).unwrap();
        }
        let bytes = sequence_file_bytes("0.77", &values);
        let good = parse_sequence_bytes(&bytes, "f").unwrap();
        assert_eq!(good.spec, "0.77");
        let positions: Vec<usize> = (0..HEADER + 4)
            .chain((HEADER + 4..bytes.len()).step_by(37))
            .collect();
        for at in positions {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[at] ^= 1 << bit;
                if let Ok(read) = parse_sequence_bytes(&damaged, "f") {
                    assert_eq!(read, good, "byte {at} bit {bit} gave another answer");
                }
            }
        }
        // The name changed to another game's, as in the report.
        let mut renamed = bytes.clone();
        renamed[HEADER + 2] = b'6';
        let refused = parse_sequence_bytes(&renamed, "f").unwrap_err();
        assert!(
            refused.to_string().contains("checksum mismatch"),
            "{refused}"
        );
    }

    #[test]
    fn killed_after_widening_before_the_checkpoint() {
        // The checkpoint vouches for `committed` one-byte values; the file
        // was then widened (`on_disk` values, two bytes each) and the run
        // killed before the next checkpoint. Resuming must use the values
        // vouched for: whether they all fit in one byte (200) or the last
        // of them is the one that needed two (G(256) = 256).
        let dir = tempfile::tempdir().unwrap();
        let whole = reference(dir.path());
        let values = nim_values(1000);
        for (committed, on_disk) in [(200, 300), (256, 400), (257, 257)] {
            let got = resumed(
                dir.path(),
                &raw(&values, on_disk, 2),
                &checkpoint_text(committed, 1, &values),
            )
            .unwrap();
            assert_eq!(got, whole, "{committed} vouched for, {on_disk} on disk");
        }
    }

    #[test]
    fn killed_during_the_rewrite() {
        // The widened file was still being written beside the old one.
        let dir = tempfile::tempdir().unwrap();
        let whole = reference(dir.path());
        let values = nim_values(1000);
        let out = dir.path().join("resumed.bin");
        fs::write(sibling(&companions(&out).0, ".tmp"), raw(&values, 100, 2)).unwrap();
        let got = resumed(
            dir.path(),
            &raw(&values, 256, 1),
            &checkpoint_text(250, 1, &values),
        )
        .unwrap();
        assert_eq!(got, whole);
    }

    #[test]
    fn damaged_values_are_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let values = nim_values(1000);
        let mut partial = raw(&values, 220, 1);
        partial[17] ^= 1;
        let error = resumed(dir.path(), &partial, &checkpoint_text(200, 1, &values)).unwrap_err();
        assert!(error.to_string().contains("checksum mismatch"), "{error}");
        let on_disk = fs::read(companions(&dir.path().join("resumed.bin")).0).unwrap();
        assert_eq!(on_disk, partial, "a refused file is not truncated");
    }

    #[test]
    fn a_short_file_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let values = nim_values(1000);
        let partial = raw(&values, 150, 1);
        let error = resumed(dir.path(), &partial, &checkpoint_text(200, 1, &values)).unwrap_err();
        assert!(error.to_string().contains("vouches for 200"), "{error}");
    }

    #[test]
    fn fewer_values_than_the_checkpoint_holds_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let values = nim_values(1000);
        let out = dir.path().join("resumed.bin");
        let (partial_path, checkpoint_path) = companions(&out);
        fs::write(&partial_path, raw(&values, 200, 1)).unwrap();
        fs::write(&checkpoint_path, checkpoint_text(200, 1, &values)).unwrap();
        let error = nim_run(&out, 100, true).run(&mut |_| Ok(())).unwrap_err();
        assert!(error.to_string().contains("resume with -n 1000"), "{error}");
    }

    #[test]
    fn a_run_stopped_by_its_callback_keeps_every_value_it_computed() {
        let dir = tempfile::tempdir().unwrap();
        let whole = reference(dir.path());
        let out = dir.path().join("stopped.bin");
        // Stop at the first chunk past the widening at 256 (the checkpoint
        // interval is an hour: only the stop itself writes one).
        let mut seen = 0;
        let error = nim_run(&out, 1000, false)
            .run(&mut |p| {
                seen = p.done;
                if p.done > 256 {
                    return Err(GameError::Stopped {
                        reason: "asked to".to_owned(),
                    });
                }
                Ok(())
            })
            .unwrap_err();
        let StoreError::Stopped {
            committed, target, ..
        } = &error
        else {
            panic!("not a stop: {error}");
        };
        assert_eq!((*committed, *target), (seen, 1000));
        assert!(seen > 256 && seen < 1000, "{seen}");
        assert!(error.to_string().contains("asked to"), "{error}");
        assert!(!out.exists());
        // Resuming computes nothing twice: the first chunk it reports
        // starts past the values kept.
        let mut first = None;
        nim_run(&out, 1000, true)
            .run(&mut |p| {
                first.get_or_insert(p.done);
                Ok(())
            })
            .unwrap();
        assert!(first.is_some_and(|done| done > seen), "{first:?}");
        assert_eq!(fs::read(&out).unwrap(), whole);
    }
}

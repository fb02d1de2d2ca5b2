//! Checkpoints of the labelling, one per level, so that a solve stopped by
//! a dead process starts again from the last level every worker finished
//! (`grundy solve --resume`), not from the beginning.
//!
//! At the start of level m ≥ 1 each worker writes its vertices' state
//! (label, the next value each needs, unlabelled followers) to
//! `checkpoint-m-I-of-W.bin` (with the CRC-32 of its bytes and a
//! fingerprint of the worker's part of the graph); once every worker has
//! reported its file written, worker 0 writes `CHECKPOINT` (the level,
//! the workers, the graph's size), and after one more round each worker
//! removes its file of the level before. So `CHECKPOINT` always names a
//! level whose every file is complete. A resume checks the layout (the
//! same number of workers: a vertex's worker is v mod W), the graph's size
//! and each worker's fingerprint, and says which differs.

use std::path::Path;

use crate::SolveError;

const MAGIC: &[u8; 8] = b"GRUNDYCK";
const VERSION: u32 = 1;
const MANIFEST: &str = "CHECKPOINT";

fn file_name(level: u32, index: usize, workers: usize) -> String {
    format!("checkpoint-{level}-{index}-of-{workers}.bin")
}

/// A worker's labelling state at the start of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LabelState {
    pub level: u32,
    pub label: Vec<u32>,
    pub next_needed: Vec<u32>,
    pub unlabelled: Vec<u32>,
}

/// The level `CHECKPOINT` names, if a complete checkpoint is in `dir`,
/// after checking it was written by a solve of this layout and graph size.
pub(crate) fn resumable_level(
    dir: &Path,
    workers: usize,
    vertices: u32,
    edges: u64,
) -> Result<Option<u32>, SolveError> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(SolveError::io(&path, e)),
    };
    let mut fields = std::collections::HashMap::new();
    for line in text.lines() {
        if let Some((key, value)) = line.split_once(' ') {
            fields.insert(key.to_owned(), value.trim().parse::<u64>().ok());
        }
    }
    let get = |key: &str| fields.get(key).copied().flatten();
    let bad = |reason: String| SolveError::Format {
        path: path.clone(),
        reason,
    };
    let (Some(level), Some(w), Some(n), Some(m)) =
        (get("level"), get("workers"), get("vertices"), get("edges"))
    else {
        return Err(bad("not a checkpoint manifest".to_owned()));
    };
    if w != workers as u64 {
        return Err(bad(format!(
            "written by a solve on {w} workers; resume with the same layout (-w times -n = {w}), this one has {workers}"
        )));
    }
    if (n, m) != (u64::from(vertices), edges) {
        return Err(bad(format!(
            "written for a graph of {n} vertices and {m} moves; this one has {vertices} and {edges}"
        )));
    }
    Ok(Some(
        u32::try_from(level).map_err(|_| bad("level out of range".to_owned()))?,
    ))
}

/// Writes worker `index`'s state at the start of `state.level`.
pub(crate) fn write(
    dir: &Path,
    index: usize,
    workers: usize,
    fingerprint: u32,
    state: &LabelState,
) -> Result<(), SolveError> {
    let path = dir.join(file_name(state.level, index, workers));
    let mut bytes = Vec::with_capacity(32 + 12 * state.label.len());
    bytes.extend_from_slice(MAGIC);
    for word in [
        VERSION,
        index as u32,
        workers as u32,
        state.level,
        fingerprint,
        state.label.len() as u32,
    ] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    for array in [&state.label, &state.next_needed, &state.unlabelled] {
        for &x in array.iter() {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    crate::db::write_atomically(&path, &path.with_extension("tmp"), &bytes)
}

/// Worker 0's record that every worker's file of `level` is complete.
pub(crate) fn write_manifest(
    dir: &Path,
    level: u32,
    workers: usize,
    vertices: u32,
    edges: u64,
) -> Result<(), SolveError> {
    let path = dir.join(MANIFEST);
    // The first worker of each process writes it (a shared directory gets
    // it from several): each under a name of its own, renamed atomically.
    let temporary = dir.join(format!("{MANIFEST}.{}.tmp", std::process::id()));
    let text = format!("level {level}\nworkers {workers}\nvertices {vertices}\nedges {edges}\n");
    crate::db::write_atomically(&path, &temporary, text.as_bytes())
}

/// Reads worker `index`'s state of `level`, checked.
pub(crate) fn read(
    dir: &Path,
    level: u32,
    index: usize,
    workers: usize,
    fingerprint: u32,
    local_count: usize,
) -> Result<LabelState, SolveError> {
    let path = dir.join(file_name(level, index, workers));
    let bytes = std::fs::read(&path).map_err(|e| SolveError::io(&path, e))?;
    let bad = |reason: String| SolveError::Format {
        path: path.clone(),
        reason,
    };
    let expected_len = 8 + 24 + 12 * local_count + 4;
    if bytes.len() != expected_len || &bytes[..8] != MAGIC {
        return Err(bad(format!(
            "{} bytes where a checkpoint of {local_count} vertices has {expected_len}",
            bytes.len()
        )));
    }
    let (body, trailer) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(body) != u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]])
    {
        return Err(bad(
            "checksum does not match: the checkpoint is damaged".to_owned()
        ));
    }
    let words: Vec<u32> = body[8..]
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let header = &words[..6];
    if header[..4] != [VERSION, index as u32, workers as u32, level] {
        return Err(bad(format!(
            "header {:?} is not level {level} of worker {index} of {workers}",
            &header[..4]
        )));
    }
    if header[4] != fingerprint {
        return Err(bad(
            "this worker's part of the graph is not the one checkpointed (the graph changed)"
                .to_owned(),
        ));
    }
    let arrays = &words[6..];
    let (n, rest) = (local_count, arrays);
    Ok(LabelState {
        level,
        label: rest[..n].to_vec(),
        next_needed: rest[n..2 * n].to_vec(),
        unlabelled: rest[2 * n..3 * n].to_vec(),
    })
}

/// Removes worker `index`'s file of `level`, if there.
pub(crate) fn remove(dir: &Path, level: u32, index: usize, workers: usize) {
    // A file left behind only takes room; the manifest names the level.
    let _ = std::fs::remove_file(dir.join(file_name(level, index, workers)));
}

/// Removes every checkpoint in `dir` (a fresh solve, or a finished one).
pub(crate) fn clear(dir: &Path) -> Result<(), SolveError> {
    crate::db::remove_files(dir, &dir.join(MANIFEST), |name| {
        name.starts_with("checkpoint-")
            || (name.starts_with("CHECKPOINT.") && name.ends_with(".tmp"))
    })
}

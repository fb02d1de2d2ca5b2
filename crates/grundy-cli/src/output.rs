//! Writing results: a buffered, locked stdout and JSON helpers.

use std::io::{self, BufWriter, Write};

/// A buffered handle on stdout; flush it before returning.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes `value` as pretty JSON followed by a newline.
pub fn write_json<W: Write>(out: &mut W, value: &serde_json::Value) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)
}

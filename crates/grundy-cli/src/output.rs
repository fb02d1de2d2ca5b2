//! Writing results: a buffered, locked stdout.

use std::io::{self, BufWriter};

/// A buffered handle on stdout; flush it before returning.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

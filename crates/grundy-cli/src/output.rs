//! Writing results: a buffered, locked stdout, and the width text is
//! wrapped to.

use std::io::{self, BufWriter};

/// A buffered handle on stdout; flush it before returning.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// The width text output is wrapped to: the terminal's when stdout is
/// one, else `COLUMNS` when set, else 80 (a pipe or a file).
#[must_use]
pub fn text_width() -> usize {
    let terminal = console::Term::stdout()
        .size_checked()
        .map(|(_, columns)| columns as usize);
    let columns = || std::env::var("COLUMNS").ok()?.trim().parse::<usize>().ok();
    terminal.or_else(columns).unwrap_or(80).clamp(40, 400)
}

/// `text` broken at spaces into lines of at most `width` characters (a
/// word longer than that has a line of its own).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_breaks_at_spaces_within_the_width() {
        let lines = wrap("one two three four five six", 9);
        assert_eq!(lines, ["one two", "three", "four five", "six"]);
        assert!(lines.iter().all(|l| l.len() <= 9));
        assert_eq!(wrap("unbreakable-word x", 4), ["unbreakable-word", "x"]);
        assert_eq!(wrap("", 10), [""]);
    }
}

//! Progress on a terminal for every command that can run longer than a
//! second: the bar appears only once a second has passed (short commands
//! stay quiet) and never when stderr is not a terminal.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// A progress bar that shows itself after a second on a terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    total: u64,
    template: &'static str,
    on_terminal: bool,
}

impl Progress {
    /// Progress towards `total`, drawn with an indicatif `template`.
    pub fn new(total: u64, template: &'static str) -> Progress {
        Progress {
            bar: None,
            started: Instant::now(),
            total,
            template,
            on_terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Progress in values: done, rate, ETA and a message.
    pub fn values(total: u64) -> Progress {
        Progress::new(
            total,
            "{elapsed_precise} [{bar:30}] {human_pos}/{human_len} values, {per_sec}, ETA {eta} {msg}",
        )
    }

    fn bar(&mut self) -> Option<&ProgressBar> {
        if !self.on_terminal || self.started.elapsed() < Duration::from_secs(1) {
            return None;
        }
        let (total, template) = (self.total, self.template);
        Some(self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template(template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        }))
    }

    /// Records `done` of the total.
    pub fn set(&mut self, done: u64) {
        if let Some(bar) = self.bar() {
            bar.set_position(done);
        }
    }

    /// Records `done` of `total` (for work whose total is known only as it
    /// goes).
    pub fn set_of(&mut self, done: u64, total: u64) {
        self.total = total;
        if let Some(bar) = self.bar() {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    /// Records `done` and a message after the counts.
    pub fn set_with_message(&mut self, done: u64, message: String) {
        if let Some(bar) = self.bar() {
            bar.set_position(done);
            bar.set_message(message);
        }
    }

    /// Removes the bar.
    pub fn finish(self) {}
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Runs `work` with its searches (misère sums, remoteness, the solver's
/// traversal: work with no natural step for a bar) counted: after a
/// second on a terminal, a line shows how many positions they have
/// opened, so a long search is seen to be alive and growing (a misère
/// search stops at [`grundy::misere::MAX_SUMS`] sums).
pub fn searching<T>(work: impl FnOnce() -> T) -> T {
    let mut progress = Progress::new(
        0,
        "{elapsed_precise} searching: {human_pos} positions opened",
    );
    let mut opened = 0u64;
    grundy::stop::with_check(
        move || {
            opened += u64::from(grundy::stop::TICKS_PER_CHECK);
            progress.set(opened);
            Ok(())
        },
        work,
    )
}

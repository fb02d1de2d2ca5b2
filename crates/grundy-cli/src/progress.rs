//! Progress on a terminal for every command that can run longer than a
//! second: the bar appears only once a second has passed (short commands
//! stay quiet) and never when stderr is not a terminal.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

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
            "{elapsed_precise} [{bar:30}] {human_pos}/{human_len} values{rate}{eta_known} {msg}",
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
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .with_key("rate", write_rate)
                    .with_key("eta_known", write_eta),
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

/// Whether the bar has measured a rate: something done, and a second
/// of it.
fn measured(state: &ProgressState) -> bool {
    state.pos() > 0 && state.elapsed() >= Duration::from_secs(1) && state.per_sec().is_finite()
}

/// The `{rate}` key: `, 18.1M/s` once there is a measurement, else
/// nothing.
fn write_rate(state: &ProgressState, out: &mut dyn std::fmt::Write) {
    if measured(state) {
        let _ = write!(out, ", {}/s", three_significant(state.per_sec()));
    }
}

/// The `{eta_known}` key: `, ETA 3m` once there is a rate to go by,
/// else nothing.
fn write_eta(state: &ProgressState, out: &mut dyn std::fmt::Write) {
    if measured(state) && state.len().is_some_and(|len| len > state.pos()) {
        let eta = indicatif::HumanDuration(state.eta());
        let _ = write!(out, ", ETA {eta}");
    }
}

/// `x` to three significant digits with an SI multiplier:
/// 18050462975.4 → `18.1G`, 950 → `950`, 12.34 → `12.3`.
fn three_significant(x: f64) -> String {
    if !x.is_finite() || x <= 0.0 {
        return "0".to_owned();
    }
    let (scaled, suffix) = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        .into_iter()
        .find(|&(unit, _)| x >= unit * 0.9995)
        .map_or((x, ""), |(unit, suffix)| (x / unit, suffix));
    let decimals = if scaled >= 99.95 {
        0
    } else if scaled >= 9.995 {
        1
    } else if scaled >= 0.9995 {
        2
    } else {
        3
    };
    format!("{scaled:.decimals$}{suffix}")
}

/// Runs `work` with its searches (misère sums, remoteness, the solver's
/// traversal: work with no natural step for a bar) counted: after a
/// second on a terminal, a line shows how many positions they have
/// opened, so a long search is seen to be alive and growing (a misère
/// search stops at [`grundy::misere::MAX_SUMS`] sums); Ctrl-C stops them
/// (and a misère quotient, which checks between its steps).
pub fn searching<T>(work: impl FnOnce() -> T) -> T {
    let mut progress = Progress::new(
        0,
        "{elapsed_precise} searching: {human_pos} positions opened{rate}",
    );
    let mut opened = 0u64;
    grundy::stop::with_check(
        move || {
            opened += u64::from(grundy::stop::TICKS_PER_CHECK);
            progress.set(opened);
            crate::interrupt::check()
        },
        work,
    )
}

#[cfg(test)]
mod tests {
    use super::three_significant;

    #[test]
    fn rates_have_three_significant_digits() {
        assert_eq!(three_significant(18_050_462_975.408_6), "18.1G");
        assert_eq!(three_significant(950.0), "950");
        assert_eq!(three_significant(999.6), "1.00k");
        assert_eq!(three_significant(12.34), "12.3");
        assert_eq!(three_significant(0.5), "0.500");
        assert_eq!(three_significant(1_234_567.0), "1.23M");
        assert_eq!(three_significant(0.0), "0");
    }
}

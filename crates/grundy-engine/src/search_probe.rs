//! How long the search of a board or a graph will take, told before it
//! starts.
//!
//! A search's time follows no formula (Node Kayles on a 5x11 grid takes
//! longer than on 5x12), but it grows about exponentially with the
//! position's size, and at a rate that depends on its shape. So the
//! probe searches growing parts of the position itself (the ruleset says
//! which: a board's first columns, a graph's vertices in breadth-first
//! order), for a fraction of a second in all, and carries the growth of
//! their times to the position's size. The parts are not the position,
//! and a search's time depends on more than its size (a Chomp diagram's
//! on its value): on the estimates' benchmark (`cargo bench -p
//! grundy-cli --bench estimates`) the line's time was from 13 times
//! under to 276 times over the measured one. So the probe answers the
//! low end of that range, [`SPREAD`] times under the line: a search is
//! refused only when even that is past the limit (Node Kayles on a 5x20
//! grid, Chomp on 20x20: days and more), and announced when it is long.

use std::time::Instant;

use crate::error::GameError;
use crate::ruleset::Ruleset;
use crate::split_search::SplitSearch;

/// The time a probe measures: the smaller of the wall time and the
/// process's CPU time since it started. On a busy machine the wall time
/// counts other programs' work (a probe of `seq officers` beside a busy
/// loop was once read as 17 minutes for a run of 20 s) and the CPU time
/// does not; on an idle one the engines that use both cores spend twice
/// the wall time in CPU, and the wall time is what the user waits.
#[derive(Clone, Copy, Debug)]
pub struct ProbeClock {
    wall: Instant,
    cpu: Option<cpu_time::ProcessTime>,
}

impl ProbeClock {
    /// A clock started now.
    #[must_use]
    pub fn start() -> ProbeClock {
        ProbeClock {
            wall: Instant::now(),
            cpu: cpu_time::ProcessTime::try_now().ok(),
        }
    }

    /// Seconds since the start (see [`ProbeClock`]).
    #[must_use]
    pub fn seconds(&self) -> f64 {
        let wall = self.wall.elapsed().as_secs_f64();
        self.cpu
            .and_then(|cpu| cpu.try_elapsed().ok())
            .map_or(wall, |cpu| wall.min(cpu.as_secs_f64()))
    }
}

/// How long the probe searches, in all.
pub const PROBE_SECONDS: f64 = 0.3;

/// How long the probe searches the position itself first: a search done
/// within it needs no estimate.
pub const WHOLE_SECONDS: f64 = 0.1;

/// Parts searched faster than this are too quick to time.
const SHORTEST_TIMED: f64 = 2e-3;

/// How far the line's time strays from the measured one, either way
/// (see the module's documentation): the probe answers the line's time
/// divided by this.
pub const SPREAD: f64 = 30.0;

/// How many of the last timed parts the growth is fitted to.
const FITTED: usize = 4;

/// The table a part's search may fill: the probe's parts are small.
const PROBE_TABLE_BYTES: usize = 64 << 20;

/// The low end of how many seconds the search of `position`'s value
/// takes on one core ([`SPREAD`] under the probe's line). The position itself is searched first, for [`WHOLE_SECONDS`]:
/// when that is enough the search is quick and the answer `None` (and
/// `parts`, made as they are needed, are never made). Else `parts` (parts
/// of it, smallest first, each with the logarithm of its
/// size) are searched in turn until [`PROBE_SECONDS`] have passed, and a
/// line through the logarithms of the last few times against the
/// logarithms of the sizes (a part the probe's time ended counting as
/// taking what time it had, when the line says less) is carried to the position's, `log_size`: a
/// time exponential in a board's squares is a line against the squares,
/// a time growing as a power of the positions inside a diagram a line
/// against their logarithm. `None` too when too few parts took a
/// measurable time to fit a growth to. A stop of the request around the
/// probe (a deadline, Ctrl-C) ends it: the search that follows meets that
/// stop again.
pub fn probe_search_seconds<R: Ruleset>(
    rules: &R,
    parts: impl IntoIterator<Item = (f64, R::Position)>,
    position: &R::Position,
    log_size: f64,
) -> Option<f64> {
    let started = ProbeClock::start();
    let search = |part: &R::Position, seconds: f64| {
        let begun = ProbeClock::start();
        let searched = crate::stop::with_extra_check(
            move || {
                if begun.seconds() >= seconds {
                    return Err(GameError::Stopped {
                        reason: "the cost probe's time is up".to_owned(),
                    });
                }
                Ok(())
            },
            || SplitSearch::with_table_bytes(rules, PROBE_TABLE_BYTES).value(part),
        );
        searched.ok().map(|_| begun.seconds())
    };
    if search(position, WHOLE_SECONDS).is_some() {
        return None;
    }
    let mut timed: Vec<(f64, f64)> = Vec::new();
    for (size, part) in parts {
        let left = PROBE_SECONDS - started.seconds();
        if left <= 0.0 {
            break;
        }
        match search(&part, left) {
            Some(seconds) if seconds >= SHORTEST_TIMED => timed.push((size, seconds)),
            Some(_) => {}
            None => {
                // The part outlasted the probe: its time is at least what
                // it had. That bound joins the line only when the line
                // says less (a part with little time left says nothing).
                let line = fitted_seconds(&timed, size);
                if line.is_none_or(|at| at < left) {
                    timed.push((size, left));
                }
                break;
            }
        }
    }
    fitted_seconds(&timed, log_size).map(|seconds| seconds / SPREAD)
}

/// The time at `size` of the line (in logarithms of the time) through the last [`FITTED`]
/// of `timed` (size, seconds), by least squares on the logarithms; its
/// growth is held at zero or more (a part that happened to be quick does
/// not make the whole quicker than the largest part timed).
fn fitted_seconds(timed: &[(f64, f64)], size: f64) -> Option<f64> {
    let points: Vec<(f64, f64)> = timed
        .iter()
        .rev()
        .take(FITTED)
        .map(|&(s, t)| (s, t.ln()))
        .collect();
    if points.len() < 2 {
        return None;
    }
    let line = Line::through(&points)?;
    let (mean_x, mean_y) = (line.mean_x, line.mean_y);
    let growth = line.slope?.max(0.0);
    let largest = points.iter().map(|p| p.1).fold(f64::MIN, f64::max);
    let at_size = (mean_y + growth * (size - mean_x)).max(largest);
    // Beyond any time worth saying (and any f64), years are years.
    Some(at_size.min(700.0).exp())
}

/// The least-squares line through some points: it passes through their
/// mean, with `slope` (`None` when every x is the same). The cost probes'
/// fits: a search's here, a heap game's in `grundy::heap`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// The mean of the points' x.
    pub mean_x: f64,
    /// The mean of their y.
    pub mean_y: f64,
    /// The slope, when the x are not all equal.
    pub slope: Option<f64>,
}

impl Line {
    /// The line through `points` (x, y); `None` when there are none.
    #[must_use]
    pub fn through(points: &[(f64, f64)]) -> Option<Line> {
        if points.is_empty() {
            return None;
        }
        let count = points.len() as f64;
        let mean_x = points.iter().map(|p| p.0).sum::<f64>() / count;
        let mean_y = points.iter().map(|p| p.1).sum::<f64>() / count;
        let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
        let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
        Some(Line {
            mean_x,
            mean_y,
            slope: (sxx > 0.0).then(|| sxy / sxx),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exponential_is_carried_to_the_size() {
        // t = 0.001 * 2^s: the line through it gives 2^30 ms at 30.
        let timed: Vec<(f64, f64)> = (10..16)
            .map(|s| (f64::from(s), 1e-3 * 2f64.powi(s)))
            .collect();
        let at = fitted_seconds(&timed, 30.0).expect("a fit");
        let exact = 1e-3 * 2f64.powi(30);
        assert!((at / exact - 1.0).abs() < 1e-6, "{at} against {exact}");
    }

    #[test]
    fn a_fit_needs_two_sizes_and_never_shrinks() {
        assert_eq!(fitted_seconds(&[(10.0, 0.1)], 20.0), None);
        assert_eq!(fitted_seconds(&[(10.0, 0.1), (10.0, 0.2)], 20.0), None);
        // Times falling with size: the largest time measured stands.
        let at = fitted_seconds(&[(10.0, 0.4), (12.0, 0.1)], 40.0).expect("a fit");
        assert!((at - 0.4).abs() < 1e-9, "{at}");
    }
}

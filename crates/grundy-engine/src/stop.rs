//! Stopping long searches from outside: a deadline, Ctrl-C.
//!
//! The engines that compute values step by step take a progress
//! callback, and their callers stop them through it. The searches
//! (misère sums, remoteness of sums, the solver's traversal) run inside
//! one call with no natural step, so they call [`tick`] as they open each
//! new node instead; every [`TICKS_PER_CHECK`] ticks it runs the check the
//! caller installed with [`with_check`] on this thread, and an error from
//! the check (a [`GameError::Stopped`]) unwinds the search as any other
//! error would. With no check installed a tick costs a thread-local
//! counter increment.

use std::cell::{Cell, RefCell};

use crate::GameError;

/// Ticks between two runs of the installed check.
pub const TICKS_PER_CHECK: u32 = 256;

type Check = Box<dyn FnMut() -> Result<(), GameError>>;

thread_local! {
    static CHECK: RefCell<Option<Check>> = const { RefCell::new(None) };
    static TICKS: Cell<u32> = const { Cell::new(0) };
}

/// Runs `work` with `check` installed on this thread: the searches it
/// runs call `check` every [`TICKS_PER_CHECK`] nodes and stop with its
/// error. The previous check (if any) is back in place afterwards.
pub fn with_check<T>(
    check: impl FnMut() -> Result<(), GameError> + 'static,
    work: impl FnOnce() -> T,
) -> T {
    struct Restore(Option<Check>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CHECK.with(|slot| *slot.borrow_mut() = previous);
        }
    }
    let previous = CHECK.with(|slot| slot.replace(Some(Box::new(check))));
    let _restore = Restore(previous);
    work()
}

/// Runs `work` with `check` installed on this thread beside the check
/// already there: each run of the installed check runs `check`, then the
/// earlier one (a deadline, Ctrl-C), so a bounded piece of work inside a
/// request (a cost probe) still stops with the request. The earlier check
/// alone is back in place afterwards.
pub fn with_extra_check<T>(
    mut check: impl FnMut() -> Result<(), GameError> + 'static,
    work: impl FnOnce() -> T,
) -> T {
    type Shared = std::rc::Rc<RefCell<Option<Check>>>;
    struct PutBack(Shared);
    impl Drop for PutBack {
        fn drop(&mut self) {
            let earlier = self.0.borrow_mut().take();
            CHECK.with(|slot| *slot.borrow_mut() = earlier);
        }
    }
    let earlier: Shared =
        std::rc::Rc::new(RefCell::new(CHECK.with(|slot| slot.borrow_mut().take())));
    let _put_back = PutBack(std::rc::Rc::clone(&earlier));
    with_check(
        move || {
            check()?;
            match earlier.borrow_mut().as_mut() {
                Some(earlier) => earlier(),
                None => Ok(()),
            }
        },
        work,
    )
}

/// One node of a search: runs the installed check now and then.
#[inline]
pub fn tick() -> Result<(), GameError> {
    let ticks = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n
    });
    if !ticks.is_multiple_of(TICKS_PER_CHECK) {
        return Ok(());
    }
    let result = CHECK.with(|slot| match slot.try_borrow_mut() {
        Ok(mut check) => check.as_mut().map_or(Ok(()), |check| check()),
        // The check itself ran a search: it is not checked again.
        Err(_) => Ok(()),
    });
    if result.is_err() {
        // Once stopped, the very next tick checks again (and stops again):
        // work that turns a stop into "not known" and goes on (Chomp's
        // table pass, asked for a value the search can also find) must
        // not swallow every later check by consuming the ticks up to it.
        TICKS.with(|t| t.set(TICKS_PER_CHECK - 1));
    }
    result
}

/// Runs the installed check now: for work in coarse steps (a misère
/// quotient's candidates, each a second or more), where counting ticks
/// would check too seldom.
pub fn check() -> Result<(), GameError> {
    CHECK.with(|slot| match slot.try_borrow_mut() {
        Ok(mut check) => check.as_mut().map_or(Ok(()), |check| check()),
        Err(_) => Ok(()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stopped(reason: &str) -> Result<(), GameError> {
        Err(GameError::Stopped {
            reason: reason.to_owned(),
        })
    }

    /// A probe's own check runs beside the request's: the request's
    /// stop reaches work under the probe, and the request's check alone
    /// is in place after it.
    #[test]
    fn an_extra_check_runs_beside_the_earlier_one() {
        let outer = with_check(
            || stopped("outer"),
            || {
                let inner = with_extra_check(
                    || Ok(()),
                    || (0..TICKS_PER_CHECK * 2).try_for_each(|_| tick()),
                );
                assert!(
                    matches!(&inner, Err(GameError::Stopped { reason }) if reason == "outer"),
                    "{inner:?}"
                );
                let own = with_extra_check(|| stopped("probe"), check);
                assert!(
                    matches!(&own, Err(GameError::Stopped { reason }) if reason == "probe"),
                    "{own:?}"
                );
                check()
            },
        );
        assert!(matches!(outer, Err(GameError::Stopped { reason }) if reason == "outer"));
        assert!(with_extra_check(|| Ok(()), check).is_ok());
        assert!(check().is_ok());
    }

    #[test]
    fn the_check_stops_work_and_is_removed_after() {
        let stopped = with_check(
            || {
                Err(GameError::Stopped {
                    reason: "test".to_owned(),
                })
            },
            || (0..TICKS_PER_CHECK * 2).try_for_each(|_| tick()),
        );
        assert!(matches!(stopped, Err(GameError::Stopped { .. })));
        assert!((0..TICKS_PER_CHECK * 2).try_for_each(|_| tick()).is_ok());
    }

    /// Issue 52: a part of the work that meets the stop and goes on as if
    /// it did not know (Chomp's table pass under the search) used to eat
    /// every check: each of its passes ticked up to the next check and
    /// swallowed it, and the search around it never saw one. Once stopped,
    /// the next tick stops too.
    #[test]
    fn a_swallowed_stop_is_met_again_at_the_next_tick() {
        let stopped = with_check(
            || {
                Err(GameError::Stopped {
                    reason: "test".to_owned(),
                })
            },
            || {
                for _ in 0..3 {
                    // The inner pass: ticks until stopped, error dropped.
                    let _ = (0..TICKS_PER_CHECK * 2).try_for_each(|_| tick());
                    // The outer search's own node.
                    tick()?;
                }
                Ok(())
            },
        );
        assert!(matches!(stopped, Err(GameError::Stopped { .. })));
    }
}

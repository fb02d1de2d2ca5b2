//! The cost probes' clock, in a process of its own: it counts the
//! process's CPU time, which other tests running beside it would add to.

use grundy_engine::search_probe::ProbeClock;

/// Issue 52: time the machine spent elsewhere is not the probe's (a busy
/// loop beside a probe made a request of 20 s look like 17 minutes): a
/// probe that waits without computing measures almost nothing, and one
/// that computes measures about its time.
#[test]
fn the_probe_clock_counts_only_time_spent_computing() {
    let clock = ProbeClock::start();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let waited = clock.seconds();
    assert!(waited < 0.05, "{waited}");
    let clock = ProbeClock::start();
    let wall = std::time::Instant::now();
    let mut x = 1u64;
    while wall.elapsed().as_secs_f64() < 0.2 {
        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
    }
    let computed = clock.seconds();
    assert!(computed > 0.05 && computed <= 0.25, "{computed}");
}

//! The crash tests' hooks: a count read from the environment, at which a
//! test build of the CLI aborts as if killed there (`GRUNDY_TEST_ABORT_AFTER`
//! for `seq`, `GRUNDY_TEST_ABORT_AFTER_LEVEL` for `solve`). Compiled only
//! with the `test-hooks` feature, which grundy-cli's tests turn on through
//! their dev-dependency: in any other build these read nothing and are
//! `None`, so no binary a user builds or installs can be made to abort.

/// The count the environment variable `name` gives, in a test build;
/// always `None` otherwise.
#[must_use]
pub fn abort_after(name: &str) -> Option<u64> {
    if cfg!(feature = "test-hooks") {
        std::env::var(name).ok().and_then(|v| v.parse().ok())
    } else {
        None
    }
}

//! How much memory the table may take: the machine's memory, as
//! `/proc/meminfo` and the process's address-space limit say, and the
//! default bound drawn from it.

/// The default bound on the table's memory where the machine's memory is
/// not known, and the least default bound: 512 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 512 << 20;

/// The most the default bound grows to on a large machine: 4 GiB.
pub const MAX_DEFAULT_TABLE_BYTES: usize = 4 << 30;

/// The default bound on the table's memory, in bytes: a sixth of the
/// machine's memory, between [`DEFAULT_TABLE_BYTES`] and
/// [`MAX_DEFAULT_TABLE_BYTES`]. Why a sixth: the table doubles as it
/// grows, and holds the old slots and the new while it does, so the
/// bound costs 1.5 times itself at the peak, a quarter of the memory. Why
/// so large: a search that outgrows its table searches again what it
/// replaced; Cram 6x7 took 42 min of one core at 512 MiB, and 643 s at
/// 4 GiB (3.2 GB at its peak) beside igs's 1191 s with 8 GiB, side by
/// side. The table only grows as the search needs, so a small search
/// never takes it.
#[must_use]
pub fn default_table_bytes() -> usize {
    physical_memory().map_or(DEFAULT_TABLE_BYTES, |total| {
        usize::try_from(total / 6)
            .unwrap_or(usize::MAX)
            .clamp(DEFAULT_TABLE_BYTES, MAX_DEFAULT_TABLE_BYTES)
    })
}

/// The memory this process may use, in bytes, where the platform says
/// (Linux): the physical memory, or the address-space limit set on the
/// process (`ulimit -v`) when that is lower.
#[must_use]
pub fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    let physical = kib.checked_mul(1024)?;
    Some(address_space_limit().map_or(physical, |limit| physical.min(limit)))
}

/// The soft limit on this process's address space, if one is set.
fn address_space_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    // "Max address space   <soft>   <hard>   bytes": "unlimited" when none.
    line.trim_start_matches("Max address space")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

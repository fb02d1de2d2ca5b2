//! A straightforward rare/common loop, the baseline for the sparse engine:
//! one heap at a time, every split with a rare part, then a plain scan of
//! the splits (pair by pair, stopping when every rare candidate below the
//! smallest missing common value has turned up). Only for codes whose one
//! splitting digit is d0 or d1 with an optional `!`, which covers
//! Grundy's game (4!.0) and Officers (0.6).

/// G(0..n) of a game whose moves are: take `take` tokens and leave two
/// heaps (pairwise unequal when `unequal`), and, when `single`, take
/// `take` tokens leaving one heap. `mask` defines rare values.
pub fn rare_common(n: usize, take: usize, unequal: bool, single: bool, mask: u64) -> Vec<u32> {
    let rare = |v: u32| (u64::from(v) & mask).count_ones().is_multiple_of(2);
    let mut g: Vec<u32> = Vec::with_capacity(n);
    let mut rare_positions: Vec<usize> = Vec::new();
    let mut seen: Vec<bool> = Vec::new();
    let mut largest = 0u32;
    for heap in 0..n {
        let bound = (largest as usize + 1).next_power_of_two() * 2;
        seen.clear();
        seen.resize(bound + 1, false);
        if single && heap > take {
            seen[g[heap - take] as usize] = true;
        }
        let m = heap.saturating_sub(take);
        if heap >= take + 2 {
            for &r in rare_positions.iter().filter(|&&r| r >= 1 && r < m) {
                if unequal && 2 * r == m {
                    continue;
                }
                seen[(g[r] ^ g[m - r]) as usize] = true;
            }
        }
        let mut common = bound;
        let mut candidates = Vec::new();
        for (v, &was_seen) in seen.iter().enumerate() {
            if was_seen {
                continue;
            }
            if rare(v as u32) {
                candidates.push(v);
            } else {
                common = v;
                break;
            }
        }
        if !candidates.is_empty() && heap >= take + 2 {
            for a in 1..=m / 2 {
                if unequal && 2 * a == m {
                    continue;
                }
                let v = (g[a] ^ g[m - a]) as usize;
                if !seen[v] {
                    seen[v] = true;
                    candidates.retain(|&c| c != v);
                    if candidates.is_empty() {
                        break;
                    }
                }
            }
        }
        let value = candidates.first().copied().unwrap_or(common) as u32;
        if rare(value) {
            rare_positions.push(heap);
        }
        largest = largest.max(value);
        g.push(value);
    }
    g
}

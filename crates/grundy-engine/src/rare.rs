//! Rare and common values ("sparse space", Winning Ways ch. 4; Gangolli &
//! Plambeck 1989): for a bit mask m, a value v is *rare* when
//! `popcount(v & m)` is even and *common* otherwise. In many octal games
//! almost every value is common, and the few rare positions carry the
//! structure of the whole sequence.
//!
//! The best mask is the one with the most lopsided split of the value
//! histogram: the Walsh–Hadamard transform of the histogram gives, for
//! every mask at once, (number of rare values) − (number of common values),
//! and the most negative entry wins.

/// `true` when `value` is rare under `mask`.
#[must_use]
#[inline]
pub const fn is_rare(value: u64, mask: u64) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// The mask under which the fewest values are rare, with that count;
/// `None` when no mask makes rare values a minority.
#[must_use]
pub fn best_mask(values: impl IntoIterator<Item = u64> + Clone) -> Option<(u64, usize)> {
    let max = values.clone().into_iter().max()?;
    let size = (max + 1).next_power_of_two() as usize;
    let mut transform = vec![0i64; size];
    let mut total = 0i64;
    for v in values {
        transform[v as usize] += 1;
        total += 1;
    }
    // In-place Walsh–Hadamard transform: afterwards transform[m] is
    // sum over v of hist[v] * (-1)^popcount(v & m) = rare(m) - common(m).
    let mut half = 1;
    while half < size {
        for block in (0..size).step_by(2 * half) {
            for i in block..block + half {
                let (a, b) = (transform[i], transform[i + half]);
                transform[i] = a + b;
                transform[i + half] = a - b;
            }
        }
        half *= 2;
    }
    let (mask, &difference) = transform
        .iter()
        .enumerate()
        .skip(1)
        .min_by_key(|&(m, &d)| (d, m))?;
    if difference >= 0 {
        return None;
    }
    // rare - common = difference and rare + common = total.
    let rare = ((total + difference) / 2) as usize;
    Some((mask as u64, rare))
}

/// The positions whose values are rare under `mask`.
#[must_use]
pub fn rare_positions(values: impl IntoIterator<Item = u64>, mask: u64) -> Vec<usize> {
    values
        .into_iter()
        .enumerate()
        .filter(|&(_, v)| is_rare(v, mask))
        .map(|(n, _)| n)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_lopsided_mask() {
        // Mostly 1, 2, 7 (odd parity under mask 0b111... or 0b11), a few 0s and 3s.
        let mut values = vec![1u64, 2, 1, 2, 7, 1, 2, 4, 1, 2, 1, 2, 4, 1, 2, 7];
        values.extend([0, 3]);
        let (mask, rare) = best_mask(values.iter().copied()).unwrap();
        let counted = rare_positions(values.iter().copied(), mask).len();
        assert_eq!(rare, counted);
        // Brute force over every mask agrees on the minimum.
        let brute = (1..8u64)
            .map(|m| rare_positions(values.iter().copied(), m).len())
            .min()
            .unwrap();
        assert_eq!(rare, brute);
        assert!(rare <= 2);
    }

    #[test]
    fn no_sparse_space_in_nim() {
        assert_eq!(best_mask(0..64u64), None);
    }
}

//! Factoring numbers below 2^64: deterministic Miller–Rabin and Pollard's
//! rho (Brent's variant). Formulas (`omega`) and the divisor games need the
//! prime factors of numbers far beyond what trial division reaches in
//! reasonable time; this takes well under a millisecond for any u64.

/// `a * b mod m` without overflow.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    result
}

/// `true` when `n` is prime. Deterministic for every u64: the first twelve
/// primes as Miller–Rabin bases suffice below 3.3 · 10^24.
#[must_use]
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the odd composite `n` (Brent's rho).
fn rho(n: u64) -> u64 {
    let mut c = 1u64;
    loop {
        let step = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut g) = (2u64, 2u64, 1u64);
        let mut q = 1u64;
        let mut r = 1u64;
        let mut ys = 2u64;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = step(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..(r - k).min(128) {
                    y = step(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: retrace one step at a time.
            loop {
                ys = step(ys);
                g = gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
        c += 1;
    }
}

/// The prime factorisation of `n` as (prime, exponent) pairs, primes
/// increasing; empty for 0 and 1.
#[must_use]
pub fn factorize(n: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    let mut rest = n;
    if rest == 0 {
        return Vec::new();
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        while rest.is_multiple_of(p) {
            primes.push(p);
            rest /= p;
        }
    }
    let mut stack = vec![rest];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
            continue;
        }
        let d = rho(m);
        stack.push(d);
        stack.push(m / d);
    }
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

/// Ω(n): the prime factors of `n` counted with multiplicity (0 for 0 and 1).
#[must_use]
pub fn big_omega(n: u64) -> u64 {
    factorize(n).iter().map(|&(_, e)| u64::from(e)).sum()
}

/// Every divisor of `n` (n > 0), increasing.
#[must_use]
pub fn divisors(n: u64) -> Vec<u64> {
    let mut all = vec![1u64];
    for (p, e) in factorize(n) {
        let before = all.len();
        let mut power = 1u64;
        for _ in 0..e {
            power *= p;
            for i in 0..before {
                all.push(all[i] * power);
            }
        }
    }
    all.sort_unstable();
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trial(n: u64) -> Vec<(u64, u32)> {
        let mut out = Vec::new();
        let mut rest = n;
        let mut p = 2;
        while p * p <= rest {
            let mut e = 0;
            while rest.is_multiple_of(p) {
                rest /= p;
                e += 1;
            }
            if e > 0 {
                out.push((p, e));
            }
            p += 1;
        }
        if rest > 1 {
            out.push((rest, 1));
        }
        out
    }

    #[test]
    fn agrees_with_trial_division() {
        for n in 0..20_000u64 {
            if n >= 2 {
                assert_eq!(factorize(n), trial(n), "{n}");
            }
            assert_eq!(is_prime(n), trial(n) == vec![(n, 1)], "{n}");
        }
        for n in [600_851_475_143u64, 999_999_000_001, 1 << 40, 3u64.pow(40)] {
            assert_eq!(factorize(n), trial(n), "{n}");
        }
    }

    #[test]
    fn large_numbers() {
        // The largest prime below 2^63 and below 2^64.
        assert_eq!(
            factorize(9_223_372_036_854_775_783),
            vec![(9_223_372_036_854_775_783, 1)]
        );
        assert!(is_prime(18_446_744_073_709_551_557));
        // 2^64 - 1 = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417.
        assert_eq!(
            factorize(u64::MAX),
            vec![
                (3, 1),
                (5, 1),
                (17, 1),
                (257, 1),
                (641, 1),
                (65537, 1),
                (6_700_417, 1)
            ]
        );
        // A product of two primes near 2^32.
        let (p, q) = (4_294_967_291u64, 4_294_967_279u64);
        assert_eq!(factorize(p * q), vec![(q, 1), (p, 1)]);
        assert_eq!(divisors(12), vec![1, 2, 3, 4, 6, 12]);
        assert_eq!(divisors(735_134_400).len(), 1344);
    }
}

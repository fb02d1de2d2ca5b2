//! Proofs of arithmetic periodicity for take-and-break codes: the band test.
//!
//! Games whose moves may leave three or more heaps (hexadecimal codes such
//! as 0.8, 0.C, 0.48, 0.{2+}) often have nim-sequences that grow without
//! bound and yet repeat: `G(n + p) = G(n) + s` from some n0 on. Howse and
//! Nowakowski (*Periodicity and arithmetic-periodicity in hexadecimal
//! games*, Theoretical Computer Science 313 (2004) 463–472) proved a
//! finite test for such patterns. Their statement is not reproduced here
//! (we could not consult the paper); the test below is grundy's own,
//! proved in full in this comment, and built on the same observation: with
//! a saltus that is a power of two, a value splits into a *band* (its high
//! bits, which grow by one every period) and a *low part* below s (which
//! repeats), and XOR acts on the two separately.
//!
//! # The statement
//!
//! A take-and-break code without modifiers (finite or not, nothing added)
//! allows, for each number j >= 0 of tokens removed, a set K_j of numbers
//! of non-empty heaps left. Let n0 >= 0, p >= 1 and s = 2^m, and suppose
//!
//! * **(small)** G(n) < s for every n < n0 + p.
//!
//! Define F(n) = G(n) for n < n0 + p and F(n + p) = F(n) + s for n >= n0:
//! for n >= n0, F(n) = r(ρ) + s·q with q = ⌊(n − n0)/p⌋, ρ = (n − n0) mod p
//! and r(ρ) = G(n0 + ρ) < s. Call a part *small* when it is below n0 + p
//! (its value is G(c) < s) and *big* otherwise (q >= 1). Then
//!
//! * **(top)** for every residue ρ < p, with the sets
//!   T1(ρ) = { r(ρ1) ⊕ g(c_1) ⊕ … ⊕ g(c_(k−1)) : k ∈ K_j,
//!   j + c_1 + … + c_(k−1) + ρ1 = ρ, each c_i >= 1 small } (one big part of
//!   residue ρ1 and k − 1 small parts) and
//!   Tm(ρ) = { r(ρ_1) ⊕ … ⊕ r(ρ_b) ⊕ g(c_1) ⊕ … : b >= 2 big parts and
//!   k − b small ones, k ∈ K_j, j + Σc + (b − 1)·n0 + Σρ_i = ρ }:
//!   mex T1(ρ) = r(ρ) and r(ρ) ∉ Tm(ρ);
//! * **(lower)** for every residue ρ, every low value l < s and every depth
//!   d >= 1, some move of a heap n ≡ n0 + ρ (mod p) with ⌊(n − n0)/p⌋ >= d
//!   reaches the value l + s·(⌊(n − n0)/p⌋ − d), by one of two templates
//!   that exist for every such n alike:
//!   - *a pair*: remove j (with some odd k >= 3 in K_j), leave a part x
//!     with F(x) = l + s·(q − d) (x = n0 + p(q − d) + ρx with r(ρx) = l)
//!     and (k − 1)/2 pairs of equal heaps, whose values cancel; it exists
//!     when the room p·d + ρ − ρx − j is even and at least k − 1;
//!   - *one periodic part*: remove j, leave x = n0 + p(q − d) + ρ1 and
//!     k − 1 small parts filling the slack p·d + ρ − ρ1 − j, with
//!     r(ρ1) ⊕ g(c_1) ⊕ … = l.
//!
//! **Then G(n) = F(n) for every n**: the sequence is arithmetic-periodic
//! with period p and saltus s from n0.
//!
//! # The proof
//!
//! By induction on n; below n0 + p, F is G by definition. Take n >= n0 + p
//! with q = ⌊(n − n0)/p⌋ >= 1 and ρ = (n − n0) mod p, and assume G = F
//! below n. An option's value is the XOR of F over its parts; since every
//! F is a low part below s plus s times a band, the option's band is the
//! XOR of the parts' bands and its low part the XOR of their low parts.
//!
//! *The top band.* Let an option remove j and leave small parts c_i and
//! big parts a_i = n0 + p·q_i + ρ_i (q_i >= 1), b of them. Counting tokens,
//! p·Σq_i + j + Σc + (b − 1)·n0 + Σρ_i = p·q + ρ, and the left-over terms
//! are >= 0 with ρ < p, so Σq_i <= q. The band ⊕q_i is at most Σq_i, so it
//! reaches q only when Σq_i = q, which leaves exactly the slack identity
//! j + Σc + (b − 1)·n0 + Σρ_i = ρ of the sets above; with b = 0 the band is
//! 0 < q. So the low parts of the options in band q form a set T with
//! T ⊆ T1(ρ) ∪ Tm(ρ). Conversely every element of T1(ρ) is there: its big
//! part n0 + p·q + ρ1 exists for every q >= 1. With (top), T contains
//! 0..r(ρ) − 1 and misses r(ρ).
//!
//! *The lower bands.* Every value l + s·h with h < q, i.e. at depth
//! d = q − h, is an option by (lower): the templates' parts are valid
//! (x >= 1 is required; pairs cancel whatever their size).
//!
//! So the options contain every value below s·q + r(ρ) and not s·q + r(ρ):
//! G(n) = s·q + r(ρ) = F(n). ∎
//!
//! # The finite check
//!
//! (top) is a finite computation: slacks are below p, so the sets are
//! XORs over partitions of numbers below p (small parts: a table of the
//! XOR sets of m parts summing to w; big parts: the same over residues,
//! where b parts of total residue w give the same set as b + 2 once
//! b >= w, two residue-0 parts cancelling). (lower) is checked for depths
//! d = 1 ..= D, where D is chosen so that at depths D − 1 and D every pair
//! template has room for its pairs: the room grows by 2p every two
//! depths, so a pair template that works at depth d works at d + 2, and
//! the last two depths (checked with pairs alone) cover every deeper one.
//! One-periodic-part templates are tried at depths 1 and 2 only.
//!
//! The test needs the first n0 + p values only. It is sufficient, not
//! necessary: a pattern it does not prove is reported as observed.
//! Periods up to [`MAX_PERIOD`] and saltus up to [`MAX_SALTUS`] are tested
//! (the sets are 64-bit masks).

use crate::nimber::xor_permute_word;
use crate::sequence::moves::HeapCounts;
use crate::sequence::NimSequence;

/// The longest period the band test takes.
pub const MAX_PERIOD: usize = 64;

/// The largest saltus the band test takes (values below it fit a 64-bit
/// mask).
pub const MAX_SALTUS: i64 = 64;

/// The most combinations of big and small parts the test XORs (each a
/// product of two 64-bit sets, at most a microsecond).
const MAX_COMBINATIONS: u64 = 1 << 20;

/// The least odd number of heaps >= 3 a move may leave (the pair
/// template's move: a part and pairs of equal heaps).
fn least_odd_from_three(counts: HeapCounts) -> Option<u64> {
    let open = counts.at_least.map(|from| u64::from(from).max(3) | 1);
    let listed = (3..64).step_by(2).find(|&k| counts.listed >> k & 1 == 1);
    match (listed, open) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The moves of a take-and-break code as the band test reads them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CodeMoves {
    /// K_j for j = 0, 1, ... (d_0 first).
    pub digits: Vec<HeapCounts>,
    /// `true` when every digit past `digits` is zero (a finite code);
    /// otherwise the digits past the list are unknown to the test, which
    /// then takes only periods up to the list's length.
    pub exact: bool,
}

impl CodeMoves {
    fn digit(&self, j: usize) -> HeapCounts {
        self.digits.get(j).copied().unwrap_or_default()
    }
}

/// { a ⊕ b : a ∈ A, b ∈ B } for sets of values below 64.
fn xor_sets(a: u64, b: u64) -> u64 {
    let mut out = 0;
    let mut rest = a;
    while rest != 0 {
        let v = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        out |= xor_permute_word(b, v);
    }
    out
}

fn mex(mask: u64) -> u64 {
    u64::from((!mask).trailing_zeros())
}

/// What the band test established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaltusProof {
    /// The values the proof read: G(0 .. n0 + p).
    pub values_used: usize,
    /// The last depth of the lower bands checked (D).
    pub depths_checked: u64,
}

/// The pattern `G(n + period) = G(n) + saltus` for n >= `preperiod`
/// (the arithmetic periodicity the band test judges).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// n0.
    pub preperiod: usize,
    /// p.
    pub period: usize,
    /// s.
    pub saltus: i64,
}

/// Runs the band test on `pattern` of a code with `moves`, whose first
/// values are `values`. `Err` says why the pattern is not proved.
pub fn prove(
    moves: &CodeMoves,
    values: &NimSequence,
    pattern: Pattern,
) -> Result<SaltusProof, String> {
    let (n0, p, s) = (pattern.preperiod, pattern.period, pattern.saltus);
    if s <= 0 || s & (s - 1) != 0 {
        return Err(format!(
            "the saltus {s} is not a power of two, which the band test needs"
        ));
    }
    if s > MAX_SALTUS || p > MAX_PERIOD {
        return Err(format!(
            "the band test takes periods up to {MAX_PERIOD} and saltus up to {MAX_SALTUS} (here {p} and {s})"
        ));
    }
    if !moves.exact && moves.digits.len() < p {
        return Err(format!(
            "the code's digits are known to the band test only up to d_{}",
            moves.digits.len()
        ));
    }
    let needed = n0 + p;
    if values.len() < needed {
        return Err(format!(
            "the band test needs G(0..{needed}) and {} values were computed",
            values.len()
        ));
    }
    let s = s as u64;
    let g = |c: usize| values.get(c);
    if let Some(c) = (0..needed).find(|&c| g(c) >= s) {
        return Err(format!(
            "G({c}) = {} is not below the saltus {s} although {c} < n0 + p = {needed}, which the band test needs",
            g(c)
        ));
    }
    let r = |rho: usize| g(n0 + rho);
    let p64 = p as u64;

    // The templates' moves: for each j, the least odd k >= 3 (pairs).
    let template_span = if moves.exact {
        moves.digits.len()
    } else {
        moves.digits.len().min(2 * p + 2)
    };
    let pair_moves: Vec<(usize, u64)> = (0..template_span)
        .filter_map(|j| least_odd_from_three(moves.digit(j)).map(|k| (j, k)))
        .collect();
    let (j_max, k_max) = pair_moves.iter().fold((0u64, 3u64), |(j, k), &(jj, kk)| {
        (j.max(jj as u64), k.max(kk))
    });
    // Depth D: at depths D - 1 and D every pair template has room.
    let mut depth_last = 3u64;
    while p64 * (depth_last - 1) < (p64 - 1) + j_max + (k_max - 1) {
        depth_last += 1;
    }

    // Small parts: xs[m][w] = XORs of m small parts (>= 1) summing to w.
    let slack_max = 3 * p; // one-periodic-part templates reach depth 2
    let small_limit = needed.min(slack_max + 1);
    let mut xs = vec![vec![0u64; slack_max + 1]; slack_max + 1];
    xs[0][0] = 1;
    for m in 1..=slack_max {
        for w in m..=slack_max {
            let mut set = 0;
            for c in 1..small_limit.min(w + 1) {
                let prev = xs[m - 1][w - c];
                if prev != 0 {
                    set |= xor_permute_word(prev, g(c));
                }
            }
            xs[m][w] = set;
        }
    }
    let small = |m: u64, w: usize| -> u64 {
        if m as usize > w || w > slack_max {
            0
        } else {
            xs[m as usize][w]
        }
    };

    // Big parts: bs[b][w] = XORs of r over b residues summing to w < p.
    let b_cap = p + 1;
    let mut bs = vec![vec![0u64; p]; b_cap + 1];
    for b in 1..=b_cap {
        for w in 0..p {
            let mut set = 0;
            for rho in 0..=w {
                let prev = if b == 1 {
                    u64::from(rho == w)
                } else {
                    bs[b - 1][w - rho]
                };
                if prev != 0 {
                    set |= xor_permute_word(prev, r(rho));
                }
            }
            bs[b][w] = set;
        }
    }
    // b parts give the same set as b - 2 once b - 2 >= w (two residue-0
    // parts cancel), so every b maps to one at most p + 1.
    let big = |b: u64, w: usize| -> u64 {
        let b = if b as usize <= b_cap {
            b as usize
        } else {
            p + ((b as usize - p) % 2)
        };
        bs[b][w]
    };
    // Numbers of heaps worth trying: past this cap a count behaves as one
    // of the last two of the same parity.
    let k_cap = |counts: HeapCounts| -> u64 {
        let open = counts.at_least.map_or(0, |from| u64::from(from) + 2);
        (2 * p64 + 4).max(open).max(64)
    };

    // The sets of two or more big heaps cost most where every number of
    // heaps is allowed ({2+}) and the period is long; a pattern whose check
    // would take more than about a second is left unproved, not waited for.
    let mut combinations = 0u64;
    for rho in 0..p {
        let target = r(rho);
        // (top)
        let mut t1 = 0u64;
        let mut tm = 0u64;
        for j in 0..=rho {
            let counts = moves.digit(j);
            for k in 1..=k_cap(counts) {
                if !counts.allows(k) {
                    continue;
                }
                for rho1 in 0..=rho - j {
                    t1 |= xor_permute_word(small(k - 1, rho - j - rho1), r(rho1));
                }
                for b in 2..=k {
                    let m = k - b;
                    let fixed = j + (b as usize - 1) * n0;
                    if fixed > rho || m as usize > rho - fixed {
                        continue;
                    }
                    for w_big in 0..=rho - fixed {
                        let big_set = big(b, w_big);
                        let small_set = small(m, rho - fixed - w_big);
                        if big_set != 0 && small_set != 0 {
                            combinations += 1;
                            if combinations > MAX_COMBINATIONS {
                                return Err(format!(
                                    "checking moves that leave two or more big heaps needs more than {MAX_COMBINATIONS} combinations of residues for period {p}"
                                ));
                            }
                            tm |= xor_sets(big_set, small_set);
                        }
                    }
                }
            }
        }
        if mex(t1) != target {
            return Err(format!(
                "in the top band of residue {rho}, the moves leaving one big heap give mex {} where the pattern has {target}",
                mex(t1)
            ));
        }
        if tm >> target & 1 == 1 {
            return Err(format!(
                "in the top band of residue {rho}, a move leaving two or more big heaps may reach the pattern's value (low part {target})"
            ));
        }
        // (lower)
        for depth in 1..=depth_last {
            let pairs_only = depth + 1 >= depth_last;
            let mut reached = 0u64;
            for &(j, k) in &pair_moves {
                for rho_x in 0..p {
                    if n0 + rho_x == 0 {
                        continue;
                    }
                    let room = (p64 * depth + rho as u64) as i64 - rho_x as i64 - j as i64;
                    if room >= (k - 1) as i64 && room % 2 == 0 {
                        reached |= 1 << r(rho_x);
                    }
                }
            }
            if !pairs_only {
                for j in 0..template_span {
                    let counts = moves.digit(j);
                    for k in 1..=k_cap(counts) {
                        if !counts.allows(k) {
                            continue;
                        }
                        for rho1 in 0..p {
                            if n0 + rho1 == 0 {
                                continue;
                            }
                            let slack = (p64 * depth + rho as u64) as i64 - rho1 as i64 - j as i64;
                            if slack >= 0 {
                                reached |= xor_permute_word(small(k - 1, slack as usize), r(rho1));
                            }
                        }
                    }
                }
            }
            let all = if s == 64 { u64::MAX } else { (1u64 << s) - 1 };
            if reached & all != all {
                let missing = (!reached & all).trailing_zeros();
                return Err(format!(
                    "no template reaches low value {missing} at depth {depth} below the top band of residue {rho}"
                ));
            }
        }
    }
    Ok(SaltusProof {
        values_used: needed,
        depths_checked: depth_last,
    })
}

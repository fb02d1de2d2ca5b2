//! Evaluating take-and-break codes: explicit options for the generic
//! solver, and the dense-engine kernel.
//!
//! Moves leaving up to two heaps are the common case and go through the
//! contiguous pair loop. Moves leaving three or more heaps with no modifier
//! use tables of XOR sets: `P_k(m)`, the values of all partitions of m into
//! exactly k heaps, is the union over the first part a of
//! `G(a) ^ P_(k-1)(m - a)`; `{k+}` digits use the same recursion for "at
//! least k heaps". Three or more heaps *with* a modifier are enumerated
//! partition by partition, within a budget that turns a hopeless request
//! into a clear error.

use crate::error::GameError;
use crate::heap::code::{CodeError, Digit, Modifier, SplitKind, TakeBreakCode};
use crate::heap::{Growth, HeapFamily, MoveCount};
use crate::period::ProofRule;
use crate::ruleset::Options;
use crate::saltus::CodeMoves;
use crate::sequence::dense::{
    insert_pair_range, insert_pairs_into, BoundedKernel, Kernel, ValueFlags, ValueWidth,
};
use crate::sequence::sparse::SparseKernel;
use crate::sequence::EngineChoice;
use crate::sequence::NimSequence;
use crate::spec_form::SpecForm;

/// Most partitions one position may enumerate before the request is
/// refused.
pub const PARTITION_BUDGET: u64 = 50_000_000;

/// Refuses codes that no engine here can evaluate: they add tokens or
/// contain a move that changes nothing, so the game can loop.
pub fn check_evaluable(code: &TakeBreakCode) -> Result<(), GameError> {
    if code.digit(0).allows(0) {
        return Err(GameError::Rules {
            message: format!(
                "the code {code} has d0 allowing no heap to be left: removing no tokens and leaving nothing is a move only from an empty heap, which is no heap at all (d0 may only split: 4, 8, ...)"
            ),
        });
    }
    if code.adds_tokens() {
        return Err(GameError::Rules {
            message: format!(
                "the code {code} has digits left of d0, which add tokens: such games can loop, and grundy's engines only evaluate games that end"
            ),
        });
    }
    if code.has_null_move() {
        return Err(GameError::Rules {
            message: format!(
                "the code {code} has d0 allowing one heap to be left, a move that changes nothing: the game would loop"
            ),
        });
    }
    Ok(())
}

/// Calls `visit` with every partition of `m` into exactly `k` positive
/// parts, in nondecreasing order, that the modifier allows. Each partition
/// spends one unit of `budget`; running out is an error.
pub fn for_each_partition(
    m: u64,
    k: u64,
    modifier: Modifier,
    budget: &mut u64,
    visit: &mut dyn FnMut(&[u64]),
) -> Result<(), GameError> {
    if k == 0 || k > m {
        return Ok(());
    }
    let out_of_budget = |OutOfBudget| GameError::Limit {
        what: format!("enumerating the splits of {m} tokens into {k} heaps"),
        limit: format!("{PARTITION_BUDGET} partitions per position"),
    };
    if modifier == Modifier::AllEqual {
        if m.is_multiple_of(k) {
            spend(budget).map_err(out_of_budget)?;
            let parts = vec![m / k; k as usize];
            visit(&parts);
        }
        return Ok(());
    }
    let mut parts = Vec::with_capacity(k as usize);
    partitions_from(m, k, 1, modifier, budget, &mut parts, visit).map_err(out_of_budget)
}

/// The partition budget ran out (the caller says for which request).
struct OutOfBudget;

fn spend(budget: &mut u64) -> Result<(), OutOfBudget> {
    if *budget == 0 {
        return Err(OutOfBudget);
    }
    *budget -= 1;
    Ok(())
}

fn partitions_from(
    remaining: u64,
    k_left: u64,
    min_part: u64,
    modifier: Modifier,
    budget: &mut u64,
    parts: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]),
) -> Result<(), OutOfBudget> {
    if k_left == 1 {
        if remaining < min_part {
            return Ok(());
        }
        parts.push(remaining);
        let keep = match modifier {
            Modifier::NotAllEqual => parts.first() != parts.last(),
            _ => true,
        };
        if keep {
            spend(budget)?;
            visit(parts);
        }
        parts.pop();
        return Ok(());
    }
    let step = u64::from(modifier == Modifier::Unequal);
    let mut part = min_part;
    // Nondecreasing: this part times the parts left cannot exceed what remains.
    while part.saturating_mul(k_left) <= remaining {
        parts.push(part);
        partitions_from(
            remaining - part,
            k_left - 1,
            part + step,
            modifier,
            budget,
            parts,
            visit,
        )?;
        parts.pop();
        part += 1;
    }
    Ok(())
}

/// The named take-and-break codes: (name, code, description).
pub const NAMED_CODES: &[(&str, &str, &str)] = &[
    (
        "kayles",
        "0.77",
        "Kayles: knock down one pin or two adjacent pins",
    ),
    (
        "dawsons-kayles",
        "0.07",
        "Dawson's Kayles: knock down two adjacent pins",
    ),
    (
        "dawsons-chess",
        "0.137",
        "Dawson's chess (pawns on a 3 x n board)",
    ),
    (
        "grundy",
        "4!.0",
        "Grundy's game: split a heap into two unequal heaps",
    ),
    (
        "officers",
        "0.6",
        "Officers: take one, leaving one or two heaps",
    ),
    (
        "treblecross",
        "0.007",
        "Treblecross: one-dimensional tic-tac-toe",
    ),
    ("guiles", "0.15", "Guiles"),
];

impl SpecForm for TakeBreakCode {
    const FORM: &'static str = "0.77, 4!.0, 0.[3], ...";
    const ABOUT: &'static str = "any take-and-break code in CGSuite's syntax: digits 0-9 A-Z, &N;, {2,3}, {2+}, modifiers ! ? =, a repeating [tail]";
    const EXAMPLE: &'static str = "0.137";
    const PREFIX: Option<&'static str> = None;
    type Error = CodeError;

    fn names() -> Vec<&'static str> {
        NAMED_CODES.iter().map(|(name, _, _)| *name).collect()
    }

    /// A named code (`kayles`), or anything shaped like a code: it starts
    /// with a digit (0-9), a point, '&' or '{', or has a point (no
    /// game name has one), so that a malformed code gets the caret.
    fn from_spec(text: &str) -> Option<Result<TakeBreakCode, CodeError>> {
        if let Some((_, code, _)) = NAMED_CODES
            .iter()
            .find(|(name, _, _)| name.eq_ignore_ascii_case(text))
        {
            return Some(TakeBreakCode::parse(code));
        }
        let looks_like_code = text
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, '.' | '&' | '{'))
            || text.contains('.');
        looks_like_code.then(|| TakeBreakCode::parse(text))
    }
}

/// `true` when the sparse engine can run `code`: finitely many digits,
/// moves leaving at most two heaps, nothing added.
#[must_use]
pub fn sparse_applies(code: &TakeBreakCode) -> bool {
    !code.is_infinite()
        && !code.adds_tokens()
        && !code.has_null_move()
        && code.max_heaps().is_some_and(|k| k <= 2)
}

/// The sparse kernel of `code`; `mask` fixes the mask.
fn sparse_kernel(code: &TakeBreakCode, mask: Option<u64>) -> Result<Box<dyn Kernel>, GameError> {
    check_evaluable(code)?;
    if !sparse_applies(code) {
        return Err(GameError::Rules {
            message: format!(
                "the sparse engine needs a finite code whose moves leave at most two heaps; {code} is not one (use the dense engine)"
            ),
        });
    }
    Ok(Box::new(SparseKernel::new(
        code.move_table(),
        CodeKernel::new(code.clone())?,
        mask,
    )))
}

/// The rule for ordinary periods: the Guy–Smith theorem and its
/// generalisation, for finite codes without modifiers whose moves leave a
/// bounded number of heaps.
fn periodic_rule(code: &TakeBreakCode) -> ProofRule {
    if code.has_modifiers() {
        return ProofRule::Observed(format!(
            "the code {code} has a modifier (! ? =), and the periodicity theorem does not hold for such codes"
        ));
    }
    if code.is_infinite() {
        return ProofRule::Observed(format!(
            "the code {code} has a repeating tail, and the periodicity theorem needs finitely many digits"
        ));
    }
    let Some(heaps) = code.max_heaps() else {
        return ProofRule::Observed(format!(
            "the code {code} allows any number of heaps, and the periodicity theorem needs a bound"
        ));
    };
    match code.last_nonzero() {
        Some(t) => ProofRule::TakeBreak {
            heaps: heaps.max(1),
            last_digit: t,
        },
        None => ProofRule::Observed(format!("the code {code} has no moves")),
    }
}

/// The digits as the band test reads them: all of a finite code's, and
/// enough of a repeating tail for the longest period the test takes.
fn band_moves(code: &TakeBreakCode) -> CodeMoves {
    let exact = !code.is_infinite();
    let len = if exact {
        code.finite_len()
    } else {
        code.finite_len() + 2 * crate::saltus::MAX_PERIOD + 2
    };
    let digits = (0..len as u64).map(|j| code.digit(j).heaps()).collect();
    CodeMoves { digits, exact }
}

impl HeapFamily for TakeBreakCode {
    fn options(&self, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
        code_options(self, n, out)
    }

    fn dense_kernel(&self) -> Result<Box<dyn Kernel>, GameError> {
        Ok(Box::new(CodeKernel::new(self.clone())?))
    }

    /// The sparse engine where it applies (Auto), or when asked for.
    fn kernel_for(&self, choice: EngineChoice) -> Result<Box<dyn Kernel>, GameError> {
        match choice {
            EngineChoice::Auto if sparse_applies(self) => sparse_kernel(self, None),
            EngineChoice::Sparse { mask } => sparse_kernel(self, mask),
            EngineChoice::Auto | EngineChoice::Dense => self.dense_kernel(),
        }
    }

    /// The Guy–Smith theorem and its generalisation, for finite codes
    /// without modifiers whose moves leave a bounded number of heaps; and
    /// the band test ([`crate::saltus`]) for patterns with a saltus, for
    /// every code without modifiers that adds no tokens.
    fn proof_rule(&self) -> ProofRule {
        let periodic = periodic_rule(self);
        if self.has_modifiers() || self.adds_tokens() || self.has_null_move() {
            return periodic;
        }
        ProofRule::Banded {
            moves: band_moves(self),
            periodic: Box::new(periodic),
        }
    }

    /// A few moves when none leaves two or more heaps; otherwise about one
    /// per token (the splits).
    fn move_count(&self) -> MoveCount {
        if !self.is_infinite() && self.max_heaps().is_some_and(|k| k <= 1) {
            MoveCount::Few
        } else {
            MoveCount::AboutOnePerToken
        }
    }

    /// Moves leaving three or more heaps (XOR-set tables: the square to the
    /// cube of the count; with a modifier, partition by partition).
    fn growth(&self) -> Option<Growth> {
        let code = self;
        let span = (code.finite_len() + code.repeat_len()) as u64;
        let mut heaps = 0u64;
        let mut partitions = false;
        for digit in (0..span).map(|j| code.digit(j)) {
            let most = digit.max_heaps();
            if most.is_some_and(|k| k < 3) {
                continue;
            }
            heaps = heaps.max(most.unwrap_or(3));
            partitions |= digit.modifier() != Modifier::None;
        }
        if heaps < 3 {
            // Splits into two heaps: the pair loop is quadratic, which the
            // sparse engine hides for many codes (officers: near linear)
            // and not for others (treblecross, 0.007: quadratic), so the
            // probe decides within those bounds.
            let splits = (0..span).any(|j| code.digit(j).max_heaps().is_none_or(|k| k >= 2));
            return splits.then(|| Growth {
                low: 1.0,
                high: 2.0,
                what: format!("moves of {code} split heaps in two"),
            });
        }
        Some({
            if partitions {
                Growth {
                    low: 2.0,
                    high: 8.0,
                    what: format!("moves of {code} may leave {heaps} or more heaps, enumerated partition by partition"),
                }
            } else {
                // The XOR-set tables cost about N^3 / 64 word operations
                // (measured: 0.9 takes about 1.7 s for 8000 values).
                Growth {
                    low: 2.8,
                    high: 3.2,
                    what: format!("moves of {code} may leave {heaps} or more heaps"),
                }
            }
        })
    }
}

/// The heap counts a digit allows for `m` tokens left, from 2 on.
fn counts_from_two(digit: Digit, m: u64) -> impl Iterator<Item = u64> {
    // Up to the digit's largest count, not to m: a heap of 10^12 under a
    // digit that leaves at most one heap has no count to try here (the
    // scan to m took 17 minutes for `eval 0.3122 10^12`).
    let last = digit.max_heaps().map_or(m, |most| most.min(m));
    (2..=last).filter(move |&k| digit.allows(k))
}

/// Writes every option of a heap of `n` under `code` into `out`.
pub fn code_options(code: &TakeBreakCode, n: u64, out: &mut Options<u64>) -> Result<(), GameError> {
    check_evaluable(code)?;
    let mut budget = PARTITION_BUDGET;
    let last = if code.is_infinite() {
        n
    } else {
        n.min(code.finite_len() as u64 - 1)
    };
    for j in 0..=last {
        let digit = code.digit(j);
        if digit.is_zero() {
            continue;
        }
        let m = n - j;
        if m == 0 {
            if digit.allows(0) {
                out.push_option([]);
            }
            continue;
        }
        if digit.allows(1) && j > 0 {
            out.push_option([m]);
        }
        for k in counts_from_two(digit, m) {
            for_each_partition(m, k, digit.modifier(), &mut budget, &mut |parts| {
                out.push_option(parts.iter().copied());
            })?;
        }
    }
    Ok(())
}

/// A bit set of values, grown on demand.
type ValueBits = Vec<u64>;

fn bits_insert(bits: &mut ValueBits, v: u64) {
    let word = (v / 64) as usize;
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1u64 << (v % 64);
}

/// Inserts `shift ^ v` into `dst` for every `v` in `src`, a word at a
/// time: XOR with `shift` sends word `w` to word `w ^ (shift / 64)` and
/// permutes the bits inside it by `b -> b ^ (shift % 64)`, which is at
/// most six swaps of bit blocks. The cost is the words of `src`, not its
/// values: the tables of codes that leave three or more heaps are dense
/// sets of values that grow with the heap.
#[cfg(test)]
fn bits_union_shifted(dst: &mut ValueBits, src: &ValueBits, shift: u64) {
    let mut scratch = src.clone();
    xor_permute_words(&mut scratch, (shift % 64) as u32);
    scatter_words(dst, &scratch, (shift / 64) as usize);
}

/// Block masks of the bit swaps: bits with a 0 in place k of their index.
const SWAP_MASKS: [u64; 5] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
];

/// Moves bit `b` of every word to bit `b ^ shift` (`shift < 64`): for each
/// bit of `shift`, the blocks of that size swap places, one pass over the
/// words each (loops the compiler vectorises).
fn xor_permute_words(words: &mut [u64], shift: u32) {
    for (k, &mask) in SWAP_MASKS.iter().enumerate() {
        if shift >> k & 1 != 0 {
            let size = 1u32 << k;
            for word in words.iter_mut() {
                *word = ((*word & mask) << size) | ((*word >> size) & mask);
            }
        }
    }
    if shift & 32 != 0 {
        for word in words.iter_mut() {
            *word = word.rotate_left(32);
        }
    }
}

/// ORs word `w` of `src` into word `w ^ word_shift` of `dst`.
fn scatter_words(dst: &mut ValueBits, src: &[u64], word_shift: usize) {
    let Some(last) = src.iter().rposition(|&w| w != 0) else {
        return;
    };
    // Every w <= last XOR word_shift stays below the power of two above
    // both.
    let need = (last.max(word_shift) + 1).next_power_of_two();
    if dst.len() < need {
        dst.resize(need, 0);
    }
    for (w, &word) in src[..=last].iter().enumerate() {
        dst[w ^ word_shift] |= word;
    }
}

/// Words of translates from which [`union_of_translates`] shares them
/// between two cores: below it the join costs more than it saves.
const PARALLEL_WORDS: usize = 1 << 14;

/// `dst` ∪= `shift ^ set` over the `(shift, set)` pairs in `translates`
/// (sorted in place by shift): the sets translated by the same shift are ORed first, then
/// permuted once, in `scratch`; past [`PARALLEL_WORDS`] the groups are
/// split in two halves done on two cores and ORed. The result has no
/// trailing zero words.
fn union_of_translates(
    dst: &mut ValueBits,
    translates: &mut [(u64, &ValueBits)],
    scratch: &mut ValueBits,
) {
    translates.sort_unstable_by_key(|&(shift, _)| shift);
    let words: usize = translates.iter().map(|(_, set)| set.len()).sum();
    if words < PARALLEL_WORDS || translates.len() < 2 {
        union_of_sorted_translates(dst, translates, scratch);
    } else {
        // Halves that split no group of one shift.
        let mut middle = translates.len() / 2;
        while middle < translates.len() && translates[middle].0 == translates[middle - 1].0 {
            middle += 1;
        }
        let (low, high) = translates.split_at(middle);
        let mut other = ValueBits::new();
        rayon::join(
            || union_of_sorted_translates(dst, low, scratch),
            || union_of_sorted_translates(&mut other, high, &mut ValueBits::new()),
        );
        if dst.len() < other.len() {
            dst.resize(other.len(), 0);
        }
        for (to, &word) in dst.iter_mut().zip(other.iter()) {
            *to |= word;
        }
    }
    let end = dst.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    dst.truncate(end);
}

/// [`union_of_translates`] on one core, the pairs sorted by shift.
fn union_of_sorted_translates(
    dst: &mut ValueBits,
    translates: &[(u64, &ValueBits)],
    scratch: &mut ValueBits,
) {
    let mut rest = translates;
    while let Some(&(shift, _)) = rest.first() {
        let same = rest.iter().take_while(|&&(s, _)| s == shift).count();
        let (group, after) = rest.split_at(same);
        rest = after;
        scratch.clear();
        for &(_, set) in group {
            if scratch.len() < set.len() {
                scratch.resize(set.len(), 0);
            }
            for (to, &word) in scratch.iter_mut().zip(set.iter()) {
                *to |= word;
            }
        }
        xor_permute_words(scratch, (shift % 64) as u32);
        scatter_words(dst, scratch, (shift / 64) as usize);
    }
}

fn seen_insert_bits(seen: &mut ValueFlags, src: &ValueBits) {
    for (w, &word) in src.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            let bit = rest.trailing_zeros() as u64;
            seen.insert(w as u64 * 64 + bit);
            rest &= rest - 1;
        }
    }
}

/// The dense-engine kernel for a take-and-break code.
pub struct CodeKernel {
    code: TakeBreakCode,
    width: ValueWidth,
    seen: ValueFlags,
    /// `exact[k][m]`: values of partitions of m into exactly k heaps, for
    /// 2 <= k <= the largest exact count any unmodified digit allows.
    exact: Vec<Vec<ValueBits>>,
    /// `at_least[k][m]`: values of partitions of m into at least k heaps,
    /// for 1 <= k <= the smallest `{k+}` of any unmodified digit.
    at_least: Vec<Vec<ValueBits>>,
    /// Two-heap splits `(j, unequal)` the block pass handles.
    splits: Vec<(usize, bool)>,
    /// Flags of heaps `block_start..block_start + PAIR_BLOCK`, one row of
    /// `block_width` bytes each, holding every split whose parts both come
    /// before the block.
    block_start: usize,
    block_width: usize,
    block_rows: Vec<u8>,
    /// Words reused by [`union_of_translates`].
    scratch: ValueBits,
}

/// Most levels (heap counts) of XOR-set tables a code may need: each level
/// holds a set for every heap, so the tables grow as levels × heaps.
pub const MAX_TABLE_LEVELS: usize = 256;

/// Heaps whose far splits are computed together, on every core.
pub const PAIR_BLOCK: usize = 1 << 10;

impl CodeKernel {
    /// A kernel for `code`, or an error if the code can loop.
    pub fn new(code: TakeBreakCode) -> Result<CodeKernel, GameError> {
        check_evaluable(&code)?;
        let mut max_exact = 0usize;
        let mut max_at_least = 0usize;
        let span = (code.finite_len() + code.repeat_len()) as u64;
        let digits: Vec<Digit> = (0..span).map(|j| code.digit(j)).collect();
        for d in digits.iter().filter(|d| d.modifier() == Modifier::None) {
            let listed = d.counts();
            if listed >> 3 != 0 {
                max_exact = max_exact.max(63 - listed.leading_zeros() as usize);
            }
            if let Some(k) = d.at_least() {
                // The kernel reads the table for max(k, 3) heaps; the
                // recursion needs every level below it.
                max_at_least = max_at_least.max(k.max(3) as usize);
            }
        }
        if max_at_least > MAX_TABLE_LEVELS {
            return Err(GameError::Limit {
                what: format!(
                    "the table depth {max_at_least} that the code {code} needs (one level of XOR sets per count of heaps)"
                ),
                limit: format!("{MAX_TABLE_LEVELS} levels (write the count as a list, e.g. {{2,3}}, if only a few apply)"),
            });
        }
        let exact = if max_exact >= 3 {
            vec![Vec::new(); max_exact + 1]
        } else {
            Vec::new()
        };
        let at_least = if max_at_least > 0 {
            vec![Vec::new(); max_at_least + 1]
        } else {
            Vec::new()
        };
        let splits = if code.is_infinite() {
            Vec::new()
        } else {
            code.move_table()
                .splits
                .into_iter()
                .filter(|&(_, kind)| kind != SplitKind::Equal)
                .map(|(j, kind)| (j, kind == SplitKind::Unequal))
                .collect()
        };
        Ok(CodeKernel {
            code,
            width: ValueWidth::default(),
            seen: ValueFlags::default(),
            exact,
            at_least,
            splits,
            block_start: 0,
            block_width: 0,
            block_rows: Vec::new(),
            scratch: ValueBits::new(),
        })
    }

    /// The far splits of heaps `start..start + PAIR_BLOCK`: the splits
    /// `(a, m - a)` with both parts before `start` need no value of the
    /// block, so the heaps of the block share them out between the cores.
    fn prepare_block(&mut self, g: &NimSequence, start: usize) {
        use rayon::prelude::*;
        let width = self.width.xor_bound() as usize + 1;
        self.block_start = start;
        self.block_width = width;
        self.block_rows.clear();
        self.block_rows.resize(PAIR_BLOCK * width, 0);
        let splits = &self.splits;
        self.block_rows
            .par_chunks_mut(width)
            .with_min_len(16)
            .enumerate()
            .for_each(|(i, row)| {
                let n = start + i;
                for &(j, unequal) in splits {
                    if j + 2 > n {
                        continue;
                    }
                    let m = n - j;
                    // a > m - start keeps m - a before the block.
                    let lo = (m + 1).saturating_sub(start).max(1);
                    insert_pairs_into(g.values(), m, lo, m / 2 + 1, unequal, row);
                }
            });
    }

    /// Records G(n): the value bound, and the table entry that needs G(n),
    /// `P_(>=1)(n) = {G(n)} ∪ P_(>=2)(n)`.
    fn record_value(&mut self, n: usize, value: u64) {
        self.width.record(value);
        if self.at_least.len() > 2 {
            let mut set = self.at_least[2][n].clone();
            bits_insert(&mut set, value);
            self.at_least[1].push(set);
        }
    }

    /// Extends the XOR-set tables to index n (all but `at_least[1][n]`,
    /// which needs G(n)).
    fn extend_tables(&mut self, g: &NimSequence, n: usize) {
        let mut scratch = std::mem::take(&mut self.scratch);
        if !self.exact.is_empty() {
            for k in 2..self.exact.len() {
                let mut set = ValueBits::new();
                if k == 2 {
                    for a in 1..=n / 2 {
                        bits_insert(&mut set, g.get(a) ^ g.get(n - a));
                    }
                } else if n >= k {
                    // Every partition into k heaps has a smallest part
                    // a <= n / k, and any partition of the rest into k - 1
                    // heaps makes one with a: the first parts stop at n / k.
                    let mut translates: Vec<(u64, &ValueBits)> = (1..=n / k)
                        .map(|a| (g.get(a), &self.exact[k - 1][n - a]))
                        .collect();
                    union_of_translates(&mut set, &mut translates, &mut scratch);
                }
                self.exact[k].push(set);
            }
        }
        if !self.at_least.is_empty() {
            for k in 2..self.at_least.len() {
                let mut set = ValueBits::new();
                // As above: a smallest part a <= n / k, the rest into at
                // least k - 1 heaps.
                let mut translates: Vec<(u64, &ValueBits)> = (1..=n / k)
                    .map(|a| (g.get(a), &self.at_least[k - 1][n - a]))
                    .collect();
                union_of_translates(&mut set, &mut translates, &mut scratch);
                self.at_least[k].push(set);
            }
        }
        self.scratch = scratch;
    }

    /// The options of heap m = n - j that leave two heaps (the splits with
    /// a part below `near_end`; the block pass flagged the others).
    #[inline]
    fn insert_two_heap_options(
        &mut self,
        g: &NimSequence,
        modifier: Modifier,
        m: usize,
        near_end: usize,
    ) {
        match modifier.two_heap_split() {
            SplitKind::Any => insert_pair_range(g.values(), m, 1, near_end, false, &mut self.seen),
            SplitKind::Unequal => {
                insert_pair_range(g.values(), m, 1, near_end, true, &mut self.seen);
            }
            SplitKind::Equal => {
                if m.is_multiple_of(2) {
                    self.seen.insert(0);
                }
            }
        }
    }

    /// The options of m tokens left as three or more heaps: from the XOR-set
    /// tables without a modifier, partition by partition with one.
    #[inline]
    fn insert_many_heap_options(
        &mut self,
        g: &NimSequence,
        digit: Digit,
        m: usize,
        budget: &mut u64,
    ) -> Result<(), GameError> {
        let modifier = digit.modifier();
        let open_from = digit.at_least().map(u64::from);
        let top = match digit.max_heaps() {
            Some(most) => most.min(m as u64),
            None => m as u64,
        };
        for k in 3..=top {
            let listed = k < 64 && digit.counts() & (1u64 << k) != 0;
            let open = open_from.is_some_and(|from| k >= from);
            if !listed && !open {
                continue;
            }
            match modifier {
                Modifier::AllEqual => {
                    if (m as u64).is_multiple_of(k) {
                        let part = (m as u64 / k) as usize;
                        self.seen.insert(if k % 2 == 1 { g.get(part) } else { 0 });
                    }
                }
                Modifier::None if open => {
                    // One table covers every count from k on.
                    seen_insert_bits(&mut self.seen, &self.at_least[k as usize][m]);
                    break;
                }
                Modifier::None => seen_insert_bits(&mut self.seen, &self.exact[k as usize][m]),
                Modifier::Unequal | Modifier::NotAllEqual => {
                    let seen = &mut self.seen;
                    for_each_partition(m as u64, k, modifier, budget, &mut |parts| {
                        let value = parts.iter().fold(0, |acc, &p| acc ^ g.get(p as usize));
                        seen.insert(value);
                    })?;
                }
            }
        }
        Ok(())
    }
}

impl BoundedKernel for CodeKernel {
    fn value_width(&self) -> ValueWidth {
        self.width
    }

    fn note_value(&mut self, value: u64) {
        self.width.record(value);
    }
}

impl Kernel for CodeKernel {
    fn restore(&mut self, values: &NimSequence) {
        // Replay the tables and the largest value, heap by heap; the tables
        // at n read only values below n, so the whole sequence serves.
        for n in 0..values.len() {
            self.extend_tables(values, n);
            self.record_value(n, values.get(n));
        }
    }

    fn next_value(&mut self, g: &NimSequence) -> Result<u64, GameError> {
        let n = g.len();
        self.extend_tables(g, n);
        if !self.splits.is_empty() && n >= 2 * PAIR_BLOCK && n.is_multiple_of(PAIR_BLOCK) {
            self.prepare_block(g, n);
        }
        let in_block = !self.block_rows.is_empty()
            && n >= self.block_start
            && n < self.block_start + PAIR_BLOCK;
        self.width.reset(&mut self.seen);
        if in_block {
            let row =
                &self.block_rows[(n - self.block_start) * self.block_width..][..self.block_width];
            self.seen.merge(row);
        }
        let mut budget = PARTITION_BUDGET;
        let last = if self.code.is_infinite() {
            n
        } else {
            n.min(self.code.finite_len() - 1)
        };
        for j in 0..=last {
            let digit = self.code.digit(j as u64);
            if digit.is_zero() {
                continue;
            }
            let m = n - j;
            if m == 0 {
                if digit.allows(0) {
                    self.seen.insert(0);
                }
                continue;
            }
            if digit.allows(1) && j > 0 {
                self.seen.insert(g.get(m));
            }
            // With a block prepared, only the near splits (a part inside
            // the block) are left for this heap.
            let near_end = if in_block {
                (m + 1).saturating_sub(self.block_start)
            } else {
                m / 2 + 1
            };
            if digit.allows(2) && m >= 2 {
                self.insert_two_heap_options(g, digit.modifier(), m, near_end);
            }
            self.insert_many_heap_options(g, digit, m, &mut budget)?;
        }
        let value = self.seen.mex();
        self.record_value(n, value);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::{bits_insert, bits_union_shifted, ValueBits};

    /// The word-at-a-time XOR translation against inserting each value.
    #[test]
    fn xor_translation_by_words_matches_value_by_value() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let trim = |v: &ValueBits| {
            let end = v.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
            v[..end].to_vec()
        };
        for _ in 0..500 {
            let mut src = ValueBits::new();
            for _ in 0..next() % 60 {
                bits_insert(&mut src, next() % 700);
            }
            let shift = next() % 1024;
            let mut dst = ValueBits::new();
            bits_insert(&mut dst, next() % 300);
            let mut want = dst.clone();
            for (w, &word) in src.iter().enumerate() {
                for b in 0..64 {
                    if word >> b & 1 != 0 {
                        bits_insert(&mut want, (w as u64 * 64 + b) ^ shift);
                    }
                }
            }
            bits_union_shifted(&mut dst, &src, shift);
            assert_eq!(trim(&dst), trim(&want), "shift {shift}");
        }
    }
}

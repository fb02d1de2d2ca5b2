//! Gathering a bitset's bits through a list of places: bit i of the
//! result is bit `places[i]` of the set.
//!
//! Why a module of its own: the misère quotient's verification
//! ([`super::quotient`]) spends most of its time here, taking the
//! preimage of a set of elements under multiplication by one element
//! (the places are a row of the monoid's table). A bit at a time, each
//! costs a load of the place, a load of the word and a shift; the
//! vector kernels load 16 (AVX-512) or 8 (AVX2) words in one gather and
//! turn their bits into a mask. They exist only as types made where the
//! CPU has the feature, and the portable loop is the one they are
//! checked against.

/// `{ i : places[i] ∈ set }` as a bitset of `places.len()` bits.
///
/// # Panics
/// If a place is outside the set (a bug in the caller: the places are
/// elements of the monoid whose subsets the set is one of).
pub(crate) fn gather(set: &[u64], places: &[u32]) -> Vec<u64> {
    let mut out = vec![0u64; places.len().div_ceil(64)];
    gather_into(set, places, &mut out);
    out
}

/// [`gather`] into `out` (every word of it written), a caller's buffer:
/// the verification gathers millions of small sets a heap, and an
/// allocation each cost more than some gathers.
///
/// # Panics
/// If a place is outside the set, or `out` is not `places.len()` bits
/// long in whole words (bugs in the caller).
pub(crate) fn gather_into(set: &[u64], places: &[u32], out: &mut [u64]) {
    assert_eq!(out.len(), places.len().div_ceil(64), "the output's length");
    #[cfg(target_arch = "x86_64")]
    let inside = match *x86::KERNEL {
        x86::Kernel::Avx512(kernel) => kernel.gather(set, places, out),
        x86::Kernel::Avx2(kernel) => kernel.gather(set, places, out),
        x86::Kernel::Portable => portable(set, places, out),
    };
    #[cfg(not(target_arch = "x86_64"))]
    let inside = portable(set, places, out);
    assert!(inside, "a place outside the bitset");
}

/// The highest 32-bit half of `set` a place may fall in.
fn last_half(set: &[u64]) -> u32 {
    u32::try_from(set.len() * 2).map_or(u32::MAX, |halves| halves.saturating_sub(1))
}

/// The loop the vector kernels are checked against, also their tail;
/// false if a place is outside the set (its bit is then left clear).
/// Each output word is gathered without a branch on the bit: the sets
/// are often half full, and a test per bit mispredicts about as often
/// as not.
fn portable(set: &[u64], places: &[u32], out: &mut [u64]) -> bool {
    let mut inside = true;
    for (word, chunk) in out.iter_mut().zip(places.chunks(64)) {
        let mut bits = 0u64;
        for (i, &p) in chunk.iter().enumerate() {
            match set.get(p as usize / 64) {
                Some(w) => bits |= (w >> (p % 64) & 1) << i,
                None => inside = false,
            }
        }
        *word = bits;
    }
    inside
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;
    use std::sync::LazyLock;

    /// The fastest kernel this CPU has, found once.
    pub(super) static KERNEL: LazyLock<Kernel> = LazyLock::new(|| {
        if let Some(k) = Avx512::new() {
            Kernel::Avx512(k)
        } else if let Some(k) = Avx2::new() {
            Kernel::Avx2(k)
        } else {
            Kernel::Portable
        }
    });

    #[derive(Clone, Copy)]
    pub(super) enum Kernel {
        Avx512(Avx512),
        Avx2(Avx2),
        Portable,
    }

    /// A vector kernel on the places that fill whole words of `out` (the
    /// set not empty), the portable loop on the rest.
    fn in_words(
        set: &[u64],
        places: &[u32],
        out: &mut [u64],
        vector: impl FnOnce(&[u64], &[u32], &mut [u64]) -> bool,
    ) -> bool {
        if set.is_empty() {
            return super::portable(set, places, out);
        }
        let whole = places.len() / 64;
        let inside = vector(set, &places[..whole * 64], &mut out[..whole]);
        super::portable(set, &places[whole * 64..], &mut out[whole..]) && inside
    }

    /// Proof that the CPU has AVX-512F: only [`Avx512::new`] makes one.
    #[derive(Clone, Copy)]
    pub(super) struct Avx512(());

    impl Avx512 {
        pub(super) fn new() -> Option<Avx512> {
            std::arch::is_x86_feature_detected!("avx512f").then_some(Avx512(()))
        }

        /// As [`super::portable`]: `out` holds a bit for each place.
        pub(super) fn gather(self, set: &[u64], places: &[u32], out: &mut [u64]) -> bool {
            // SAFETY: an `Avx512` exists only where the CPU has AVX-512F;
            // `in_words` gives a set that is not empty and 64 places to
            // each word of out.
            in_words(set, places, out, |s, p, o| unsafe {
                gather_avx512(s, p, o)
            })
        }
    }

    /// Sixteen places a step, four steps a word. The words read are the
    /// set's 32-bit halves (x86 is little-endian: bit p is bit p % 32 of
    /// half p / 32), each lane's half clamped to the last so that no
    /// place, inside or not, reads outside the set.
    ///
    /// # Safety
    /// The CPU has AVX-512F, the set is not empty, and `places.len()` is
    /// 64 × `out.len()`.
    #[target_feature(enable = "avx512f")]
    unsafe fn gather_avx512(set: &[u64], places: &[u32], out: &mut [u64]) -> bool {
        let halves = set.as_ptr().cast::<i32>();
        let last = _mm512_set1_epi32(super::last_half(set) as i32);
        let low5 = _mm512_set1_epi32(31);
        let one = _mm512_set1_epi32(1);
        let mut outside = 0u16;
        for (word, chunk) in out.iter_mut().zip(places.chunks_exact(64)) {
            let mut bits = 0u64;
            for (q, sixteen) in chunk.chunks_exact(16).enumerate() {
                // SAFETY: sixteen u32 in bounds (a chunk of sixteen).
                let at = unsafe { _mm512_loadu_si512(sixteen.as_ptr().cast()) };
                let half = _mm512_srli_epi32::<5>(at);
                outside |= _mm512_cmpgt_epu32_mask(half, last);
                let half = _mm512_min_epu32(half, last);
                // SAFETY: every lane's half is at most the last, inside
                // the set (which is not empty).
                let words = unsafe { _mm512_i32gather_epi32::<4>(half, halves) };
                let shifted = _mm512_srlv_epi32(words, _mm512_and_si512(at, low5));
                let mask = _mm512_test_epi32_mask(shifted, one);
                bits |= u64::from(mask) << (16 * q);
            }
            *word = bits;
        }
        outside == 0
    }

    /// Proof that the CPU has AVX2: only [`Avx2::new`] makes one.
    #[derive(Clone, Copy)]
    pub(super) struct Avx2(());

    impl Avx2 {
        pub(super) fn new() -> Option<Avx2> {
            std::arch::is_x86_feature_detected!("avx2").then_some(Avx2(()))
        }

        /// As [`super::portable`].
        pub(super) fn gather(self, set: &[u64], places: &[u32], out: &mut [u64]) -> bool {
            // SAFETY: an `Avx2` exists only where the CPU has AVX2; the
            // rest as for AVX-512.
            in_words(set, places, out, |s, p, o| unsafe { gather_avx2(s, p, o) })
        }
    }

    /// Eight places a step, eight steps a word: each bit is shifted to
    /// its lane's sign, which `movemask` collects; halves clamped as in
    /// [`gather_avx512`].
    ///
    /// # Safety
    /// The CPU has AVX2; the rest as for [`gather_avx512`].
    #[target_feature(enable = "avx2")]
    unsafe fn gather_avx2(set: &[u64], places: &[u32], out: &mut [u64]) -> bool {
        let halves = set.as_ptr().cast::<i32>();
        let last = _mm256_set1_epi32(super::last_half(set) as i32);
        let low5 = _mm256_set1_epi32(31);
        let mut clamped_all = _mm256_set1_epi32(-1);
        for (word, chunk) in out.iter_mut().zip(places.chunks_exact(64)) {
            let mut bits = 0u64;
            for (q, eight) in chunk.chunks_exact(8).enumerate() {
                // SAFETY: eight u32 in bounds (a chunk of eight).
                let at = unsafe { _mm256_loadu_si256(eight.as_ptr().cast()) };
                let half = _mm256_srli_epi32::<5>(at);
                let clamped = _mm256_min_epu32(half, last);
                // A lane whose half was clamped held a place outside.
                clamped_all = _mm256_and_si256(clamped_all, _mm256_cmpeq_epi32(clamped, half));
                // SAFETY: every lane's half is at most the last, inside
                // the set (which is not empty).
                let words = unsafe { _mm256_i32gather_epi32::<4>(halves, clamped) };
                let to_sign = _mm256_sub_epi32(low5, _mm256_and_si256(at, low5));
                let signs = _mm256_sllv_epi32(words, to_sign);
                let mask = _mm256_movemask_ps(_mm256_castsi256_ps(signs)) as u32;
                bits |= u64::from(mask) << (8 * q);
            }
            *word = bits;
        }
        _mm256_movemask_epi8(clamped_all) == -1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, a bit at a time with a branch.
    fn by_definition(set: &[u64], places: &[u32]) -> Vec<u64> {
        let mut out = vec![0u64; places.len().div_ceil(64)];
        for (i, &p) in places.iter().enumerate() {
            if set[p as usize / 64] & (1 << (p % 64)) != 0 {
                out[i / 64] |= 1 << (i % 64);
            }
        }
        out
    }

    /// Sets and places from a xorshift generator: lengths around the
    /// kernels' steps (8, 16, 64) and sets from sparse to full.
    fn cases() -> Vec<(Vec<u64>, Vec<u32>)> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut cases = Vec::new();
        for words in [1usize, 2, 3, 7, 40] {
            for len in [0usize, 1, 7, 8, 15, 16, 63, 64, 65, 127, 128, 200, 1000] {
                for density in 0..4 {
                    let set: Vec<u64> = (0..words)
                        .map(|_| match density {
                            0 => 0,
                            1 => next() & next() & next(),
                            2 => next(),
                            _ => !0,
                        })
                        .collect();
                    let bits = words as u64 * 64;
                    let places = (0..len).map(|_| (next() % bits) as u32).collect();
                    cases.push((set, places));
                }
            }
        }
        cases
    }

    #[test]
    fn the_gather_is_its_definition() {
        for (set, places) in cases() {
            assert_eq!(gather(&set, &places), by_definition(&set, &places));
            let mut out = vec![0u64; places.len().div_ceil(64)];
            assert!(portable(&set, &places, &mut out));
            assert_eq!(out, by_definition(&set, &places));
            // Into a reused buffer: every word is written, none kept.
            let mut reused = vec![!0u64; places.len().div_ceil(64)];
            gather_into(&set, &places, &mut reused);
            assert_eq!(reused, by_definition(&set, &places));
        }
    }

    #[test]
    #[should_panic(expected = "the output's length")]
    fn an_output_of_another_length_is_refused() {
        gather_into(&[0u64; 2], &[3, 4], &mut [0u64; 2]);
    }

    /// A kernel as the tests call it: [`portable`]'s signature.
    type Gather = Box<dyn Fn(&[u64], &[u32], &mut [u64]) -> bool>;

    /// Every kernel this CPU has, by name (the one `gather` picks is only
    /// the fastest), and the names of those it has not.
    fn kernels() -> (Vec<(&'static str, Gather)>, Vec<&'static str>) {
        fn boxed(kernel: impl Fn(&[u64], &[u32], &mut [u64]) -> bool + 'static) -> Gather {
            Box::new(kernel)
        }
        #[cfg(target_arch = "x86_64")]
        let vector = [
            (
                "AVX-512",
                x86::Avx512::new().map(|k| boxed(move |s, p, o| k.gather(s, p, o))),
            ),
            (
                "AVX2",
                x86::Avx2::new().map(|k| boxed(move |s, p, o| k.gather(s, p, o))),
            ),
        ];
        #[cfg(not(target_arch = "x86_64"))]
        let vector: [(&str, Option<Gather>); 2] = [("AVX-512", None), ("AVX2", None)];
        let mut have = vec![("portable", boxed(portable))];
        let mut missing = Vec::new();
        for (name, kernel) in vector {
            match kernel {
                Some(kernel) => have.push((name, kernel)),
                None => missing.push(name),
            }
        }
        (have, missing)
    }

    /// Says in the test's output which kernels `test` ran and which this
    /// CPU has not, so that a kernel missing here is seen as not tested
    /// rather than passing unseen.
    fn report(test: &str, have: &[(&str, Gather)], missing: &[&str]) {
        let tested: Vec<&str> = have.iter().map(|(name, _)| *name).collect();
        let missing = if missing.is_empty() {
            &["none"]
        } else {
            missing
        };
        let (tested, missing) = (tested.join(", "), missing.join(", "));
        eprintln!("bit_gather ({test}): tested {tested}; not tested on this CPU: {missing}");
    }

    /// Each kernel this CPU has, against the definition.
    #[test]
    fn each_kernel_is_the_definition() {
        let (kernels, missing) = kernels();
        for (set, places) in cases() {
            let want = by_definition(&set, &places);
            let len = places.len().div_ceil(64);
            for (name, kernel) in &kernels {
                let mut out = vec![0u64; len];
                assert!(
                    kernel(&set, &places, &mut out),
                    "{name}, {} places",
                    places.len()
                );
                assert_eq!(out, want, "{name}, {} places", places.len());
            }
        }
        report("each kernel is the definition", &kernels, &missing);
    }

    #[test]
    #[should_panic(expected = "a place outside the bitset")]
    fn a_place_outside_the_set_is_refused() {
        let _ = gather(&[0u64; 2], &[3, 128]);
    }

    /// A place outside, in a vector step or in the tail, is seen by every
    /// kernel, which reads nothing outside the set meanwhile.
    #[test]
    fn every_kernel_sees_a_place_outside() {
        let (kernels, missing) = kernels();
        let set = vec![!0u64; 3];
        for len in [1usize, 64, 100, 128] {
            for at in [0, len / 2, len - 1] {
                for outside in [192u32, 200, 1 << 31, u32::MAX] {
                    let mut places: Vec<u32> = (0..len as u32).map(|i| i % 192).collect();
                    places[at] = outside;
                    let mut out = vec![0u64; len.div_ceil(64)];
                    for (name, kernel) in &kernels {
                        assert!(!kernel(&set, &places, &mut out), "{name} {len} {at}");
                    }
                }
            }
        }
        report("every kernel sees a place outside", &kernels, &missing);
    }
}

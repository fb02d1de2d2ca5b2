//! The corpus of known nim-sequences, each citing its source, shared by
//! every engine's tests.
#![allow(dead_code)]

pub mod coins;

/// A published nim-sequence.
pub struct Known {
    /// The grundy spec of the game.
    pub spec: &'static str,
    /// G(0), G(1), ... as published (shifted to start at heap 0 where the
    /// source starts elsewhere).
    pub values: &'static [u64],
    /// Where the values come from.
    pub source: &'static str,
}

/// OEIS A002186 (Kayles, octal .77), terms a(0)..a(104).
pub const KAYLES: &[u64] = &[
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187 (Dawson's chess, octal .137), terms a(0)..a(131).
pub const DAWSONS_CHESS: &[u64] = &[
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// OEIS A002188 (Grundy's game, 4!.0), terms a(0)..a(104).
pub const GRUNDYS_GAME: &[u64] = &[
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// OEIS A046695 (Officers, octal .6), terms a(0)..a(101).
pub const OFFICERS: &[u64] = &[
    0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1, 2, 0, 1,
    2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1, 2, 3, 1, 2, 3, 4,
    2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4,
    2, 3, 0, 2, 3, 4,
];

/// OEIS A071464 (octal .127), terms a(1)..a(87); a(0) = 0 is prepended.
pub const OCTAL_127: &[u64] = &[
    0, 1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1, 2, 7,
    8, 1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2, 7, 0, 1, 8, 3,
    2, 1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4,
];

/// Dawson's Kayles (octal .07): G(0) = 0 and G(n) = A002187(n - 1)
/// (OEIS A002187, comments).
pub fn dawsons_kayles() -> Vec<u64> {
    let mut values = vec![0];
    values.extend_from_slice(DAWSONS_CHESS);
    values
}

/// Every published sequence, by spec.
pub fn corpus() -> Vec<Known> {
    let dawsons_kayles: &'static [u64] = Box::leak(dawsons_kayles().into_boxed_slice());
    vec![
        Known {
            spec: "kayles",
            values: KAYLES,
            source: "OEIS A002186",
        },
        Known {
            spec: "0.77",
            values: KAYLES,
            source: "OEIS A002186",
        },
        Known {
            spec: "dawsons-chess",
            values: DAWSONS_CHESS,
            source: "OEIS A002187",
        },
        Known {
            spec: "0.137",
            values: DAWSONS_CHESS,
            source: "OEIS A002187",
        },
        Known {
            spec: "dawsons-kayles",
            values: dawsons_kayles,
            source: "OEIS A002187, shifted by one",
        },
        Known {
            spec: "grundy",
            values: GRUNDYS_GAME,
            source: "OEIS A002188",
        },
        Known {
            spec: "4!.0",
            values: GRUNDYS_GAME,
            source: "OEIS A002188",
        },
        Known {
            spec: "officers",
            values: OFFICERS,
            source: "OEIS A046695",
        },
        Known {
            spec: "0.6",
            values: OFFICERS,
            source: "OEIS A046695",
        },
    ]
}

/// A xorshift generator of test inputs: the same numbers from the same
/// seed on every machine.
pub fn numbers(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

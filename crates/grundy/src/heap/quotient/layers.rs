//! The verification's states: the rests kept beside them, the groups of
//! heaps alike, the layers of states, and the order of sums they follow.

use std::cmp::Ordering;

use super::monoid::{Element, Monoid, IDENTITY};

/// The rests the verification keeps track of after some groups: the
/// elements that the groups still to come can multiply the sum by (a
/// submonoid), numbered with the identity first. Whether the sum so far
/// has a winning move beside any other element never matters, so states
/// that differ only there are one state, and each state's set of rests
/// is only as long as the submonoid.
#[derive(Clone, Debug)]
pub(super) struct Contexts {
    members: Vec<Element>,
    /// Each element's number among `members`, `u32::MAX` if not one.
    pub(super) number: Vec<u32>,
    /// For each member after the identity, the number of a member before
    /// it and the element it is multiplied by (so [`Self::row`] is one
    /// pass).
    via: Vec<(u32, Element)>,
}

impl Contexts {
    /// Every element of the monoid (each numbered as itself).
    pub(super) fn all(monoid: &Monoid) -> Contexts {
        Contexts {
            members: (0..monoid.order as Element).collect(),
            number: (0..monoid.order as u32).collect(),
            via: monoid
                .tree
                .iter()
                .map(|&(before, l)| {
                    (
                        before,
                        monoid.letters.get(l as usize).copied().unwrap_or(IDENTITY),
                    )
                })
                .collect(),
        }
    }

    /// The identity alone: no group is still to come.
    pub(super) fn identity(order: usize) -> Contexts {
        let mut number = vec![u32::MAX; order];
        number[IDENTITY as usize] = 0;
        Contexts {
            members: vec![IDENTITY],
            number,
            via: vec![(0, IDENTITY)],
        }
    }

    /// `x · m` for each member m, in order.
    pub(super) fn row(&self, monoid: &Monoid, x: Element) -> Vec<Element> {
        let mut row = vec![x; self.via.len()];
        for i in 1..row.len() {
            let (before, g) = self.via[i];
            row[i] = monoid.mul(row[before as usize], g);
        }
        row
    }

    /// The submonoid these and the powers of x generate: products s·xᶜ
    /// (closed under products, since the monoid is commutative).
    pub(super) fn with(&self, monoid: &Monoid, x: Element) -> Contexts {
        let mut grown = self.clone();
        let mut i = 0;
        while i < grown.members.len() {
            let y = monoid.mul(grown.members[i], x);
            if grown.number[y as usize] == u32::MAX {
                grown.number[y as usize] = grown.members.len() as u32;
                grown.members.push(y);
                grown.via.push((i as u32, x));
            }
            i += 1;
        }
        grown
    }

    pub(super) fn len(&self) -> usize {
        self.members.len()
    }
}

/// Which rests the verification keeps in its states.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum RestsKept {
    /// Every element, over the groups in increasing order of heap (the
    /// first way, kept as the cross-check of the other: the tests run it
    /// beside every candidate's verification).
    #[cfg_attr(not(test), allow(dead_code))]
    All,
    /// The submonoid of the groups still to come, over the groups in
    /// decreasing order of heap.
    StillToCome,
}

/// Heaps that behave alike in every sum, for the verification.
#[derive(Clone)]
pub(super) struct Group {
    /// The smallest of them.
    pub(super) heap: u64,
    pub(super) element: Element,
    /// The rests beside which a move in one of them wins (a bitset).
    pub(super) winning: Vec<u64>,
}

/// A layer of the verification: its states (the element so far, the
/// rests beside which some heap so far has a winning move, whether the
/// sum is empty), each with its least sum's tokens and heaps (in
/// [`sum_order`]) and how it was reached (the state of the layer before
/// and the count of this layer's heap). Kept
/// flat, the rests of state i at `rests[i * width..(i + 1) * width]`: a
/// layer is a few allocations, not one a state (millions a heap of
/// Dawson's Kayles at its wall).
#[derive(Clone, Debug, Default)]
pub(super) struct Layer {
    /// Words of each state's rests.
    width: usize,
    pub(super) elements: Vec<Element>,
    rests: Vec<u64>,
    pub(super) any: Vec<bool>,
    pub(super) tokens: Vec<u64>,
    /// Each state's heaps in the sum of its `tokens` (of those sums, the
    /// one with the most heaps): the second key of [`sum_order`].
    pub(super) heaps: Vec<u32>,
    pub(super) from: Vec<usize>,
    pub(super) count: Vec<u32>,
}

impl Layer {
    /// The empty sum alone, with rests of `width` words.
    pub(super) fn start(width: usize) -> Layer {
        Layer {
            width,
            elements: vec![IDENTITY],
            rests: vec![0; width],
            any: vec![false],
            tokens: vec![0],
            heaps: vec![0],
            from: vec![0],
            count: vec![0],
        }
    }

    pub(super) fn empty(width: usize) -> Layer {
        Layer {
            width,
            ..Layer::default()
        }
    }

    pub(super) fn len(&self) -> usize {
        self.elements.len()
    }

    pub(super) fn rests(&self, i: usize) -> &[u64] {
        &self.rests[i * self.width..(i + 1) * self.width]
    }

    pub(super) fn push(
        &mut self,
        y: Element,
        rests: &[u64],
        any: bool,
        (tokens, heaps): (u64, u32),
        from: usize,
        count: u32,
    ) {
        debug_assert_eq!(rests.len(), self.width);
        self.elements.push(y);
        self.rests.extend_from_slice(rests);
        self.any.push(any);
        self.tokens.push(tokens);
        self.heaps.push(heaps);
        self.from.push(from);
        self.count.push(count);
    }
}

/// The order in which the verification looks for the least failure: fewer
/// tokens first, then more heaps. Every option of a sum comes before it: a
/// move that takes tokens leaves fewer, and one that takes none (a split,
/// `4.` codes) leaves the same tokens in more heaps. So every sum before
/// the least failure is predicted right (by induction in this order), the
/// least failure's options among them, and its true outcome is the
/// opposite of its prediction. Ordered by tokens alone, a split of the
/// least failure (the same tokens) could fail too, and nothing would
/// rule that out: the claim, and the lower bound built on it, would rest
/// on the order the states happen to be found in. (No such failure was
/// seen in the tests' runs, 4.7 to 24 and 4.77 to 6, before this order.)
pub(super) fn sum_order(
    (tokens, heaps): (u64, u32),
    (other_tokens, other_heaps): (u64, u32),
) -> Ordering {
    tokens.cmp(&other_tokens).then(other_heaps.cmp(&heaps))
}

/// Whether a sum of `tokens` in `heaps` comes before another in
/// [`sum_order`].
pub(super) fn precedes(sum: (u64, u32), other: (u64, u32)) -> bool {
    sum_order(sum, other) == Ordering::Less
}

pub(super) fn bitset(count: usize, member: impl Fn(usize) -> bool) -> Vec<u64> {
    let mut bits = vec![0u64; count.div_ceil(64)];
    for i in 0..count {
        if member(i) {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    bits
}

//! A finite commutative monoid with a P-set, kept as its letters' actions
//! and a breadth-first tree of words (the form of every quotient and
//! candidate), and the powers of an element.

use rustc_hash::FxHashMap;

use crate::heap::bit_gather::gather;

/// An element of a quotient; the identity (the class of the empty sum)
/// is 0.
pub type Element = u32;

/// The identity of every quotient.
pub const IDENTITY: Element = 0;

/// A finite commutative monoid with a P-set, kept as the action of each
/// generator (letter) on the elements and a tree of words: why not a
/// multiplication table, a table has order² entries (4 GiB at 32,768
/// elements), while the actions take order × letters (a letter is a
/// heap's element, a few dozen at most), so candidates of 10⁵ elements
/// and more fit.
///
/// Elements are numbered breadth first from the identity (0): each
/// element x > 0 is `tree[x].0 · letters[tree[x].1]` with `tree[x].0 < x`,
/// so one pass in order computes any element's products with all others,
/// and x · y walks y's word (as short as any: breadth first).
#[derive(Clone, Debug)]
pub(super) struct Monoid {
    pub(super) order: usize,
    /// The generators' elements, distinct and not the identity.
    pub(super) letters: Vec<Element>,
    /// `x · letters[l]` at `x * letters.len() + l`.
    pub(super) actions: Vec<Element>,
    /// For each element other than the identity, the element before it
    /// in its word and the letter after (the identity's entry is unused).
    pub(super) tree: Vec<(Element, u32)>,
    /// Each element's number among the letters, `u32::MAX` if not one.
    letter_of: Vec<u32>,
    pub(super) p: Vec<bool>,
}

/// A monoid that the letters do not generate or whose actions are not
/// those of a commutative monoid, from [`Monoid::from_actions`].
#[derive(Debug)]
pub(super) struct NotAMonoid;

impl Monoid {
    /// The quotient of the empty game alone: one element, not a
    /// P-position (the player to move cannot move, and wins).
    pub(super) fn trivial() -> Monoid {
        Monoid {
            order: 1,
            letters: Vec::new(),
            actions: Vec::new(),
            tree: vec![(IDENTITY, 0)],
            letter_of: vec![u32::MAX],
            p: vec![false],
        }
    }

    /// The monoid of `order` elements numbered anyhow, with `action(x, l)`
    /// the product of x and `letters[l]` (the identity is 0 and the
    /// letters generate it), renumbered breadth first from the identity.
    /// Returns it and each old number's new one.
    pub(super) fn from_actions(
        order: usize,
        letters: &[Element],
        p: impl Fn(Element) -> bool,
        action: impl Fn(Element, usize) -> Element + Sync,
    ) -> Result<(Monoid, Vec<Element>), NotAMonoid> {
        use rayon::prelude::*;
        let count = letters.len();
        let old_actions: Vec<Element> = (0..order)
            .into_par_iter()
            .flat_map_iter(|x| (0..count).map(move |l| (x as Element, l)))
            .map(|(x, l)| action(x, l))
            .collect();
        let mut new_of = vec![u32::MAX; order];
        let mut old_of: Vec<Element> = Vec::with_capacity(order);
        let mut tree: Vec<(Element, u32)> = Vec::with_capacity(order);
        new_of[IDENTITY as usize] = 0;
        old_of.push(IDENTITY);
        tree.push((IDENTITY, 0));
        let mut i = 0;
        while i < old_of.len() {
            let x = old_of[i] as usize;
            for l in 0..count {
                let y = old_actions[x * count + l];
                if y as usize >= order {
                    return Err(NotAMonoid);
                }
                if new_of[y as usize] == u32::MAX {
                    new_of[y as usize] = old_of.len() as Element;
                    old_of.push(y);
                    tree.push((i as Element, l as u32));
                }
            }
            i += 1;
        }
        if old_of.len() < order {
            return Err(NotAMonoid);
        }
        let actions: Vec<Element> = old_of
            .iter()
            .flat_map(|&x| {
                old_actions[x as usize * count..(x as usize + 1) * count]
                    .iter()
                    .map(|&y| new_of[y as usize])
            })
            .collect();
        let letters: Vec<Element> = letters.iter().map(|&g| new_of[g as usize]).collect();
        let p = old_of.iter().map(|&x| p(x)).collect();
        let monoid = Monoid::assemble(order, letters, actions, tree, p)?;
        Ok((monoid, new_of))
    }

    /// The monoid with these parts, each letter's number found once (the
    /// letters must be distinct and not the identity).
    pub(super) fn assemble(
        order: usize,
        letters: Vec<Element>,
        actions: Vec<Element>,
        tree: Vec<(Element, u32)>,
        p: Vec<bool>,
    ) -> Result<Monoid, NotAMonoid> {
        let mut letter_of = vec![u32::MAX; order];
        for (l, &g) in letters.iter().enumerate() {
            if g == IDENTITY || letter_of[g as usize] != u32::MAX {
                return Err(NotAMonoid);
            }
            letter_of[g as usize] = l as u32;
        }
        Ok(Monoid {
            order,
            letters,
            actions,
            tree,
            letter_of,
            p,
        })
    }

    /// Whether the letters' actions commute, each letter is the identity
    /// times itself and each element is its word's product (what
    /// [`Self::mul`] needs to be a commutative product; [`Self::assemble`]
    /// has checked the letters are distinct); for monoids read from a file.
    pub(super) fn is_consistent(&self) -> bool {
        let count = self.letters.len();
        let act = |x: usize, l: usize| self.actions[x * count + l] as usize;
        (1..self.order).all(|x| {
            let (before, l) = self.tree[x];
            (before as usize) < x && act(before as usize, l as usize) == x
        }) && self
            .letters
            .iter()
            .enumerate()
            .all(|(l, &g)| act(0, l) == g as usize)
            && (0..self.order)
                .all(|x| (0..count).all(|l| (0..l).all(|m| act(act(x, l), m) == act(act(x, m), l))))
    }

    #[inline]
    pub(super) fn mul(&self, a: Element, b: Element) -> Element {
        let count = self.letters.len();
        let l = self.letter_of[b as usize];
        if l != u32::MAX {
            return self.actions[a as usize * count + l as usize];
        }
        let (mut x, mut y) = (a, b);
        while y != IDENTITY {
            let (before, l) = self.tree[y as usize];
            x = self.actions[x as usize * count + l as usize];
            y = before;
        }
        x
    }

    pub(super) fn product(&self, elements: impl IntoIterator<Item = Element>) -> Element {
        elements.into_iter().fold(IDENTITY, |x, y| self.mul(x, y))
    }

    /// `x · y` for every element y, in order: one pass along the tree.
    pub(super) fn row(&self, x: Element) -> Vec<Element> {
        let count = self.letters.len();
        let mut row = Vec::with_capacity(self.order);
        row.push(x);
        for &(before, l) in &self.tree[1..] {
            let y = row[before as usize];
            row.push(self.actions[y as usize * count + l as usize]);
        }
        row
    }

    /// `{ r : x·r ∈ set }` as a bitset.
    pub(super) fn preimage(&self, set: &[u64], x: Element) -> Vec<u64> {
        let row = self.row(x);
        gather(set, &row)
    }
}

/// The index and period of the powers of x.
pub(super) fn power_shape(monoid: &Monoid, x: Element) -> (usize, usize) {
    let list = powers(monoid, x);
    let last = list[list.len() - 1];
    let index = list.iter().position(|&y| y == last).unwrap_or(0);
    (index, list.len() - 1 - index)
}

/// The powers x⁰, x¹, … up to the first repeat and one more: counts beyond
/// give the same products and the same products with one copy removed.
pub(super) fn powers(monoid: &Monoid, x: Element) -> Vec<Element> {
    let mut list = vec![IDENTITY];
    let mut seen: FxHashMap<Element, usize> = FxHashMap::default();
    seen.insert(IDENTITY, 0);
    loop {
        let next = monoid.mul(list[list.len() - 1], x);
        if seen.contains_key(&next) {
            // Index i and period p: x^(i+p) = x^i. Counts c and c + p with
            // c ≥ i + 1 behave alike, so 0..=i+p suffice.
            list.push(next);
            return list;
        }
        seen.insert(next, list.len());
        list.push(next);
    }
}

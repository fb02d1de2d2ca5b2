//! The verification: a dynamic programme over groups of heaps that finds
//! the least sum a candidate predicts wrong, or proves there is none.

use rustc_hash::FxHashMap;

use super::layers::{bitset, precedes, sum_order, Contexts, Group, Layer, RestsKept};
use super::limits::MAX_VERIFY_STATES;
use super::monoid::{powers, Element, IDENTITY};
use super::options::HeapOptions;
use super::queries::MisereQuotient;
use crate::error::GameError;
use crate::heap::bit_gather::{gather, gather_into};

impl MisereQuotient {
    /// The elements of sums of heaps (this quotient's heaps).
    pub(super) fn option_images<'s>(&self, sums: impl Iterator<Item = &'s [u32]>) -> Vec<Element> {
        let mut images: Vec<Element> = sums
            .map(|sum| {
                self.monoid
                    .product(sum.iter().map(|&h| self.heap_elements[h as usize]))
            })
            .collect();
        images.sort_unstable();
        images.dedup();
        images
    }

    /// The rests beside which a heap whose options have elements `images`
    /// has a move to the P-portion, as a bitset.
    pub(super) fn winning_rests(&self, images: &[Element], p_set: &[u64]) -> Vec<u64> {
        let mut winning = vec![0u64; p_set.len()];
        for &w in images {
            for (word, bits) in winning.iter_mut().zip(self.monoid.preimage(p_set, w)) {
                *word |= bits;
            }
        }
        winning
    }

    /// The heaps `1..=max_heap` that have a move, grouped by (element,
    /// the rests beside which a move in the heap wins); the smallest heap
    /// of each group stands for it (the others behave alike in every sum).
    pub(super) fn groups(&self, options: &HeapOptions, max_heap: u64, p_set: &[u64]) -> Vec<Group> {
        let mut groups: FxHashMap<(Element, Vec<u64>), u64> = FxHashMap::default();
        for h in 1..=max_heap {
            if options.is_terminal(h) {
                continue;
            }
            let phi = self.heap_elements[h as usize];
            let winning = self.winning_rests(&self.option_images(options.of(h)), p_set);
            groups.entry((phi, winning)).or_insert(h);
        }
        let mut groups: Vec<Group> = groups
            .into_iter()
            .map(|((element, winning), heap)| Group {
                heap,
                element,
                winning,
            })
            .collect();
        groups.sort_unstable_by_key(|g| g.heap);
        groups
    }

    /// The states after adding every count of one group's heap to each
    /// state of `previous`, each kept with its least sum in [`sum_order`];
    /// the rests of `previous` are over `from`, the new ones over `to` (the
    /// contexts the groups after this one generate, so that `from` holds
    /// each of them times any power of this group's element).
    ///
    /// Nearly all the time goes to the preimages of the rests (a pass
    /// over the contexts each), so they are computed in parallel, a
    /// block of states at a time (a block's new states are held at once,
    /// not the layer's), and merged in order: the layer is the same as
    /// one computed state by state. A state is found again by a 64-bit
    /// hash of it, checked against the state kept (no copy of its rests
    /// as a key); states whose hashes collide go to a map of their own.
    pub(super) fn next_layer(
        &self,
        previous: &Layer,
        group: &Group,
        from: &Contexts,
        to: &Contexts,
    ) -> Result<Layer, GameError> {
        use rayon::prelude::*;
        use std::hash::BuildHasher;
        /// The words of new states' rests a block of states may make at
        /// once (8 MB): blocks as large as that allows, for each parallel
        /// step wakes the pool's threads, a system call and a switch.
        const BLOCK_WORDS: usize = 1 << 20;
        let powers = powers(&self.monoid, group.element);
        // For each count c, the number in `from` of each context of `to`
        // times the c-th power: where a new state's rest looks in the old.
        let shifts: Vec<Vec<u32>> = powers
            .iter()
            .map(|&p| {
                to.row(&self.monoid, p)
                    .into_iter()
                    .map(|y| from.number[y as usize])
                    .collect()
            })
            .collect();
        debug_assert!(shifts.iter().flatten().all(|&i| i != u32::MAX));
        let width = to.len().div_ceil(64);
        let counts = powers.len();
        let block_states = (BLOCK_WORDS / (counts * width).max(1)).clamp(256, 16384);
        let hasher = rustc_hash::FxBuildHasher;
        let mut next = Layer::empty(width);
        let mut ids: FxHashMap<u64, usize> = FxHashMap::default();
        let mut collided: FxHashMap<(Element, Vec<u64>, bool), usize> = FxHashMap::default();
        // The rests beside which a move in this group wins, seen from an
        // element `beside`: one set per element, however many states
        // share it (each costs a pass over the contexts).
        let mut winning_beside: FxHashMap<Element, Vec<u64>> = FxHashMap::default();
        // A block's new states, each count of each old state in turn:
        // elements and rests, reused from block to block.
        let mut elements: Vec<Element> = Vec::new();
        let mut rests: Vec<u64> = Vec::new();
        for block_at in (0..previous.len()).step_by(block_states) {
            crate::stop::check()?;
            let block = block_at..previous.len().min(block_at + block_states);
            let mut besides: Vec<Element> = block
                .clone()
                .flat_map(|i| {
                    powers[..counts - 1]
                        .iter()
                        .map(move |&p| self.mul(previous.elements[i], p))
                })
                .filter(|b| !winning_beside.contains_key(b))
                .collect();
            besides.sort_unstable();
            besides.dedup();
            let found: Vec<(Element, Vec<u64>)> = besides
                .into_par_iter()
                .map(|b| {
                    let row = to.row(&self.monoid, b);
                    let bits = gather(&group.winning, &row);
                    (b, bits)
                })
                .collect();
            winning_beside.extend(found);
            // Sized to the block, not cleared: every element and every
            // word of the rests is written below.
            elements.resize(block.len() * counts, IDENTITY);
            rests.resize(block.len() * counts * width, 0);
            elements
                .par_chunks_mut(counts)
                .zip(rests.par_chunks_mut(counts * width))
                .zip(block.clone().into_par_iter())
                .for_each(|((new_elements, new_rests), i)| {
                    let y = previous.elements[i];
                    for (c, (element, rests2)) in new_elements
                        .iter_mut()
                        .zip(new_rests.chunks_exact_mut(width))
                        .enumerate()
                    {
                        gather_into(previous.rests(i), &shifts[c], rests2);
                        if c > 0 {
                            // powers[0] is the identity: no heap of the
                            // group is taken, and none can move.
                            let beside = self.mul(y, powers[c - 1]);
                            for (word, bits) in rests2.iter_mut().zip(&winning_beside[&beside]) {
                                *word |= bits;
                            }
                        }
                        *element = self.mul(y, powers[c]);
                    }
                });
            for (offset, i) in block.enumerate() {
                for c in 0..counts {
                    let at = offset * counts + c;
                    let y = elements[at];
                    let rests2 = &rests[at * width..(at + 1) * width];
                    let any = previous.any[i] || c >= 1;
                    let tokens = previous.tokens[i] + group.heap * c as u64;
                    let heaps = previous.heaps[i].saturating_add(c as u32);
                    let key = hasher.hash_one((y, rests2, any));
                    let known = match ids.get(&key) {
                        Some(&j)
                            if next.elements[j] == y
                                && next.any[j] == any
                                && next.rests(j) == rests2 =>
                        {
                            Some(j)
                        }
                        Some(_) => collided.get(&(y, rests2.to_vec(), any)).copied(),
                        None => None,
                    };
                    match known {
                        Some(j) => {
                            if precedes((tokens, heaps), (next.tokens[j], next.heaps[j])) {
                                next.tokens[j] = tokens;
                                next.heaps[j] = heaps;
                                next.from[j] = i;
                                next.count[j] = c as u32;
                            }
                        }
                        None => {
                            match ids.entry(key) {
                                std::collections::hash_map::Entry::Occupied(_) => {
                                    collided.insert((y, rests2.to_vec(), any), next.len());
                                }
                                std::collections::hash_map::Entry::Vacant(slot) => {
                                    slot.insert(next.len());
                                }
                            }
                            next.push(y, rests2, any, (tokens, heaps), i, c as u32);
                        }
                    }
                }
            }
        }
        if next.len() > MAX_VERIFY_STATES {
            return Err(GameError::Limit {
                what: format!(
                    "verifying the misère quotient of heaps up to {}",
                    self.max_heap()
                ),
                limit: format!("{MAX_VERIFY_STATES} states"),
            });
        }
        Ok(next)
    }

    /// Whether `group` (heap n as one of this quotient's elements) keeps
    /// every prediction right beside the heaps of `below` (the groups of
    /// the smaller heaps): the verification of that candidate.
    pub(super) fn fits_beside(&self, below: &[Group], group: &Group) -> Result<bool, GameError> {
        if below
            .iter()
            .any(|g| g.element == group.element && g.winning == group.winning)
        {
            // Heap n behaves like a smaller heap in every sum, and sums
            // with any count of that one are predicted right.
            return Ok(true);
        }
        let mut groups: Vec<Group> = Vec::with_capacity(below.len() + 1);
        groups.push(group.clone());
        groups.extend(below.iter().rev().cloned());
        let layers = self.layers_still_to_come(&groups)?;
        Ok(self.failing(&layers[layers.len() - 1]).is_none())
    }

    /// Whether some count of `group`'s heap beside some state of `layer`
    /// (rests over every element) fails: [`Self::failing`] of the layer
    /// [`Self::next_layer`] would give, read off without it. A final
    /// state's fate hangs on one bit, its rests' identity bit: for count
    /// c that is the old rests' bit at xᶜ (the old sum has a winning move
    /// beside c copies) or, for c ≥ 1, the group's winning bit at y·xᶜ⁻¹
    /// (a move in one of the copies wins beside the rest). So this costs
    /// a few lookups a state where the layer costs a pass over the
    /// elements.
    pub(super) fn fails_beside(&self, layer: &Layer, group: &Group) -> bool {
        let powers = powers(&self.monoid, group.element);
        let bit = |set: &[u64], i: Element| set[i as usize / 64] >> (i % 64) & 1 == 1;
        (0..layer.len()).any(|i| {
            let (y, rests, any) = (layer.elements[i], layer.rests(i), layer.any[i]);
            powers.iter().enumerate().any(|(c, &p)| {
                let has_winning_move =
                    bit(rests, p) || (c > 0 && bit(&group.winning, self.mul(y, powers[c - 1])));
                self.predicts_wrong(self.mul(y, p), any || c >= 1, has_winning_move)
            })
        })
    }

    /// Whether a final state's prediction fails: a sum (of element y, not
    /// empty when `any`) in the P-portion with a winning move, or a
    /// non-empty one outside it with none.
    pub(super) fn predicts_wrong(&self, y: Element, any: bool, has_winning_move: bool) -> bool {
        if self.is_p(y) {
            has_winning_move
        } else {
            any && !has_winning_move
        }
    }

    /// The least failing state of a final layer in [`sum_order`]: a sum in
    /// the P-portion with a move into it, or a non-empty sum outside it
    /// with none.
    pub(super) fn failing(&self, layer: &Layer) -> Option<usize> {
        (0..layer.len())
            .filter(|&i| {
                self.predicts_wrong(layer.elements[i], layer.any[i], layer.rests(i)[0] & 1 == 1)
            })
            .min_by(|&i, &j| {
                sum_order(
                    (layer.tokens[i], layer.heaps[i]),
                    (layer.tokens[j], layer.heaps[j]),
                )
            })
    }

    /// The layers of the verification over `groups`, in that order; the
    /// rests of layer i are over `contexts[i]`.
    fn layers(&self, groups: &[Group], contexts: &[&Contexts]) -> Result<Vec<Layer>, GameError> {
        debug_assert_eq!(contexts.len(), groups.len() + 1);
        let mut layers = vec![Layer::start(contexts[0].len().div_ceil(64))];
        for (i, group) in groups.iter().enumerate() {
            let next = self.next_layer(
                &layers[layers.len() - 1],
                group,
                contexts[i],
                contexts[i + 1],
            )?;
            layers.push(next);
        }
        Ok(layers)
    }

    /// [`Self::layers`] over `groups` with the same rests kept after each
    /// (every element, in the full form).
    pub(super) fn layers_over(
        &self,
        groups: &[Group],
        contexts: &Contexts,
    ) -> Result<Vec<Layer>, GameError> {
        self.layers(groups, &vec![contexts; groups.len() + 1])
    }

    /// [`Self::layers`] over `groups`, largest heap first, each keeping
    /// the rests of the groups still to come: most of the quotient's
    /// growth is the largest heaps', so that submonoid is small by the
    /// time the states are many.
    fn layers_still_to_come(&self, groups: &[Group]) -> Result<Vec<Layer>, GameError> {
        let contexts = self.suffix_contexts(groups);
        self.layers(groups, &contexts.iter().collect::<Vec<_>>())
    }

    /// For each i, the submonoid that the elements of `groups[i..]`
    /// generate (the identity alone after the last).
    fn suffix_contexts(&self, groups: &[Group]) -> Vec<Contexts> {
        let mut contexts = vec![Contexts::identity(self.order())];
        for group in groups.iter().rev() {
            let grown = contexts[contexts.len() - 1].with(&self.monoid, group.element);
            contexts.push(grown);
        }
        contexts.reverse();
        contexts
    }

    /// The least sum in [`sum_order`] whose predicted outcome disagrees
    /// with the predictions for its options (see the module documentation), as
    /// (heap, count) pairs; `None` when there is none, which proves the
    /// predictions right.
    pub(super) fn least_failure(
        &self,
        options: &HeapOptions,
    ) -> Result<Option<Vec<(u64, u32)>>, GameError> {
        self.least_failure_by(options, RestsKept::StillToCome)
    }

    /// [`Self::least_failure`], keeping the rests as `kept` says.
    pub(super) fn least_failure_by(
        &self,
        options: &HeapOptions,
        kept: RestsKept,
    ) -> Result<Option<Vec<(u64, u32)>>, GameError> {
        if self.is_p(IDENTITY) {
            return Ok(Some(Vec::new()));
        }
        let p_set = bitset(self.order(), |x| self.is_p(x as Element));
        let mut groups = self.groups(options, self.max_heap(), &p_set);
        let layers = match kept {
            RestsKept::All => self.layers_over(&groups, &Contexts::all(&self.monoid))?,
            RestsKept::StillToCome => {
                groups.reverse();
                self.layers_still_to_come(&groups)?
            }
        };
        let Some(mut at) = self.failing(&layers[layers.len() - 1]) else {
            return Ok(None);
        };
        let mut word = Vec::new();
        for layer in (1..layers.len()).rev() {
            let count = layers[layer].count[at];
            if count > 0 {
                word.push((groups[layer - 1].heap, count));
            }
            at = layers[layer].from[at];
        }
        word.sort_unstable();
        Ok(Some(word))
    }
}

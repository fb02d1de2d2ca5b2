//! The bounded transposition table: what is known of each position, in
//! slots probed from a hash, doubling up to a bound in bytes and then
//! keeping the entries whose search cost most.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use super::facts::{Facts, PackedFacts};

/// Slots a position may take, from the one its hash names on (linear
/// probing, at most half full below the bound).
const PROBE: usize = 16;

/// Slots of the table when it starts (grows by doubling to the bound).
const FIRST_SLOTS: usize = 1 << 12;

#[derive(Clone, Debug)]
pub(super) struct Entry<P> {
    pub(super) position: P,
    /// What is known of its value.
    pub(super) facts: PackedFacts,
    /// About log2 of the positions the search of this entry visited.
    pub(super) cost: u8,
}

/// The table: its slots, and how far they may grow.
pub(super) struct Table<P> {
    slots: Vec<Option<Entry<P>>>,
    entries: usize,
    max_slots: usize,
    bound_bytes: usize,
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// A table whose slots take at most `bytes` (at least a few thousand
    /// slots whatever the bound).
    pub(super) fn with_bytes(bytes: usize) -> Self {
        let slot = std::mem::size_of::<Option<Entry<P>>>().max(1);
        let mut max_slots = FIRST_SLOTS;
        while max_slots * 2 * slot <= bytes {
            max_slots *= 2;
        }
        Table {
            slots: vec![None; FIRST_SLOTS],
            entries: 0,
            max_slots,
            bound_bytes: bytes,
        }
    }

    /// Entries in the table now.
    pub(super) fn entries(&self) -> usize {
        self.entries
    }

    /// Slots of the table now.
    pub(super) fn slots(&self) -> usize {
        self.slots.len()
    }

    /// Bytes the slots take (positions' own heap memory aside).
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Option<Entry<P>>>()
    }

    /// The bound on the table's bytes.
    pub(super) fn bound_bytes(&self) -> usize {
        self.bound_bytes
    }

    /// The entries, in the order of their slots.
    pub(super) fn iter(&self) -> impl Iterator<Item = &Entry<P>> {
        self.slots.iter().flatten()
    }

    /// The slot a position's probe starts at.
    fn home_of(&self, position: &P) -> usize {
        let mut hasher = FxHasher::default();
        position.hash(&mut hasher);
        // Fx mixes low bits into high ones only; a finaliser (MurmurHash3's
        // fmix64) makes every bit of the index depend on every bit.
        let mut hash = hasher.finish();
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^= hash >> 33;
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The slots a position may be in: [`PROBE`] slots from its home,
    /// wrapping around.
    fn probe(&self, home: usize) -> impl Iterator<Item = usize> {
        let mask = self.slots.len() - 1;
        (0..PROBE).map(move |i| (home + i) & mask)
    }

    /// What the table knows of `position`, if it has an entry for it.
    pub(super) fn get(&self, position: &P) -> Option<Facts> {
        for i in self.probe(self.home_of(position)) {
            match &self.slots[i] {
                // Slots are never emptied, so the probe ends here.
                None => break,
                Some(entry) if entry.position == *position => {
                    return Some(entry.facts.unpack());
                }
                Some(_) => {}
            }
        }
        None
    }

    /// Keeps `facts` of `position`, whose search cost `cost` (about log2
    /// of the positions it visited), with what an entry of it already
    /// knew; returns whether it replaced another position's entry (the
    /// table was at its bound). A value too large to pack is not kept.
    pub(super) fn insert(&mut self, position: &P, facts: Facts, cost: u8) -> bool {
        let Some(packed) = PackedFacts::pack(facts) else {
            return false;
        };
        if self.entries * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            self.grow();
        }
        loop {
            let home = self.home_of(position);
            let mut cheapest: Option<(u8, usize)> = None;
            for i in self.probe(home) {
                match &mut self.slots[i] {
                    Some(entry) if entry.position == *position => {
                        let mut merged = entry.facts.unpack();
                        merged.merge(facts);
                        entry.facts = PackedFacts::pack(merged).unwrap_or(packed);
                        entry.cost = entry.cost.max(cost);
                        return false;
                    }
                    Some(entry) => {
                        if cheapest.is_none_or(|(c, _)| entry.cost < c) {
                            cheapest = Some((entry.cost, i));
                        }
                    }
                    None => {
                        self.slots[i] = Some(Entry {
                            position: position.clone(),
                            facts: packed,
                            cost,
                        });
                        self.entries += 1;
                        return false;
                    }
                }
            }
            if self.slots.len() < self.max_slots {
                self.grow();
                continue;
            }
            // At the bound: the entry of the probe that cost least goes,
            // unless the newcomer cost less than every one of them.
            let (least, at) = cheapest.expect("a probe has slots");
            let replaced = least <= cost;
            if replaced {
                self.slots[at] = Some(Entry {
                    position: position.clone(),
                    facts: packed,
                    cost,
                });
            }
            return replaced;
        }
    }

    fn grow(&mut self) {
        let doubled = vec![None; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.entries = 0;
        for entry in old.into_iter().flatten() {
            let home = self.home_of(&entry.position);
            if let Some(free) = self.probe(home).find(|&i| self.slots[i].is_none()) {
                self.slots[free] = Some(entry);
                self.entries += 1;
            }
        }
    }

    /// Asks the processor to bring the slot a position's probe starts at
    /// into its caches, so that a lookup soon after does not wait for
    /// memory.
    pub(super) fn prefetch(&self, position: &P) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Option<Entry<P>> = &self.slots[self.home_of(position)];
            // SAFETY: SSE is part of every x86_64 processor (the target's
            // baseline), and a prefetch only hints at the caches: it reads
            // nothing and never faults (the pointer is to a slot anyway).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = position;
    }
}

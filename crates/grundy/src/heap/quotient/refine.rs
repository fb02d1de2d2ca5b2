//! A candidate's reduction: Moore's partition refinement of its elements
//! by their products, and the monoid of the classes.

use rustc_hash::FxHashMap;

use super::internal;
use super::monoid::{Element, Monoid, NotAMonoid};
use super::product::ProductMonoid;
use crate::error::GameError;

/// Moore's partition refinement: the classes of `0..count` that no
/// product by the letters tells apart, starting from the split by `p`.
/// Class ids are in order of first member, so member 0's class is 0.
///
/// Round by round as Moore's, but a round looks only at the elements
/// whose key (their products' classes) can have changed: the
/// predecessors of the elements that changed class in the round before.
/// The other members of a class keep the key they shared when the class
/// formed, so one of them stands for all; the changed members are
/// grouped by key, the group with the kept key (or the largest, when
/// every member changed) keeps the class, and the other groups become
/// new classes. A full round recomputed every element's key with every
/// letter (4.7 to heap 40: about 35 rounds of 4,500 elements by 40
/// letters a candidate, half of the time), where the late rounds split a
/// few classes each. Same fixed point, same partition: the coarsest that
/// the letters respect; the ids are numbered by first member at the end.
pub(super) fn refine(
    count: usize,
    letters: usize,
    successors: &[u32],
    p: impl Fn(usize) -> bool,
) -> Vec<Element> {
    refine_within(count, letters, successors, p, MAX_PREDECESSORS)
}

/// The most entries of the predecessor lists that [`refine`] builds
/// (64 MB, as large as the successors table they invert): past it, a
/// round finds the elements to key again by a pass over the successors
/// table instead, slower (a pass a round) but with no memory of its own.
const MAX_PREDECESSORS: usize = 1 << 24;

/// [`refine`], with predecessor lists only when the successors table has
/// at most `max_predecessors` entries.
pub(super) fn refine_within(
    count: usize,
    letters: usize,
    successors: &[u32],
    p: impl Fn(usize) -> bool,
    max_predecessors: usize,
) -> Vec<Element> {
    let mut class: Vec<Element> = (0..count).map(|u| Element::from(p(u))).collect();
    let classes = renumber(&mut class);
    if letters == 0 || count == 0 {
        return class;
    }
    let row = |u: usize| &successors[u * letters..(u + 1) * letters];
    // The predecessors of each element by any letter (each once per
    // letter that reaches it; duplicates are stamped away below): where
    // to start, and the lists one after another.
    let predecessors: Option<(Vec<u32>, Vec<u32>)> =
        (successors.len() <= max_predecessors).then(|| {
            let mut starts = vec![0u32; count + 1];
            for &v in successors {
                starts[v as usize + 1] += 1;
            }
            for i in 0..count {
                starts[i + 1] += starts[i];
            }
            let mut lists = vec![0u32; successors.len()];
            let mut fill = starts.clone();
            for u in 0..count {
                for &v in row(u) {
                    lists[fill[v as usize] as usize] = u as u32;
                    fill[v as usize] += 1;
                }
            }
            (starts, lists)
        });
    // Without the lists: the elements that changed, flagged for a pass.
    let mut flagged = vec![false; if predecessors.is_some() { 0 } else { count }];
    // The members of each class, contiguous in `members`
    // (`begin[c]..end[c]`); a round's changed members are moved to the
    // front of their class, `marked[c]` of them.
    let mut members: Vec<u32> = (0..count as u32).collect();
    members.sort_by_key(|&u| class[u as usize]);
    let mut position = vec![0u32; count];
    for (i, &u) in members.iter().enumerate() {
        position[u as usize] = i as u32;
    }
    let mut begin = vec![0u32; classes];
    let mut end = vec![0u32; classes];
    for (i, &u) in members.iter().enumerate().rev() {
        begin[class[u as usize] as usize] = i as u32;
    }
    for (i, &u) in members.iter().enumerate() {
        end[class[u as usize] as usize] = i as u32 + 1;
    }
    let mut marked = vec![0u32; classes];
    let mut stamp = vec![0u32; count];
    let mut round = 0u32;
    // The first round looks at every element.
    let mut dirty: Vec<u32> = (0..count as u32).collect();
    let mut touched: Vec<Element> = Vec::new();
    let mut changed: Vec<(u32, Element)> = Vec::new();
    let mut groups: FxHashMap<Vec<Element>, u32> = FxHashMap::default();
    let mut key: Vec<Element> = Vec::with_capacity(letters + 1);
    let mut group_of: Vec<u32> = Vec::new();
    let mut sizes: Vec<u32> = Vec::new();
    let mut slots: Vec<u32> = Vec::new();
    let mut moved: Vec<u32> = Vec::new();
    let mut fresh: Vec<Element> = Vec::new();
    let key_of = |u: usize, class: &[Element], key: &mut Vec<Element>| {
        key.clear();
        key.push(class[u]);
        key.extend(row(u).iter().map(|&v| class[v as usize]));
    };
    loop {
        touched.clear();
        for &u in &dirty {
            let c = class[u as usize] as usize;
            if marked[c] == 0 {
                touched.push(c as Element);
            }
            let target = begin[c] + marked[c];
            let from = position[u as usize];
            let other = members[target as usize];
            members.swap(target as usize, from as usize);
            position[u as usize] = target;
            position[other as usize] = from;
            marked[c] += 1;
        }
        groups.clear();
        changed.clear();
        for &c in &touched {
            let c = c as usize;
            let (b, m, e) = (begin[c] as usize, marked[c] as usize, end[c] as usize);
            marked[c] = 0;
            // Group 0 is the unchanged members' key, when there are any.
            group_of.clear();
            sizes.clear();
            let first = groups.len() as u32;
            if b + m < e {
                key_of(members[b + m] as usize, &class, &mut key);
                groups.insert(key.clone(), first);
                sizes.push(0);
            }
            for &u in &members[b..b + m] {
                key_of(u as usize, &class, &mut key);
                let g = match groups.get(key.as_slice()) {
                    Some(&g) => g,
                    None => {
                        let g = groups.len() as u32;
                        groups.insert(key.clone(), g);
                        sizes.push(0);
                        g
                    }
                } - first;
                sizes[g as usize] += 1;
                group_of.push(g);
            }
            if sizes.len() == 1 {
                continue;
            }
            // The group that keeps the class.
            let keep = if b + m < e {
                0
            } else {
                (0..sizes.len()).max_by_key(|&g| sizes[g]).unwrap_or(0)
            };
            // The other groups first, each a new class, then the kept
            // group's changed members.
            slots.clear();
            let mut next = b as u32;
            for (g, &size) in sizes.iter().enumerate() {
                slots.push(next);
                if g != keep {
                    next += size;
                }
            }
            let kept_from = next;
            let mut kept_next = kept_from;
            moved.clear();
            moved.extend_from_slice(&members[b..b + m]);
            fresh.clear();
            fresh.extend((0..sizes.len()).map(|g| {
                if g == keep {
                    c as Element
                } else {
                    let id = begin.len() as Element;
                    begin.push(slots[g]);
                    end.push(slots[g] + sizes[g]);
                    marked.push(0);
                    id
                }
            }));
            for (&u, &g) in moved.iter().zip(&group_of) {
                let g = g as usize;
                let at = if g == keep {
                    kept_next += 1;
                    kept_next - 1
                } else {
                    slots[g] += 1;
                    slots[g] - 1
                };
                members[at as usize] = u;
                position[u as usize] = at;
                if g != keep {
                    changed.push((u, fresh[g]));
                }
            }
            begin[c] = kept_from;
        }
        if changed.is_empty() {
            break;
        }
        for &(u, id) in &changed {
            class[u as usize] = id;
        }
        // The next round: whatever reaches a changed element.
        round += 1;
        dirty.clear();
        if let Some((starts, lists)) = &predecessors {
            for &(v, _) in &changed {
                let v = v as usize;
                for &u in &lists[starts[v] as usize..starts[v + 1] as usize] {
                    if std::mem::replace(&mut stamp[u as usize], round) != round {
                        dirty.push(u);
                    }
                }
            }
        } else {
            for &(v, _) in &changed {
                flagged[v as usize] = true;
            }
            dirty.extend(
                (0..count as u32).filter(|&u| row(u as usize).iter().any(|&v| flagged[v as usize])),
            );
            for &(v, _) in &changed {
                flagged[v as usize] = false;
            }
        }
    }
    renumber(&mut class);
    class
}

/// Renumbers class ids in order of first member; returns the count.
pub(super) fn renumber(class: &mut [Element]) -> usize {
    let mut ids: FxHashMap<Element, Element> = FxHashMap::default();
    for c in class.iter_mut() {
        let fresh = ids.len() as Element;
        *c = *ids.entry(*c).or_insert(fresh);
    }
    ids.len()
}

/// The monoid of the classes of `refine`, each class standing for its
/// first member: the letters' actions on the classes (a congruence, so
/// any member would do), one product in the `ProductMonoid` per class and
/// letter, numbered breadth first. Returns it and each class's element.
pub(super) fn class_monoid(
    order: usize,
    first: &[usize],
    class: &[Element],
    letters: &[usize],
    product: &ProductMonoid,
    p: &[bool],
) -> Result<(Monoid, Vec<Element>), GameError> {
    // The letters' classes, each once, with a member standing for it.
    let mut class_letters: Vec<Element> = Vec::new();
    let mut standing: Vec<usize> = Vec::new();
    for &l in letters {
        let c = class[l];
        if c != class[0] && !class_letters.contains(&c) {
            class_letters.push(c);
            standing.push(l);
        }
    }
    Monoid::from_actions(
        order,
        &class_letters,
        |c| p[first[c as usize]],
        |c, l| class[product.mul(first[c as usize], standing[l])],
    )
    .map_err(|NotAMonoid| internal("a candidate's classes"))
}

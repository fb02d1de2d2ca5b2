//! A presentation of a quotient: generators (heaps), relations and each
//! element's normal form, written as words.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Write as _;

use rustc_hash::FxHashSet;

use super::monoid::{Element, IDENTITY};
use super::queries::MisereQuotient;

impl MisereQuotient {
    /// A presentation: generators (the heaps whose element is not a product
    /// of smaller heaps' elements), relations, and each element's normal
    /// form.
    #[must_use]
    pub fn presentation(&self) -> Presentation {
        let mut generators: Vec<Generator> = Vec::new();
        let mut reached = vec![false; self.order()];
        reached[IDENTITY as usize] = true;
        let mut submonoid = vec![IDENTITY];
        for (heap, &e) in self.heap_elements.iter().enumerate() {
            if reached[e as usize] {
                continue;
            }
            generators.push(Generator {
                name: generator_name(generators.len()),
                heap: heap as u64,
                element: e,
            });
            // Close the submonoid under the new generator.
            let mut i = 0;
            while i < submonoid.len() {
                let y = self.mul(submonoid[i], e);
                if !reached[y as usize] {
                    reached[y as usize] = true;
                    submonoid.push(y);
                }
                i += 1;
            }
        }
        let g = generators.len();
        // Normal forms: the least exponent vector of each element in the
        // graded order comparing the last generator's exponent first (a
        // monomial order, so the other vectors form an upper set whose
        // minimal members give the relations).
        let key = |v: &Vec<u32>| -> (u32, Vec<u32>) {
            (v.iter().sum(), v.iter().rev().copied().collect())
        };
        let mut normal: Vec<Option<Vec<u32>>> = vec![None; self.order()];
        let mut is_normal: FxHashSet<Vec<u32>> = FxHashSet::default();
        let mut queued: FxHashSet<Vec<u32>> = FxHashSet::default();
        let mut queue = BinaryHeap::new();
        let zero = vec![0u32; g];
        queued.insert(zero.clone());
        queue.push(Reverse((key(&zero), zero, IDENTITY)));
        let mut relations = Vec::new();
        while let Some(Reverse((_, v, x))) = queue.pop() {
            if let Some(nf) = &normal[x as usize] {
                let minimal = (0..g).all(|j| {
                    v[j] == 0 || {
                        let mut w = v.clone();
                        w[j] -= 1;
                        is_normal.contains(&w)
                    }
                });
                if minimal {
                    relations.push(Relation {
                        lhs: v,
                        rhs: nf.clone(),
                    });
                }
                continue;
            }
            normal[x as usize] = Some(v.clone());
            is_normal.insert(v.clone());
            for (j, generator) in generators.iter().enumerate() {
                let mut w = v.clone();
                w[j] += 1;
                if queued.insert(w.clone()) {
                    queue.push(Reverse((key(&w), w, self.mul(x, generator.element))));
                }
            }
        }
        Presentation {
            generators,
            relations,
            normal_forms: normal.into_iter().map(Option::unwrap_or_default).collect(),
        }
    }
}

/// The name of the i-th generator: `a` to `z`, then `x26`, `x27`, ...
fn generator_name(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else {
        format!("x{i}")
    }
}

/// A generator of a presentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    /// `a`, `b`, ...
    pub name: String,
    /// The smallest heap whose element it is.
    pub heap: u64,
    /// Its element.
    pub element: Element,
}

/// A relation `lhs = rhs` between exponent vectors over the generators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    /// The exponents of the left side.
    pub lhs: Vec<u32>,
    /// The exponents of the right side (a normal form).
    pub rhs: Vec<u32>,
}

/// A presentation of a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The generators, in order of their heaps.
    pub generators: Vec<Generator>,
    /// Relations that, with commutativity, define the quotient.
    pub relations: Vec<Relation>,
    /// The normal form (exponent vector) of each element.
    pub normal_forms: Vec<Vec<u32>>,
}

impl Presentation {
    /// An exponent vector as a word: `1`, `a`, `a^2bc`.
    #[must_use]
    pub fn word(&self, exponents: &[u32]) -> String {
        let mut out = String::new();
        for (generator, &e) in self.generators.iter().zip(exponents) {
            match e {
                0 => {}
                1 => out.push_str(&generator.name),
                e => {
                    let _ = write!(out, "{}^{e}", generator.name);
                }
            }
        }
        if out.is_empty() {
            out.push('1');
        }
        out
    }

    /// Elements in the order of their normal forms (fewest generators
    /// first, then the last generator's exponent, and so on), so that a
    /// listing does not depend on how the elements are numbered.
    #[must_use]
    pub fn graded(&self, elements: impl IntoIterator<Item = Element>) -> Vec<Element> {
        let mut elements: Vec<Element> = elements.into_iter().collect();
        elements.sort_by_cached_key(|&x| {
            let form = &self.normal_forms[x as usize];
            let reversed: Vec<u32> = form.iter().rev().copied().collect();
            (form.iter().sum::<u32>(), reversed)
        });
        elements
    }

    /// The word of an element.
    #[must_use]
    pub fn element_word(&self, x: Element) -> String {
        self.word(&self.normal_forms[x as usize])
    }
}

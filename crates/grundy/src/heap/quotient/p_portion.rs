//! A candidate's P-portion, marked over its table of products from each
//! element's lexicographically least sum.

#[cfg(doc)]
use super::product::ProductMonoid;

/// Marks the P-portion of a candidate from each element's
/// lexicographically least sum (the largest heap's count most
/// significant): its options are lexicographically smaller, so their
/// elements are marked first, and the element is P exactly when none of
/// them is. `letters[h]` is the index of heap h's element among the
/// successors' letters (`None` for the identity: it reaches nothing new),
/// `singles[h]` the distinct elements of its options, each as the
/// letters of a sum that has it; every product is a lookup in
/// `successors` ([`ProductMonoid::successors`]), never a division or a
/// walk along a word.
pub(super) fn mark_p_portion(
    size: usize,
    successors: &[u32],
    letters: &[Option<usize>],
    singles: &[Vec<Vec<usize>>],
) -> Vec<bool> {
    let count = successors.len() / size.max(1);
    let times = |x: u32, letter: usize| successors[x as usize * count + letter];
    let mut seen = vec![false; size];
    let mut p = vec![false; size];
    seen[0] = true;
    // For each element, the last element reached whose options list it.
    let mut listed = vec![0u32; size];
    // Each element reached, in order, and the elements of its least sum's
    // options, one flat list (`options[starts[i]..starts[i + 1]]`): a
    // vector each cost an allocation per element.
    let mut reached: Vec<u32> = vec![0];
    let mut starts: Vec<usize> = vec![0, 0];
    let mut options: Vec<u32> = Vec::new();
    for (h, letter) in letters.iter().enumerate().skip(1) {
        let Some(letter) = *letter else { continue };
        if singles[h].is_empty() {
            continue;
        }
        let mut level = 0..reached.len();
        while !level.is_empty() {
            let next = reached.len();
            for i in level {
                let x = reached[i];
                let y = times(x, letter);
                if seen[y as usize] {
                    // An earlier sum has this element, and its extensions
                    // cover this one's.
                    continue;
                }
                // Each option element once (a stamp per element, not a
                // sort: the lists run to a hundred elements and more).
                let first = options.len();
                let stamp = reached.len() as u32;
                for k in starts[i]..starts[i + 1] {
                    let t = times(options[k], letter);
                    if std::mem::replace(&mut listed[t as usize], stamp) != stamp {
                        options.push(t);
                    }
                }
                for word in &singles[h] {
                    let t = word.iter().fold(x, |z, &l| times(z, l));
                    if std::mem::replace(&mut listed[t as usize], stamp) != stamp {
                        options.push(t);
                    }
                }
                seen[y as usize] = true;
                p[y as usize] = options[first..].iter().all(|&t| !p[t as usize]);
                reached.push(y);
                starts.push(options.len());
            }
            level = next..reached.len();
        }
    }
    p
}

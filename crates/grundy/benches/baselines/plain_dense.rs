//! The plain scalar dense loop, the baseline for the dense engine: values
//! in a `Vec<u32>`, every split of every heap, a fresh `seen` array.

/// G(0..n) of a code whose only moves take `take` tokens and leave two
/// non-empty heaps, or (with `whole`) take exactly `take` from a heap of
/// `take`, or (with `single`) leave one heap. Treblecross is `0.007`:
/// take 3, leaving none, one or two heaps.
pub fn plain_dense(n: usize, take: usize, whole: bool, single: bool) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = vec![false; heap + 2];
        if whole && heap == take {
            seen[0] = true;
        }
        if heap > take {
            let m = heap - take;
            if single {
                seen[g[m] as usize] = true;
            }
            for a in 1..=m / 2 {
                let v = (g[a] ^ g[m - a]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

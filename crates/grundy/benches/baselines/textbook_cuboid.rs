//! The textbook way to tabulate the cuboid game, kept as the baseline for
//! `grundy table cut:3`: a memo table, every cell of every box, eight
//! look-ups per cell, and a fixed `seen` array.

/// Largest side the fixed-size memo allows, plus one.
pub const MAX: usize = 101;
const SEEN: usize = 4096;

/// Index of box x*y*z in the memo.
pub fn at(x: usize, y: usize, z: usize) -> usize {
    (x * MAX + y) * MAX + z
}

/// The memo of every box with sides <= n (n < MAX).
pub fn textbook_table(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; MAX * MAX * MAX];
    for x in 1..=n {
        for y in 1..=n {
            for z in 1..=n {
                let mut seen = [false; SEEN];
                for a in 0..x {
                    for b in 0..y {
                        for c in 0..z {
                            let (a2, b2, c2) = (x - 1 - a, y - 1 - b, z - 1 - c);
                            let v = g[at(a, b, c)]
                                ^ g[at(a, b, c2)]
                                ^ g[at(a, b2, c)]
                                ^ g[at(a, b2, c2)]
                                ^ g[at(a2, b, c)]
                                ^ g[at(a2, b, c2)]
                                ^ g[at(a2, b2, c)]
                                ^ g[at(a2, b2, c2)];
                            seen[v as usize] = true;
                        }
                    }
                }
                let mut mex = 0;
                while seen[mex] {
                    mex += 1;
                }
                g[at(x, y, z)] = mex as u32;
            }
        }
    }
    g
}

//! The rules of coin-turning games read again from their codes' words,
//! for brute forces: every subset of coins is tested against the words
//! (count, consecutive, equally spaced, symmetric, coin 1, span), with no
//! use of the crate's enumeration.

/// One element of a code, read again here from its text.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub min: u32,
    pub max: u32,
    pub consecutive: bool,
    pub equal: bool,
    pub symmetric: bool,
    pub first: bool,
    pub span: u32,
}

/// A plain reader of turning codes, for the brute force.
pub fn rules(code: &str) -> Vec<Rule> {
    code.split(',')
        .map(|element| {
            let digits_end = element
                .find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-'))
                .unwrap_or(element.len());
            let (range, modifiers) = element.split_at(digits_end);
            let (min, max) = if let Some(low) = range.strip_suffix('+') {
                (low.parse().unwrap(), u32::MAX)
            } else if let Some((low, high)) = range.split_once('-') {
                (low.parse().unwrap(), high.parse().unwrap())
            } else {
                (range.parse().unwrap(), range.parse().unwrap())
            };
            let mut rule = Rule {
                min,
                max,
                consecutive: false,
                equal: false,
                symmetric: false,
                first: false,
                span: u32::MAX,
            };
            let mut rest = modifiers;
            while let Some(c) = rest.chars().next() {
                if let Some(after) = rest.strip_prefix("C(") {
                    let (number, tail) = after.split_once(')').unwrap();
                    rule.span = number.parse().unwrap();
                    rest = tail;
                    continue;
                }
                match c {
                    'C' => rule.consecutive = true,
                    'E' => rule.equal = true,
                    'S' => rule.symmetric = true,
                    'F' => rule.first = true,
                    _ => panic!("{c}"),
                }
                rest = &rest[1..];
            }
            rule
        })
        .collect()
}

/// Whether turning the coins `set` (ascending places, the last being the
/// one going from heads to tails) is a move under `rule`, by the words.
pub fn allowed(rule: &Rule, set: &[u32]) -> bool {
    let k = set.len() as u32;
    let (left, right) = (set[0], set[set.len() - 1]);
    k >= rule.min
        && k <= rule.max
        && right - left < rule.span
        && (!rule.first || left == 1)
        && (!rule.consecutive || right - left + 1 == k)
        && (!rule.equal || set.windows(2).all(|w| w[1] - w[0] == set[1] - set[0]))
        && (!rule.symmetric || set.iter().all(|p| set.contains(&(left + right - p))))
}

/// Every move of the coin at `n` as the mask of the coins turned besides it.
pub fn moves_of(rules: &[Rule], n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for others in 0..1u32 << (n - 1) {
        let mut set: Vec<u32> = (1..n).filter(|p| others >> (p - 1) & 1 == 1).collect();
        set.push(n);
        if rules.iter().any(|r| allowed(r, &set)) {
            out.push(others);
        }
    }
    out
}

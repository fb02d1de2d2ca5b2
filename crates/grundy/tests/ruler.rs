//! Ruler regularity (`grundy::ruler`), the observed pattern Grossman and
//! Nowakowski reported in 0.2048 and games built on it (*A ruler
//! regularity in hexadecimal games*, Games of No Chance 4, MSRI
//! Publications 63 (2015) 115–128). The rule read from the first values is
//! checked, from the report's fields alone, on values computed one by one
//! well past those it was read from; sequences with a period, proved or
//! not, get no ruler.

use grundy::heap::HeapGame;
use grundy::report::AnalyzeReport;
use grundy::ruler::{detect, RulerRegularity};
use grundy::sequence::EngineChoice;
use grundy::spec::parse_heap_spec;

fn game(spec: &str) -> HeapGame {
    parse_heap_spec(spec).unwrap()
}

/// G(0..n) computed one by one.
fn computed(spec: &str, n: usize) -> Vec<u64> {
    let mut engine = game(spec).engine_computing_all(EngineChoice::Auto).unwrap();
    engine.extend_to(n).unwrap();
    engine.into_values().iter().collect()
}

/// G(n) as the report's fields state it, or `None` before the pattern's
/// start; written here from the fields, not through the detector.
fn stated(ruler: &RulerRegularity, values: &[u64], n: usize) -> Option<u64> {
    let p = ruler.period;
    let s = ruler.saltus as i64;
    if n % p != ruler.class {
        // Arithmetic: G(n) = G(n − p) + s from `from` on.
        return (n >= ruler.from + p).then(|| (values[n - p] as i64 + s) as u64);
    }
    let m = ((n - ruler.class) / p) as i64;
    if m < ruler.from_m {
        return None;
    }
    let d = m - ruler.centre;
    let k = d.trailing_zeros();
    let offset = match (
        d.count_ones() == 1,
        ruler.first_of_level,
        ruler.level_formula,
    ) {
        (true, Some(first), _) => first,
        (_, _, Some([a, b])) => b - (1i64 << (i64::from(k) + a)),
        _ => ruler.levels[k as usize].expect("a level seen"),
    };
    Some((s * m + offset) as u64)
}

/// The rule read from the first `read` values of `spec` holds on its first
/// `checked` values.
fn read_and_check(spec: &str, read: usize, checked: usize) -> RulerRegularity {
    let values = computed(spec, checked);
    let ruler = detect(&values[..read]).unwrap_or_else(|| panic!("{spec}: no ruler seen"));
    let mut predicted = 0;
    for n in 0..checked {
        if let Some(g) = stated(&ruler, &values, n) {
            assert_eq!(g, values[n], "{spec}: G({n}) against {ruler}");
            predicted += 1;
        }
    }
    assert!(
        predicted > checked * 9 / 10,
        "{spec}: {predicted} predicted"
    );
    ruler
}

#[test]
fn the_ruler_of_0_2048_read_from_2000_values_holds_to_6000() {
    let ruler = read_and_check("0.2048", 2000, 6000);
    // Period 13, saltus 4, the class n = 13m + 2 dipping by 2 + 2^(k+3)
    // with k = v₂(m − 1); 4m + 1 where m − 1 is a power of two.
    assert_eq!((ruler.period, ruler.saltus, ruler.class), (13, 4, 2));
    assert_eq!(ruler.centre, 1);
    assert_eq!(ruler.level_formula, Some([3, -2]));
    assert_eq!(ruler.first_of_level, Some(1));
    let text = ruler.to_string();
    assert!(text.contains("G(n) = 4m − 2 − 2^(k + 3)"), "{text}");
    assert!(text.contains("where m − 1 is a power of two"), "{text}");
}

#[test]
fn games_built_on_0_2048_have_their_own_rulers() {
    // Adding moves that leave heaps the pattern absorbs keeps the rule.
    for spec in ["0.2049", "0.20484"] {
        let ruler = read_and_check(spec, 2000, 5000);
        assert_eq!(
            (ruler.period, ruler.saltus, ruler.class),
            (13, 4, 2),
            "{spec}"
        );
    }
    // 0.204804: another class, centre and level formula.
    let ruler = read_and_check("0.204804", 2000, 5000);
    assert_eq!((ruler.period, ruler.saltus, ruler.class), (11, 4, 10));
    assert_eq!(ruler.centre, 0);
    assert_eq!(ruler.level_formula, Some([3, 3]));
    assert_eq!(ruler.first_of_level, Some(2));
    // 0.20482: period 59 and saltus 16, the class n ≡ 19 dipping by
    // 2^(k+5) − 4 with k = v₂(m) (levels need more values to be seen).
    let ruler = read_and_check("0.20482", 4000, 8000);
    assert_eq!((ruler.period, ruler.saltus, ruler.class), (59, 16, 19));
    assert_eq!(ruler.level_formula, Some([5, 4]));
}

#[test]
fn analyze_reports_a_ruler_only_where_no_period_explains_the_values() {
    // What `analyze` makes of the values its period search computed.
    let analyzed = |spec: &str| {
        let (period, values) = game(spec).find_period(1500, 1500).unwrap();
        AnalyzeReport::of_values(spec, &period, &values, None)
    };
    let report = analyzed("0.2048");
    assert!(report.period.period.is_none());
    assert_eq!(report.ruler.as_ref().map(|r| r.period), Some(13));
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["ruler"]["class"], 2);
    // Periodic, arithmetic-periodic (proved) and unexplained sequences:
    // no ruler, and no `ruler` key in the JSON.
    for spec in ["kayles", "0.8", "0.{2+}", "0.6", "0.9"] {
        let report = analyzed(spec);
        assert!(report.ruler.is_none(), "{spec}: {:?}", report.ruler);
        assert!(serde_json::to_value(&report)
            .unwrap()
            .get("ruler")
            .is_none());
    }
}

#[test]
fn a_sequence_with_a_broken_ruler_is_not_reported() {
    // The ruler class broken once, late: the levels disagree and the
    // detector stays silent rather than state a rule the values break.
    let mut values = computed("0.2048", 3000);
    let n = 13 * 150 + 2; // m = 150: level v₂(149) = 0, not a first member
    values[n] += 4;
    assert_eq!(detect(&values), None);
}

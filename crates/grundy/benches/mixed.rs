//! A sum of different games costs the sum of its games' costs, with no
//! product of state spaces in normal play (issue 54): ten components from
//! five families evaluated as one mixed sum (`kayles 5 9 + cram 3x4 2x5 +
//! nim 7 100 + wythoff (3,5) (7,4) + node-kayles petersen path:7`), beside
//! each family's components evaluated alone as a sum of one game. The
//! mixed sum's time less the parts' total is the cost of mixing: reading
//! the parts, laying the whole out and placing each move, per component.
//! Both answers are checked to agree (the XOR of the parts' values) before
//! anything is timed.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::api::{self, Evaluation, SumRequest};
use grundy::budget::Budget;
use grundy::inputs::Plain;
use grundy::spec::{parse_spec, SpecSource};
use grundy::Convention;

/// The five families' parts: (spec, components).
const PARTS: &[(&str, &[&str])] = &[
    ("kayles", &["5", "9"]),
    ("cram", &["3x4", "2x5"]),
    ("nim", &["7", "100"]),
    ("wythoff", &["(3,5)", "(7,4)"]),
    ("node-kayles", &["petersen", "path:7"]),
];

fn eval(spec: &str, texts: &[String]) -> u64 {
    let request = SumRequest {
        spec,
        positions: texts,
        convention: Convention::Normal,
        remoteness: false,
        table_bytes: None,
        cache: None,
        outcome_only: false,
        specs: SpecSource::NoFiles,
    };
    let mut inputs = Plain(Budget::interactive(true, "a benchmark"));
    match api::eval(parse_spec(spec).unwrap(), &request, &mut inputs) {
        Ok(Evaluation::Sum(report)) => report.value,
        other => panic!("{spec} {texts:?}: {other:?}"),
    }
}

fn mixed_words() -> Vec<String> {
    let mut words = Vec::new();
    for (i, (spec, components)) in PARTS.iter().enumerate() {
        if i > 0 {
            words.extend(["+".to_owned(), (*spec).to_owned()]);
        }
        words.extend(components.iter().map(|c| (*c).to_owned()));
    }
    words
}

fn bench(c: &mut Criterion) {
    let words = mixed_words();
    let parts: Vec<(&str, Vec<String>)> = PARTS
        .iter()
        .map(|(spec, cs)| (*spec, cs.iter().map(|c| (*c).to_owned()).collect()))
        .collect();
    let xor = parts
        .iter()
        .fold(0, |x, (spec, texts)| x ^ eval(spec, texts));
    assert_eq!(
        eval(PARTS[0].0, &words),
        xor,
        "the mixed sum's value is the parts' XOR"
    );
    let mut group = c.benchmark_group("mixed_sum");
    group.sample_size(30);
    group.bench_function("ten components, five families, as one sum", |b| {
        b.iter(|| eval(PARTS[0].0, &words))
    });
    group.bench_function("the five families' parts, each alone", |b| {
        b.iter(|| {
            parts
                .iter()
                .fold(0, |x, (spec, texts)| x ^ eval(spec, texts))
        })
    });
    for (spec, texts) in &parts {
        group.bench_function(format!("{spec} {} alone", texts.join(" ")), |b| {
            b.iter(|| eval(spec, texts))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Compounds other than the sum (`eval --compound KIND`) against a brute
//! force over the compound's own game graph: each component's moves from
//! its family's move list alone, the compound's moves by its definition
//! (Winning Ways, ch. 9), the outcome by plain recursion. The rules the
//! library applies (Smith's remoteness for conjunctive compounds, the
//! suspense for continued ones, the selective compound's all-P rule,
//! Moore's theorem for Nim_k) must agree with it in outcome and in every
//! winning move, on random components of several families.

mod mixed_common;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use grundy::api;
use grundy::compound::Compound;
use grundy::spec::parse_spec;
use grundy::sum_evaluator::SumEvaluator;
use grundy::{Convention, Outcome};
use mixed_common::{inputs, numbers, request};

/// A component's position: the sum its game has become, sorted.
type Component = Vec<String>;

struct Brute {
    evaluator: Arc<dyn SumEvaluator>,
    options: HashMap<Component, Vec<Component>>,
    wins: HashMap<Vec<Component>, bool>,
    compound: Compound,
}

impl Brute {
    fn new(spec: &str, texts: &[String], compound: Compound) -> Brute {
        let evaluator =
            api::evaluator(parse_spec(spec).unwrap(), spec, texts, &mut inputs()).unwrap();
        Brute {
            evaluator,
            options: HashMap::new(),
            wins: HashMap::new(),
            compound,
        }
    }

    /// What one move of a component leaves, by its family's move list.
    fn options(&mut self, component: &Component) -> Vec<Component> {
        if let Some(known) = self.options.get(component) {
            return known.clone();
        }
        let listed: Vec<Component> = if component.is_empty() {
            Vec::new()
        } else {
            self.evaluator
                .moves(component, Convention::Normal)
                .unwrap()
                .into_iter()
                .map(|m| {
                    let mut after = m.position;
                    after.sort();
                    after
                })
                .collect()
        };
        self.options.insert(component.clone(), listed.clone());
        listed
    }

    /// Every position one move of the compound leaves, by its definition.
    fn moves(&mut self, position: &[Component]) -> Vec<Vec<Component>> {
        let options: Vec<Vec<Component>> = position.iter().map(|c| self.options(c)).collect();
        let stuck = options.iter().any(Vec::is_empty);
        let can_move = options.iter().filter(|o| !o.is_empty()).count();
        let mut out = Vec::new();
        // Every subset of components, each moved every way.
        for mask in 1u32..1 << position.len() {
            let moved: Vec<usize> = (0..position.len()).filter(|i| mask >> i & 1 == 1).collect();
            let allowed = match self.compound {
                Compound::Conjunctive => !stuck && moved.len() == position.len(),
                Compound::Continued => {
                    moved.len() == can_move && moved.iter().all(|&i| !options[i].is_empty())
                }
                Compound::Selective => true,
                Compound::ShortenedSelective => !stuck,
                Compound::Moore(k) => moved.len() <= k as usize,
            };
            if !allowed || moved.iter().any(|&i| options[i].is_empty()) {
                continue;
            }
            let mut partial: Vec<Vec<Component>> = vec![position.to_vec()];
            for &i in &moved {
                partial = partial
                    .into_iter()
                    .flat_map(|p| {
                        options[i].iter().map(move |o| {
                            let mut q = p.clone();
                            q[i] = o.clone();
                            q
                        })
                    })
                    .collect();
            }
            out.extend(partial);
        }
        out
    }

    fn wins(&mut self, position: &[Component]) -> bool {
        if let Some(&known) = self.wins.get(position) {
            return known;
        }
        let wins = self
            .moves(position)
            .into_iter()
            .any(|next| !self.wins(&next));
        self.wins.insert(position.to_vec(), wins);
        wins
    }
}

/// `eval --compound KIND` of the components `texts` after `spec`.
fn ask(
    spec: &str,
    texts: &[String],
    kind: Compound,
) -> Result<grundy::report::CompoundReport, grundy::GameError> {
    api::compound(
        parse_spec(spec).unwrap(),
        &request(spec, texts, Convention::Normal),
        kind,
        &mut inputs(),
    )
}

/// The positions the report's winning moves leave, each component split
/// back into its sorted parts (`end`: nothing).
fn reported(moves: &[grundy::report::CompoundMove]) -> BTreeSet<Vec<Component>> {
    moves
        .iter()
        .map(|m| {
            m.position
                .iter()
                .map(|text| {
                    let mut parts: Vec<String> = if text == "end" {
                        Vec::new()
                    } else {
                        text.split(" + ").map(str::to_owned).collect()
                    };
                    parts.sort();
                    parts
                })
                .collect()
        })
        .collect()
}

/// Random components of `spec` (written by `component`), each kind of
/// compound asked and checked against the brute force.
fn check_family(
    spec: &str,
    seed: u64,
    mut component: impl FnMut(&mut dyn FnMut(usize) -> usize) -> String,
) {
    let kinds = [
        Compound::Conjunctive,
        Compound::Continued,
        Compound::Selective,
        Compound::ShortenedSelective,
        Compound::Moore(1),
        Compound::Moore(2),
    ];
    let mut pick = numbers(seed);
    let mut seen = BTreeSet::new();
    for _ in 0..40 {
        let count = 1 + pick(3);
        let texts: Vec<String> = (0..count).map(|_| component(&mut pick)).collect();
        for kind in kinds {
            let report =
                ask(spec, &texts, kind).unwrap_or_else(|e| panic!("{kind} {spec} {texts:?}: {e}"));
            let mut brute = Brute::new(spec, &texts, kind);
            // Each component written as the game writes it (as moves do).
            let start: Vec<Component> = texts
                .iter()
                .map(|t| brute.evaluator.written(std::slice::from_ref(t)).unwrap())
                .collect();
            let wins = brute.wins(&start);
            assert_eq!(
                report.outcome == Outcome::N,
                wins,
                "{kind} {spec} {texts:?}"
            );
            seen.insert((kind.to_string(), wins));
            let expected: BTreeSet<Vec<Component>> = brute
                .moves(&start)
                .into_iter()
                .filter(|next| !brute.wins(next))
                .collect();
            // An unmoved component is reported as it was written.
            assert_eq!(
                reported(&report.winning_moves),
                expected,
                "{kind} {spec} {texts:?}"
            );
        }
    }
    // Both outcomes came up for the compounds with a rule.
    for kind in ["conjunctive", "continued", "selective"] {
        assert!(
            seen.contains(&(kind.to_owned(), true)) && seen.contains(&(kind.to_owned(), false)),
            "{spec}: {kind} met one outcome only: {seen:?}"
        );
    }
}

#[test]
fn compounds_of_nim_heaps_agree_with_the_brute_force() {
    check_family("nim", 1, |pick| pick(5).to_string());
}

#[test]
fn compounds_of_kayles_rows_that_fall_apart_agree_with_the_brute_force() {
    check_family("kayles", 2, |pick| pick(6).to_string());
}

#[test]
fn compounds_of_wythoff_pairs_agree_with_the_brute_force() {
    check_family("wythoff", 3, |pick| format!("({},{})", pick(4), pick(4)));
}

#[test]
fn compounds_of_subtraction_games_agree_with_the_brute_force() {
    check_family("sub:1,2,4", 4, |pick| (pick(9)).to_string());
}

/// Moore's theorem against the brute force beyond the random cases:
/// every position of three heaps up to 4 for k = 1, 2, 3.
#[test]
fn moore_s_theorem_is_the_brute_force_s_answer() {
    for k in 1..=3 {
        for heaps in 0..125 {
            let texts: Vec<String> = [heaps % 5, heaps / 5 % 5, heaps / 25]
                .iter()
                .map(u32::to_string)
                .collect();
            let report = ask("nim", &texts, Compound::Moore(k)).unwrap();
            assert!(report.method.contains("Moore"), "{}", report.method);
            let mut brute = Brute::new("nim", &texts, Compound::Moore(k));
            let start: Vec<Component> = texts
                .iter()
                .map(|t| {
                    if t == "0" {
                        Vec::new()
                    } else {
                        vec![t.clone()]
                    }
                })
                .collect();
            assert_eq!(
                report.outcome == Outcome::N,
                brute.wins(&start),
                "moore:{k} {texts:?}"
            );
        }
    }
    // Beyond the listing, the theorem alone: 2^40 and 2^40 + 2^40 ... with k = 2.
    let texts: Vec<String> = ["1099511627776", "1099511627776", "1099511627776"]
        .iter()
        .map(|t| (*t).to_owned())
        .collect();
    let report = ask("nim", &texts, Compound::Moore(2)).unwrap();
    assert_eq!(report.outcome, Outcome::P);
}

#[test]
fn compounds_of_different_games_and_refusals() {
    // A conjunctive compound of a Nim heap and a Wythoff pair, decided
    // by the least remoteness.
    let texts: Vec<String> = ["3", "+", "wythoff", "(1,2)"]
        .iter()
        .map(|t| (*t).to_owned())
        .collect();
    let report = ask("nim", &texts, Compound::Conjunctive).unwrap();
    assert_eq!(report.numbers, Some(vec![1, 2]));
    assert_eq!(report.outcome, Outcome::N);
    // Misère play is not a compound's convention; a loopy game has no rule.
    let mut misere = request("nim", &texts, Convention::Misere);
    misere.convention = Convention::Misere;
    assert!(api::compound(
        parse_spec("nim").unwrap(),
        &misere,
        Compound::Selective,
        &mut inputs()
    )
    .is_err());
    let loopy: Vec<String> = vec!["3".to_owned()];
    let error = ask("windup:7:2,3", &loopy, Compound::Conjunctive)
        .unwrap_err()
        .to_string();
    assert!(error.contains("cycles"), "{error}");
}

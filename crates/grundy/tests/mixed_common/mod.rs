//! What the tests of sums of different games share: the request as the
//! faces send it, a seeded generator, and the brute force that lists the
//! whole sum's game graph from each family's moves alone (one move in one
//! component), without the XOR theorem or any family's value engine.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::Arc;

use grundy::api::{self, Evaluation, SumRequest};
use grundy::budget::Budget;
use grundy::inputs::Plain;
use grundy::spec::{parse_spec, SpecSource};
use grundy::sum_evaluator::SumEvaluator;
use grundy::{Convention, GameError};

/// The library's own computations with a person's budget.
pub fn inputs() -> Plain {
    Plain(Budget::interactive(false, "not in a test"))
}

/// A position of the whole sum: a multiset of (game, component), sorted.
pub type State = Vec<(String, String)>;

/// The brute force: a move replaces one component by what one of its
/// family's moves leaves.
pub struct Brute {
    evaluators: HashMap<String, Arc<dyn SumEvaluator>>,
    moves: HashMap<(String, String), Vec<Vec<String>>>,
    values: HashMap<State, u64>,
}

impl Brute {
    pub fn new() -> Brute {
        Brute {
            evaluators: HashMap::new(),
            moves: HashMap::new(),
            values: HashMap::new(),
        }
    }

    /// What each move of the component `text` of `spec` leaves (the
    /// family's rules, one component alone).
    pub fn options(&mut self, spec: &str, text: &str) -> Vec<Vec<String>> {
        let key = (spec.to_owned(), text.to_owned());
        if let Some(options) = self.moves.get(&key) {
            return options.clone();
        }
        let evaluator = self
            .evaluators
            .entry(spec.to_owned())
            .or_insert_with(|| {
                let game = parse_spec(spec).unwrap();
                api::evaluator(game, spec, &[text.to_owned()], &mut inputs()).unwrap()
            })
            .clone();
        let options: Vec<Vec<String>> = evaluator
            .moves(&[text.to_owned()], Convention::Normal)
            .unwrap()
            .into_iter()
            .map(|m| m.to)
            .collect();
        self.moves.insert(key, options.clone());
        options
    }

    /// The followers of a whole sum, each sorted.
    pub fn followers(&mut self, state: &[(String, String)]) -> Vec<State> {
        let mut out = Vec::new();
        for (i, (spec, text)) in state.iter().enumerate() {
            for option in self.options(spec, text) {
                let mut next: State = state[..i].to_vec();
                next.extend(state[i + 1..].iter().cloned());
                next.extend(option.into_iter().map(|t| (spec.clone(), t)));
                next.sort();
                out.push(next);
            }
        }
        out
    }

    /// G of a whole sum by mex over its followers (games without cycles).
    pub fn value(&mut self, state: &[(String, String)]) -> u64 {
        let mut key = state.to_vec();
        key.sort();
        if let Some(&v) = self.values.get(&key) {
            return v;
        }
        let seen: BTreeSet<u64> = self
            .followers(&key)
            .into_iter()
            .map(|next| self.value(&next))
            .collect();
        let v = (0..).find(|g| !seen.contains(g)).unwrap();
        self.values.insert(key, v);
        v
    }

    /// Every position reachable from `start`, numbered (0 the start), and
    /// the followers of each.
    pub fn graph(&mut self, start: &State) -> (HashMap<State, usize>, Vec<Vec<usize>>) {
        let mut index: HashMap<State, usize> = HashMap::new();
        let mut states: Vec<State> = Vec::new();
        let mut queue = VecDeque::new();
        let mut first = start.clone();
        first.sort();
        index.insert(first.clone(), 0);
        states.push(first);
        queue.push_back(0);
        let mut followers: Vec<Vec<usize>> = vec![Vec::new()];
        while let Some(v) = queue.pop_front() {
            let state = states[v].clone();
            for next in self.followers(&state) {
                let w = *index.entry(next.clone()).or_insert_with(|| {
                    states.push(next);
                    followers.push(Vec::new());
                    queue.push_back(states.len() - 1);
                    states.len() - 1
                });
                followers[v].push(w);
            }
        }
        (index, followers)
    }
}

/// The words of the request for `parts` as the faces send them: the
/// first spec, and the position after it (`+` and each other game's spec
/// where its components start).
pub fn words(parts: &[(&str, &str)]) -> (String, Vec<String>) {
    let mut texts = Vec::new();
    let mut last: Option<&str> = None;
    for (i, (spec, position)) in parts.iter().enumerate() {
        if i > 0 && last != Some(*spec) {
            texts.extend(["+".to_owned(), (*spec).to_owned()]);
        }
        texts.push((*position).to_owned());
        last = Some(spec);
    }
    (parts[0].0.to_owned(), texts)
}

/// A request for the sum written `texts` after `spec` in `convention`
/// (the value and every winning move; the rest set by the caller).
pub fn request<'a>(spec: &'a str, texts: &'a [String], convention: Convention) -> SumRequest<'a> {
    SumRequest {
        spec,
        positions: texts,
        convention,
        remoteness: false,
        table_bytes: None,
        cache: None,
        outcome_only: false,
        specs: SpecSource::NoFiles,
    }
}

/// `eval` of the sum of `parts`, with `change` made to the request.
pub fn ask_with(
    parts: &[(&str, &str)],
    convention: Convention,
    change: impl FnOnce(&mut SumRequest<'_>),
) -> Result<Evaluation, GameError> {
    let (spec, texts) = words(parts);
    let mut asked = request(&spec, &texts, convention);
    change(&mut asked);
    api::eval(parse_spec(&spec).unwrap(), &asked, &mut inputs())
}

/// A little random generator (xorshift), seeded.
pub fn numbers(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

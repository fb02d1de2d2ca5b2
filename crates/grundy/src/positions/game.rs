//! A game defined by its moves, as the request layer sees it: acyclic
//! sums by every engine a ruleset has, sums that can repeat by Smith's
//! values over the sums they reach.

use std::sync::Arc;

use rustc_hash::FxHashSet;

use super::rules::{MovesFunction, PositionRules};
use super::term::{Term, END};
use crate::convention::Convention;
use crate::error::GameError;
use crate::graph::Graph;
use crate::limits::TERM_REACH;
use crate::loopy::LoopyValue;
use crate::report::{EvalReport, GenusReport, LoopyEvalReport, OutcomeReport, PlayMove};
use crate::sum_evaluator::{
    state_sums, LoopyGame, SearchSettings, StateMoves, SumEvaluator, TameHeaps,
};

/// A game defined by its moves ([`PositionRules`]) as a [`SumEvaluator`].
/// Before each request it looks for a cycle among the positions the sum
/// reaches: without one, the sum is the ruleset's (values, misère play,
/// remoteness, every winning move); with one, the game is loopy and the
/// sums the start reaches are one graph solved by Smith's values (draws
/// included), each vertex a sum written `a + b` (`end` for the empty
/// sum), which reads back as the same sum. A sum is written as its
/// components, or as one text joined by `+`.
#[derive(Clone)]
pub struct PositionGame<F> {
    rules: PositionRules<F>,
}

impl<F> std::fmt::Debug for PositionGame<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("PositionGame").field(&self.rules).finish()
    }
}

/// The sum a request names, and what it is.
enum Sum {
    /// No cycle: the components, each written as the ruleset writes it.
    Acyclic(Vec<String>),
    /// A cycle: the graph of every position (or every sum) reached, and
    /// the start's vertices.
    Loopy(Box<LoopyGame>, Vec<String>),
}

impl<F: MovesFunction> PositionGame<F> {
    /// The game of `rules`.
    #[must_use]
    pub fn new(rules: PositionRules<F>) -> PositionGame<F> {
        PositionGame { rules }
    }

    /// Its rules.
    #[must_use]
    pub fn rules(&self) -> &PositionRules<F> {
        &self.rules
    }

    fn sum(&self, texts: &[String]) -> Result<Sum, GameError> {
        let components = components(texts)?;
        if !self.reaches_a_cycle(&components)? {
            return Ok(Sum::Acyclic(
                components.iter().map(Term::to_string).collect(),
            ));
        }
        if let Some(graph) = self.component_graph(&components)? {
            let texts = components.iter().map(Term::to_string).collect();
            return Ok(Sum::Loopy(Box::new(LoopyGame::new(Arc::new(graph))), texts));
        }
        let (sums, followers) = state_sums(&self.rules, &components, TERM_REACH)?;
        let names: Vec<String> = sums.iter().map(|sum| sum_text(sum)).collect();
        let start = vec![names[0].clone()];
        let graph = Graph::from_followers(names, &followers).map_err(|e| GameError::Rules {
            message: e.to_string(),
        })?;
        Ok(Sum::Loopy(Box::new(LoopyGame::new(Arc::new(graph))), start))
    }

    /// The graph of every position `start`'s components reach, when each
    /// move leaves one component or none (then the vertex [`END`], with
    /// no move): each component is valued alone by Smith's values and
    /// the sum by Smith's rule. `None` when a move leaves a sum: then the
    /// graph is of the sums reached.
    fn component_graph(&self, start: &[Term]) -> Result<Option<Graph>, GameError> {
        let mut positions: indexmap::IndexSet<Term, rustc_hash::FxBuildHasher> =
            start.iter().cloned().collect();
        let mut followers: Vec<Vec<u32>> = Vec::new();
        // Moves that leave nothing go to a last vertex, added at the end.
        let mut ends = false;
        let mut next = 0;
        while next < positions.len() {
            crate::stop::tick()?;
            let options = self.rules.options_of(&positions[next])?;
            let mut these = Vec::with_capacity(options.len());
            for option in options.iter() {
                let vertex = match option {
                    [] => {
                        ends = true;
                        u32::MAX
                    }
                    [one] => match positions.get_index_of(one) {
                        Some(v) => v as u32,
                        None => {
                            if positions.len() >= TERM_REACH {
                                return Err(reach_limit(&self.rules));
                            }
                            positions.insert_full(one.clone()).0 as u32
                        }
                    },
                    _ => return Ok(None),
                };
                these.push(vertex);
            }
            followers.push(these);
            next += 1;
        }
        let mut names: Vec<String> = positions.iter().map(Term::to_string).collect();
        if ends {
            let end = names.len() as u32;
            for list in &mut followers {
                for v in list.iter_mut().filter(|v| **v == u32::MAX) {
                    *v = end;
                }
            }
            names.push(END.to_owned());
            followers.push(Vec::new());
        }
        Graph::from_followers(names, &followers)
            .map(Some)
            .map_err(|e| GameError::Rules {
                message: e.to_string(),
            })
    }

    /// Whether a position reachable from `start` is reachable from itself:
    /// a depth-first walk over the components the moves leave, stopping
    /// at positions already known to reach no cycle.
    fn reaches_a_cycle(&self, start: &[Term]) -> Result<bool, GameError> {
        // Positions on the walk's path, and those finished in this walk.
        let mut on_path: FxHashSet<Term> = FxHashSet::default();
        let mut finished: Vec<Term> = Vec::new();
        let mut finished_set: FxHashSet<Term> = FxHashSet::default();
        // Each frame: a position, its components flat, the next to visit.
        let mut stack: Vec<(Term, Vec<Term>, usize)> = Vec::new();
        for root in start {
            if self.rules.known_acyclic(root) || finished_set.contains(root) {
                continue;
            }
            let components = self.rules.options_of(root)?.components().to_vec();
            on_path.insert(root.clone());
            stack.push((root.clone(), components, 0));
            while let Some((position, components, next)) = stack.last_mut() {
                let Some(child) = components.get(*next).cloned() else {
                    on_path.remove(position);
                    finished_set.insert(position.clone());
                    finished.push(position.clone());
                    stack.pop();
                    continue;
                };
                *next += 1;
                if on_path.contains(&child) {
                    return Ok(true);
                }
                if finished_set.contains(&child) || self.rules.known_acyclic(&child) {
                    continue;
                }
                crate::stop::tick()?;
                if finished_set.len() + on_path.len() >= TERM_REACH {
                    return Err(reach_limit(&self.rules));
                }
                let grandchildren = self.rules.options_of(&child)?.components().to_vec();
                on_path.insert(child.clone());
                stack.push((child, grandchildren, 0));
            }
        }
        self.rules.remember_acyclic(finished);
        Ok(false)
    }

    /// `acyclic` of the sum's components as the ruleset writes them, or
    /// `loopy` of its graph and the start's name.
    fn either<T>(
        &self,
        texts: &[String],
        acyclic: impl FnOnce(&PositionRules<F>, &[String]) -> Result<T, GameError>,
        loopy: impl FnOnce(&LoopyGame, &[String]) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        match self.sum(texts)? {
            Sum::Acyclic(texts) => acyclic(&self.rules, &texts),
            Sum::Loopy(game, start) => loopy(&game, &start),
        }
    }
}

/// The refusal of a walk past [`TERM_REACH`] positions.
fn reach_limit<F: MovesFunction>(rules: &PositionRules<F>) -> GameError {
    GameError::Limit {
        what: format!("the positions {} reaches from this one", rules.label()),
        limit: format!("{TERM_REACH} positions"),
    }
}

/// A sum's name in the graph of a loopy game: its components joined by
/// ` + `, or `end`.
fn sum_text(sum: &[Term]) -> String {
    if sum.is_empty() {
        return END.to_owned();
    }
    sum.iter()
        .map(Term::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

impl<F: MovesFunction> SumEvaluator for PositionGame<F> {
    fn check_positions(&self, texts: &[String]) -> Result<(), GameError> {
        components(texts).map(drop)
    }

    fn evaluate(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<EvalReport, GameError> {
        self.either(
            texts,
            |rules, texts| rules.evaluate(spec, texts, search),
            |game, texts| game.evaluate(spec, texts, search),
        )
    }

    fn evaluate_beside(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
        beside: u64,
    ) -> Result<EvalReport, GameError> {
        self.either(
            texts,
            |rules, texts| rules.evaluate_beside(spec, texts, search, beside),
            |game, texts| game.evaluate_beside(spec, texts, search, beside),
        )
    }

    fn evaluate_outcome(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<OutcomeReport, GameError> {
        self.either(
            texts,
            |rules, texts| rules.evaluate_outcome(spec, texts, search),
            |game, texts| game.evaluate_outcome(spec, texts, search),
        )
    }

    fn evaluate_misere(&self, spec: &str, texts: &[String]) -> Result<OutcomeReport, GameError> {
        self.either(
            texts,
            |rules, texts| rules.evaluate_misere(spec, texts),
            |game, texts| game.evaluate_misere(spec, texts),
        )
    }

    fn remoteness(&self, texts: &[String]) -> Result<u32, GameError> {
        self.either(
            texts,
            |rules, texts| rules.remoteness(texts),
            |game, texts| game.remoteness(texts),
        )
    }

    fn value_grid(&self) -> Option<&dyn crate::grid::ValueGrid> {
        SumEvaluator::value_grid(&self.rules)
    }

    fn misere_values(&self, texts: &[String]) -> Result<Vec<u64>, GameError> {
        self.either(
            texts,
            |rules, texts| rules.misere_values(texts),
            |game, texts| game.misere_values(texts),
        )
    }

    fn genera(&self, spec: &str, texts: &[String]) -> Result<GenusReport, GameError> {
        self.either(
            texts,
            |rules, texts| rules.genera(spec, texts),
            |game, texts| game.genera(spec, texts),
        )
    }

    fn moves_with(
        &self,
        texts: &[String],
        convention: Convention,
        remoteness: bool,
    ) -> Result<Vec<PlayMove>, GameError> {
        self.either(
            texts,
            |rules, texts| rules.moves_with(texts, convention, remoteness),
            |game, texts| game.moves_with(texts, convention, remoteness),
        )
    }

    fn written(&self, texts: &[String]) -> Result<Vec<String>, GameError> {
        written(texts)
    }

    fn loopy_evaluate_beside(
        &self,
        spec: &str,
        texts: &[String],
        others: &[LoopyValue],
    ) -> Option<Result<LoopyEvalReport, GameError>> {
        match self.sum(texts) {
            Err(error) => Some(Err(error)),
            Ok(Sum::Acyclic(_)) => None,
            Ok(Sum::Loopy(game, start)) => game.loopy_evaluate_beside(spec, &start, others),
        }
    }

    fn state_space(&self, texts: &[String], limit: usize) -> Result<Graph, GameError> {
        self.rules.state_space(&written(texts)?, limit)
    }

    fn state_moves(&self, texts: &[String], limit: usize) -> Result<StateMoves, GameError> {
        self.rules.state_moves(&written(texts)?, limit)
    }

    fn tame_heaps(&self, texts: &[String], limit: usize) -> Result<Option<TameHeaps>, GameError> {
        match self.sum(texts)? {
            Sum::Acyclic(texts) => self.rules.tame_heaps(&texts, limit),
            Sum::Loopy(..) => Ok(None),
        }
    }

    fn state_name(&self, texts: &[String]) -> Result<String, GameError> {
        self.rules.state_name(&written(texts)?)
    }

    fn state_followers(&self, name: &str, out: &mut Vec<String>) -> Result<(), GameError> {
        self.rules.state_followers(name, out)
    }

    fn numbered_values(&self, count: u64) -> Option<Result<Vec<u64>, GameError>> {
        self.rules.numbered_values(count)
    }
}

/// The components of the sum written `texts` (each text a position or a
/// sum joined by `+`).
fn components(texts: &[String]) -> Result<Vec<Term>, GameError> {
    let mut components = Vec::new();
    for text in texts {
        components.extend(Term::parse_sum(text)?);
    }
    Ok(components)
}

/// The components of the sum written `texts`, each as the ruleset writes
/// it.
fn written(texts: &[String]) -> Result<Vec<String>, GameError> {
    Ok(components(texts)?.iter().map(Term::to_string).collect())
}

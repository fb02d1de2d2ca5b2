//! Every ruleset is a [`SumEvaluator`]: its positions read from text, its
//! sums evaluated by the generic solver and the generic misère search.

use std::fmt;

use rustc_hash::FxHashMap;

use super::play::ListedComponents;
use super::reports::{
    eval_report, eval_report_beside, misere_eval_report, outcome_eval_report, theorem_eval_report,
};
use super::state_space::{
    for_each_follower, order_sum, read_part, state_space, state_sums, sum_name, sum_named,
};
use super::winning_moves::framed_description;
use super::{parse_positions, SearchSettings, StateMoves, SumEvaluator, TameHeaps};
use crate::convention::Convention;
use crate::error::GameError;
use crate::graph::Graph;
use crate::limits::MAX_PLAY_MOVES;
use crate::misere::MisereSearch;
use crate::report::{EvalReport, GenusReport, MoveReport, OutcomeReport, PlayMove};
use crate::ruleset::Ruleset;
use crate::sum::{with_component_replaced, SumSolver, SumValues};

/// One move of the play list: its words, what its component becomes as
/// the user sees it, and the option the engines value.
struct ListedMove<P> {
    description: String,
    to: Vec<P>,
    option: Vec<P>,
}

/// Every move of the component `position` as the user sees it, with the
/// option the engines value: the framed moves of a board or graph, or
/// each option in the ruleset's own words (the k-th time an option comes,
/// its k-th move: a cut and its mirror image). `options` is scratch.
fn listed_moves<R: Ruleset>(
    rules: &R,
    position: &R::Position,
    options: &mut crate::ruleset::Options<R::Position>,
) -> Result<Vec<ListedMove<R::Position>>, GameError> {
    Ok(match rules.framed_moves(position) {
        Some(framed) => framed
            .into_iter()
            .map(|f| ListedMove {
                description: framed_description(rules, &f),
                to: vec![f.left],
                option: f.option,
            })
            .collect(),
        None => {
            options.clear();
            rules.options(position, options)?;
            let mut times_seen: FxHashMap<&[R::Position], usize> = FxHashMap::default();
            options
                .iter()
                .map(|option| {
                    let seen = times_seen.entry(option).or_insert(0);
                    *seen += 1;
                    let description = if *seen == 1 {
                        rules.describe_move(position, option)
                    } else {
                        rules
                            .equivalent_moves(position, option)
                            .into_iter()
                            .nth(*seen - 1)
                            .unwrap_or_else(|| rules.describe_move(position, option))
                    };
                    ListedMove {
                        description,
                        to: option.to_vec(),
                        option: option.to_vec(),
                    }
                })
                .collect()
        }
    })
}

/// Every move of the sum `positions` as the user sees it (listed once for
/// equal components, which it names), as a report of the sum, each with
/// what `each` says of the sum the engines value after it (the option in
/// their frame) and the move's words.
fn move_reports_with<R: Ruleset, T>(
    rules: &R,
    positions: &[R::Position],
    mut each: impl FnMut(&[R::Position], &str) -> Result<T, GameError>,
) -> Result<Vec<(MoveReport, T)>, GameError> {
    let json = |p: &R::Position| rules.position_json(p);
    let text = |p: &R::Position| rules.format_position(p);
    let mut options = crate::ruleset::Options::new();
    let mut moves: Vec<(MoveReport, T)> = Vec::new();
    let mut first_of: FxHashMap<&R::Position, usize> = FxHashMap::default();
    for (i, position) in positions.iter().enumerate() {
        // A component equal to an earlier one has that one's moves, which
        // name it among their equal components.
        if let Some(&first) = first_of.get(position) {
            for (m, _) in &mut moves {
                if m.component == first {
                    m.equal_components.push(i);
                }
            }
            continue;
        }
        first_of.insert(position, i);
        for listed in listed_moves(rules, position, &mut options)? {
            let valued = with_component_replaced(positions, i, &listed.option);
            let said = each(&valued, &listed.description)?;
            let after = with_component_replaced(positions, i, &listed.to);
            moves.push((
                MoveReport {
                    component: i,
                    from: json(position),
                    to: listed.to.iter().map(json).collect(),
                    description: listed.description,
                    result: Some(after.iter().map(json).collect()),
                    representative: None,
                    symmetry: None,
                    equal_components: Vec::new(),
                    to_text: listed.to.iter().map(text).collect(),
                    result_text: Some(after.iter().map(text).collect()),
                    result_games: None,
                },
                said,
            ));
        }
    }
    Ok(moves)
}

impl<R: Ruleset + fmt::Debug + Send + Sync> SumEvaluator for R {
    fn check_positions(&self, texts: &[String]) -> Result<(), GameError> {
        parse_positions(self, texts).map(drop)
    }

    fn search_seconds(&self, texts: &[String]) -> Option<f64> {
        let positions = parse_positions(self, texts).ok()?;
        positions
            .iter()
            .filter_map(|p| Ruleset::search_seconds(self, p))
            .reduce(|a, b| a + b)
    }

    fn evaluate(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<EvalReport, GameError> {
        eval_report(self, spec, &parse_positions(self, texts)?, search)
    }

    fn evaluate_beside(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
        beside: u64,
    ) -> Result<EvalReport, GameError> {
        eval_report_beside(
            self,
            spec,
            &parse_positions(self, texts)?,
            search,
            crate::nimber::Nimber::new(beside),
        )
    }

    fn evaluate_outcome(
        &self,
        spec: &str,
        texts: &[String],
        search: &SearchSettings,
    ) -> Result<OutcomeReport, GameError> {
        outcome_eval_report(self, spec, &parse_positions(self, texts)?, search)
    }

    fn evaluate_misere(&self, spec: &str, texts: &[String]) -> Result<OutcomeReport, GameError> {
        misere_eval_report(self, spec, &parse_positions(self, texts)?)
    }

    fn evaluate_by_theorem(
        &self,
        spec: &str,
        texts: &[String],
    ) -> Option<Result<OutcomeReport, GameError>> {
        let [text] = texts else {
            return None;
        };
        Some(
            self.outcome_by_theorem(text)?
                .map(|outcome| theorem_eval_report(self, spec, outcome)),
        )
    }

    fn remoteness(&self, texts: &[String]) -> Result<u32, GameError> {
        crate::remoteness::RemotenessSearch::new(self).remoteness(&parse_positions(self, texts)?)
    }

    fn value_grid(&self) -> Option<&dyn crate::grid::ValueGrid> {
        Ruleset::value_grid(self)
    }

    fn numbered_values(&self, count: u64) -> Option<Result<Vec<u64>, GameError>> {
        // `None` when the spec numbers no positions; board 0's own error,
        // if any, comes with the others below.
        let _board_zero = self.numbered_position(0)?;
        // Every board is read before any is solved: a size past what the
        // family allows is said at once, not after the smaller boards.
        let positions: Result<Vec<R::Position>, GameError> = (0..count)
            .map(|n| self.numbered_position(n).expect("numbered from 0 on"))
            .collect();
        let mut solver = SumSolver::new(self);
        Some(positions.and_then(|positions| {
            positions
                .iter()
                .map(|p| Ok(solver.value(p)?.value()))
                .collect()
        }))
    }

    fn misere_values(&self, texts: &[String]) -> Result<Vec<u64>, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut search = MisereSearch::new(self);
        positions
            .iter()
            .map(|p| search.misere_value(std::slice::from_ref(p), &[]))
            .collect()
    }

    fn written(&self, texts: &[String]) -> Result<Vec<String>, GameError> {
        let positions = parse_positions(self, texts)?;
        Ok(positions.iter().map(|p| self.format_position(p)).collect())
    }

    fn state_moves(&self, texts: &[String], limit: usize) -> Result<StateMoves, GameError> {
        let positions = parse_positions(self, texts)?;
        let (sums, followers) = state_sums(self, &positions, limit)?;
        let moves = move_reports_with(self, &positions, |valued, description| {
            // The sum the engines list, found in the state space.
            let mut valued = valued.to_vec();
            order_sum(&mut valued);
            let vertex = sums
                .get_index_of(&valued)
                .ok_or_else(|| GameError::Unsupported {
                    message: format!(
                        "the move '{description}' leaves a sum the state space does not list"
                    ),
                })?;
            Ok(vertex as u32)
        })?;
        Ok(StateMoves {
            followers,
            position: positions.iter().map(|p| self.position_json(p)).collect(),
            position_text: positions.iter().map(|p| self.format_position(p)).collect(),
            moves,
        })
    }

    fn tame_heaps(&self, texts: &[String], limit: usize) -> Result<Option<TameHeaps>, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut solver = SumSolver::new(self);
        let mut search = MisereSearch::new(self);
        // Every component the sum can reach, breadth first from the sum.
        let mut reached: indexmap::IndexSet<R::Position, rustc_hash::FxBuildHasher> =
            positions.iter().cloned().collect();
        let mut options = crate::ruleset::Options::new();
        let mut next = 0;
        while next < reached.len() {
            if reached.len() > limit {
                return Ok(None);
            }
            crate::stop::tick()?;
            let component = reached[next].clone();
            options.clear();
            self.options(&component, &mut options)?;
            for option in options.iter() {
                reached.extend(option.iter().cloned());
            }
            next += 1;
        }
        // Each with the Nim heaps its genus stands for, the last reached
        // (the smallest, as a rule) first: a component that is not tame
        // ends the check, before the genus of a large one is searched.
        let mut heaps_of: FxHashMap<R::Position, Vec<u64>> = FxHashMap::default();
        for component in reached.iter().rev() {
            let value = solver.value(component)?.value();
            let genus = match search.genus(component, value) {
                Ok(genus) => genus,
                // A genus that does not settle within the search's
                // bounds is not known to be tame.
                Err(e) if matches!(e.root(), GameError::Limit { .. }) => return Ok(None),
                Err(e) => return Err(e),
            };
            let Some(heaps) = crate::misere::tame_heaps(&genus) else {
                return Ok(None);
            };
            heaps_of.insert(component.clone(), heaps);
        }
        let heaps = |sum: &[R::Position]| -> Vec<u64> {
            sum.iter()
                .flat_map(|c| heaps_of.get(c).into_iter().flatten().copied())
                .collect()
        };
        let moves = move_reports_with(self, &positions, |valued, _| Ok(heaps(valued)))?;
        Ok(Some(TameHeaps {
            heaps: heaps(&positions),
            position: positions.iter().map(|p| self.position_json(p)).collect(),
            position_text: positions.iter().map(|p| self.format_position(p)).collect(),
            moves,
        }))
    }

    fn state_space(&self, texts: &[String], limit: usize) -> Result<Graph, GameError> {
        state_space(self, &parse_positions(self, texts)?, limit)
    }

    fn state_name(&self, texts: &[String]) -> Result<String, GameError> {
        let mut sum = parse_positions(self, texts)?;
        order_sum(&mut sum);
        Ok(sum_name(self, &sum))
    }

    fn state_followers(&self, name: &str, out: &mut Vec<String>) -> Result<(), GameError> {
        let sum = sum_named(self, name)?;
        let mut options = crate::ruleset::Options::new();
        // Parts checked already (the options of one sum share most parts).
        let mut checked: rustc_hash::FxHashSet<R::Position> = sum.iter().cloned().collect();
        for_each_follower(self, &sum, &mut options, |option, after| {
            // Each part must read back as itself: two parts written alike
            // would be one vertex here (the whole listing numbers them
            // apart instead).
            for part in option {
                if !checked.insert(part.clone()) {
                    continue;
                }
                let text = self.format_position(part).replace('\n', "/");
                if read_part(self, &text)? != *part {
                    return Err(GameError::Unsupported {
                        message: format!(
                            "the position '{text}' does not read back as itself, so this game's state space is listed whole, in one process (-w 1)"
                        ),
                    });
                }
            }
            out.push(sum_name(self, &after));
            Ok(())
        })
    }

    fn moves_with(
        &self,
        texts: &[String],
        convention: Convention,
        with_remoteness: bool,
    ) -> Result<Vec<PlayMove>, GameError> {
        let positions = parse_positions(self, texts)?;
        // Refused before listing anything when the moves are known to be
        // too many (a heap of 10^8 in Kayles: 1.2 GB of options before).
        let estimated: u64 = positions
            .iter()
            .filter_map(|p| self.move_estimate(p))
            .fold(0, u64::saturating_add);
        if estimated > MAX_PLAY_MOVES as u64 {
            return Err(GameError::Limit {
                what: format!(
                    "listing the moves of this sum ({})",
                    crate::number::rough_count(estimated)
                ),
                limit: format!("{MAX_PLAY_MOVES} moves"),
            });
        }
        let mut solver = SumSolver::new(self);
        let mut search = MisereSearch::new(self);
        let mut remoteness = crate::remoteness::RemotenessSearch::new(self);
        let mut options = crate::ruleset::Options::new();
        let mut moves = Vec::new();
        let mut listed = ListedComponents::new();
        for (i, position) in positions.iter().enumerate() {
            if listed.is_repeat(&positions, i, &mut moves) {
                continue;
            }
            let shown = listed_moves(self, position, &mut options)?;
            for ListedMove {
                description,
                to,
                option,
            } in shown
            {
                if moves.len() >= MAX_PLAY_MOVES {
                    return Err(GameError::Limit {
                        what: "listing the moves of this sum".to_owned(),
                        limit: format!("{MAX_PLAY_MOVES} moves"),
                    });
                }
                // Valued as the engines list it; shown as the user sees it.
                let valued = with_component_replaced(&positions, i, &option);
                let (wins, far) = match convention {
                    Convention::Misere => (search.misere_value(&valued, &[])? == 0, None),
                    Convention::Normal => (
                        solver.sum_value(&valued)?.is_zero(),
                        // Boards and graphs are too many positions for
                        // the remoteness's full search.
                        if self.solved_by_search() || !with_remoteness {
                            None
                        } else {
                            // Beyond the search's reach it is not shown; a
                            // stop (deadline, Ctrl-C) stops the listing.
                            match remoteness.remoteness(&valued) {
                                Ok(far) => Some(far),
                                Err(e) if matches!(e.root(), GameError::Stopped { .. }) => {
                                    return Err(e)
                                }
                                Err(_) => None,
                            }
                        },
                    ),
                };
                let after = with_component_replaced(&positions, i, &to);
                moves.push(PlayMove {
                    description,
                    component: i,
                    to: to.iter().map(|p| self.format_position(p)).collect(),
                    position: after.iter().map(|p| self.format_position(p)).collect(),
                    wins,
                    draws: false,
                    remoteness: far,
                    equal_components: Vec::new(),
                    game: None,
                });
            }
            listed.done(&positions, i, moves.len());
        }
        Ok(moves)
    }

    fn genera(&self, spec: &str, texts: &[String]) -> Result<GenusReport, GameError> {
        let positions = parse_positions(self, texts)?;
        let mut solver = SumSolver::new(self);
        let mut search = MisereSearch::new(self);
        let genus = positions
            .iter()
            .map(|p| search.genus(p, solver.value(p)?.value()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(GenusReport {
            positions: Some(positions.iter().map(|p| self.position_json(p)).collect()),
            position_text: Some(positions.iter().map(|p| self.format_position(p)).collect()),
            ..GenusReport::of_genera(spec, genus)
        })
    }
}

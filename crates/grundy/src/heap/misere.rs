//! Misère play of heap games: the misère values and the genus of heaps,
//! and the evaluation of a sum of heaps by the best method there is
//! (Bouton's rule for Nim, else the misère quotient of the heaps when it
//! is found quickly, else the generic search of [`crate::misere`]). The
//! convention's engine knows no family; what heaps allow beyond it is
//! here, with the heap families.

use serde_json::Value;

use crate::error::GameError;
use crate::heap::quotient::{misere_quotient, Element, MisereQuotient, QuotientLimits};
use crate::heap::{HeapGame, HeapRuleset, MoveCount};
use crate::limits::{QUOTIENT_EVAL_MAX_HEAP, QUOTIENT_EVAL_TIME};
use crate::misere::{nim_misere_value, nim_winning_moves, MisereMethod, MisereSearch, MAX_SUMS};
use crate::report::{GeneratorReport, OutcomeReport, QuotientReport, RelationReport};
use crate::ruleset::Ruleset;
use crate::sequence::NimSequence;
use crate::sum::{Outcome, WinningMove};
use crate::sum_evaluator::{misere_eval_report, move_reports};
use crate::Convention;

/// The misère nim-values of the heaps `0..count` of a heap game: by
/// Bouton's rule for Nim, by the search otherwise, calling
/// `progress(done)` after each heap (an error from it stops the work).
pub fn heap_misere_values(
    game: &HeapGame,
    count: u64,
    progress: &mut dyn FnMut(u64) -> Result<(), GameError>,
) -> Result<NimSequence, GameError> {
    game.check_misere_on_heaps()?;
    let mut values = NimSequence::new();
    if game.family().is_nim() {
        values.try_reserve(usize::try_from(count).unwrap_or(usize::MAX))?;
        for n in 0..count {
            values.push(nim_misere_value(n))?;
        }
        progress(count)?;
        return Ok(values);
    }
    let rules = HeapRuleset::new(game.clone());
    let mut search = MisereSearch::new(&rules);
    for n in 0..count {
        let step = search
            .misere_value(&[n], &[])
            .and_then(|value| values.push(value))
            .and_then(|()| progress(n + 1));
        if let Err(error) = step {
            // A stop (Ctrl-C, a deadline) says how far it got.
            return Err(match error.root() {
                GameError::Stopped { .. } => error.established(format!(
                    "{} of {count} misère values were computed",
                    values.len()
                )),
                // A limit names the heap it was met at, and what was done.
                _ => error.context(format!(
                    "the misère value of a heap of {n} (the values of the {} heaps before it were computed)",
                    values.len()
                )),
            });
        }
    }
    Ok(values)
}

/// The misère nim-value of a heap of `n` of a heap game, and what gave
/// it: Bouton's rule for Nim (any n), the search otherwise.
pub fn heap_misere_value(game: &HeapGame, n: u64) -> Result<(u64, MisereMethod), GameError> {
    game.check_misere_on_heaps()?;
    if game.family().is_nim() {
        return Ok((nim_misere_value(n), MisereMethod::Bouton));
    }
    check_misere_heap(game, n)?;
    check_misere_growth(game, n)?;
    let rules = HeapRuleset::new(game.clone());
    let value = MisereSearch::new(&rules).misere_value(&[n], &[])?;
    Ok((value, MisereMethod::Search))
}

/// Refuses up front a misère search of a heap of `n` that cannot fit in
/// the search's memo: a heap with about one option per token has more
/// than [`MAX_SUMS`] options once `n` is past it (each a sum of its own),
/// and any heap reaches at least one sum per 1024 tokens (no family here
/// takes more at once), so the search would meet the limit only after
/// enumerating options and filling the memo (1.2 GB and 3 s for
/// `value kayles 10^18 --misere` before this check).
pub fn check_misere_heap(game: &HeapGame, n: u64) -> Result<(), GameError> {
    let reached = heaps_reached(game, n);
    if reached > MAX_SUMS as u64 {
        return Err(GameError::Limit {
            what: format!(
                "a misère search from a heap of {n}, which reaches {} distinct sums,",
                crate::number::at_least(reached)
            ),
            limit: crate::misere::sums_limit(MAX_SUMS),
        });
    }
    Ok(())
}

/// The sums the growth probe of [`check_misere_growth`] may meet: a
/// sixty-fourth of the search's limit, a few milliseconds of work.
const GROWTH_PROBE_SUMS: usize = MAX_SUMS / 64;

/// Refuses up front a misère search from a heap of `n` whose memo would
/// outgrow [`MAX_SUMS`], by measuring it: the search from heaps 1, 2, …
/// with a small limit ([`GROWTH_PROBE_SUMS`]) counts the sums met by
/// each; where the probe stops, `ln(sums)` is fitted as a line in `√m`
/// by least squares over the upper half of the heaps probed, and the line
/// is extended to `n`. The sums reachable from a heap are multisets of
/// smaller heaps, whose number grows like the partitions of `m`, as
/// `e^(c√m)`; measured on 0.6, 0.07, 0.137 and 0.35, the line from a
/// probe to about heap 50 predicts the sums met at heap 70–85 within 2.5×
/// (an exponential in `m` overestimated 0.6 at heap 72 by 4×). The request
/// is refused when the estimate is over three times the limit, so that a
/// search that may fit is still tried (0.6 at heap 80 meets just under the
/// limit; the estimate says 4.7 million). Without this, `eval 0.6 200 --misere`
/// searched 14 s and filled 250 MB before meeting the limit.
pub fn check_misere_growth(game: &HeapGame, n: u64) -> Result<(), GameError> {
    let rules = HeapRuleset::new(game.clone());
    let mut search = MisereSearch::new(&rules).with_limit(GROWTH_PROBE_SUMS);
    let mut met: Vec<usize> = vec![0];
    for m in 1..=n {
        match search.is_p_position(&[m]) {
            Ok(_) => met.push(search.sums_searched()),
            Err(GameError::Limit { .. }) => break,
            Err(e) => return Err(e),
        }
    }
    let last = met.len() - 1;
    if last as u64 >= n {
        // The whole search fits the probe.
        return Ok(());
    }
    // Points (√m, ln sums) over the upper half, where counts are large
    // enough to say something.
    let points: Vec<(f64, f64)> = (last / 2..=last)
        .filter(|&m| met[m] >= 64)
        .map(|m| ((m as f64).sqrt(), (met[m] as f64).ln()))
        .collect();
    if points.len() < 4 {
        return Ok(());
    }
    let count = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / count;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let slope = sxy / sxx;
    if !slope.is_finite() || slope <= 0.0 {
        return Ok(());
    }
    let ln_estimate = mean_y + slope * ((n as f64).sqrt() - mean_x);
    if ln_estimate <= (3.0 * MAX_SUMS as f64).ln() {
        return Ok(());
    }
    let estimate = if ln_estimate >= (u64::MAX as f64).ln() {
        u64::MAX
    } else {
        ln_estimate.exp() as u64
    };
    Err(GameError::Limit {
        what: format!(
            "a misère search from a heap of {n}, which would meet {} distinct sums (extrapolated from the {} sums met by heap {last}),",
            crate::number::rough_count(estimate),
            met[last]
        ),
        limit: crate::misere::sums_limit(MAX_SUMS),
    })
}

/// At least how many distinct heaps a search from a heap of `n` meets:
/// about `n` in a family with a move per token, else one per 1024 tokens
/// (no family here takes more at once).
#[must_use]
pub fn heaps_reached(game: &HeapGame, n: u64) -> u64 {
    match game.family().move_count() {
        MoveCount::AboutOnePerToken => n,
        MoveCount::Few => n / 1024,
    }
}

/// The genus of each heap `0..count` of a heap game (g₀ from the normal
/// play values), calling `progress(done)` after each heap.
pub fn heap_genus(
    game: &HeapGame,
    count: u64,
    progress: &mut dyn FnMut(u64) -> Result<(), GameError>,
) -> Result<Vec<Vec<u64>>, GameError> {
    game.check_misere_on_heaps()?;
    let normal = game.nim_sequence(usize::try_from(count).unwrap_or(usize::MAX))?;
    let rules = HeapRuleset::new(game.clone());
    let mut search = MisereSearch::new(&rules);
    let mut genus = Vec::new();
    for n in 0..count {
        genus.push(search.genus(&n, normal.get(n as usize))?);
        progress(n + 1)?;
    }
    Ok(genus)
}

/// `eval --misere` of a sum of Nim heaps, by Bouton's misère rule (no
/// search: heaps of any size); `rules` words the moves.
pub fn misere_nim_report<R: Ruleset<Position = u64>>(
    rules: &R,
    spec: &str,
    heaps: &[u64],
) -> OutcomeReport {
    let moves: Vec<WinningMove<u64>> = nim_winning_moves(heaps)
        .into_iter()
        .map(|(component, left)| WinningMove {
            component,
            from: heaps[component],
            to: if left == 0 { Vec::new() } else { vec![left] },
        })
        .collect();
    let is_p = crate::misere::nim_is_p_position(heaps);
    OutcomeReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        position: heaps.iter().map(|&h| Value::from(h)).collect(),
        outcome: Outcome::of_p(is_p),
        method: MisereMethod::Bouton.as_str().to_owned(),
        winning_moves: move_reports(rules, heaps, &moves),
        one_winning_move: false,
        search: None,
        position_text: heaps.iter().map(u64::to_string).collect(),
        component_games: Vec::new(),
    }
}

/// `eval --misere` of a sum of heaps from the misère quotient of the heaps
/// up to the largest: its element, and every option's.
pub fn misere_quotient_eval_report(
    game: &HeapGame,
    spec: &str,
    heaps: &[u64],
    quotient: &MisereQuotient,
) -> Result<OutcomeReport, GameError> {
    let rules = HeapRuleset::new(game.clone());
    let moves = quotient.winning_moves(game, heaps)?;
    Ok(OutcomeReport {
        game: spec.to_owned(),
        convention: Convention::Misere,
        position: heaps.iter().map(|&h| Value::from(h)).collect(),
        outcome: Outcome::of_p(quotient.is_p_position(heaps)?),
        method: format!(
            "the misère quotient of the heaps up to {} (order {}, verified)",
            quotient.max_heap(),
            quotient.order()
        ),
        winning_moves: move_reports(&rules, heaps, &moves),
        one_winning_move: false,
        search: None,
        position_text: heaps.iter().map(u64::to_string).collect(),
        component_games: Vec::new(),
    })
}

/// The report of a computed quotient.
#[must_use]
pub fn quotient_report(spec: &str, quotient: &MisereQuotient) -> QuotientReport {
    let presentation = quotient.presentation();
    QuotientReport {
        game: spec.to_owned(),
        max_heap: quotient.max_heap(),
        order: quotient.order(),
        generators: presentation
            .generators
            .iter()
            .map(|g| GeneratorReport {
                name: g.name.clone(),
                heap: g.heap,
            })
            .collect(),
        relations: presentation
            .relations
            .iter()
            .map(|r| RelationReport {
                lhs: presentation.word(&r.lhs),
                rhs: presentation.word(&r.rhs),
            })
            .collect(),
        p_portion: presentation
            .graded((0..quotient.order() as Element).filter(|&x| quotient.is_p(x)))
            .into_iter()
            .map(|x| presentation.element_word(x))
            .collect(),
        heap_elements: quotient
            .heap_elements()
            .iter()
            .map(|&x| presentation.element_word(x))
            .collect(),
        orders: quotient.orders().to_vec(),
        stable_since: quotient.stable_since(),
    }
}

/// `eval --misere` of a sum of heaps of a heap game: Bouton's rule for
/// Nim; otherwise the misère quotient of the heaps up to the largest when
/// it is found within [`QUOTIENT_EVAL_TIME`] and 1024 elements, the search
/// when it is not.
pub fn misere_heap_eval_report(
    game: &HeapGame,
    spec: &str,
    heaps: &[u64],
) -> Result<OutcomeReport, GameError> {
    game.check_misere_on_heaps()?;
    let rules = HeapRuleset::new(game.clone());
    if game.family().is_nim() {
        return Ok(misere_nim_report(&rules, spec, heaps));
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest <= QUOTIENT_EVAL_MAX_HEAP {
        let limits = QuotientLimits {
            max_order: crate::limits::QUOTIENT_EVAL_ORDER,
            deadline: Some(std::time::Instant::now() + QUOTIENT_EVAL_TIME),
            ..QuotientLimits::default()
        };
        // A quotient too large or too slow leaves the sum to the search.
        if let Ok(quotient) = misere_quotient(game, largest, limits, &mut |_| {}) {
            return misere_quotient_eval_report(game, spec, heaps, &quotient);
        }
    }
    for &heap in heaps {
        check_misere_heap(game, heap)?;
    }
    check_misere_growth(game, largest)?;
    misere_eval_report(&rules, spec, heaps)
}

//! The winning moves of a sum as reports list them: in the user's frame,
//! the moves that leave one option together, symmetric moves grouped, a
//! component equal to an earlier one named with it.

use rustc_hash::FxHashMap;

use crate::report::{MoveReport, RESULT_SHOWN_UP_TO};
use crate::ruleset::Ruleset;
use crate::sum::{with_component_replaced, WinningMove};

/// One move as reports show it: its words and what its component becomes,
/// in the frame of the position the user gave.
struct ShownMove<P> {
    description: String,
    to: Vec<P>,
}

/// A framed move in words: its name, and the position it leaves as the
/// game writes it (text that reads back as that position).
pub(crate) fn framed_description<R: Ruleset>(
    rules: &R,
    framed: &crate::ruleset::FramedMove<R::Position>,
) -> String {
    format!(
        "{}, leaving {}",
        framed.name,
        rules.format_position(&framed.left)
    )
}

/// The moves of component `from` that leave one of the options `winning`
/// (as the engines list them), as reports show them, in the order the
/// user would list them: for a family that writes its options in a frame
/// of its own ([`Ruleset::framed_moves`]), every move of the user's
/// position that leaves one of them, named and left in the user's frame,
/// in the family's order of moves; otherwise, option by option, the
/// ruleset's words for each ([`Ruleset::equivalent_moves`]: a cut and its
/// mirror images), each leaving the option itself. Each inner list is one
/// option's moves.
fn shown_moves<R: Ruleset>(
    rules: &R,
    from: &R::Position,
    winning: &[&[R::Position]],
) -> Vec<Vec<ShownMove<R::Position>>> {
    match rules.framed_moves(from) {
        Some(framed) => {
            let wins: rustc_hash::FxHashSet<&[R::Position]> = winning.iter().copied().collect();
            framed
                .iter()
                .filter(|f| wins.contains(f.option.as_slice()))
                .map(|f| {
                    vec![ShownMove {
                        description: framed_description(rules, f),
                        to: vec![f.left.clone()],
                    }]
                })
                .collect()
        }
        None => winning
            .iter()
            .map(|option| {
                rules
                    .equivalent_moves(from, option)
                    .into_iter()
                    .map(|description| ShownMove {
                        description,
                        to: option.to_vec(),
                    })
                    .collect()
            })
            .collect(),
    }
}

/// The report of each winning move of the sum of `positions`, in normal
/// or misère play: every move leaving the same option (a cut and its
/// mirror images, [`Ruleset::equivalent_moves`]; every domino or vertex of
/// the user's position that leaves it, [`Ruleset::framed_moves`]) and
/// every move a symmetry of its component maps it onto
/// ([`Ruleset::move_symmetry`]) listed after the first of its class, the
/// whole sum after it for sums of up to [`RESULT_SHOWN_UP_TO`] components.
/// The moves of a component equal to one listed before are that one's,
/// which name it in `equal_components`.
pub(crate) fn move_reports<R: Ruleset>(
    rules: &R,
    positions: &[R::Position],
    moves: &[WinningMove<R::Position>],
) -> Vec<MoveReport> {
    let show_result = positions.len() <= RESULT_SHOWN_UP_TO;
    let json = |p: &R::Position| rules.position_json(p);
    let text = |p: &R::Position| rules.format_position(p);
    // The winning options of each component, in the order they come, each
    // once (an engine may meet an option twice).
    let mut components: Vec<usize> = Vec::new();
    let mut winning: FxHashMap<usize, Vec<&[R::Position]>> = FxHashMap::default();
    let mut met: rustc_hash::FxHashSet<(usize, &[R::Position])> = Default::default();
    for m in moves {
        let options = winning.entry(m.component).or_insert_with(|| {
            components.push(m.component);
            Vec::new()
        });
        if met.insert((m.component, &m.to)) {
            options.push(&m.to);
        }
    }
    // One group of reports per class of symmetric moves, in the order
    // their first move comes.
    let mut classes: Vec<Vec<MoveReport>> = Vec::new();
    let mut class_of: FxHashMap<(usize, Vec<u32>), usize> = FxHashMap::default();
    // Where the reports of the first component equal to each are.
    let mut listed: FxHashMap<&R::Position, Vec<(usize, usize)>> = FxHashMap::default();
    for component in components {
        let from = &positions[component];
        if let Some(places) = listed.get(from) {
            for &(class, at) in places {
                classes[class][at].equal_components.push(component);
            }
            continue;
        }
        let mut places = Vec::new();
        for option_moves in shown_moves(rules, from, &winning[&component]) {
            // Without a symmetry, the moves leaving one option form a
            // class (a cut and its mirror images).
            let mut class_of_option: Option<usize> = None;
            for shown in option_moves {
                let symmetry = rules.move_symmetry(from, &shown.to);
                let class = match &symmetry {
                    Some(symmetry) => *class_of
                        .entry((component, symmetry.class.clone()))
                        .or_insert_with(|| {
                            classes.push(Vec::new());
                            classes.len() - 1
                        }),
                    None => *class_of_option.get_or_insert_with(|| {
                        classes.push(Vec::new());
                        classes.len() - 1
                    }),
                };
                let result =
                    show_result.then(|| with_component_replaced(positions, component, &shown.to));
                let reports = &mut classes[class];
                reports.push(MoveReport {
                    component,
                    from: json(from),
                    to: shown.to.iter().map(json).collect(),
                    description: shown.description,
                    result: result.as_ref().map(|r| r.iter().map(json).collect()),
                    representative: None,
                    symmetry: reports
                        .is_empty()
                        .then(|| symmetry.map(|s| s.group))
                        .flatten(),
                    equal_components: Vec::new(),
                    to_text: shown.to.iter().map(text).collect(),
                    result_text: result.as_ref().map(|r| r.iter().map(text).collect()),
                    result_games: None,
                });
                places.push((class, reports.len() - 1));
            }
        }
        listed.insert(from, places);
    }
    for class in &mut classes {
        // The first stands for the others.
        if class.len() > 1 {
            for (i, report) in class.iter_mut().enumerate() {
                report.representative = Some(i == 0);
            }
        } else if let Some(report) = class.first_mut() {
            report.symmetry = None;
        }
    }
    classes.into_iter().flatten().collect()
}

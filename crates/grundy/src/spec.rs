//! Game specs: one string names a game, for the CLI, the web page and the
//! library alike.
//!
//! | spec | game |
//! |---|---|
//! | `nim` | Nim |
//! | `0.77`, `4!.0`, `0.[3]`, … | a take-and-break code |
//! | `kayles`, `dawsons-kayles`, `dawsons-chess`, `grundy`, `officers`, `treblecross`, `guiles` | named codes |
//! | `sub:1,3,4`, `sub:1..100` | subtraction game |
//! | `allbut:1,2` | all-but subtraction game |
//! | `equal-split` | split a heap into b >= 2 equal heaps |
//! | `divisor` | replace a heap by a proper divisor |
//! | `script:FILE.rhai` | options from a Rhai script |
//! | `cut:3` | cut a unit cell out of a box (any dimension 1 to 4) |
//! | `graph:FILE` | an explicit game graph |

use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

use crate::cut::CutGame;
use crate::error::GameError;
use crate::graph::{Graph, GraphError};
use crate::heap::code::{CodeError, TakeBreakCode};
use crate::heap::subtraction::{parse_number_set, AllBut, Subtraction};
use crate::heap::HeapGame;
use crate::script::ScriptRules;

/// A spec that does not name a game.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SpecError {
    /// Nothing matches the spec.
    #[error(
        "unknown game '{spec}': a spec is one of {} (run 'grundy games' for what each is)",
        spec_forms()
    )]
    Unknown {
        /// The spec as written.
        spec: String,
    },
    /// A file the spec names could not be read.
    #[error("cannot read '{path}': {cause}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        cause: std::io::Error,
    },
    /// A game graph file with a mistake in it.
    #[error("{path}: {cause}")]
    Graph {
        /// The file.
        path: String,
        /// The mistake.
        cause: GraphError,
    },
    /// A malformed take-and-break code.
    #[error(transparent)]
    Code(#[from] CodeError),
    /// A spec whose rules are invalid (an empty set, a script that fails).
    #[error("'{spec}': {cause}")]
    Rules {
        /// The spec as written.
        spec: String,
        /// What is wrong.
        cause: GameError,
    },
}

/// Every spec form, for the error that lists them.
fn spec_forms() -> String {
    let mut forms: Vec<&str> = vec!["nim"];
    forms.extend(NAMED_CODES.iter().map(|(name, _, _)| *name));
    forms.extend(FAMILIES.iter().map(|f| f.form).filter(|&f| f != "nim"));
    forms.join(", ")
}

/// A game named by a spec.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Game {
    /// A heap game (positions are heap sizes).
    Heap(HeapGame),
    /// An explicit game graph.
    Graph(Arc<Graph>),
    /// A cutting game on boxes (`cut:D`).
    Cut(CutGame),
}

/// The named take-and-break codes.
pub const NAMED_CODES: &[(&str, &str, &str)] = &[
    (
        "kayles",
        "0.77",
        "Kayles: knock down one pin or two adjacent pins",
    ),
    (
        "dawsons-kayles",
        "0.07",
        "Dawson's Kayles: knock down two adjacent pins",
    ),
    (
        "dawsons-chess",
        "0.137",
        "Dawson's chess (pawns on a 3 x n board)",
    ),
    (
        "grundy",
        "4!.0",
        "Grundy's game: split a heap into two unequal heaps",
    ),
    (
        "officers",
        "0.6",
        "Officers: take one, leaving one or two heaps",
    ),
    (
        "treblecross",
        "0.007",
        "Treblecross: one-dimensional tic-tac-toe",
    ),
    ("guiles", "0.15", "Guiles"),
];

/// One family of games as specs name it: the registry entry that drives
/// [`parse_spec`], [`game_list`] (`grundy games`) and the error listing
/// valid specs, so that a family is added in one place.
pub struct Family {
    /// The spec, or its form (`sub:1,3,4`, `cut:D`), as `grundy games`
    /// and README's table show it.
    pub form: &'static str,
    /// What the family is, in one line.
    pub about: &'static str,
    /// A spec of the family that parses (the tests parse every one).
    pub example: &'static str,
    /// Reads a spec: `None` when it is not of this family, the game or
    /// the family's own error otherwise.
    parse: fn(&str) -> Option<Result<Game, SpecError>>,
}

impl Family {
    /// Reads `spec` (trimmed) if it belongs to this family.
    pub fn parse(&self, spec: &str) -> Option<Result<Game, SpecError>> {
        (self.parse)(spec)
    }
}

fn rules_error(spec: &str) -> impl Fn(GameError) -> SpecError + '_ {
    move |cause| SpecError::Rules {
        spec: spec.to_owned(),
        cause,
    }
}

/// Every family, in the order specs are tried. Named take-and-break
/// codes (`kayles`, ...) come from [`NAMED_CODES`], after `nim`.
pub const FAMILIES: &[Family] = &[
    Family {
        form: "graph:FILE",
        about: "an explicit game graph, one 'name: successors' line per vertex",
        example: "graph:FILE",
        parse: |spec| {
            let path = spec.strip_prefix("graph:")?;
            Some(read_graph(Path::new(path)).map(|g| Game::Graph(Arc::new(g))))
        },
    },
    Family {
        form: "cut:D",
        about: "cut a unit cell out of a D-dimensional box (D = 1..4); the 2^D corner boxes remain",
        example: "cut:3",
        parse: |spec| {
            let dim = spec.strip_prefix("cut:")?;
            let error = rules_error(spec);
            Some(
                dim.trim()
                    .parse::<usize>()
                    .map_err(|_| {
                        error(GameError::Rules {
                            message: format!("'{dim}' is not a dimension (cut:1 to cut:4)"),
                        })
                    })
                    .and_then(|dim| CutGame::new(dim).map_err(&error))
                    .map(Game::Cut),
            )
        },
    },
    Family {
        form: "script:FILE.rhai",
        about: "options from a Rhai script defining fn options(n)",
        example: "script:FILE.rhai",
        parse: |spec| {
            let path = spec.strip_prefix("script:")?;
            Some(
                ScriptRules::load(Path::new(path))
                    .map(|script| Game::Heap(HeapGame::Script(Arc::new(script))))
                    .map_err(rules_error(spec)),
            )
        },
    },
    Family {
        form: "sub:1,3,4",
        about: "subtraction game: take an amount from the set (ranges allowed: sub:1..100, sub:1..5,9)",
        example: "sub:1..5,9",
        parse: |spec| {
            let list = spec.strip_prefix("sub:")?;
            Some(
                parse_number_set(list, "subtraction set")
                    .and_then(Subtraction::new)
                    .map(|game| Game::Heap(HeapGame::Subtraction(game)))
                    .map_err(rules_error(spec)),
            )
        },
    },
    Family {
        form: "allbut:1,2",
        about: "all-but subtraction game: take any amount except those listed",
        example: "allbut:1,2",
        parse: |spec| {
            let list = spec.strip_prefix("allbut:")?;
            let set = if list.trim().is_empty() {
                Ok(Vec::new())
            } else {
                parse_number_set(list, "excluded set")
            };
            Some(
                set.and_then(AllBut::new)
                    .map(|game| Game::Heap(HeapGame::AllBut(game)))
                    .map_err(rules_error(spec)),
            )
        },
    },
    Family {
        form: "nim",
        about: "Nim: take any number of tokens from one heap",
        example: "nim",
        parse: |spec| spec.eq_ignore_ascii_case("nim").then(|| Ok(Game::Heap(HeapGame::Nim))),
    },
    Family {
        form: "equal-split",
        about: "split a heap of n into b >= 2 equal heaps (b divides n)",
        example: "equal-split",
        parse: |spec| {
            spec.eq_ignore_ascii_case("equal-split")
                .then(|| Ok(Game::Heap(HeapGame::EqualSplit)))
        },
    },
    Family {
        form: "divisor",
        about: "replace a heap by one of its proper divisors",
        example: "divisor",
        parse: |spec| spec.eq_ignore_ascii_case("divisor").then(|| Ok(Game::Heap(HeapGame::Divisor))),
    },
    Family {
        form: "0.77, 4!.0, 0.[3], ...",
        about: "any take-and-break code in CGSuite's syntax: digits 0-9 A-V, &N;, {2,3}, {2+}, modifiers ! ? =, a repeating [tail]",
        example: "0.137",
        parse: |spec| {
            if let Some((_, code, _)) = NAMED_CODES
                .iter()
                .find(|(name, _, _)| name.eq_ignore_ascii_case(spec))
            {
                return Some(
                    TakeBreakCode::parse(code)
                        .map(|code| Game::Heap(HeapGame::Code(code)))
                        .map_err(SpecError::from),
                );
            }
            // Codes start with a digit (0-9, A-V), '&' or '{', and have a
            // point; no game name has one.
            let looks_like_code = spec
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit() || matches!(c, '.' | '&' | '{'))
                || spec.contains('.');
            looks_like_code.then(|| {
                TakeBreakCode::parse(spec)
                    .map(|code| Game::Heap(HeapGame::Code(code)))
                    .map_err(SpecError::from)
            })
        },
    },
];

/// Every game family with a one-line description, for `grundy games`:
/// the registry, with `nim` followed by the named codes.
#[must_use]
pub fn game_list() -> Vec<(String, String)> {
    let mut list = Vec::new();
    let by_form = |form: &str| FAMILIES.iter().find(|f| f.form == form);
    let nim = by_form("nim").expect("nim is registered");
    list.push((nim.form.to_owned(), nim.about.to_owned()));
    for (name, code, about) in NAMED_CODES {
        list.push(((*name).to_owned(), format!("{about} (code {code})")));
    }
    // The rest in the order `grundy games` has always shown them.
    for form in [
        "0.77, 4!.0, 0.[3], ...",
        "sub:1,3,4",
        "allbut:1,2",
        "equal-split",
        "divisor",
        "script:FILE.rhai",
        "cut:D",
        "graph:FILE",
    ] {
        let family = by_form(form).expect("listed families are registered");
        list.push((family.form.to_owned(), family.about.to_owned()));
    }
    debug_assert_eq!(list.len(), FAMILIES.len() + NAMED_CODES.len());
    list
}

/// Reads a game graph file.
pub fn read_graph(path: &Path) -> Result<Graph, SpecError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|cause| SpecError::Io {
        path: shown.clone(),
        cause,
    })?;
    Graph::parse(&text).map_err(|cause| SpecError::Graph { path: shown, cause })
}

/// The heap game a spec names, if it names one.
pub fn parse_heap_spec(spec: &str) -> Result<HeapGame, SpecError> {
    match parse_spec(spec)? {
        Game::Heap(game) => Ok(game),
        Game::Graph(_) | Game::Cut(_) => Err(SpecError::Rules {
            spec: spec.to_owned(),
            cause: GameError::Rules {
                message: "this command needs a heap game (positions that are single numbers)"
                    .to_owned(),
            },
        }),
    }
}

/// The game a spec names: the first registered family that recognises
/// it reads it.
pub fn parse_spec(spec: &str) -> Result<Game, SpecError> {
    let trimmed = spec.trim();
    for family in FAMILIES {
        if let Some(result) = family.parse(trimmed) {
            return result.map_err(|e| match e {
                // Errors name the spec as the user wrote it.
                SpecError::Rules { cause, .. } => SpecError::Rules {
                    spec: spec.to_owned(),
                    cause,
                },
                other => other,
            });
        }
    }
    Err(SpecError::Unknown {
        spec: spec.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_family_parses() {
        for spec in [
            "nim",
            "kayles",
            "dawsons-kayles",
            "dawsons-chess",
            "grundy",
            "officers",
            "treblecross",
            "guiles",
            "0.77",
            "4!.0",
            "sub:1,3,4",
            "sub:1..100",
            "sub:1..5,9",
            "allbut:1,2",
            "equal-split",
            "divisor",
            "Kayles",
        ] {
            assert!(matches!(parse_spec(spec), Ok(Game::Heap(_))), "{spec}");
        }
    }

    #[test]
    fn every_registered_example_parses() {
        for family in FAMILIES {
            if family.example.ends_with("FILE") || family.example.ends_with("FILE.rhai") {
                continue; // they name files; the CLI tests read real ones
            }
            assert!(parse_spec(family.example).is_ok(), "{}", family.example);
            assert!(family.parse(family.example).is_some(), "{}", family.example);
        }
    }

    #[test]
    fn readme_lists_every_family() {
        let readme = include_str!("../../../README.md");
        let table: String = readme
            .lines()
            .skip_while(|line| !line.starts_with("### Game specs"))
            .take_while(|line| !line.starts_with("Take-and-break codes:"))
            .collect::<Vec<_>>()
            .join("\n");
        for family in FAMILIES {
            let first = family.form.split(", ").next().unwrap_or(family.form);
            assert!(
                table.contains(&format!("`{first}`")),
                "README's spec table misses the family {}",
                family.form
            );
        }
        for (name, _, _) in NAMED_CODES {
            assert!(table.contains(&format!("`{name}`")), "README misses {name}");
        }
    }

    #[test]
    fn bad_specs_are_errors() {
        assert!(matches!(
            parse_spec("chess"),
            Err(SpecError::Unknown { .. })
        ));
        assert!(matches!(parse_spec("0.7x"), Err(SpecError::Code(_))));
        assert!(matches!(parse_spec("sub:"), Err(SpecError::Rules { .. })));
        assert!(matches!(
            parse_spec("sub:0,1"),
            Err(SpecError::Rules { .. })
        ));
        assert!(matches!(
            parse_spec("sub:5..2"),
            Err(SpecError::Rules { .. })
        ));
        assert!(matches!(
            parse_spec("graph:/no/such/file"),
            Err(SpecError::Io { .. })
        ));
        assert!(matches!(
            parse_spec("script:/no/such/file.rhai"),
            Err(SpecError::Rules { .. })
        ));
    }
}

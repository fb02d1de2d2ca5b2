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
//! | `turning:1-3`, `ruler`, `mock-turtles`, … | coin-turning games |
//! | `script:FILE.rhai` | options from a Rhai script |
//! | `cut:3` | cut a unit cell out of a box (any dimension 1 to 4) |
//! | `graph:FILE` | an explicit game graph |

use std::convert::Infallible;
use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

use crate::acrostic::Acrostic;
use crate::cut::CutGame;
use crate::error::GameError;
pub use crate::game::{Game, IntoGame};
use crate::graph::{Graph, GraphFileError};
use crate::heap::code::{CodeError, TakeBreakCode};
use crate::heap::nim::Nim;
use crate::heap::split::{Divisor, EqualSplit};
use crate::heap::subtraction::{AllBut, Subtraction};
use crate::heap::{HeapFamily, HeapGame};
use crate::mem::MemoryGame;
use crate::script::{BoundedScript, ScriptRules};
use crate::spec_form::SpecForm;
use crate::sum_evaluator::SumEvaluator;
use crate::tartan::TartanBoards;
use crate::turning::{Turning, TurningCodeError};
use crate::windup::WindUp;
use crate::wythoff::Wythoff;

pub use crate::heap::take_break::NAMED_CODES;

/// A spec that does not name a game.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SpecError {
    /// Nothing matches the spec.
    #[error("{}", unknown_message(spec, suggestions))]
    Unknown {
        /// The spec as written.
        spec: String,
        /// The known specs nearest to it (by edit distance), best first;
        /// empty when none is near.
        suggestions: Vec<String>,
    },
    /// A game graph file that could not be read, or has a mistake in it.
    #[error(transparent)]
    GraphFile(#[from] GraphFileError),
    /// A malformed take-and-break code.
    #[error(transparent)]
    Code(#[from] CodeError),
    /// A malformed turning code.
    #[error(transparent)]
    TurningCode(#[from] TurningCodeError),
    /// A spec whose rules are invalid (an empty set, a script that fails).
    #[error("'{spec}': {cause}")]
    Rules {
        /// The spec as written.
        spec: String,
        /// What is wrong.
        cause: GameError,
    },
}

/// A family's own error, as a [`SpecError`] for the spec `spec`.
pub trait SpecCause {
    /// The error.
    fn into_spec_error(self, spec: &str) -> SpecError;
}

impl SpecCause for GameError {
    fn into_spec_error(self, spec: &str) -> SpecError {
        SpecError::Rules {
            spec: spec.to_owned(),
            cause: self,
        }
    }
}

impl SpecCause for CodeError {
    fn into_spec_error(self, _spec: &str) -> SpecError {
        SpecError::Code(self)
    }
}

impl SpecCause for TurningCodeError {
    fn into_spec_error(self, _spec: &str) -> SpecError {
        SpecError::TurningCode(self)
    }
}

impl SpecCause for GraphFileError {
    fn into_spec_error(self, _spec: &str) -> SpecError {
        SpecError::from(self)
    }
}

impl SpecCause for Infallible {
    fn into_spec_error(self, _spec: &str) -> SpecError {
        match self {}
    }
}

/// Every spec form, for the error that lists them: the order of
/// `grundy games`.
fn spec_forms() -> String {
    game_list()
        .into_iter()
        .map(|(form, _)| form)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The message of [`SpecError::Unknown`]: the nearest names when some
/// are near, else every spec form.
fn unknown_message(spec: &str, suggestions: &[String]) -> String {
    match suggestions {
        [] => format!(
            "unknown game '{spec}': a spec is one of {} (run 'grundy games' for what each is)",
            spec_forms()
        ),
        [one] => format!(
            "unknown game '{spec}': did you mean {one}? (run 'grundy games' for every spec)"
        ),
        [first @ .., last] => format!(
            "unknown game '{spec}': did you mean {} or {last}? (run 'grundy games' for every spec)",
            first.join(", ")
        ),
    }
}

/// Every name a spec may be by itself or start with (before `:`), with
/// the form to suggest for it and whether it takes something after a
/// `:`: the plain words of each family's form (a prefix is one) and its
/// extra names ([`SpecForm::names`]).
fn known_names() -> Vec<(&'static str, &'static str, bool)> {
    let plain = |word: &str| {
        word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && word.chars().any(|c| c.is_ascii_alphabetic())
    };
    let mut names: Vec<(&'static str, &'static str, bool)> = Vec::new();
    for family in FAMILIES {
        for form in family.form.split(", ") {
            let form = form.split(' ').next().unwrap_or(form);
            let (name, shown, takes_tail) = if let Some((name, _)) = form.split_once(':') {
                (name, form, true)
            } else if let Some((name, _)) = form.split_once('(') {
                (name, form, false) // tartan(A,B): show the form
            } else {
                (form, form, false)
            };
            if plain(name) {
                names.push((name, shown, takes_tail));
            }
        }
        names.extend((family.names)().into_iter().map(|name| (name, name, false)));
    }
    names.sort_unstable();
    names.dedup();
    names
}

/// The known specs nearest to `spec`, best first (at most three): the
/// name before any `:` compared with every known name by edit distance
/// (a transposition counts as one edit), within about a third of its
/// length, or names that it begins (of three letters or more); what
/// follows the `:` is kept for names that take it.
fn suggestions(spec: &str) -> Vec<String> {
    let spec = spec.trim().to_ascii_lowercase();
    let (head, tail) = match spec.split_once(':') {
        Some((head, tail)) => (head, Some(tail)),
        None => (spec.as_str(), None),
    };
    if head.is_empty() || head.starts_with(|c: char| c.is_ascii_digit()) {
        return Vec::new(); // codes have their own errors
    }
    let within = (head.chars().count() / 3).clamp(1, 3);
    let begins = |name: &str| head.len() >= 3 && name.starts_with(head);
    let mut near: Vec<(usize, &str, &str, bool)> = known_names()
        .into_iter()
        .filter(|&(_, shown, _)| shown != head)
        .map(|(name, shown, takes_tail)| {
            let distance = strsim::osa_distance(head, name);
            let distance = if begins(name) {
                distance.min(within)
            } else {
                distance
            };
            (distance, shown, name, takes_tail)
        })
        .filter(|&(distance, ..)| distance <= within)
        .collect();
    near.sort_unstable();
    let mut out: Vec<String> = Vec::new();
    for (_, shown, name, takes_tail) in near {
        let suggestion = match tail {
            Some(tail) if takes_tail => format!("{name}:{tail}"),
            _ => shown.to_owned(),
        };
        if !out.contains(&suggestion) {
            out.push(suggestion);
        }
    }
    out.truncate(3);
    out
}

/// One family of games as specs name it: the registry entry that drives
/// [`parse_spec`], [`game_list`] (`grundy games`) and the error listing
/// valid specs, built from the family's [`SpecForm`].
pub struct Family {
    /// The spec, or its form (`sub:1,3,4`, `cut:D`), as `grundy games`
    /// and README's table show it.
    pub form: &'static str,
    /// What the family is, in one line.
    pub about: &'static str,
    /// A spec of the family that parses (the tests parse every one).
    pub example: &'static str,
    /// The prefix naming the family, if any.
    pub prefix: Option<&'static str>,
    /// Whether its specs name a file that is read ([`SpecForm::READS_FILES`]).
    pub reads_files: bool,
    /// Names it reads beyond its form's ([`SpecForm::names`]).
    names: fn() -> Vec<&'static str>,
    /// Reads what follows the prefix (or the whole spec): the spec, and
    /// that text.
    read: fn(&str, &str) -> Option<Result<Game, SpecError>>,
}

/// Reads `text` as a spec of `F` and makes the game with `wrap`.
fn read_as<F: SpecForm>(
    spec: &str,
    text: &str,
    wrap: impl FnOnce(F) -> Game,
) -> Option<Result<Game, SpecError>>
where
    F::Error: SpecCause,
{
    F::from_spec(text).map(|read| read.map(wrap).map_err(|e| e.into_spec_error(spec)))
}

fn read_heap<F: HeapFamily + SpecForm>(spec: &str, text: &str) -> Option<Result<Game, SpecError>>
where
    F::Error: SpecCause,
{
    read_as(spec, text, |family: F| Game::Heap(HeapGame::new(family)))
}

fn read_other<F: IntoGame + SpecForm>(spec: &str, text: &str) -> Option<Result<Game, SpecError>>
where
    F::Error: SpecCause,
{
    read_as(spec, text, F::into_game)
}

fn read_positional<F: SumEvaluator + SpecForm + 'static>(
    spec: &str,
    text: &str,
) -> Option<Result<Game, SpecError>>
where
    F::Error: SpecCause,
{
    read_as(spec, text, |game: F| Game::Positional(Arc::new(game)))
}

impl Family {
    /// The entry of family `F`, read by `read`.
    const fn entry<F: SpecForm>(read: fn(&str, &str) -> Option<Result<Game, SpecError>>) -> Family {
        Family {
            form: F::FORM,
            about: F::ABOUT,
            example: F::EXAMPLE,
            prefix: F::PREFIX,
            reads_files: F::READS_FILES,
            names: F::names,
            read,
        }
    }

    /// The entry of a heap family.
    #[must_use]
    pub const fn heap<F: HeapFamily + SpecForm>() -> Family
    where
        F::Error: SpecCause,
    {
        Family::entry::<F>(read_heap::<F>)
    }

    /// The entry of a family whose positions are not heaps, with a game
    /// variant of its own (`cut:D`, graphs).
    #[must_use]
    pub const fn other<F: IntoGame + SpecForm>() -> Family
    where
        F::Error: SpecCause,
    {
        Family::entry::<F>(read_other::<F>)
    }

    /// The entry of a family with positions of its own kind, whose sums the
    /// generic solver evaluates (any [`crate::Ruleset`] is a
    /// [`SumEvaluator`]).
    #[must_use]
    pub const fn positional<F: SumEvaluator + SpecForm + 'static>() -> Family
    where
        F::Error: SpecCause,
    {
        Family::entry::<F>(read_positional::<F>)
    }

    /// Reads `spec` (trimmed) if it belongs to this family.
    pub fn parse(&self, spec: &str) -> Option<Result<Game, SpecError>> {
        match self.prefix {
            Some(prefix) => (self.read)(spec, spec.strip_prefix(prefix)?),
            None => (self.read)(spec, spec),
        }
    }
}

/// Every family, in the order `grundy games` shows them (named codes
/// after `nim`, from [`NAMED_CODES`]). Specs are read by the family whose
/// prefix they start with, else by the first family without a prefix that
/// recognises them. Adding a family is one line here.
pub const FAMILIES: &[Family] = &[
    Family::heap::<Nim>(),
    Family::heap::<TakeBreakCode>(),
    Family::heap::<Subtraction>(),
    Family::heap::<AllBut>(),
    Family::heap::<EqualSplit>(),
    Family::heap::<Divisor>(),
    Family::heap::<Turning>(),
    Family::other::<BoundedScript>(),
    Family::positional::<crate::script::MovesScript>(),
    Family::heap::<ScriptRules>(),
    Family::other::<CutGame>(),
    Family::other::<Graph>(),
    Family::other::<WindUp>(),
    Family::positional::<Wythoff>(),
    Family::positional::<MemoryGame>(),
    Family::positional::<TartanBoards>(),
    Family::positional::<Acrostic>(),
    Family::positional::<crate::vertex_kayles::VertexKayles>(),
    Family::positional::<crate::cram::Cram>(),
    Family::positional::<crate::chomp::Chomp>(),
    Family::positional::<crate::hackenbush::GreenHackenbush>(),
];

/// `acrostic(A,B)`: the factors are any heap games, so the registry (the
/// one place that reads every heap spec) reads them; the product itself
/// is [`crate::acrostic`]'s.
impl SpecForm for Acrostic {
    const FORM: &'static str = "acrostic(A,B)";
    const ABOUT: &'static str = "the acrostic product of two heap games (coin-turning games in heap form, codes, ...): at (m,n) move by A on m, leaving (a1,n)+..., or by B on n, leaving (m,b1)+...; positions (m,n)";
    const EXAMPLE: &'static str = "acrostic(motley,ruler)";
    const PREFIX: Option<&'static str> = Some("acrostic(");
    type Error = GameError;

    fn from_spec(text: &str) -> Option<Result<Acrostic, GameError>> {
        let Some(inner) = text.strip_suffix(')') else {
            return Some(Err(GameError::Rules {
                message: "an acrostic product is written acrostic(A,B), with a closing ')'"
                    .to_owned(),
            }));
        };
        // A factor may not name a file: a face that reads none (the
        // server) refuses such specs by their prefix, which a factor
        // hides.
        let factor = |text: &str| -> Option<HeapGame> {
            let game = parse_spec_from(text, SpecSource::NoFiles).ok()?;
            game.as_heap().cloned()
        };
        // Specs hold commas (sub:1,2): the first split where both sides
        // are heap games.
        let split = inner.match_indices(',').find_map(|(i, _)| {
            let (a, b) = (&inner[..i], &inner[i + 1..]);
            Some(Acrostic::new(factor(a)?, a, factor(b)?, b))
        });
        Some(split.ok_or_else(|| GameError::Rules {
            message: format!(
                "'{inner}' is not two heap games A,B (such as motley,ruler or 0.77,sub:1,2; factors naming a file are not read here)"
            ),
        }))
    }
}

/// Every game family with a one-line description, for `grundy games`:
/// the registry, with the named codes after the first family (`nim`).
#[must_use]
pub fn game_list() -> Vec<(String, String)> {
    let mut list: Vec<(String, String)> = FAMILIES
        .iter()
        .map(|family| (family.form.to_owned(), family.about.to_owned()))
        .collect();
    let named = NAMED_CODES
        .iter()
        .map(|(name, code, about)| ((*name).to_owned(), format!("{about} (code {code})")));
    list.splice(1..1, named);
    list
}

/// The graph of `graph FILE`: the file, or, when no such file exists, the
/// graph a spec's family builds (`windup:N:S`). A family's own complaint
/// about its spec beats "no such file"; a spec of another kind is not a
/// graph.
pub fn read_graph_or_spec(path: &Path) -> Result<Arc<Graph>, SpecError> {
    if !path.exists() {
        if let Some(text) = path.to_str().filter(|t| t.contains(':')) {
            match parse_spec(text) {
                Ok(Game::Graph(graph)) => return Ok(graph),
                Err(e @ SpecError::Rules { .. }) => return Err(e),
                Ok(_) => {
                    return Err(SpecError::Rules {
                        spec: text.to_owned(),
                        cause: GameError::Unsupported {
                            message: "not a graph: 'grundy graph' takes a graph file or a loopy family such as windup:N:S".to_owned(),
                        },
                    })
                }
                Err(_) => {}
            }
        }
    }
    Ok(Arc::new(read_graph(path)?))
}

/// Reads a game graph file.
pub fn read_graph(path: &Path) -> Result<Graph, SpecError> {
    Ok(Graph::read(path)?)
}

/// The heap game a spec names, if it names one (a game of another kind
/// is refused as [`crate::api::Request::Values`] refuses it).
pub fn parse_heap_spec(spec: &str) -> Result<HeapGame, SpecError> {
    match parse_spec(spec)? {
        Game::Heap(game) => Ok(game),
        other => Err(SpecError::Rules {
            spec: spec.to_owned(),
            cause: crate::applicable::not_applicable(&other, crate::applicable::Request::Values),
        }),
    }
}

/// Where specs are read from: anywhere, or only from the text itself
/// (a face that reads no file a request names: the server).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SpecSource {
    /// Files named by specs (graphs, scripts) are read.
    FilesAllowed,
    /// Families that read files are refused.
    NoFiles,
}

/// The game `spec` names, reading files only when `source` allows: a
/// family that reads files ([`Family::reads_files`]) is refused under
/// [`SpecSource::NoFiles`], before anything is read.
pub fn parse_spec_from(spec: &str, source: SpecSource) -> Result<Game, SpecError> {
    let trimmed = spec.trim();
    if source == SpecSource::NoFiles {
        let reads_files = FAMILIES
            .iter()
            .filter(|f| f.reads_files)
            .any(|f| f.prefix.is_some_and(|prefix| trimmed.starts_with(prefix)));
        if reads_files {
            return Err(SpecError::Rules {
                spec: spec.to_owned(),
                cause: GameError::Rules {
                    message: "this face reads no files; specs that name a file (graph:, script:) work from the command line".to_owned(),
                },
            });
        }
    }
    parse_spec(spec)
}

/// The family of the registry that reads `spec` (as [`parse_spec`] picks
/// it), if any: for the tests that must cover every family.
#[must_use]
pub fn family_of(spec: &str) -> Option<&'static Family> {
    let trimmed = spec.trim();
    in_reading_order().find(|family| family.parse(trimmed).is_some())
}

/// The families in the order a spec is offered to them: those with a
/// prefix first, then those that recognise a spec by its shape.
fn in_reading_order() -> impl Iterator<Item = &'static Family> {
    let prefixed = FAMILIES.iter().filter(|f| f.prefix.is_some());
    let by_shape = FAMILIES.iter().filter(|f| f.prefix.is_none());
    prefixed.chain(by_shape)
}

/// The game a spec names: the family whose prefix it starts with reads
/// it, or else the first family without a prefix that recognises it.
pub fn parse_spec(spec: &str) -> Result<Game, SpecError> {
    let trimmed = spec.trim();
    for family in in_reading_order() {
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
        suggestions: suggestions(spec),
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

    fn suggested(spec: &str) -> Vec<String> {
        match parse_spec(spec) {
            Err(SpecError::Unknown { suggestions, .. }) => suggestions,
            other => panic!("{spec}: {other:?}"),
        }
    }

    #[test]
    fn unknown_specs_suggest_the_nearest_names() {
        assert_eq!(suggested("kayle"), ["kayles"]);
        assert_eq!(suggested("Kayels"), ["kayles"]); // a transposition
        assert_eq!(suggested("dawsons"), ["dawsons-chess", "dawsons-kayles"]);
        assert_eq!(suggested("subb:1,2"), ["sub:1,2"]); // the rest is kept
        assert_eq!(suggested("sub"), ["sub:1,3,4"]); // the form
        assert_eq!(suggested("mock-turtle")[0], "mock-turtles"); // turning's names
        assert_eq!(suggested("tartan"), ["tartan(A,B)"]);
        assert!(suggested("xyzzy").is_empty());
        let message = parse_spec("kayle").map(|_| ()).unwrap_err().to_string();
        assert!(message.contains("did you mean kayles?"), "{message}");
        assert!(!message.contains("dawsons-chess"), "no list: {message}");
        let message = parse_spec("xyzzy").map(|_| ()).unwrap_err().to_string();
        assert!(
            message.contains("a spec is one of nim, kayles"),
            "{message}"
        );
    }

    #[test]
    fn every_suggestion_is_a_known_form() {
        // Each suggested name that is no form with a placeholder parses.
        for spec in ["kayle", "dawsons", "nimm", "wythof", "rular", "mem2"] {
            for suggestion in suggested(spec) {
                let form = FAMILIES
                    .iter()
                    .any(|f| f.form.split(", ").any(|form| form == suggestion));
                if !(form && suggestion.contains(':')) {
                    assert!(parse_spec(&suggestion).is_ok(), "{spec} -> {suggestion}");
                }
            }
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
        assert!(matches!(parse_spec("0.7#"), Err(SpecError::Code(_))));
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
            Err(SpecError::GraphFile(GraphFileError::Io { .. }))
        ));
        assert!(matches!(
            parse_spec("script:/no/such/file.rhai"),
            Err(SpecError::Rules { .. })
        ));
    }
}

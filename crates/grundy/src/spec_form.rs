//! How a family of games is named by specs: the static half of a family.
//!
//! A family is one module. Its type implements [`SpecForm`] (the spec
//! that names it, what it is in one line, an example, and how a spec
//! becomes the game) and, for heap games, [`crate::heap::HeapFamily`]
//! (options, kernel, periodicity theorem, move wording); a family whose
//! positions are not heaps implements [`crate::Ruleset`] with its own
//! position type. One line in [`crate::spec::FAMILIES`] then makes it
//! known to `parse_spec`, `grundy games`, the error listing valid specs
//! and the test that checks README's table.
//!
//! This module sits below every family and below [`crate::spec`], so that
//! families and the registry import it, and never each other's modules
//! the wrong way round.

/// A spec written `name` or `name:rest` whose name is one of `names` (in
/// any case): that name, as listed, and the rest (`cram:3xN`,
/// `node-kayles:grid:3xN`); `None` for a spec of another family. The
/// families whose specs name a board or graph family after their name
/// read them this way.
pub(crate) fn name_and_rest<'a>(
    text: &'a str,
    names: &[&'static str],
) -> Option<(&'static str, Option<&'a str>)> {
    let (name, rest) = match text.split_once(':') {
        Some((name, rest)) => (name, Some(rest)),
        None => (text, None),
    };
    let listed = names.iter().find(|n| name.eq_ignore_ascii_case(n))?;
    Some((listed, rest))
}

/// The spec of a family: its name, its description, and how a spec string
/// becomes the game.
pub trait SpecForm: Sized {
    /// The spec, or its form (`sub:1,3,4`, `cut:D`), as `grundy games` and
    /// README's table show it.
    const FORM: &'static str;
    /// What the family is, in one line.
    const ABOUT: &'static str;
    /// A spec of the family that parses (the tests parse every one that
    /// names no file).
    const EXAMPLE: &'static str;
    /// The prefix that names the family (`sub:`), if it has one. Families
    /// with a prefix are tried first and get only what follows it; the
    /// others get the whole spec and say whether it is theirs.
    const PREFIX: Option<&'static str>;
    /// Whether a spec of this family names a file that is read (graphs,
    /// scripts): faces that read no file a request names (the server)
    /// refuse such families by this, not by their prefix.
    const READS_FILES: bool = false;
    /// What goes wrong reading a spec of this family.
    type Error;

    /// Names the family reads as whole specs beyond those [`Self::FORM`]
    /// shows (the named codes, Winning Ways' coin-turning games): the
    /// names an unknown spec is compared with, to suggest the nearest.
    #[must_use]
    fn names() -> Vec<&'static str> {
        Vec::new()
    }

    /// Reads a spec (trimmed; after the prefix, for a family with one):
    /// `None` when it is not of this family.
    fn from_spec(text: &str) -> Option<Result<Self, Self::Error>>;
}

/// Reads a whole number of a position's text (`65536`, `2^16`, ...) that
/// may be at most `most`, the error being `invalid`'s: of the number
/// itself, or `past(n)` when it is larger (what the limit is, in the
/// family's words).
pub(crate) fn bounded_number(
    s: &str,
    most: usize,
    invalid: impl Fn(String) -> crate::error::GameError,
    past: impl Fn(u64) -> String,
) -> Result<usize, crate::error::GameError> {
    let n = crate::number::parse_u64(s).map_err(|e| invalid(format!("{e}")))?;
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= most)
        .ok_or_else(|| invalid(past(n)))
}

//! Play conventions: who wins when nobody can move.
//!
//! A convention is not a family: every family is played under each
//! convention its engines support. The request layer (`grundy::api`)
//! takes a [`Convention`] and picks the engine for it once; the faces
//! parse it at their edge (`--misere`, `convention=misere`,
//! `misere=True`) and never branch on it themselves. A third convention
//! is one arm here plus its engine module (as [`crate::misere`] is for
//! misère play).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Who wins when the player to move has no move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (the last mover loses).
    Misere,
}

impl Convention {
    /// Every convention, in the order the faces list them.
    pub const ALL: [Convention; 2] = [Convention::Normal, Convention::Misere];

    /// `"normal"` or `"misere"`: the word of the JSON reports and the API.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }

    /// Misère play, from a face's flag (`--misere`, `misere=True`).
    #[must_use]
    pub const fn from_misere_flag(misere: bool) -> Convention {
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    /// What a game loop says of the rule when the game starts (nothing
    /// for normal play).
    #[must_use]
    pub const fn play_note(self) -> &'static str {
        match self {
            Convention::Normal => "",
            Convention::Misere => " (misère play: the last mover loses)",
        }
    }

    /// What a game loop against the engine says when the game is over:
    /// the player has no move (`player_stuck`), or the engine has none;
    /// who wins depends on the convention.
    #[must_use]
    pub const fn game_over(self, player_stuck: bool) -> &'static str {
        match (self, player_stuck) {
            (Convention::Normal, true) => "you have no move: the engine wins",
            (Convention::Normal, false) => "the engine has no move: you win",
            (Convention::Misere, true) => "the engine moved last and loses: you win",
            (Convention::Misere, false) => "you moved last and lose: the engine wins",
        }
    }

    /// The convention as an adjective in text for people: `"normal-play"`,
    /// `"misère"`.
    #[must_use]
    pub const fn adjective(self) -> &'static str {
        match self {
            Convention::Normal => "normal-play",
            Convention::Misere => "misère",
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A convention name that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown convention '{0}': normal or misere")]
pub struct ConventionError(pub String);

impl FromStr for Convention {
    type Err = ConventionError;

    /// `normal` (or nothing), `misere` or `misère`.
    fn from_str(text: &str) -> Result<Convention, ConventionError> {
        match text.trim() {
            "" | "normal" => Ok(Convention::Normal),
            "misere" | "misère" => Ok(Convention::Misere),
            other => Err(ConventionError(other.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_prints_and_serialises_alike() {
        for convention in Convention::ALL {
            let text = convention.to_string();
            assert_eq!(text.parse::<Convention>(), Ok(convention));
            assert_eq!(
                serde_json::to_value(convention).unwrap(),
                serde_json::Value::String(text)
            );
        }
        // Whoever cannot move wins in misère play: the sentences swap.
        assert!(Convention::Normal
            .game_over(true)
            .ends_with("the engine wins"));
        assert!(Convention::Misere.game_over(true).ends_with("you win"));
        assert!(Convention::Normal.game_over(false).ends_with("you win"));
        assert!(Convention::Misere
            .game_over(false)
            .ends_with("the engine wins"));
        assert_eq!("misère".parse::<Convention>(), Ok(Convention::Misere));
        assert_eq!("".parse::<Convention>(), Ok(Convention::Normal));
        let error = "loopy".parse::<Convention>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown convention 'loopy': normal or misere"
        );
    }
}

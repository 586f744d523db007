//! ICCS coordinate moves: `h2e2` as engines write them, `H2-E2` as ICCS PGN files do.

use super::{Named, Notation, NotationError, NotationErrorKind, NotationStyle};
use crate::Move;

/// `folded` is `original` with full-width characters made ASCII and spaces removed.
pub(super) fn parse(pos: &impl Named, folded: &str, original: &str) -> Result<Move, NotationError> {
    let mv: Move = folded
        .parse()
        .map_err(|_| NotationError::new(original, NotationErrorKind::Syntax(Notation::Iccs)))?;
    pos.check_named(mv)
        .map_err(|e| NotationError::new(original, NotationErrorKind::Illegal(e)))?;
    Ok(mv)
}

pub(super) fn write(mv: Move, style: &NotationStyle) -> String {
    if style.iccs_hyphenated {
        mv.to_iccs_hyphenated()
    } else {
        mv.to_string()
    }
}

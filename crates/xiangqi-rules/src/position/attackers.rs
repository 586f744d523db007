//! Which pieces bear on a point: the pieces of a side that could take a piece of the other
//! side standing there, each by its own movement rules.

use super::Position;
use crate::{Color, Move, Piece, Role, Square};

impl Position {
    /// The pieces of `by` that attack `sq`, in the board's order (from a0 to i9, rank by
    /// rank): each could take a piece of the other side standing on `sq` by its own
    /// movement rules — a horse whose leg is free, an elephant whose eye is free on its own
    /// side of the river, a cannon over exactly one screen, a chariot along an open line, a
    /// soldier ahead of it or beside it once across the river, the general and the advisors
    /// inside the palace — whether or not taking would leave its own general in check.
    ///
    /// Whatever stands on `sq` counts as the other side's piece, so that
    /// `attackers(sq, piece.color)` of the piece there are its defenders: the pieces that
    /// would take back. The facing generals' rule makes no attack on a point: a general
    /// takes one step.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Position, Square};
    /// let pos = Position::start();
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// // Nothing of red's reaches black's soldier on c6.
    /// assert!(pos.attackers(sq("c6"), Color::Red).is_empty());
    /// // Red's horse on b0 is defended by the chariot beside it; the elephant on c0 moves
    /// // diagonally and the cannon on b2 has no screen.
    /// assert_eq!(pos.attackers(sq("b0"), Color::Red), vec![sq("a0")]);
    /// ```
    #[must_use]
    pub fn attackers(&self, sq: Square, by: Color) -> Vec<Square> {
        let mut target = self.clone();
        // The shape of a capture reads the cells alone: a chariot of the other side there
        // (it can stand on any point) makes every move onto `sq` a capture.
        target
            .board
            .set(sq, Some(Piece::new(by.other(), Role::Chariot)));
        self.board
            .pieces()
            .filter(|&(from, piece)| {
                piece.color == by
                    && from != sq
                    && target.check_shape(piece, Move::new(from, sq)).is_ok()
            })
            .map(|(from, _)| from)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::random_positions;
    use crate::{Color, MoveList, Position, Role, Square};

    #[test]
    fn the_attackers_of_an_enemy_piece_are_the_pseudo_legal_captures_onto_it() {
        let mut compared = 0;
        let mut list = MoveList::new();
        for pos in random_positions(8, 120) {
            let by = pos.turn();
            pos.pseudo_legal_captures_into(&mut list);
            for (sq, piece) in pos.board().pieces() {
                if piece.color == by {
                    continue;
                }
                let mut expected: Vec<Square> =
                    list.iter().filter(|m| m.to == sq).map(|m| m.from).collect();
                expected.sort_by_key(|s| s.index());
                assert_eq!(pos.attackers(sq, by), expected, "{sq} in {}", pos.fen());
                compared += expected.len();
            }
        }
        assert!(compared > 100, "only {compared} attackers compared");
    }

    #[test]
    fn attacked_and_attackers_agree_but_for_the_facing_general_and_the_palace_guards() {
        for pos in random_positions(4, 120) {
            for sq in Square::all() {
                for by in [Color::Red, Color::Black] {
                    let found = pos.attackers(sq, by);
                    let attacked = pos.attacked(sq.index() as u8, by);
                    if found.is_empty() {
                        // `attacked` is as a general standing there would be: the other
                        // general along an open file counts for it.
                        let general = pos.general(by);
                        assert!(
                            !attacked || sees(&pos, general, sq),
                            "{sq} by {by:?} in {}",
                            pos.fen()
                        );
                    } else {
                        // Nor does it count elephants and advisors, which no general meets.
                        let guards = found.iter().all(|&from| {
                            pos.piece_at(from)
                                .is_some_and(|p| matches!(p.role, Role::Elephant | Role::Advisor))
                        });
                        assert!(attacked || guards, "{sq} by {by:?} in {}", pos.fen());
                    }
                }
            }
        }
    }

    /// Is there nothing between `a` and `b` on one file or rank?
    fn sees(pos: &Position, a: Square, b: Square) -> bool {
        let (af, ar) = (a.file().index() as i8, a.rank().index() as i8);
        let (bf, br) = (b.file().index() as i8, b.rank().index() as i8);
        if af != bf && ar != br {
            return false;
        }
        let (df, dr) = ((bf - af).signum(), (br - ar).signum());
        let mut at = a;
        while let Some(next) = at.offset(df, dr) {
            if next == b {
                return true;
            }
            if pos.piece_at(next).is_some() {
                return false;
            }
            at = next;
        }
        false
    }

    #[test]
    fn defenders_are_the_attackers_of_the_pieces_own_side_and_pinned_pieces_count() {
        let sq = |s: &str| s.parse::<Square>().expect("square");
        // Red's chariot on e2 shields its general from the black chariot on e6: pinned, it
        // still bears on e3 and on the horse behind it.
        let pos = Position::from_fen("4k4/9/9/4r4/9/9/9/4R4/4N4/4K4 w - - 0 1").expect("FEN");
        assert_eq!(pos.attackers(sq("e3"), Color::Red), vec![sq("e2")]);
        assert_eq!(pos.attackers(sq("e2"), Color::Black), vec![sq("e6")]);
        // The horse on e1 is defended by its general and by the chariot, a step either side.
        assert_eq!(
            pos.attackers(sq("e1"), Color::Red),
            vec![sq("e0"), sq("e2")]
        );
        // Black's chariot does not reach past the red one.
        assert!(pos.attackers(sq("e1"), Color::Black).is_empty());
        assert_eq!(
            pos.piece_at(sq("e2")).map(|p| p.role),
            Some(Role::Chariot),
            "the board as the test reads it"
        );
    }
}

//! Legality without the general's threats, out of check: a move whose piece leaves a point
//! off the general's file, rank and the horse legs beside it, and lands off its file and
//! rank, can never expose it (see [`Position::threats`]: every pin, cannon screen and horse
//! leg lies there). Nodes that settle on their hash move or a capture never need the threats.

use super::{QuietsOnto, QuietsWhere, Sink, Threats, mv};
use crate::role::code::{CANNON, CHARIOT, HORSE, SOLDIER, color_bits, color_of, role_of};
use crate::tables::{
    BIT, CHECK_POINTS, HORSE_ATTACKS, HORSE_SOURCES, LINES, LINES_AND_LEGS, ON_LINES,
    ON_LINES_OR_LEGS, RAY_MASKS, RAY_OF, REACH, SOLDIER_SOURCES, nearest, squares,
};
use crate::{Move, MoveList, Position};

/// Notes whether a move lands off `lines`.
struct LandsOff {
    lines: u128,
    found: bool,
}

impl Sink for LandsOff {
    #[inline]
    fn add(&mut self, _from: usize, to: u8) {
        self.found |= self.lines & BIT[to as usize] == 0;
    }
}

/// Notes whether a move lands on `to`.
struct LandsOn {
    to: u8,
    found: bool,
}

impl Sink for LandsOn {
    #[inline]
    fn add(&mut self, _from: usize, to: u8) {
        self.found |= to == self.to;
    }
}

impl Position {
    /// The points a piece may leave, and those it may land on, without a test (out of
    /// check): off the general's lines and the horse legs beside it (and not the general's
    /// own point); off its lines.
    #[inline]
    fn unexposing(&self) -> (u128, u128) {
        let g = self.generals[self.turn.index()] as usize;
        (!(LINES_AND_LEGS[g] | BIT[g]), !LINES[g])
    }

    /// Does `mv` leave and enter points that [`Position::unexposing`] lets through, so that
    /// out of check it cannot expose the general? Read a point at a time from
    /// [`CHECK_POINTS`].
    #[inline]
    fn is_unexposing(&self, mv: Move) -> bool {
        let g = self.generals[self.turn.index()] as usize;
        let (from, points) = (mv.from.index(), &CHECK_POINTS[g]);
        from != g && points[from] & ON_LINES_OR_LEGS == 0 && points[mv.to.index()] & ON_LINES == 0
    }

    /// Out of check: is `mv` legal? `None` when the threats must say (the move leaves or
    /// lands on the general's lines), else the answer: whether the piece can make it.
    #[inline]
    pub fn is_legal_unexposing(&self, mv: Move) -> Option<bool> {
        if !self.is_unexposing(mv) {
            return None;
        }
        let (from, to) = (mv.from.index(), mv.to.index());
        let code = self.board.cells[from];
        if code == 0 || color_of(code) != self.turn.index() {
            return Some(false);
        }
        let mut sink = LandsOn {
            to: to as u8,
            found: false,
        };
        self.gen_piece(from, &mut sink);
        Some(sink.found)
    }

    /// Out of check: has a piece off the general's lines and legs a move landing off its
    /// lines, legal without a test? (No says nothing: the threats must then say.)
    #[inline]
    pub fn has_unexposing_move(&self) -> bool {
        let (leave, land) = self.unexposing();
        let own = self.occupied[self.turn.index()] & leave;
        let mut sink = LandsOff {
            lines: !land,
            found: false,
        };
        for from in squares(own) {
            self.gen_piece(from, &mut sink);
            if sink.found {
                return true;
            }
        }
        false
    }

    /// Out of check, does the pseudo-legal move `mv` of a piece other than the general keep
    /// the general safe? See [`Position::attacked_once_played`].
    #[inline]
    pub(crate) fn keeps_unchecked_general_safe(&mut self, mv: Move) -> bool {
        let g = self.generals[self.turn.index()] as usize;
        !self.attacked_once_played(mv, g, color_bits(self.turn.other()))
    }

    /// Does the legal move `mv` give check? The other side must not be in check now (it never
    /// is after a legal move of its own). Answered without playing the move: the lines
    /// through its two points and the horse leg it leaves, then the moved piece's own attack if it is a
    /// horse or a soldier (a chariot's or cannon's lies on those lines).
    #[inline]
    pub fn gives_check(&mut self, mv: Move) -> bool {
        let g = self.generals[self.turn.other().index()] as usize;
        self.attacked_once_played(mv, g, color_bits(self.turn))
            || self.attacks_by_itself(self.board.cells[mv.from.index()], mv.to.index(), g)
    }

    /// Did the move `mv`, just played, give check? [`Position::is_check`] when the last move
    /// is known and the side to move was not in check before it (as after any legal move):
    /// only the lines through the move's two points, the horse leg it left and the moved
    /// piece's own attack are looked at.
    #[inline(always)]
    pub fn gave_check(&self, mv: Move) -> bool {
        let (from, to) = (mv.from.index(), mv.to.index());
        let g = self.generals[self.turn.index()] as usize;
        let by = self.turn.other();
        let (left, entered) = (RAY_OF[g][from], RAY_OF[g][to]);
        (left < 4 && self.attacked_on_ray(g, left as usize, by))
            || (entered < 4 && entered != left && self.attacked_on_ray(g, entered as usize, by))
            || self.horse_uncovered(g, from, color_bits(by))
            || self.attacks_by_itself(self.board.cells[to], to, g)
    }

    /// Does a horse of the side whose code bits are `by` attack `g` now that `from`, one of
    /// the legs it jumps past, has been left?
    #[inline(always)]
    fn horse_uncovered(&self, g: usize, from: usize, by: u8) -> bool {
        if CHECK_POINTS[g][from] & (ON_LINES_OR_LEGS | ON_LINES) != ON_LINES_OR_LEGS {
            return false;
        }
        let ha = &HORSE_ATTACKS[g];
        (0..ha.len as usize).any(|j| {
            ha.via[j] as usize == from && self.board.cells[ha.to[j] as usize] == by | HORSE
        })
    }

    /// Does `piece`, a horse or soldier on `to`, attack `g` by itself? (Any other piece:
    /// no; a chariot's or cannon's attack lies on the lines through `to`.) A horse's leg is
    /// beside `to`, never the point it came from.
    #[inline(always)]
    fn attacks_by_itself(&self, piece: u8, to: usize, g: usize) -> bool {
        match role_of(piece) {
            HORSE if HORSE_SOURCES[g] & BIT[to] != 0 => {
                let ha = &HORSE_ATTACKS[g];
                (0..ha.len as usize)
                    .any(|j| ha.to[j] as usize == to && self.board.cells[ha.via[j] as usize] == 0)
            }
            SOLDIER => SOLDIER_SOURCES[color_of(piece)][g] & BIT[to] != 0,
            _ => false,
        }
    }

    /// Is the general on `g`, attacked by nothing of the side whose code bits are `by`, attacked
    /// by it once the pseudo-legal move `mv` is played? Only the lines from the general through
    /// the points the piece leaves and enters, and a horse whose leg it leaves, can change:
    /// those are looked at, with the move played on the board cells alone and put back. (A
    /// horse or soldier that moves is not looked at.)
    #[inline]
    fn attacked_once_played(&mut self, mv: Move, g: usize, by: u8) -> bool {
        let (from, to) = (mv.from.index(), mv.to.index());
        let cells = &mut self.board.cells;
        let piece = cells[from];
        let captured = cells[to];
        cells[to] = piece;
        cells[from] = 0;
        let (left, entered) = (RAY_OF[g][from], RAY_OF[g][to]);
        let mut attacked = left < 4 && self.attacked_along(g, left as usize, by);
        if !attacked && entered < 4 && entered != left {
            attacked = self.attacked_along(g, entered as usize, by);
        }
        if !attacked {
            attacked = self.horse_uncovered(g, from, by);
        }
        let cells = &mut self.board.cells;
        cells[from] = piece;
        cells[to] = captured;
        attacked
    }

    /// [`Position::legal_captures_into`] without working out the threats first (the
    /// quiescence search's generator, where most nodes stop before looking at them): each
    /// capture whose piece leaves a point on the general's lines or a horse leg beside it,
    /// or lands on its lines, is played out; no other capture can expose the general. In
    /// check (`in_check`), every one is played out.
    #[inline]
    pub fn legal_captures_lazy(&mut self, list: &mut MoveList, in_check: bool) {
        self.pseudo_legal_captures_into(list);
        if in_check {
            self.retain_from(list, 0, Self::keeps_general_safe);
            return;
        }
        self.retain_unexposing(list);
    }

    /// Out of check, replaces the contents of `list` with the legal quiet moves (onto empty
    /// points) that `keep` accepts, in generation order, without working out the threats:
    /// the moves are tested as [`Position::legal_captures_lazy`] tests captures. The
    /// captures are never generated.
    #[inline]
    pub fn legal_quiets_where_lazy(
        &mut self,
        list: &mut MoveList,
        keep: impl Fn(&Position, Move) -> bool,
    ) {
        list.truncate(0);
        let us = self.turn.index();
        let pos: &Position = self;
        for from in squares(pos.occupied[us]) {
            let sink = &mut QuietsWhere {
                pos,
                keep: &keep,
                list,
            };
            pos.gen_piece(from, sink);
        }
        self.retain_unexposing(list);
    }

    /// Out of check, replaces the contents of `list` with the legal quiet moves (onto empty
    /// points) that land where their piece could attack the other general from, lines and
    /// legs aside: a chariot or cannon on its file or rank, a horse a horse's move from it, a
    /// soldier a soldier's step from it. Every quiet check is among them but one that only
    /// uncovers an attack. In generation order, found as [`Position::legal_captures_lazy`]
    /// finds captures.
    #[inline]
    pub fn legal_quiets_aimed_lazy(&mut self, list: &mut MoveList) {
        list.truncate(0);
        let us = self.turn.index();
        let g = self.generals[us ^ 1] as usize;
        let occupied = self.occupied[0] | self.occupied[1];
        for from in squares(self.occupied[us]) {
            let code = self.board.cells[from];
            let points = match role_of(code) {
                CHARIOT | CANNON => {
                    slides_onto(from, LINES[g], occupied, list);
                    continue;
                }
                HORSE => HORSE_SOURCES[g],
                SOLDIER => SOLDIER_SOURCES[us][g],
                _ => continue,
            };
            if REACH[code as usize][from] & points != 0 {
                self.gen_piece(from, &mut QuietsOnto { points, list });
            }
        }
        self.retain_unexposing(list);
    }

    /// Replaces the contents of `list` with the side to move's captures, legal or not (the
    /// general may be left attacked): see [`Position::is_pseudo_legal_safe`].
    #[inline]
    pub fn pseudo_legal_captures_into(&self, list: &mut MoveList) {
        list.truncate(0);
        let us = self.turn.index();
        let enemy = self.occupied[us ^ 1];
        let occupied = self.occupied[us] | enemy;
        for from in squares(self.occupied[us]) {
            self.gen_captures_of(from, enemy, occupied, list);
        }
    }

    /// Out of check, does the pseudo-legal move `mv` leave the general safe? Tested only if
    /// its points say it could expose the general.
    #[inline(always)]
    pub fn is_pseudo_legal_safe(&mut self, mv: Move) -> bool {
        if self.is_unexposing(mv) {
            true
        } else if mv.from.index() == self.generals[self.turn.index()] as usize {
            self.keeps_general_safe(mv)
        } else {
            self.keeps_unchecked_general_safe(mv)
        }
    }

    /// Out of check, keeps in `list` only the moves that leave the general safe, testing
    /// only those whose points say they could expose it.
    #[inline]
    fn retain_unexposing(&mut self, list: &mut MoveList) {
        self.retain_from(list, 0, Self::is_pseudo_legal_safe);
    }

    /// The captures, legal given `threats` if they are known, else found as
    /// [`Position::legal_captures_lazy`] finds them.
    #[inline]
    pub fn legal_captures_given(&mut self, list: &mut MoveList, threats: Option<Threats>) {
        match threats {
            Some(t) => self.legal_captures_with(list, t),
            None => self.legal_captures_lazy(list, false),
        }
    }
}

/// Appends the slides of the chariot or cannon on `from` onto the empty `points` it
/// reaches, in generation order (ray by ray, nearest first), read from the occupancy bits.
#[inline]
fn slides_onto(from: usize, points: u128, occupied: u128, list: &mut MoveList) {
    for (d, &ray) in RAY_MASKS[from].iter().enumerate() {
        let mut targets = ray & points;
        if targets == 0 {
            continue;
        }
        let blockers = ray & occupied;
        if blockers != 0 {
            let b = nearest(blockers, d);
            targets &= !(RAY_MASKS[b][d] | BIT[b]);
        }
        while targets != 0 {
            let t = nearest(targets, d);
            list.push(mv(from, t as u8));
            targets ^= BIT[t];
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::role::code::{CANNON, CHARIOT, HORSE, SOLDIER, role_of};
    use crate::tables::{BIT, LINES};
    use crate::{Move, MoveList, Position, Square};

    /// The positions of `games` random games of `plies` plies, and the position `fen` (one
    /// that random games seldom reach).
    fn games_and(games: usize, plies: usize, fen: &str) -> Vec<Position> {
        let mut positions = crate::position::random_positions(games, plies);
        positions.push(Position::from_fen(fen).expect("a legal position"));
        positions
    }

    /// Checks the shortcuts against the full legal move list in `pos`; returns how many
    /// moves the shortcut answered without the threats.
    fn agree(pos: &mut Position) -> usize {
        let legal = pos.legal_moves();
        let in_check = pos.is_check();
        let mut captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| pos.board.cells[m.to.index()] != 0)
            .collect();
        let mut lazy = MoveList::new();
        pos.legal_captures_lazy(&mut lazy, in_check);
        let mut found: Vec<Move> = lazy.iter().copied().collect();
        captures.sort_unstable_by_key(|m| (m.from.index(), m.to.index()));
        found.sort_unstable_by_key(|m| (m.from.index(), m.to.index()));
        assert_eq!(found, captures, "captures in {pos:?}");
        if in_check {
            return 0;
        }
        let quiets: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| pos.board.cells[m.to.index()] == 0)
            .collect();
        let mut lazy = MoveList::new();
        pos.legal_quiets_where_lazy(&mut lazy, |_, _| true);
        assert_eq!(
            lazy.iter().copied().collect::<Vec<_>>(),
            quiets,
            "quiets in {pos:?}"
        );
        if pos.has_unexposing_move() {
            assert!(!legal.is_empty(), "{pos:?}");
        }
        let mut answered = 0;
        for from in (0..90).filter_map(Square::from_index) {
            for to in (0..90).filter_map(Square::from_index) {
                let m = Move::new(from, to);
                if let Some(ok) = pos.is_legal_unexposing(m) {
                    assert_eq!(ok, legal.contains(&m), "{m} in {pos:?}");
                    answered += 1;
                }
            }
        }
        answered
    }

    #[test]
    fn the_look_at_the_changed_lines_agrees_with_the_full_test_over_random_games() {
        // The positions of random games, and a chariot on the leg of a horse aimed at its
        // general (random games seldom leave one there).
        let positions = games_and(80, 120, "5k3/9/9/9/9/9/9/9/2nR5/4K4 w - - 0 1");
        let (mut lines, mut legs) = (0, 0);
        for mut pos in positions {
            if pos.is_check() {
                continue;
            }
            let g = pos.generals[pos.turn.index()] as usize;
            let mut moves = MoveList::new();
            for from in crate::tables::squares(pos.occupied[pos.turn.index()]) {
                if from != g {
                    pos.gen_piece(from, &mut moves);
                }
            }
            for &m in moves.iter() {
                let full = pos.keeps_general_safe(m);
                assert_eq!(pos.keeps_unchecked_general_safe(m), full, "{m} in {pos:?}");
                if !full && LINES[g] & BIT[m.from.index()] == 0 {
                    legs += 1;
                } else if !full {
                    lines += 1;
                }
            }
        }
        // Moves must have exposed the general both ways for the test to mean anything.
        assert!(
            lines > 1_000 && legs > 0,
            "only {lines} and {legs} exposing moves"
        );
    }

    #[test]
    fn the_shortcuts_agree_with_the_legal_moves_over_random_games() {
        let mut answered = 0;
        for mut pos in crate::position::random_positions(6, 100) {
            answered += agree(&mut pos);
        }
        // The shortcut must have settled many moves for the test to mean anything.
        assert!(answered > 10_000, "only {answered} answered");
    }

    /// Could `m`, a quiet move in `pos`, attack the other general from where it lands, lines
    /// and legs aside? Written out point by point.
    fn aimed(pos: &Position, m: Move) -> bool {
        let g = pos.generals[pos.turn.other().index()] as usize;
        let (to, gf, gr) = (m.to.index(), g % 9, g / 9);
        let (files, ranks) = ((to % 9).abs_diff(gf), (to / 9).abs_diff(gr));
        // A soldier attacks the point ahead of it (up the board for red) and, beside it,
        // the points on its rank; the general stands across the river from it.
        let ahead = match pos.turn {
            crate::Color::Red => to / 9 + 1 == gr,
            crate::Color::Black => gr + 1 == to / 9,
        };
        match role_of(pos.board.cells[m.from.index()]) {
            CHARIOT | CANNON => files == 0 || ranks == 0,
            HORSE => (files, ranks) == (1, 2) || (files, ranks) == (2, 1),
            SOLDIER => (files == 0 && ahead) || (files == 1 && ranks == 0),
            _ => false,
        }
    }

    #[test]
    fn the_aimed_quiet_moves_are_the_legal_ones_landing_where_they_could_attack() {
        let mut found = 0;
        for mut pos in crate::position::random_positions(40, 150) {
            if pos.is_check() {
                continue;
            }
            let expected: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| pos.board.cells[m.to.index()] == 0 && aimed(&pos, m))
                .collect();
            let mut list = MoveList::new();
            pos.legal_quiets_aimed_lazy(&mut list);
            // The same moves in the same order: the search's tree depends on it.
            assert_eq!(
                list.iter().copied().collect::<Vec<_>>(),
                expected,
                "{pos:?}"
            );
            found += expected.len();
        }
        assert!(found > 1_000, "only {found} aimed moves");
    }

    #[test]
    fn a_check_told_before_or_after_the_move_from_its_points_is_a_check() {
        // Random games, and a horse whose next jump checks (random games seldom give one).
        let positions = games_and(60, 150, "3k5/9/9/2N6/9/9/9/9/9/4K4 w - - 0 1");
        let (mut checks, mut by_horse) = (0, 0);
        for mut pos in positions {
            for &m in pos.legal_moves().iter() {
                let told = pos.gives_check(m);
                let piece = pos.board.cells[m.from.index()];
                let undo = pos.make_move(m);
                assert_eq!(told, pos.is_check(), "{m} in {pos:?}");
                assert_eq!(pos.gave_check(m), told, "{m} played, {pos:?}");
                pos.unmake_move(m, undo);
                checks += usize::from(told);
                by_horse += usize::from(told && role_of(piece) == HORSE);
            }
        }
        assert!(
            checks > 500 && by_horse > 0,
            "only {checks} and {by_horse} checks"
        );
    }
}

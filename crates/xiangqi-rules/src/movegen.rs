//! Legal move generation: pseudo-legal moves from the tables, then a filter that only plays out
//! the moves that could possibly expose the mover's general.

use crate::role::code::{
    ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER, color_bits, color_of, role_of,
};
use crate::tables::{
    ADVISOR_MOVES, BIT, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKS, HORSE_MOVES, HORSE_SOURCES,
    RAY_MASKS, RAYS, REACH, SOLDIER_MOVES, nearest, squares,
};
use crate::{Move, MoveList, Position, Square};

mod lazy;
mod sinks;

use sinks::{Any, CAPTURES_ONLY, Only, Onto, QUIETS_ONLY, QuietsOnto, QuietsWhere, mv};
pub(crate) use sinks::{Counter, Sink};

/// What the side to move's general faces (see [`Position::mover_threats`]): whether it is in check,
/// and which moves could expose it.
pub type Threats = (bool, u128, u128);

/// Could a move of the piece on `from` expose the general on `general`, given the threats?
/// Only such a piece's moves need testing one by one.
#[inline]
fn may_expose((in_check, from_mask, to_mask): Threats, from: usize, general: u8) -> bool {
    in_check || from == general as usize || from_mask & BIT[from] != 0 || to_mask != 0
}

impl Position {
    /// Appends the pseudo-legal moves of the piece on `from` (one of the side to move's):
    /// those the sink takes (see [`Sink::CAPTURES`] and [`Sink::QUIETS`]).
    #[inline]
    pub(crate) fn gen_piece<S: Sink>(&self, from: usize, list: &mut S) {
        let cells = &self.board.cells;
        let code = cells[from];
        let us = color_of(code);
        // Own pieces have codes own_lo..own_lo + 7; empty (0) and enemy codes fall outside.
        let own_lo = code & 8 | 1;
        let enemy = |c: u8| c != 0 && c.wrapping_sub(own_lo) >= 7;
        // Whether the sink takes a move onto a point holding `c`.
        let takes = |c: u8| match (S::CAPTURES, S::QUIETS) {
            (true, true) => c.wrapping_sub(own_lo) >= 7,
            (false, _) => c == 0,
            (true, false) => enemy(c),
        };
        let role = role_of(code);
        match role {
            // General and advisor: single steps inside the palace.
            GENERAL | ADVISOR => {
                let steps = if role == GENERAL {
                    &GENERAL_MOVES[from]
                } else {
                    &ADVISOR_MOVES[from]
                };
                for &t in &steps.to[..steps.len as usize] {
                    if takes(cells[t as usize]) {
                        list.add(from, t);
                    }
                }
            }
            // Elephant and horse: a jump that an occupied eye or leg forbids.
            ELEPHANT | HORSE => {
                let leaps = if role == ELEPHANT {
                    &ELEPHANT_MOVES[from]
                } else {
                    &HORSE_MOVES[from]
                };
                for j in 0..leaps.len as usize {
                    let t = leaps.to[j];
                    if cells[leaps.via[j] as usize] == 0 && takes(cells[t as usize]) {
                        list.add(from, t);
                    }
                }
            }
            // Chariot: slides until blocked, capturing the first enemy piece.
            CHARIOT => {
                let rays = &RAYS[from];
                for d in 0..4 {
                    for &t in &rays.sq[d][..rays.len[d] as usize] {
                        let c = cells[t as usize];
                        if c == 0 {
                            if S::QUIETS {
                                list.add(from, t);
                            }
                        } else {
                            if S::CAPTURES && enemy(c) {
                                list.add(from, t);
                            }
                            break;
                        }
                    }
                }
            }
            // Cannon: slides to empty points; captures the first piece beyond exactly one screen.
            CANNON => {
                let rays = &RAYS[from];
                for d in 0..4 {
                    let mut it = rays.sq[d][..rays.len[d] as usize].iter();
                    for &t in it.by_ref() {
                        if cells[t as usize] == 0 {
                            if S::QUIETS {
                                list.add(from, t);
                            }
                        } else {
                            break;
                        }
                    }
                    if !S::CAPTURES {
                        continue;
                    }
                    for &t in it {
                        let c = cells[t as usize];
                        if c != 0 {
                            if enemy(c) {
                                list.add(from, t);
                            }
                            break;
                        }
                    }
                }
            }
            SOLDIER => {
                let steps = &SOLDIER_MOVES[us][from];
                for &t in &steps.to[..steps.len as usize] {
                    if takes(cells[t as usize]) {
                        list.add(from, t);
                    }
                }
            }
            _ => {}
        }
    }

    /// Is the side to move in check, and which moves could expose its general?
    ///
    /// Returns `(in_check, from_mask, to_mask)`. In check, `to_mask` is instead the
    /// [`Position::check_mask`]. Not in check, a move other than the general's can only
    /// expose the general by
    /// - vacating the only point between it and an enemy chariot or the enemy general (a pin;
    ///   the generals may never face each other on an open file),
    /// - vacating one of exactly two points between it and an enemy cannon (the cannon would be
    ///   left with the one screen it needs),
    /// - entering an empty point between it and an enemy cannon with nothing between (giving
    ///   the cannon its screen),
    /// - vacating the leg of an enemy horse aimed at it.
    ///
    /// The first, second and fourth are in `from_mask`, the third in `to_mask`; other moves
    /// are legal without being played out. Line pieces behind three or more others never
    /// matter, since one move changes the count between by at most one.
    #[inline]
    fn threats(&self, general: u8) -> Threats {
        let cells = &self.board.cells;
        let them = color_bits(self.turn.other());
        let (chariot, cannon, enemy_general) = (them | CHARIOT, them | CANNON, them | GENERAL);
        let g = general as usize;
        let occupied = self.occupied[0] | self.occupied[1];
        let enemy = self.occupied[self.turn.other().index()];
        let mut in_check = false;
        let (mut from_mask, mut to_mask) = (0u128, 0u128);
        for (d, &ray) in RAY_MASKS[g].iter().enumerate() {
            // Every threat along a line comes from an enemy piece on it.
            if enemy & ray == 0 {
                continue;
            }
            // The pieces on the line, nearest first, read from the occupancy bits.
            let mut line = occupied & ray;
            let mut blockers = [0usize; 2];
            let mut seen = 0;
            while line != 0 {
                let t = nearest(line, d);
                line ^= BIT[t];
                let c = cells[t];
                if c == chariot || c == enemy_general {
                    match seen {
                        0 => in_check = true,
                        1 => from_mask |= BIT[blockers[0]],
                        _ => {}
                    }
                } else if c == cannon {
                    match seen {
                        // The empty points between the general and the cannon.
                        0 => to_mask |= ray ^ RAY_MASKS[t][d] ^ BIT[t],
                        1 => in_check = true,
                        _ => from_mask |= BIT[blockers[0]] | BIT[blockers[1]],
                    }
                }
                if seen == 2 {
                    break;
                }
                blockers[seen] = t;
                seen += 1;
            }
        }
        let horse = them | HORSE;
        let ha = &HORSE_ATTACKS[g];
        // No enemy piece where a horse could attack from: no horse threat.
        let horses = if HORSE_SOURCES[g] & enemy == 0 {
            0
        } else {
            ha.len as usize
        };
        for j in 0..horses {
            if cells[ha.to[j] as usize] == horse {
                let leg = ha.via[j];
                if cells[leg as usize] == 0 {
                    in_check = true;
                } else {
                    from_mask |= BIT[leg as usize];
                }
            }
        }
        // Soldiers' attacks cannot be blocked; only whether one is giving check matters.
        in_check = in_check || self.attacked_by_soldier(general);
        if in_check {
            to_mask = self.check_mask(general);
        }
        (in_check, from_mask, to_mask)
    }

    /// In check, each checker and the points between it and the general (a horse's leg);
    /// every point of the board for a soldier's check. A move other than the general's that
    /// neither leaves nor enters one of those points leaves every check in place: it is
    /// illegal without being played out.
    #[cold]
    #[inline]
    fn check_mask(&self, general: u8) -> u128 {
        if self.attacked_by_soldier(general) {
            return !0;
        }
        let cells = &self.board.cells;
        let them = color_bits(self.turn.other());
        let (chariot, cannon, enemy_general) = (them | CHARIOT, them | CANNON, them | GENERAL);
        let g = general as usize;
        let rays = &RAYS[g];
        let mut mask = 0u128;
        for d in 0..4 {
            let mut passed = 0u128;
            let mut screens = 0;
            for &t in &rays.sq[d][..rays.len[d] as usize] {
                passed |= BIT[t as usize];
                let c = cells[t as usize];
                if c == 0 {
                    continue;
                }
                let line_check = c == chariot || c == enemy_general;
                if (screens == 0 && line_check) || (screens == 1 && c == cannon) {
                    mask |= passed;
                    break;
                }
                screens += 1;
                if screens == 2 {
                    break;
                }
            }
        }
        let ha = &HORSE_ATTACKS[g];
        for j in 0..ha.len as usize {
            let (at, leg) = (ha.to[j] as usize, ha.via[j] as usize);
            if cells[at] == them | HORSE && cells[leg] == 0 {
                mask |= BIT[at] | BIT[leg];
            }
        }
        mask
    }

    /// Keeps in `list[start..]` only the moves that `keep` accepts.
    #[inline]
    fn retain_from(
        &mut self,
        list: &mut MoveList,
        start: usize,
        mut keep: impl FnMut(&mut Self, Move) -> bool,
    ) {
        let mut kept = start;
        for i in start..list.len() {
            let m = list[i];
            if keep(self, m) {
                list.set(kept, m);
                kept += 1;
            }
        }
        list.truncate(kept);
    }

    /// Appends the legal moves of the piece on `from`, given the side to move's threats.
    #[inline]
    fn gen_legal_piece(
        &mut self,
        from: usize,
        general: u8,
        (in_check, from_mask, to_mask): (bool, u128, u128),
        list: &mut MoveList,
    ) {
        let start = list.len();
        self.gen_piece(from, list);
        self.drop_unsafe(list, start, from, general, (in_check, from_mask, to_mask));
    }

    /// Removes from `list[start..]` (moves of the piece on `from`) those that would leave the
    /// general attacked, playing out only the moves the threats say could.
    #[inline]
    fn drop_unsafe(
        &mut self,
        list: &mut MoveList,
        start: usize,
        from: usize,
        general: u8,
        (in_check, from_mask, to_mask): Threats,
    ) {
        if in_check && from != general as usize {
            // In check, `to_mask` is the check mask.
            let leaves = to_mask & BIT[from] != 0;
            self.retain_from(list, start, |pos, m| {
                (leaves || to_mask & BIT[m.to.index()] != 0) && pos.keeps_general_safe(m)
            });
        } else if in_check || from == general as usize || from_mask & BIT[from] != 0 {
            self.retain_from(list, start, Self::keeps_general_safe);
        } else if to_mask != 0 {
            self.retain_from(list, start, |pos, m| {
                to_mask & BIT[m.to.index()] == 0 || pos.keeps_general_safe(m)
            });
        }
    }

    /// In check, with `check_mask` (see [`Position::check_mask`]): can the piece on `from`
    /// not answer it? A piece other than the general that stands off the mask answers only
    /// by moving onto it, and none can if no point it could ever reach from `from` is on it.
    #[inline]
    fn cannot_answer_check(&self, from: usize, general: u8, check_mask: u128) -> bool {
        let reach = REACH[usize::from(self.board.cells[from])][from];
        from != general as usize && check_mask & (BIT[from] | reach) == 0
    }

    /// Every legal move of the side to move, in generation order.
    ///
    /// ```
    /// assert_eq!(xiangqi_rules::Position::start().legal_moves().len(), 44);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let mut scratch = self.clone();
        scratch.fill_legal(&mut list);
        list
    }

    /// Fills `list` with the legal moves, using `self` as scratch (it is left unchanged).
    #[inline]
    pub(crate) fn fill_legal(&mut self, list: &mut MoveList) {
        let threats = self.mover_threats();
        let (in_check, _, check_mask) = threats;
        if !in_check {
            self.fill_legal_with(list, threats, |pos, from, list| pos.gen_piece(from, list));
            return;
        }
        // In check, a piece other than the general standing off the check mask answers only
        // by moving onto it (see `Position::drop_unsafe`): its other moves are not stored.
        let general = self.generals[self.turn.index()] as usize;
        self.fill_legal_with(list, threats, |pos, from, list| {
            if from == general || check_mask & BIT[from] != 0 {
                pos.gen_piece(from, list);
            } else {
                pos.gen_piece(
                    from,
                    &mut Onto {
                        points: check_mask,
                        list,
                    },
                );
            }
        });
    }

    /// The threats against the side to move's general: worked out once, they
    /// serve every generation of a node's moves.
    #[inline]
    pub fn mover_threats(&self) -> Threats {
        self.threats(self.generals[self.turn.index()])
    }

    /// Appends, piece by piece of the side to move, the moves `piece_moves` appends for the
    /// piece on a point, less those that would leave the general attacked.
    #[inline]
    fn fill_legal_with(
        &mut self,
        list: &mut MoveList,
        threats: Threats,
        mut piece_moves: impl FnMut(&mut Self, usize, &mut MoveList),
    ) {
        let general = self.generals[self.turn.index()];
        let own = self.occupied[self.turn.index()];
        for from in squares(own) {
            if threats.0 && self.cannot_answer_check(from, general, threats.2) {
                continue;
            }
            let start = list.len();
            piece_moves(self, from, list);
            // The usual piece is settled here, without a call: no move to test, or nothing
            // that could expose the general.
            if list.len() > start && may_expose(threats, from, general) {
                self.drop_unsafe(list, start, from, general, threats);
            }
        }
    }

    /// Replaces the contents of `list` with the legal moves, using `self` as scratch: it is
    /// left unchanged, and nothing is cloned or allocated. The search's move generator.
    ///
    /// ```
    /// let mut pos = xiangqi_rules::Position::start();
    /// let mut list = xiangqi_rules::MoveList::new();
    /// pos.legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 44);
    /// ```
    pub fn legal_moves_into(&mut self, list: &mut MoveList) {
        list.truncate(0);
        self.fill_legal(list);
    }

    /// Replaces the contents of `list` with the legal captures only (what a quiescence search
    /// looks at), using `self` as scratch like [`Position::legal_moves_into`].
    ///
    /// ```
    /// // The red cannon on h2 can take the horse on h9 over the cannon on h7.
    /// let mut pos = xiangqi_rules::Position::start();
    /// let mut list = xiangqi_rules::MoveList::new();
    /// pos.legal_captures_into(&mut list);
    /// let mut moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    /// moves.sort();
    /// assert_eq!(moves, ["b2b9", "h2h9"]);
    /// ```
    pub fn legal_captures_into(&mut self, list: &mut MoveList) {
        let threats = self.mover_threats();
        self.legal_captures_with(list, threats);
    }

    /// [`Position::legal_captures_into`] with the threats already worked out.
    pub(crate) fn legal_captures_with(&mut self, list: &mut MoveList, threats: Threats) {
        list.truncate(0);
        self.fill_legal_with(list, threats, |pos, from, list| {
            pos.gen_captures(from, list)
        });
    }

    /// Appends the pseudo-legal captures of the piece on `from`.
    #[inline(always)]
    fn gen_captures(&self, from: usize, list: &mut MoveList) {
        let us = color_of(self.board.cells[from]);
        let occupied = self.occupied[0] | self.occupied[1];
        self.gen_captures_of(from, self.occupied[us ^ 1], occupied, list);
    }

    /// Appends the pseudo-legal captures of the piece on `from`, given the points of the
    /// other side's pieces (`enemy`) and of every piece (`occupied`). A chariot takes the
    /// first piece on a line and a cannon the second, found from the occupancy bits without
    /// walking the empty points between.
    #[inline(always)]
    fn gen_captures_of(&self, from: usize, enemy: u128, occupied: u128, list: &mut MoveList) {
        let code = self.board.cells[from];
        // Most pieces have no enemy within reach: settled by one test.
        if REACH[code as usize][from] & enemy == 0 {
            return;
        }
        let role = role_of(code);
        if role != CHARIOT && role != CANNON {
            self.gen_piece(from, &mut Only::<CAPTURES_ONLY>(list));
            return;
        }
        for (d, &ray) in RAY_MASKS[from].iter().enumerate() {
            // Nothing to take on a line without an enemy piece.
            if enemy & ray == 0 {
                continue;
            }
            let mut line = occupied & ray;
            let mut t = nearest(line, d);
            if role == CANNON {
                line ^= BIT[t];
                if line == 0 {
                    continue;
                }
                t = nearest(line, d);
            }
            if enemy & BIT[t] != 0 {
                list.push(mv(from, t as u8));
            }
        }
    }

    /// Replaces the contents of `list` with the legal moves onto empty points (what
    /// [`Position::legal_captures_into`] leaves out), using `self` as scratch, given the
    /// side to move's threats.
    #[inline]
    pub fn legal_quiets_with(&mut self, list: &mut MoveList, threats: Threats) {
        list.truncate(0);
        self.fill_legal_with(list, threats, |pos, from, list| {
            pos.gen_piece(from, &mut Only::<QUIETS_ONLY>(list));
        });
    }

    /// Has the side to move a legal move? Stops at the first piece that has one, using
    /// `self` as scratch, given the side to move's threats.
    #[inline]
    pub fn has_legal_move_with(&mut self, threats: Threats) -> bool {
        let general = self.generals[self.turn.index()];
        let own = self.occupied[self.turn.index()];
        let mut list = None;
        for from in squares(own) {
            if !may_expose(threats, from, general) {
                // Every move of such a piece is legal: is there one?
                let mut any = Any(false);
                self.gen_piece(from, &mut any);
                if any.0 {
                    return true;
                }
                continue;
            }
            let list = list.get_or_insert_with(MoveList::new);
            list.truncate(0);
            self.gen_legal_piece(from, general, threats, list);
            if !list.is_empty() {
                return true;
            }
        }
        false
    }

    /// Is `mv` legal, given the side to move's threats? Using `self` as scratch.
    #[inline]
    pub fn is_legal_with(&mut self, mv: Move, threats: Threats) -> bool {
        let from = mv.from.index();
        let code = self.board.cells[from];
        if code == 0 || color_of(code) != self.turn.index() {
            return false;
        }
        let mut list = MoveList::new();
        self.gen_piece(from, &mut list);
        if !list.contains(&mv) {
            return false;
        }
        list.truncate(0);
        list.push(mv);
        let general = self.generals[self.turn.index()];
        self.drop_unsafe(&mut list, 0, from, general, threats);
        !list.is_empty()
    }

    /// The number of legal moves, without storing those that need no play-out.
    pub(crate) fn count_legal(&mut self, scratch: &mut MoveList) -> usize {
        let general = self.generals[self.turn.index()];
        let threats = self.threats(general);
        let mut counter = Counter(0);
        let own = self.occupied[self.turn.index()];
        for from in squares(own) {
            if may_expose(threats, from, general) {
                scratch.truncate(0);
                self.gen_legal_piece(from, general, threats, scratch);
                counter.0 += scratch.len();
            } else {
                self.gen_piece(from, &mut counter);
            }
        }
        counter.0
    }

    /// The legal moves of the piece on `from`: what the board highlights when it is selected.
    /// Empty if the point is empty or holds a piece of the side not to move.
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let code = self.board.cells[from.index()];
        if code != 0 && color_of(code) == self.turn.index() {
            let mut scratch = self.clone();
            let general = self.generals[self.turn.index()];
            let threats = scratch.threats(general);
            scratch.gen_legal_piece(from.index(), general, threats, &mut list);
        }
        list
    }

    /// Is `mv` legal here?
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut scratch = self.clone();
        let threats = scratch.mover_threats();
        scratch.is_legal_with(mv, threats)
    }

    /// Has the side to move any legal move? (Without one it has lost, in check or not.)
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        let mut scratch = self.clone();
        let threats = scratch.mover_threats();
        scratch.has_legal_move_with(threats)
    }

    /// Checkmate: in check with no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// No legal move while not in check. Unlike chess, this loses in xiangqi.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}

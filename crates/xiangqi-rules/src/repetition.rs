//! The Asian (AXF) repetition rules: judging one lap of a repeated position as a perpetual
//! check, a perpetual chase (长捉) or a draw. The user guide's "How a game ends"
//! (docs/guide/rules.md) lists the cases.
//!
//! Each move of the lap is a *check* (it leaves the opponent in check), a *chase* (it newly
//! attacks an enemy piece that the attack would win) or *idle*. Pieces are followed by identity
//! as they move, so "the same victim" means the same piece wherever it has gone.

use crate::outcome::{Outcome, Termination};
use crate::role::code::{
    ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER, color_bits, color_of, role_of,
};
use crate::tables::{
    ADVISOR_MOVES, BIT, ELEPHANT_MOVES, FREE_ADVISOR_MOVES, FREE_ELEPHANT_MOVES, GENERAL_MOVES,
    HORSE_ATTACKS, RAYS,
};
use crate::{Color, Move, Position, Square};

/// What judging a lap needs of a position: the piece codes (as [`crate::role::code`] gives
/// them: each piece as the piece it moves as), whose move it is, playing and taking back a
/// move, and whether a general is attacked. A xiangqi [`Position`] is one; so is a Jieqi
/// position seen through the pieces its covered ones move as, with its revealed advisors
/// and elephants free of the palace and the river.
pub(crate) trait LapBoard: Clone {
    /// What [`LapBoard::take_back`] needs.
    type Undo;
    /// The piece code of each point.
    fn cells(&self) -> &[u8; 90];
    /// The piece codes, to lift a piece off and put it back.
    fn cells_mut(&mut self) -> &mut [u8; 90];
    /// The points of each side's pieces, red's first.
    fn sides(&self) -> [u128; 2];
    /// The point of the general of side `side` (0 red, 1 black).
    fn general_point(&self, side: usize) -> usize;
    /// The side to move.
    fn mover(&self) -> Color;
    /// Plays the legal `mv`.
    fn play(&mut self, mv: Move) -> Self::Undo;
    /// Takes back `mv`, the last move played.
    fn take_back(&mut self, mv: Move, undo: Self::Undo);
    /// Is the side to move in check?
    fn in_check(&self) -> bool;
    /// Does the pseudo-legal `mv` leave its side's general unattacked?
    fn safe_for_general(&mut self, mv: Move) -> bool;
    /// The points of the advisors and elephants that roam the whole board.
    fn roaming_guards(&self) -> u128;
}

impl LapBoard for Position {
    type Undo = crate::Undo;

    fn cells(&self) -> &[u8; 90] {
        &self.board.cells
    }

    fn cells_mut(&mut self) -> &mut [u8; 90] {
        &mut self.board.cells
    }

    fn sides(&self) -> [u128; 2] {
        self.occupied
    }

    fn general_point(&self, side: usize) -> usize {
        usize::from(self.generals[side])
    }

    fn mover(&self) -> Color {
        self.turn
    }

    fn play(&mut self, mv: Move) -> crate::Undo {
        self.make_move(mv)
    }

    fn take_back(&mut self, mv: Move, undo: crate::Undo) {
        self.unmake_move(mv, undo);
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn safe_for_general(&mut self, mv: Move) -> bool {
        self.keeps_general_safe(mv)
    }

    fn roaming_guards(&self) -> u128 {
        0
    }
}

/// No piece on the point (in the identity board).
const NO_ID: u8 = u8::MAX;

/// Judges a lap of a repetition under the AXF rules.
///
/// `start` is the earlier occurrence of the repeated position and `lap` the moves that lead
/// from it back to the same position (same placement, same side to move). Each side's moves in
/// the lap are judged apart:
/// - a side that gave check with every move loses ([`Termination::PerpetualCheck`]), unless
///   the other side did too (a draw);
/// - otherwise a side that chased with every move — never checking, and newly attacking the
///   same enemy piece each time with an attack that would win it — loses
///   ([`Termination::PerpetualChase`]), unless the other side chased perpetually too;
/// - anything else is a draw ([`Termination::Repetition`]).
///
/// The moves must be legal in turn from `start`; the verdict on anything else is a draw
/// where the lap breaks off (no panic).
///
/// ```
/// use xiangqi_rules::{judge_lap, Color, Move, Position, Termination};
/// // Red's chariot follows black's lone, unprotected horse as it runs between a8 and c7.
/// let start = Position::from_fen("3k5/n8/9/9/9/9/9/9/9/2R1K4 w").unwrap();
/// let lap: Vec<Move> = ["c0a0", "a8c7", "a0c0", "c7a8"]
///     .iter()
///     .map(|m| m.parse().unwrap())
///     .collect();
/// let verdict = judge_lap(&start, &lap);
/// assert_eq!(verdict.termination, Termination::PerpetualChase);
/// assert_eq!(verdict.loser(), Some(Color::Red));
/// ```
#[must_use]
pub fn judge_lap(start: &Position, lap: &[Move]) -> Outcome {
    judge_moves(start, lap.iter().copied())
}

/// [`judge_lap`] over any sequence of moves, so a caller need not collect them.
pub(crate) fn judge_moves<B: LapBoard>(start: &B, lap: impl IntoIterator<Item = Move>) -> Outcome {
    classify(start, lap).map_or_else(draw, verdict)
}

/// What each side did throughout a lap (indexed by [`Color::index`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Sides {
    /// Gave check with every one of its moves.
    checked: [bool; 2],
    /// Chased with every one of its moves, the same piece each time, and never checked.
    chased: [bool; 2],
}

/// The AXF verdict on a lap from what each side did: perpetual check first (a side checking
/// throughout loses unless both did), then perpetual chase the same way, else a draw.
fn verdict(sides: Sides) -> Outcome {
    let loser = |flags: [bool; 2]| match flags {
        [true, false] => Some(Color::Red),
        [false, true] => Some(Color::Black),
        _ => None,
    };
    if sides.checked.contains(&true) {
        return loser(sides.checked).map_or_else(draw, |c| lost(c, Termination::PerpetualCheck));
    }
    loser(sides.chased).map_or_else(draw, |c| lost(c, Termination::PerpetualChase))
}

/// Judges every move of the lap: `None` if a move is not one of the side to move's pieces.
fn classify<B: LapBoard>(start: &B, lap: impl IntoIterator<Item = Move>) -> Option<Sides> {
    let mut pos = start.clone();
    let mut ids = identities(&pos);
    // Per side: still checking on every move, still chasing on every move, the victims
    // chased by every move so far (as identity bits), and whether it moved at all.
    let mut checking = [true; 2];
    let mut chasing = [true; 2];
    let mut victims = [u16::MAX; 2];
    let mut moved = [false; 2];
    for mv in lap {
        let us = pos.mover();
        let i = us.index();
        let (from, to) = (mv.from.index(), mv.to.index());
        let code = pos.cells()[from];
        if code == 0 || color_of(code) != i || pos.cells()[to] == code {
            return None;
        }
        moved[i] = true;
        let judge_chase = chasing[i] && victims[i] != 0;
        let (before, shielding) = if judge_chase {
            (attacks(&pos, &ids, us), shields(&mut pos, &ids, us))
        } else {
            ([0; 16], 0)
        };
        pos.play(mv);
        ids[to] = ids[from];
        ids[from] = NO_ID;
        let check = pos.in_check();
        checking[i] &= check;
        if judge_chase {
            if check {
                // A check is a check, not a chase: one check, one chase is no perpetual chase.
                chasing[i] = false;
            } else {
                let after = chased(&mut pos, &ids, us);
                let mut new = after
                    .iter()
                    .zip(before)
                    .fold(0, |acc, (&now, then)| acc | (now & !then));
                // A piece that now shields a check from its own side threatens to capture with
                // a discovered check: all it could win is threatened anew — by a piece that did
                // not shield before, or by the piece that moved, wherever it came from (it
                // renews its threats, even sliding along the line of an old one).
                let moved = 1u16 << (ids[to] & 15);
                let mut shield = shields(&mut pos, &ids, us) & (!shielding | moved);
                while shield != 0 {
                    new |= after[shield.trailing_zeros() as usize];
                    shield &= shield - 1;
                }
                let mover = after[usize::from(ids[to] & 15)];
                victims[i] &= new | renewed(&pos, &ids, mv, mover);
            }
        }
    }
    Some(Sides {
        checked: [0, 1].map(|i| moved[i] && checking[i]),
        chased: [0, 1].map(|i| moved[i] && chasing[i] && victims[i] != 0),
    })
}

fn draw() -> Outcome {
    Outcome {
        winner: None,
        termination: Termination::Repetition,
    }
}

fn lost(loser: Color, termination: Termination) -> Outcome {
    Outcome {
        winner: Some(loser.other()),
        termination,
    }
}

/// Gives each piece an identity, 0–15 within its side, by point order.
fn identities(pos: &impl LapBoard) -> [u8; 90] {
    let mut ids = [NO_ID; 90];
    let mut next = [0u8; 2];
    for (sq, &code) in pos.cells().iter().enumerate() {
        if code != 0 {
            let side = color_of(code);
            ids[sq] = next[side];
            next[side] += 1;
        }
    }
    ids
}

/// Has a soldier of `owner` standing on `sq` crossed the river?
fn crossed(sq: usize, owner: usize) -> bool {
    if owner == 0 { sq >= 45 } else { sq < 45 }
}

/// Is a capture by `attacker` of `victim` (role codes) a gain whatever follows: a horse or
/// cannon taking a chariot, an advisor or elephant taking a chariot, horse or cannon?
fn worth_less(attacker: u8, victim: u8) -> bool {
    match attacker {
        HORSE | CANNON => victim == CHARIOT,
        ADVISOR | ELEPHANT => matches!(victim, CHARIOT | HORSE | CANNON),
        _ => false,
    }
}

/// Up to 18 points.
struct Points {
    at: [u8; 18],
    len: usize,
}

impl Points {
    fn push(&mut self, sq: u8) {
        if self.len < self.at.len() {
            self.at[self.len] = sq;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.at[..self.len]
    }
}

/// The points of `by`'s pieces that could capture on `t` by their movement (pseudo-legally:
/// whether their own general would be left attacked is not asked). The advisors and
/// elephants on `roaming` go anywhere; the others keep to the palace and their side.
fn attackers(cells: &[u8; 90], t: usize, by: usize, roaming: u128) -> Points {
    let mut out = Points {
        at: [0; 18],
        len: 0,
    };
    let side = if by == 0 {
        color_bits(Color::Red)
    } else {
        color_bits(Color::Black)
    };
    let rays = &RAYS[t];
    for d in 0..4 {
        let mut it = rays.sq[d][..rays.len[d] as usize].iter();
        for &s in it.by_ref() {
            let c = cells[s as usize];
            if c != 0 {
                if c == side | CHARIOT {
                    out.push(s);
                }
                break;
            }
        }
        for &s in it {
            let c = cells[s as usize];
            if c != 0 {
                if c == side | CANNON {
                    out.push(s);
                }
                break;
            }
        }
    }
    let horses = &HORSE_ATTACKS[t];
    for j in 0..horses.len as usize {
        if cells[horses.to[j] as usize] == side | HORSE && cells[horses.via[j] as usize] == 0 {
            out.push(horses.to[j]);
        }
    }
    let bound = |s: u8| roaming & BIT[s as usize] == 0;
    let elephants = &ELEPHANT_MOVES[t];
    for j in 0..elephants.len as usize {
        let s = elephants.to[j];
        if cells[s as usize] == side | ELEPHANT && bound(s) && cells[elephants.via[j] as usize] == 0
        {
            out.push(s);
        }
    }
    for (table, role) in [(&ADVISOR_MOVES[t], ADVISOR), (&GENERAL_MOVES[t], GENERAL)] {
        for &s in &table.to[..table.len as usize] {
            if cells[s as usize] == side | role && bound(s) {
                out.push(s);
            }
        }
    }
    if roaming != 0 {
        for (table, role) in [
            (&FREE_ELEPHANT_MOVES[t], ELEPHANT),
            (&FREE_ADVISOR_MOVES[t], ADVISOR),
        ] {
            for j in 0..table.len as usize {
                let s = table.to[j];
                // An advisor's step has no point between: its `via` is the step's end.
                let clear = role == ADVISOR || cells[table.via[j] as usize] == 0;
                if cells[s as usize] == side | role && !bound(s) && clear {
                    out.push(s);
                }
            }
        }
    }
    let soldier = side | SOLDIER;
    // A soldier steps forward onto `t` from behind it, or sideways once across the river.
    let behind = if by == 0 {
        t.checked_sub(9)
    } else {
        Some(t + 9)
    };
    if let Some(s) = behind.filter(|&s| s < 90)
        && cells[s] == soldier
    {
        out.push(s as u8);
    }
    if crossed(t, by) {
        let file = t % 9;
        if file > 0 && cells[t - 1] == soldier {
            out.push(t as u8 - 1);
        }
        if file < 8 && cells[t + 1] == soldier {
            out.push(t as u8 + 1);
        }
    }
    out
}

fn capture(from: u8, to: usize) -> Move {
    Move::new(
        Square::from_index_unchecked(from),
        Square::from_index_unchecked(to as u8),
    )
}

/// Can the piece on `from` legally capture on `to`, whoever is to move?
fn can_capture(pos: &mut impl LapBoard, from: usize, to: usize) -> bool {
    let owner = color_of(pos.cells()[from]);
    attackers(pos.cells(), to, owner, pos.roaming_guards())
        .as_slice()
        .contains(&(from as u8))
        && pos.safe_for_general(capture(from as u8, to))
}

/// After the piece on `from` captures on `to`, could the victim's side legally take back?
fn protected<B: LapBoard>(pos: &mut B, from: u8, to: usize) -> bool {
    let owner = color_of(pos.cells()[to]);
    let m = capture(from, to);
    // Played in full (occupancy and all) for the legality tests of the takebacks.
    let undo = pos.play(m);
    let takers = attackers(pos.cells(), to, owner, pos.roaming_guards());
    let defended = takers
        .as_slice()
        .iter()
        .any(|&s| pos.safe_for_general(capture(s, to)));
    pos.take_back(m, undo);
    defended
}

/// For each piece of `by` other than the general and soldiers (by identity), the enemy pieces
/// other than the general (as identity bits) it could capture in `pos` by its movement alone.
fn attacks(pos: &impl LapBoard, ids: &[u8; 90], by: Color) -> [u16; 16] {
    let mut out = [0u16; 16];
    let them = by.other().index();
    let cells = pos.cells();
    let roaming = pos.roaming_guards();
    let mut targets = pos.sides()[them];
    while targets != 0 {
        let t = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        if role_of(cells[t]) == GENERAL {
            continue;
        }
        for &s in attackers(cells, t, by.index(), roaming).as_slice() {
            if !matches!(role_of(cells[s as usize]), GENERAL | SOLDIER) {
                out[usize::from(ids[s as usize] & 15)] |= 1 << (ids[t] & 15);
            }
        }
    }
    out
}

/// The pieces of `by` (as identity bits) that shield a check: taken off the board, a piece of
/// `by` other than the general would attack the enemy general (along a line, over a cannon's
/// screen, or past a horse's leg).
fn shields(pos: &mut impl LapBoard, ids: &[u8; 90], by: Color) -> u16 {
    let us = by.index();
    let g = pos.general_point(1 - us);
    let (gf, gr) = (g % 9, g / 9);
    let roaming = pos.roaming_guards();
    let mut out = 0;
    let mut ours = pos.sides()[us];
    while ours != 0 {
        let s = ours.trailing_zeros() as usize;
        ours &= ours - 1;
        let (f, r) = (s % 9, s / 9);
        // Only a piece on the general's lines, or on a horse's leg beside it, can shield.
        let near = f.abs_diff(gf) == 1 && r.abs_diff(gr) == 1;
        if !(f == gf || r == gr || near) {
            continue;
        }
        let code = pos.cells()[s];
        if role_of(code) == GENERAL {
            continue;
        }
        pos.cells_mut()[s] = 0;
        if attackers(pos.cells(), g, us, roaming).len > 0 {
            out |= 1 << (ids[s] & 15);
        }
        pos.cells_mut()[s] = code;
    }
    out
}

/// Of `victims` (identity bits), those that the piece just moved by `mv` attacks afresh from
/// its new point even though it attacked them from the old one: a piece that moves makes its
/// threats again, except a chariot or cannon sliding along the line of the threat towards its
/// victim (from its old point it attacked the same piece along the same line; moving away it
/// attacks through the point it left).
fn renewed(pos: &impl LapBoard, ids: &[u8; 90], mv: Move, victims: u16) -> u16 {
    if victims == 0 {
        return 0;
    }
    let (from, to) = (mv.from.index(), mv.to.index());
    if !matches!(role_of(pos.cells()[to]), CHARIOT | CANNON) {
        return victims;
    }
    let mut out = 0;
    let them = color_of(pos.cells()[to]) ^ 1;
    let mut targets = pos.sides()[them];
    while targets != 0 {
        let t = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let bit = 1u16 << (ids[t] & 15);
        if victims & bit == 0 {
            continue;
        }
        let same_file = from % 9 == to % 9 && t % 9 == to % 9;
        let same_rank = from / 9 == to / 9 && t / 9 == to / 9;
        let behind = (to < from && from < t) || (t < from && from < to);
        if !(same_file || same_rank) || behind {
            out |= bit;
        }
    }
    out
}

/// For each piece of `by` (by identity), the enemy pieces (as identity bits) it attacks in
/// `pos` with a capture that would win material. Such a capture is legal,
/// by a piece other than the general or a soldier, of a piece other than the general or a
/// soldier still on its own side of the river, and either takes a piece worth more (see
/// [`worth_less`]) or takes one that cannot be taken back, and is not of the same kind able to
/// take the attacker first.
fn chased<B: LapBoard>(pos: &mut B, ids: &[u8; 90], by: Color) -> [u16; 16] {
    let mut out = [0u16; 16];
    let us = by.index();
    let them = by.other().index();
    let mut targets = pos.sides()[them];
    while targets != 0 {
        let t = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let victim = role_of(pos.cells()[t]);
        if victim == GENERAL || (victim == SOLDIER && !crossed(t, them)) {
            continue;
        }
        let found = attackers(pos.cells(), t, us, pos.roaming_guards());
        for &s in found.as_slice() {
            let attacker = role_of(pos.cells()[s as usize]);
            if matches!(attacker, GENERAL | SOLDIER) || !pos.safe_for_general(capture(s, t)) {
                continue;
            }
            let wins = worth_less(attacker, victim)
                || !((attacker == victim && can_capture(pos, t, s as usize))
                    || protected(pos, s, t));
            if wins {
                out[usize::from(ids[s as usize] & 15)] |= 1 << (ids[t] & 15);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chased_in(fen: &str, by: Color) -> u16 {
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let ids = identities(&pos);
        chased(&mut pos, &ids, by).iter().fold(0, |acc, &v| acc | v)
    }

    #[test]
    fn soldier_before_the_river_is_no_victim() {
        // Red's chariot on a0 attacks black's soldier up the a file, unprotected either way.
        assert_eq!(chased_in("3k5/9/9/p8/9/9/9/9/9/R3K4 b", Color::Red), 0);
        assert_ne!(chased_in("3k5/9/9/9/9/p8/9/9/9/R3K4 b", Color::Red), 0);
    }

    #[test]
    fn general_and_soldiers_never_chase() {
        // Red's crossed soldier on e7 and general on e1 are next to black's advisor and horse.
        assert_eq!(chased_in("4k4/4a4/4P4/9/9/9/9/9/3nK4/9 b", Color::Red), 0);
    }

    #[test]
    fn a_protector_that_cannot_legally_take_back_does_not_protect() {
        // Black's horse on d8 is attacked by red's chariot on a8 and "protected" by the
        // general on e8... which may not step to d8: red's chariot on d0 holds the d file.
        assert_ne!(chased_in("9/R2nk4/9/9/9/9/9/9/9/3R1K3 b", Color::Red), 0);
        // With nothing on the d file the general takes back: protected, no chase.
        assert_eq!(chased_in("9/R2nk4/9/9/9/9/9/9/9/5K3 b", Color::Red), 0);
    }

    #[test]
    fn verdicts_follow_the_table() {
        let sides = |checked, chased| Sides { checked, chased };
        let red_loses = |t| lost(Color::Red, t);
        let black_loses = |t| lost(Color::Black, t);
        let cases = [
            // (red checked, black checked), (red chased, black chased) → verdict
            (
                sides([true, false], [false, false]),
                red_loses(Termination::PerpetualCheck),
            ),
            (
                sides([false, true], [false, false]),
                black_loses(Termination::PerpetualCheck),
            ),
            (sides([true, true], [false, false]), draw()),
            (
                sides([false, false], [true, false]),
                red_loses(Termination::PerpetualChase),
            ),
            (
                sides([false, false], [false, true]),
                black_loses(Termination::PerpetualChase),
            ),
            (sides([false, false], [true, true]), draw()),
            (
                sides([true, false], [false, true]),
                red_loses(Termination::PerpetualCheck),
            ),
            (
                sides([false, true], [true, false]),
                black_loses(Termination::PerpetualCheck),
            ),
            (sides([false, false], [false, false]), draw()),
        ];
        for (sides, expected) in cases {
            assert_eq!(verdict(sides), expected, "{sides:?}");
        }
    }
}

//! The order moves are tried in at a node, and the picker that hands them out stage by
//! stage: out of check a legal hash move first, before any other move is generated (it
//! often settles the node alone); then the captures by victim then attacker; then the two
//! killers and the counter move, before the other quiet moves are generated; then those by
//! their history. A list is picked from one by one for its first few moves and sorted in one
//! go after that; equal scores go by the moves' points, so that the order never depends on
//! which moves were generated.

use super::could_give_check;
use super::history::{Context, History};
use crate::eval::VALUE;
use xiangqi_rules::movegen::Threats;
use xiangqi_rules::role::code::role_of;
use xiangqi_rules::{Move, MoveList, Position, Square};

/// Moves picked one by one (best remaining first) before the rest of a node's list is
/// sorted in one go.
const SORT_AFTER: usize = 4;

/// The score of the move tried first because the table remembered it.
pub(super) const HASH_SCORE: i32 = 1 << 30;
/// Killer moves score at least this (the first killer one more).
pub(super) const KILLER_SCORE: i32 = 1 << 27;
const CAPTURE_SCORE: i32 = 1 << 28;

/// The counter move scores this.
pub(super) const COUNTER_SCORE: i32 = KILLER_SCORE - 1;

/// Writes in `keys` the [`sort_key`]s of `list` by its move ordering scores: `hash` first,
/// captures by victim then attacker, the killers of this ply, the counter move, then the
/// history of each quiet move.
pub(super) fn order(
    pos: &Position,
    list: &MoveList,
    hash: Option<Move>,
    ordering: &MoveOrder<'_>,
    keys: &mut [i64; 128],
) {
    let killers = ordering.killers;
    let cells = pos.codes();
    for (i, &m) in list.iter().enumerate() {
        let piece = cells[m.from.index()];
        let victim = cells[m.to.index()];
        let score = if Some(m) == hash {
            HASH_SCORE
        } else if victim != 0 {
            CAPTURE_SCORE + VALUE[role_of(victim) as usize] * 16
                - VALUE[role_of(piece) as usize] / 16
        } else if Some(m) == killers[0] {
            KILLER_SCORE + 1
        } else if Some(m) == killers[1] {
            KILLER_SCORE
        } else if Some(m) == ordering.counter {
            COUNTER_SCORE
        } else {
            ordering.history.quiet(ordering.context, piece, m)
        };
        keys[i] = sort_key(score, m);
    }
}

/// Brings the best-scored remaining move to `i` (by [`sort_key`]: of equal scores the
/// smallest move comes first) and says its score.
#[inline(always)]
pub(super) fn pick(list: &mut MoveList, keys: &mut [i64; 128], i: usize) -> (Move, i32) {
    let mut best = i;
    for j in i + 1..list.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    list.swap(i, best);
    keys.swap(i, best);
    (list[i], key_score(keys[i]))
}

/// A node's move list and their ordering scores as [`sort_key`]s: kept from node to node
/// in a [`BufferPool`] rather than made (and zeroed, 1.3 KB) at every node.
#[derive(Debug)]
pub(super) struct MoveBuffers {
    pub list: MoveList,
    pub keys: [i64; 128],
}

/// A move and its ordering score as one number, greater for the move to try first: by
/// score, then (of equal scores) the smaller move by its points. The order of a node's
/// moves thus never depends on the order they were generated in, nor on which others were
/// generated with them.
#[inline]
fn sort_key(score: i32, m: Move) -> i64 {
    let points = (m.from.index() as i64) << 8 | m.to.index() as i64;
    i64::from(score) << 16 | (0xffff - points)
}

/// The score of a [`sort_key`].
#[inline]
fn key_score(key: i64) -> i32 {
    (key >> 16) as i32
}

/// The move of a [`sort_key`].
#[inline]
fn key_move(key: i64) -> Move {
    let points = 0xffff - (key & 0xffff);
    Move::new(
        Square::from_index_unchecked((points >> 8) as u8),
        Square::from_index_unchecked((points & 0xff) as u8),
    )
}

impl MoveBuffers {
    /// Orders `list[from..]` by score, best first, at once: cheaper than picking one by one
    /// once the few moves likely to cut off have been tried.
    fn sort_rest(&mut self, from: usize) {
        let n = self.list.len();
        if n <= from + 1 {
            return;
        }
        let keys = &mut self.keys;
        keys[from..n].sort_unstable_by(|a, b| b.cmp(a));
        for (j, &key) in (from..n).zip(&keys[from..n]) {
            self.list.set(j, key_move(key));
        }
    }
}

/// The [`MoveBuffers`] of the nodes not on the line being searched, for the next nodes to
/// use. A node takes one and gives it back when it is done; one not given back (a search
/// stopped) is only missed, and a new one made.
// Boxed so that taking and giving back moves a pointer, not the buffers.
#[allow(clippy::vec_box)]
#[derive(Debug, Default)]
pub(super) struct BufferPool(Vec<Box<MoveBuffers>>);

impl BufferPool {
    /// Buffers to fill: their list is empty, their keys whatever they were.
    #[inline]
    pub(super) fn take(&mut self) -> Box<MoveBuffers> {
        let mut b = self.0.pop().unwrap_or_else(|| {
            Box::new(MoveBuffers {
                list: MoveList::new(),
                keys: [0; 128],
            })
        });
        b.list.truncate(0);
        b
    }

    #[inline]
    pub(super) fn give(&mut self, buffers: Box<MoveBuffers>) {
        self.0.push(buffers);
    }
}

/// What orders quiet moves at a node: its killers and the history of the search.
#[derive(Copy, Clone)]
pub(super) struct MoveOrder<'a> {
    /// The two quiet moves that last caused a cutoff at this ply.
    pub killers: [Option<Move>; 2],
    /// The move that last refuted the opponent's last move.
    pub counter: Option<Move>,
    /// The opponent's last move.
    pub context: Context,
    /// What cutoffs taught.
    pub history: &'a History,
}

/// Where a picker is in handing out the moves of a node out of check.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// The hash move, tried before anything is generated.
    Hash,
    /// The captures, generated and ordered by victim then attacker.
    Captures,
    /// The two killers and the counter move, each if it is a legal quiet move here: tried
    /// before the quiet moves are generated, since they often settle the node alone.
    Killers,
    /// The other quiet moves, by history.
    Quiets,
    /// In check: every reply, generated and ordered at once.
    Evasions,
}

/// The moves of one node, handed out in order. Out of check they come in stages, each
/// generated only when the one before is spent: a node settled by its hash move, a capture
/// or a killer never generates its quiet moves.
pub(super) struct MovePicker {
    /// The current stage's list and its keys.
    bufs: Box<MoveBuffers>,
    /// The legal hash move: handed out first, and left out of the lists.
    hash: Option<Move>,
    stage: Stage,
    /// Whether the current stage's list was generated yet.
    generated: bool,
    /// The next index into the current stage's list; in the killers' stage, the next of
    /// the three to look at.
    at: usize,
    /// The killers and counter move handed out (a number of them).
    killers: ([Move; 3], usize),
    /// How many moves were handed out.
    handed: usize,
    /// How many legal moves the node has, where that is known: every reply in check; none
    /// out of check when there is no legal move at all.
    replies: Option<usize>,
    /// The side to move's threats out of check, once worked out: only where a move's
    /// legality needs them (see `Position::is_legal_unexposing`) and for the quiet moves.
    threats: Option<Threats>,
}

impl MovePicker {
    /// The picker of a node at `pos`. In check every reply is generated at once (to see
    /// whether there is only one); out of check a legal `hash` move comes first, alone.
    /// Its lists are kept in `bufs` (see [`MovePicker::into_buffers`]).
    #[inline(always)]
    pub(super) fn new(
        pos: &mut Position,
        hash: Option<Move>,
        in_check: bool,
        bufs: Box<MoveBuffers>,
    ) -> MovePicker {
        let mut picker = MovePicker {
            bufs,
            hash: None,
            stage: Stage::Hash,
            generated: false,
            at: 0,
            killers: ([Move::default(); 3], 0),
            handed: 0,
            replies: None,
            threats: None,
        };
        if in_check {
            pos.legal_moves_into(&mut picker.bufs.list);
            picker.stage = Stage::Evasions;
            picker.generated = true;
            picker.replies = Some(picker.bufs.list.len());
        } else {
            picker.hash = hash.filter(|&m| picker.is_legal(pos, m));
            if picker.hash.is_none()
                && !pos.has_unexposing_move()
                && !pos.has_legal_move_with(picker.threats(pos))
            {
                picker.replies = Some(0);
            }
        }
        picker
    }

    /// The buffers it was made with, to be used again.
    pub(super) fn into_buffers(self) -> Box<MoveBuffers> {
        self.bufs
    }

    /// The side to move's threats, worked out the first time they are needed.
    fn threats(&mut self, pos: &Position) -> Threats {
        *self.threats.get_or_insert_with(|| pos.mover_threats())
    }

    /// Is `m` legal (out of check)? The threats are asked only if its points say they must.
    fn is_legal(&mut self, pos: &mut Position, m: Move) -> bool {
        match pos.is_legal_unexposing(m) {
            Some(legal) => legal,
            None => {
                let threats = self.threats(pos);
                pos.is_legal_with(m, threats)
            }
        }
    }

    /// How many legal moves the node has, if known: in check, every reply; out of check,
    /// 0 when there is none (otherwise unknown).
    pub(super) fn replies(&self) -> Option<usize> {
        self.replies
    }

    /// Makes `hash` the move tried first (it may have been found since the picker was made)
    /// and, in check, orders the replies (see [`order`]).
    pub(super) fn score(
        &mut self,
        pos: &mut Position,
        hash: Option<Move>,
        ordering: MoveOrder<'_>,
    ) {
        if self.stage == Stage::Evasions {
            let b = &mut *self.bufs;
            order(pos, &b.list, hash, &ordering, &mut b.keys);
        } else if self.hash.is_none() && self.handed == 0 {
            self.hash = hash.filter(|&m| self.is_legal(pos, m));
        }
    }

    /// Generates the list of the current stage, less the hash move, and orders it. With
    /// `futile` (see [`MovePicker::next`]) and a move handed out already, the quiet moves
    /// are only those that could give check.
    fn generate(&mut self, pos: &mut Position, ordering: &MoveOrder<'_>, futile: bool) {
        match self.stage {
            Stage::Captures => pos.legal_captures_given(&mut self.bufs.list, self.threats),
            Stage::Quiets if futile && self.handed > 0 => {
                pos.legal_quiets_where_lazy(&mut self.bufs.list, |pos, m| {
                    could_give_check(pos, m, pos.codes()[m.from.index()])
                });
            }
            _ => {
                let threats = self.threats(pos);
                pos.legal_quiets_with(&mut self.bufs.list, threats);
            }
        }
        let b = &mut *self.bufs;
        // Less the moves handed out already.
        let (killers, n) = self.killers;
        for handed in self.hash.into_iter().chain(killers.into_iter().take(n)) {
            if let Some(at) = b.list.iter().position(|&x| x == handed) {
                let last = b.list.len() - 1;
                b.list.swap(at, last);
                b.list.truncate(last);
            }
        }
        order(pos, &b.list, None, ordering, &mut b.keys);
        self.generated = true;
        self.at = 0;
    }

    /// The next move: its number at this node (from 0), the move, and the score it was
    /// ordered by. `ordering` is asked only when moves are to be ordered or the killers
    /// tried. `futile` says that the search will pass over every quiet move after the first
    /// that cannot give check (futility pruning): such moves are then never generated.
    pub(super) fn next<'o>(
        &mut self,
        pos: &mut Position,
        ordering: impl Fn() -> MoveOrder<'o>,
        futile: bool,
    ) -> Option<(usize, Move, i32)> {
        if self.stage == Stage::Hash {
            self.stage = Stage::Captures;
            if let Some(h) = self.hash {
                return Some(self.hand(h, HASH_SCORE));
            }
        }
        loop {
            if self.stage == Stage::Killers {
                if let Some(next) = self.next_killer(pos, &ordering()) {
                    return Some(next);
                }
                self.stage = Stage::Quiets;
                self.generated = false;
            }
            if !self.generated {
                self.generate(pos, &ordering(), futile);
            }
            let at = self.at;
            let b = &mut *self.bufs;
            if at < b.list.len() {
                self.at += 1;
                // Captures are few: always the best left. Quiet moves and evasions: the best
                // left for the first few, then the rest sorted in one go.
                let (m, score) = if self.stage == Stage::Captures || at < SORT_AFTER {
                    pick(&mut b.list, &mut b.keys, at)
                } else {
                    if at == SORT_AFTER {
                        b.sort_rest(at);
                    }
                    (b.list[at], key_score(b.keys[at]))
                };
                return Some(self.hand(m, score));
            }
            if self.stage != Stage::Captures {
                return None;
            }
            self.stage = Stage::Killers;
            self.at = 0;
        }
    }

    /// The next of the killers and the counter move that is a legal quiet move here and not
    /// handed out before, with the score [`order`] gives it.
    fn next_killer(
        &mut self,
        pos: &mut Position,
        ordering: &MoveOrder<'_>,
    ) -> Option<(usize, Move, i32)> {
        while self.at < 3 {
            let (candidate, score) = match self.at {
                0 => (ordering.killers[0], KILLER_SCORE + 1),
                1 => (ordering.killers[1], KILLER_SCORE),
                _ => (ordering.counter, COUNTER_SCORE),
            };
            self.at += 1;
            let Some(m) = candidate else { continue };
            let (handed, n) = self.killers;
            if Some(m) == self.hash
                || handed[..n].contains(&m)
                // A capture here, handed out with the captures if legal.
                || pos.codes()[m.to.index()] != 0
                || !self.is_legal(pos, m)
            {
                continue;
            }
            self.killers.0[n] = m;
            self.killers.1 += 1;
            return Some(self.hand(m, score));
        }
        None
    }

    /// The move to be handed out after this one, where it is known already (the sorted rest
    /// of the quiet moves or of the evasions).
    pub(super) fn peek(&self) -> Option<Move> {
        let sorted = self.stage != Stage::Captures && self.stage != Stage::Killers;
        (sorted && self.at > SORT_AFTER && self.at < self.bufs.list.len())
            .then(|| self.bufs.list[self.at])
    }

    fn hand(&mut self, m: Move, score: i32) -> (usize, Move, i32) {
        self.handed += 1;
        (self.handed - 1, m, score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_rules::random_positions;

    /// Every move the picker hands out at `pos` (out of check), with its score.
    fn handed(pos: &mut Position, hash: Option<Move>, ordering: MoveOrder<'_>) -> Vec<(Move, i32)> {
        let mut picker = MovePicker::new(pos, hash, false, BufferPool::default().take());
        picker.score(pos, hash, ordering);
        let mut out = Vec::new();
        while let Some((i, m, score)) = picker.next(pos, || ordering, false) {
            assert_eq!(i, out.len());
            out.push((m, score));
        }
        out
    }

    #[test]
    fn killers_come_after_the_captures_before_the_other_quiet_moves_and_only_once() {
        let history = History::new();
        let mut tried = 0;
        for mut pos in random_positions(20, 80) {
            if pos.is_check() {
                continue;
            }
            let legal = pos.legal_moves();
            let cells = *pos.codes();
            let quiet: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| cells[m.to.index()] == 0)
                .collect();
            let capture = legal.iter().copied().find(|m| cells[m.to.index()] != 0);
            // A legal quiet move, a capture (a killer elsewhere, taken with the captures
            // here), and a move no piece of the side to move makes.
            let killer = quiet.get(tried % quiet.len().max(1)).copied();
            let mut other = pos.clone();
            other.make_null();
            let stranger = other.legal_moves().first().copied();
            let hash = quiet.last().copied().filter(|_| tried % 3 == 0);
            let ordering = MoveOrder {
                killers: [killer, capture],
                counter: stranger,
                context: None,
                history: &history,
            };
            let moves = handed(&mut pos, hash, ordering);
            let mut seen: Vec<Move> = moves.iter().map(|&(m, _)| m).collect();
            seen.sort_unstable();
            let mut all: Vec<Move> = legal.iter().copied().collect();
            all.sort_unstable();
            assert_eq!(seen, all, "every legal move once, in {pos:?}");
            let captures = moves
                .iter()
                .filter(|(m, _)| cells[m.to.index()] != 0)
                .count();
            let first = usize::from(hash.is_some());
            // The hash move (a quiet one) first, then every capture.
            for (k, &(m, _)) in moves[first..first + captures].iter().enumerate() {
                assert!(cells[m.to.index()] != 0, "capture {k} in {pos:?}");
            }
            if let Some(k) = killer.filter(|&k| Some(k) != hash) {
                assert_eq!(moves[first + captures], (k, KILLER_SCORE + 1), "in {pos:?}");
                tried += 1;
            }
        }
        assert!(tried > 500, "{tried}");
    }
}

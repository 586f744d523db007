//! The searcher: iterative deepening over a principal variation search with a transposition
//! table, null move and late-move reductions, check and single-reply extensions, a quiescence
//! search of captures, quiet checks (at its first ply) and check evasions, and repetition
//! found on a stack of Zobrist keys.

use super::eval::{VALUE, evaluate};
use super::limits::{Deadlines, Limits};
use super::repetition::{Verdict, judge};
use super::tt::{Bound, Hit, Table};
use crate::role::code::{CANNON, CHARIOT, HORSE, SOLDIER, role_of};
use crate::tables::HORSE_ATTACKS;
use crate::{Game, MOVE_LIMIT_PLIES, Move, MoveList, Position};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Deepest ply the search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 128;
/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A win by the repetition rules (the opponent's perpetual check): sure, but not a mate.
const RULE_WIN: i32 = 20_000;
const INFINITY: i32 = 32_000;

/// A score from the side to move's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns: a soldier is about 100, a chariot about 1000.
    Cp(i32),
    /// Mate in this many moves (the mating side's moves); negative when the side to move is
    /// mated.
    Mate(i32),
}

impl Score {
    pub(crate) fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }

    /// The same score seen from the other side.
    #[must_use]
    pub fn negate(self) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(-c),
            Score::Mate(m) => Score::Mate(-m),
        }
    }
}

/// UCI form: `cp 35`, `mate 3`, `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// What a search reports after each completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Plies searched at full width.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    /// Since the search started.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
}

impl Info {
    /// Nodes per second so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move (it has lost).
    pub best: Option<Move>,
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// The answer for a side without a legal move: it has lost.
    pub(crate) fn no_move() -> SearchResult {
        SearchResult {
            best: None,
            score: Score::Mate(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        }
    }

    /// The move the engine expects in reply (`ponder` in UCI).
    #[must_use]
    pub fn ponder(&self) -> Option<Move> {
        self.pv.get(1).copied()
    }
}

/// An alpha-beta searcher with its own transposition table. One search at a time; keep it
/// between searches of a game so what it learned carries over.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use xiangqi::{Game, Position};
/// use xiangqi::engine::{Limits, Score, Searcher};
/// // Red mates at once: the chariot checks along the d file; the general cannot step onto
/// // the e file, where it would face red's.
/// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap();
/// let mut searcher = Searcher::new(16);
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let result = searcher.search(&Game::new(pos), &limits, &AtomicBool::new(false), |_| {});
/// assert_eq!(result.best.unwrap().to_string(), "a0d0");
/// assert_eq!(result.score, Score::Mate(1));
/// ```
#[derive(Debug)]
pub struct Searcher {
    tt: Table,
    /// Quiet-move history by piece code and destination.
    history: Box<[[i32; 90]; 16]>,
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 1]>,
    /// Keys of the positions since the last capture: the game's, then the search's.
    keys: Vec<u64>,
    /// For each key but the first: the move that led to it (a null move's is never read).
    moves: Vec<Move>,
    /// No repetition is looked for below this index (positions before a null move).
    floor: usize,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    deadlines: Deadlines,
    node_limit: u64,
    noise: i32,
    seed: u64,
}

/// Moves picked one by one (best remaining first) before the rest of a node's list is
/// sorted in one go.
const SORT_AFTER: usize = 4;

/// Late-move reductions by depth and move number.
fn reduction(depth: i32, moves: usize) -> i32 {
    let d = f64::from(depth.max(1)).ln();
    let m = (moves.max(1) as f64).ln();
    (0.7 + d * m / 3.0) as i32
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` mebibytes.
    #[must_use]
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Table::new(hash_mb),
            history: Box::new([[0; 90]; 16]),
            killers: Box::new([[None; 2]; MAX_PLY + 1]),
            keys: Vec::with_capacity(512),
            moves: Vec::with_capacity(512),
            floor: 0,
            pv: Box::new([[Move::default(); MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            stopped: false,
            deadlines: Deadlines {
                soft: None,
                hard: None,
            },
            node_limit: u64::MAX,
            noise: 0,
            seed: 0,
        }
    }

    /// Replaces the transposition table with one of about `hash_mb` mebibytes.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = Table::new(hash_mb);
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| h.fill(0));
    }

    /// Searches the current position of `game` (its earlier positions count for repetition)
    /// within `limits`, until `stop` becomes true or a limit is reached. `on_info` hears about
    /// each completed depth. Always returns a legal move when there is one, even if stopped at
    /// once.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let mut pos = game.position().clone();
        self.prepare(game, limits, start);

        let mut root_moves = MoveList::new();
        pos.legal_moves_into(&mut root_moves);
        let mut result = SearchResult::no_move();
        if root_moves.is_empty() {
            return result;
        }
        // Something legal to play even if stopped before depth 1 ends.
        let hash_move = self.tt.probe(pos.key()).and_then(|h| h.mv);
        result.best = hash_move
            .filter(|m| root_moves.contains(m))
            .or(Some(root_moves[0]));
        result.pv = result.best.into_iter().collect();
        result.score = Score::Cp(0);

        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 8, |d| {
            (d.max(1) as i32).min(MAX_PLY as i32 - 8)
        });
        let in_check = pos.is_check();
        let mut score: i32 = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            // Aspiration window around the last score, widened on failure.
            let mut delta = 35;
            let (mut alpha, mut beta) = if depth >= 4 && score.abs() < RULE_WIN {
                (score - delta, score + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            loop {
                let s = self.negamax(&mut pos, depth, alpha, beta, 0, in_check, stop, true);
                if self.stopped {
                    break;
                }
                if s <= alpha {
                    alpha = (s - delta).max(-INFINITY);
                    beta = (alpha + beta) / 2;
                } else if s >= beta {
                    beta = (s + delta).min(INFINITY);
                } else {
                    score = s;
                    break;
                }
                delta += delta / 2 + 10;
                if delta > 1000 {
                    (alpha, beta) = (-INFINITY, INFINITY);
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
            if let Some(&first) = pv.first() {
                result.best = Some(first);
                result.pv = pv;
            }
            result.score = Score::from_internal(score);
            result.depth = depth as u32;
            let info = Info {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                score: result.score,
                nodes: self.nodes,
                time: start.elapsed(),
                pv: result.pv.clone(),
                hashfull: self.tt.hashfull(),
            };
            on_info(&info);
            if self.stopped {
                break;
            }
            if let Some(soft) = self.deadlines.soft
                && Instant::now() >= soft
            {
                break;
            }
            if let (Some(n), Score::Mate(m)) = (limits.mate, result.score)
                && m > 0
                && m as u32 <= n
            {
                break;
            }
            // A forced mate found at full width will not get better.
            if score.abs() > MATE_BOUND && depth > 2 * (MATE - score.abs()) + 2 {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = start.elapsed();
        result
    }

    /// Resets the per-search state and loads the game's positions since the last capture.
    fn prepare(&mut self, game: &Game, limits: &Limits, start: Instant) {
        self.tt.new_search();
        self.nodes = 0;
        self.stopped = false;
        self.deadlines = limits.deadlines(start);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.noise = limits.noise.min(1000) as i32;
        self.seed = limits.seed;
        self.killers.fill([None; 2]);
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 4;
            }
        }
        let positions = game.positions();
        let n = positions.len();
        let since = positions[n - 1].halfmove_clock() as usize;
        self.keys.clear();
        self.moves.clear();
        let first = n - 1 - since.min(n - 1);
        for (i, p) in positions.iter().enumerate().skip(first) {
            self.keys.push(p.key());
            // moves[j] led to keys[j + 1].
            if i > first {
                self.moves.push(game.moves()[i - 1]);
            }
        }
        self.floor = 0;
    }

    /// Checks the clock, the node limit and the stop flag every 1024 nodes.
    #[inline]
    fn poll(&mut self, stop: &AtomicBool) {
        if self.nodes & 1023 == 0 {
            if stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.deadlines.hard.is_some_and(|h| Instant::now() >= h)
            {
                self.stopped = true;
            }
        } else if self.nodes >= self.node_limit {
            self.stopped = true;
        }
    }

    /// The evaluation with this search's noise added.
    fn eval(&self, pos: &Position) -> i32 {
        let e = evaluate(pos);
        if self.noise == 0 {
            return e;
        }
        let h = (pos.key() ^ self.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let spread = (2 * self.noise + 1) as u64;
        e + ((h >> 33) % spread) as i32 - self.noise
    }

    /// Has the position on top of the key stack occurred before since the last capture? Then
    /// the repetition rules say what it is worth to the side to move.
    fn repetition(&self, pos: &Position, ply: usize) -> Option<i32> {
        let n = self.keys.len() - 1;
        let reach = (pos.halfmove_clock() as usize).min(n);
        let low = (n - reach).max(self.floor);
        let key = self.keys[n];
        let mut i = n.checked_sub(4)?;
        while i >= low {
            if self.keys[i] == key {
                return Some(match judge(pos, &self.moves[i..n]) {
                    Verdict::Draw => 0,
                    Verdict::MoverWins => RULE_WIN - ply as i32,
                    Verdict::MoverLoses => -RULE_WIN + ply as i32,
                });
            }
            if i < 2 {
                break;
            }
            i -= 2;
        }
        None
    }

    fn push(&mut self, key: u64, mv: Move) {
        self.keys.push(key);
        self.moves.push(mv);
    }

    fn pop(&mut self) {
        self.keys.pop();
        self.moves.pop();
    }

    /// Move ordering scores: hash move, captures by victim then attacker, killers, history.
    fn order(&self, pos: &Position, list: &MoveList, hash: Option<Move>, ply: usize) -> [i32; 128] {
        let mut scores = [0i32; 128];
        let cells = &pos.board.cells;
        let killers = self.killers[ply];
        for (i, &m) in list.iter().enumerate() {
            let piece = cells[m.from.index()];
            let victim = cells[m.to.index()];
            scores[i] = if Some(m) == hash {
                1 << 30
            } else if victim != 0 {
                (1 << 28) + VALUE[role_of(victim) as usize] * 16
                    - VALUE[role_of(piece) as usize] / 16
            } else if Some(m) == killers[0] {
                (1 << 27) + 1
            } else if Some(m) == killers[1] {
                1 << 27
            } else {
                self.history[piece as usize][m.to.index()]
            };
        }
        scores
    }

    /// Brings the best-scored remaining move to `i`.
    #[inline]
    fn pick(list: &mut MoveList, scores: &mut [i32; 128], i: usize) -> Move {
        let mut best = i;
        for j in i + 1..list.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        list.swap(i, best);
        scores.swap(i, best);
        list[i]
    }

    /// Orders `list[from..]` by score, best first, at once: cheaper than picking one by
    /// one once the few moves likely to cut off have been tried.
    fn sort_rest(list: &mut MoveList, scores: &mut [i32; 128], from: usize) {
        let n = list.len();
        if n <= from + 1 {
            return;
        }
        let mut pairs = [(0i32, Move::default()); 128];
        for j in from..n {
            pairs[j] = (scores[j], list[j]);
        }
        pairs[from..n].sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
        for j in from..n {
            scores[j] = pairs[j].0;
            list.set(j, pairs[j].1);
        }
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child = ply + 1;
        let len = if child <= MAX_PLY {
            self.pv_len[child]
        } else {
            0
        };
        self.pv[ply][0] = m;
        for k in 0..len.min(MAX_PLY) {
            self.pv[ply][k + 1] = self.pv[child][k];
        }
        self.pv_len[ply] = (len + 1).min(MAX_PLY);
    }

    /// Does the side to move have a piece that can still force things (so that passing is not
    /// the only good move, the null move's blind spot)?
    fn has_big_pieces(pos: &Position) -> bool {
        let mut own = pos.occupied[pos.turn.index()];
        while own != 0 {
            let sq = own.trailing_zeros() as usize;
            own &= own - 1;
            if matches!(role_of(pos.board.cells[sq]), CHARIOT | HORSE | CANNON) {
                return true;
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_check: bool,
        stop: &AtomicBool,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        if !root {
            self.nodes += 1;
            self.poll(stop);
            if self.stopped {
                return 0;
            }
            if let Some(s) = self.repetition(pos, ply) {
                return s;
            }
            if pos.halfmove_clock() >= MOVE_LIMIT_PLIES {
                return 0;
            }
            // No score can beat a mate already found closer to the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 8 {
            return self.eval(pos);
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, in_check, 0, stop);
        }
        self.seldepth = self.seldepth.max(ply);

        let key = pos.key();
        let hit = self.tt.probe(key);
        let mut hash_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
            && let Some(s) = cutoff(h, alpha, beta, ply)
        {
            return s;
        }

        // Out of check, a legal hash move is tried before the other moves are generated: it
        // often settles the node alone. Without one, the moves are generated now, and in check
        // always, to see whether there is only one reply.
        let first = if in_check {
            None
        } else {
            hash_move.filter(|&m| pos.is_legal(m))
        };
        let mut list = MoveList::new();
        let mut generated = first.is_none();
        if generated {
            pos.legal_moves_into(&mut list);
            if in_check && list.len() == 1 {
                depth += 1;
            }
            if list.is_empty() {
                // Checkmated or without a legal move: in xiangqi both lose. Looked at
                // before any pruning, so that a move leaving the opponent no move is never
                // missed.
                return -MATE + ply as i32;
            }
        }

        // Set when passing would get this side mated: its quiet moves are then neither pruned
        // nor reduced, since the one that parries the threat may look like nothing.
        let mut threatened = false;
        let static_eval = if in_check || pv_node {
            -INFINITY
        } else {
            self.eval(pos)
        };
        if !pv_node && !in_check {
            // Reverse futility: far above beta with little depth left.
            if depth <= 3 && static_eval - 110 * depth >= beta && beta.abs() < RULE_WIN {
                return static_eval;
            }
            // Null move: if passing still beats beta, a real move will.
            if null_ok && depth >= 3 && static_eval >= beta && Self::has_big_pieces(pos) {
                let r = 2 + depth / 6;
                pos.make_null();
                self.push(pos.key(), Move::default());
                let floor = self.floor;
                self.floor = self.keys.len() - 1;
                let s = -self.negamax(
                    pos,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    stop,
                    false,
                );
                self.floor = floor;
                self.pop();
                pos.unmake_null();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s > MATE_BOUND { beta } else { s };
                }
                threatened = s < -MATE_BOUND;
            }
        }

        // Internal iterative deepening: a principal variation node without a move to try
        // first finds one with a shallower search.
        if pv_node && hash_move.is_none() && depth >= 5 {
            self.negamax(pos, depth - 3, alpha, beta, ply, in_check, stop, null_ok);
            if self.stopped {
                return 0;
            }
            hash_move = self.tt.probe(key).and_then(|h| h.mv);
        }

        let mut scores = if generated {
            self.order(pos, &list, hash_move, ply)
        } else {
            [0; 128]
        };
        let mut best = -INFINITY;
        let mut best_move = None;
        let original_alpha = alpha;
        let mut quiets_tried: [Move; 64] = [Move::default(); 64];
        let mut n_quiets = 0;
        // Moves tried before the list was generated (the hash move), not in it.
        let offset = usize::from(!generated);
        let mut next = 0;
        loop {
            let i = next;
            next += 1;
            let m = if let (0, false, Some(h)) = (i, generated, first) {
                h
            } else {
                if !generated {
                    pos.legal_moves_into(&mut list);
                    if let Some(h) = first
                        && let Some(at) = list.iter().position(|&x| x == h)
                    {
                        let last = list.len() - 1;
                        list.swap(at, last);
                        list.truncate(last);
                    }
                    scores = self.order(pos, &list, None, ply);
                    generated = true;
                }
                let at = i - offset;
                if at >= list.len() {
                    break;
                }
                if at < SORT_AFTER {
                    Self::pick(&mut list, &mut scores, at)
                } else {
                    if at == SORT_AFTER {
                        Self::sort_rest(&mut list, &mut scores, at);
                    }
                    list[at]
                }
            };
            let ordered = if i >= offset {
                scores[i - offset]
            } else {
                1 << 30
            };
            let piece = pos.board.cells[m.from.index()];
            let capture = pos.board.cells[m.to.index()] != 0;
            let undo = pos.make_move(m);
            let gives_check = pos.is_check();
            let quiet = !capture && !gives_check;
            // Futility and late-move pruning of quiet moves near the leaves.
            let prunable = !root
                && !pv_node
                && !in_check
                && !threatened
                && quiet
                && i > 0
                && best > -MATE_BOUND;
            if prunable
                && ((depth <= 2 && static_eval + 90 + 110 * depth <= alpha)
                    || (depth <= 3 && n_quiets as i32 >= 4 + 4 * depth * depth))
            {
                pos.unmake_move(m, undo);
                continue;
            }
            self.push(pos.key(), m);
            let new_depth = depth - 1;
            // The child searched with the window (a, b) from this node's view.
            let child = |me: &mut Self, pos: &mut Position, d: i32, a: i32, b: i32| {
                -me.negamax(pos, d, -b, -a, ply + 1, gives_check, stop, true)
            };
            let s = if i == 0 {
                child(self, pos, new_depth, alpha, beta)
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && !in_check && !threatened && i >= 3 {
                    r = reduction(depth, i) - i32::from(pv_node);
                    if ordered >= 1 << 27 {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = child(self, pos, new_depth - r, alpha, alpha + 1);
                if s > alpha && r > 0 {
                    s = child(self, pos, new_depth, alpha, alpha + 1);
                }
                if s > alpha && s < beta {
                    s = child(self, pos, new_depth, alpha, beta);
                }
                s
            };
            self.pop();
            pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = Some(m);
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        if !capture {
                            self.reward(piece, m, depth, ply, &quiets_tried[..n_quiets], pos);
                        }
                        break;
                    }
                }
            }
            if !capture && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, score_to_tt(best, ply), depth, bound);
        best
    }

    /// A quiet move caused a cutoff: remember it as a killer and in the history, and count
    /// against the quiet moves tried before it.
    fn reward(
        &mut self,
        piece: u8,
        m: Move,
        depth: i32,
        ply: usize,
        tried: &[Move],
        pos: &Position,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = depth * depth;
        let h = &mut self.history[piece as usize][m.to.index()];
        *h = (*h + bonus).min(1 << 26);
        for &q in tried {
            let p = pos.board.cells[q.from.index()];
            let h = &mut self.history[p as usize][q.to.index()];
            *h = (*h - bonus).max(-(1 << 26));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qply: u32,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        self.nodes += 1;
        self.poll(stop);
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return self.eval(pos);
        }
        // Evasions only for the first plies of quiescence, so checks cannot go on forever.
        let evasions = in_check && qply < 6;
        let mut best = -INFINITY;
        let mut stand = 0;
        let mut list = MoveList::new();
        if evasions {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                return -MATE + ply as i32;
            }
        } else {
            stand = self.eval(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            pos.legal_captures_into(&mut list);
        }
        let mut scores = self.order(pos, &list, None, ply);
        for i in 0..list.len() {
            let m = Self::pick(&mut list, &mut scores, i);
            let victim = pos.board.cells[m.to.index()];
            // Delta pruning: even winning this piece cannot lift the score to alpha.
            if !evasions && stand + VALUE[role_of(victim) as usize] + 150 < alpha {
                continue;
            }
            // A guarded minor piece taken by a bigger one, across the river, loses the
            // bigger piece for it: not worth looking at here, unless it gives check.
            let bad = !evasions && bad_capture(pos, m, victim);
            let undo = pos.make_move(m);
            let gives_check = pos.is_check();
            if bad && !gives_check {
                pos.unmake_move(m, undo);
                continue;
            }
            let s = -self.quiesce(pos, -beta, -alpha, ply + 1, gives_check, qply + 1, stop);
            pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if self.raise(s, m, ply, &mut best, &mut alpha, beta) {
                return best;
            }
        }
        if !evasions && qply == 0 {
            return self.quiet_checks(pos, alpha, beta, best, ply, stop);
        }
        best
    }

    /// Takes in the score `s` of move `m` at a quiescence node: raises `best` and `alpha` and
    /// the principal variation. True when `s` reaches `beta` (the node is settled).
    fn raise(
        &mut self,
        s: i32,
        m: Move,
        ply: usize,
        best: &mut i32,
        alpha: &mut i32,
        beta: i32,
    ) -> bool {
        if s > *best {
            *best = s;
            if s > *alpha {
                *alpha = s;
                self.update_pv(ply, m);
            }
        }
        s >= beta
    }

    /// The quiet moves that give check, searched at the first ply of quiescence so that a
    /// mate or a fork begun by a check is not missed at the horizon.
    fn quiet_checks(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        mut best: i32,
        ply: usize,
        stop: &AtomicBool,
    ) -> i32 {
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        for &m in list.iter() {
            if !may_give_check(pos, m) {
                continue;
            }
            let undo = pos.make_move(m);
            if !pos.is_check() {
                pos.unmake_move(m, undo);
                continue;
            }
            let s = -self.quiesce(pos, -beta, -alpha, ply + 1, true, 1, stop);
            pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if self.raise(s, m, ply, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }
}

/// Could the quiet move `m` give check? A cheap filter before playing it out: a chariot or
/// cannon landing on the enemy general's file or rank, a horse on a point it attacks the
/// general from, a soldier beside it. (Discovered checks are left out.)
fn may_give_check(pos: &Position, m: Move) -> bool {
    let (from, to) = (m.from.index(), m.to.index());
    if pos.board.cells[to] != 0 {
        return false;
    }
    let g = pos.generals[pos.turn.other().index()] as usize;
    let (gf, gr, tf, tr) = (g % 9, g / 9, to % 9, to / 9);
    match role_of(pos.board.cells[from]) {
        CHARIOT | CANNON => tf == gf || tr == gr,
        HORSE => {
            let ha = &HORSE_ATTACKS[g];
            ha.to[..ha.len as usize].contains(&(to as u8))
        }
        SOLDIER => tf.abs_diff(gf) + tr.abs_diff(gr) == 1,
        _ => false,
    }
}

/// Does `m` (a capture of `victim`) give a piece for less? The victim is a soldier, advisor
/// or elephant guarded by its side, taken by something worth more, away from the mover's
/// own half (where taking an intruder is often right even at a loss).
fn bad_capture(pos: &Position, m: Move, victim: u8) -> bool {
    let attacker = pos.board.cells[m.from.index()];
    let (a, v) = (
        VALUE[role_of(attacker) as usize],
        VALUE[role_of(victim) as usize],
    );
    if a <= v || v >= VALUE[HORSE as usize] {
        return false;
    }
    let to = m.to.index();
    let own_half = match pos.turn {
        crate::Color::Red => to < 45,
        crate::Color::Black => to >= 45,
    };
    !own_half && pos.attacked(to as u8, pos.turn.other())
}

/// The stored score, if its bound settles the window `alpha..beta`.
fn cutoff(h: Hit, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let s = score_from_tt(h.score, ply);
    let settles = match h.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    settles.then_some(s)
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_read_as_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 5), Score::Mate(3));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE + 4), Score::Mate(-2));
        assert_eq!(Score::from_internal(123), Score::Cp(123));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
    }

    #[test]
    fn quiescence_sees_a_mate_begun_by_a_quiet_check() {
        // a0d0 mates: the chariot checks along the d file and the general cannot step onto
        // the e file, where it would face red's. No capture leads there.
        let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").expect("test FEN is valid");
        let mut searcher = Searcher::new(1);
        let stop = AtomicBool::new(false);
        let s = searcher.quiesce(&mut pos, -INFINITY, INFINITY, 0, false, 0, &stop);
        assert_eq!(s, MATE - 1);
        assert_eq!(searcher.pv[0][0].to_string(), "a0d0");
        // Deeper in quiescence only captures and evasions are looked at.
        let s = searcher.quiesce(&mut pos, -INFINITY, INFINITY, 0, false, 1, &stop);
        assert!(s < MATE_BOUND, "{s}");
    }

    #[test]
    fn a_check_with_a_single_reply_is_searched_a_ply_deeper() {
        // Black mates in 3 with checks, each leaving red one reply: e1e0 d0d1, b0b1 d1d2,
        // e0e2. A 1-ply search sees it only because each single reply extends the line.
        let pos = Position::from_fen("3ak1b2/4a3R/4b4/2p6/9/p8/9/9/2n1r4/1c1K5 b - - 1 57")
            .expect("test FEN is valid");
        let mut searcher = Searcher::new(1);
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let result = searcher.search(&Game::new(pos), &limits, &AtomicBool::new(false), |_| {});
        assert_eq!(result.score, Score::Mate(3), "{:?}", result.pv);
    }
}

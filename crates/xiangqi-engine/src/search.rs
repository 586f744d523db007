//! The searcher: iterative deepening over a principal variation search with a transposition
//! table, null move and late-move reductions, check and single-reply extensions, a quiescence
//! search of captures, quiet checks (at its first ply) and check evasions, and repetition
//! found on a stack of Zobrist keys.

mod history;
mod node;
mod picker;
mod pruning;
mod quiesce;
mod root;
mod threads;

pub use threads::MAX_THREADS;

use super::eval::{EvalCache, Material, evaluate_with};
use super::limits::{Deadlines, Limits};
use super::repetition::{Verdict, judge};
use super::result::{MATE, MAX_PLY};
use super::tt::{Bound, Table};
use history::{Context, History};
use node::{Early, Node, cutoff, score_to_tt};
use picker::{BufferPool, COUNTER_SCORE, MoveOrder, MovePicker};
use pruning::{PRUNE_UNPLAYED, reduction};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use xiangqi_rules::role::code::{HORSE, color_of, role_of};
use xiangqi_rules::tables::{CHECK_POINTS, HORSE_SOURCE, ON_LINES, ON_LINES_OR_LEGS};
use xiangqi_rules::{Game, MOVE_LIMIT_PLIES, Move, Position};

/// A win by the repetition rules (the opponent's perpetual check): sure, but not a mate.
const RULE_WIN: i32 = 20_000;
const INFINITY: i32 = 32_000;

/// An alpha-beta searcher with its own transposition table. One search at a time; keep it
/// between searches of a game so what it learned carries over.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use xiangqi_rules::{Game, Position};
/// use xiangqi_engine::{Limits, Score, Searcher};
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
    /// Shared with the helper threads (Lazy SMP).
    tt: Arc<Table>,
    /// What orders quiet moves: histories and counter moves.
    history: History,
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 1]>,
    /// The evaluation's material of the position at each ply of the line being searched.
    material: Box<[Material; MAX_PLY + 2]>,
    /// Evaluations by key (the same position is often met again in quiescence).
    eval_cache: EvalCache,
    /// Move lists for the nodes to fill.
    buffers: BufferPool,
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
    /// When the clock of the deadlines started (the search's start, or `ponderhit`).
    clock_start: Instant,
    node_limit: u64,
    noise: i32,
    seed: u64,
    /// Root moves not searched: the first moves of the principal variations already found
    /// at this depth (MultiPV).
    excluded: Vec<Move>,
    /// The root move to try first instead of the table's (the line's move at the last
    /// depth, MultiPV).
    root_first: Option<Move>,
    /// The searchers of the helper threads (Lazy SMP): one fewer than the threads.
    helpers: Vec<Searcher>,
    /// 0 for the main thread, which alone reports and decides when to stop; from 1 for a
    /// helper.
    id: usize,
    /// Nodes the helpers have searched in this search, published a thousand at a time.
    helper_nodes: Arc<AtomicU64>,
    /// While this is set the search is pondering: no clock runs. When it is cleared (the
    /// opponent played the move pondered on) the clock of `ponder_limits` starts.
    ponder: Option<Arc<AtomicBool>>,
    ponder_limits: Limits,
}

/// Could `m` give check? Never no for a move that does, and cheap enough to ask before
/// playing it: a check comes from a chariot, cannon, soldier or general on the enemy
/// general's file or rank — so the move starts or ends on one (moving the attacker there,
/// opening the line, or adding or taking away a cannon's screen) — or from a horse, which
/// lands on a point it attacks the general from or uncovers its leg.
/// `piece` is the one moving; asked before or after the move is played.
#[inline(always)]
fn could_give_check(pos: &Position, m: Move, piece: u8) -> bool {
    let g = pos.general_points()[color_of(piece) ^ 1] as usize;
    let points = &CHECK_POINTS[g];
    let lands = if role_of(piece) == HORSE {
        ON_LINES | HORSE_SOURCE
    } else {
        ON_LINES
    };
    points[m.from.index()] & ON_LINES_OR_LEGS != 0 || points[m.to.index()] & lands != 0
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` mebibytes.
    #[must_use]
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Arc::new(Table::new(hash_mb)),
            history: History::new(),
            killers: Box::new([[None; 2]; MAX_PLY + 1]),
            material: Box::new([Material::default(); MAX_PLY + 2]),
            eval_cache: EvalCache::default(),
            buffers: BufferPool::default(),
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
            clock_start: Instant::now(),
            node_limit: u64::MAX,
            noise: 0,
            seed: 0,
            excluded: Vec::with_capacity(16),
            root_first: None,
            helpers: Vec::new(),
            id: 0,
            helper_nodes: Arc::new(AtomicU64::new(0)),
            ponder: None,
            ponder_limits: Limits::default(),
        }
    }

    /// Replaces the transposition table with one of about `hash_mb` mebibytes.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = Arc::new(Table::new(hash_mb));
        for h in &mut self.helpers {
            h.tt = Arc::clone(&self.tt);
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        for s in &mut self.helpers {
            s.history.clear();
        }
    }

    /// Resets the per-search state and loads the game's positions since the last capture.
    fn prepare(&mut self, game: &Game, limits: &Limits, start: Instant) {
        self.nodes = 0;
        self.stopped = false;
        self.ponder_limits = *limits;
        self.clock_start = start;
        self.deadlines = if self.ponder.is_some() {
            Deadlines {
                soft: None,
                hard: None,
            }
        } else {
            limits.deadlines(start)
        };
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.noise = limits.noise.min(1000) as i32;
        self.seed = limits.seed;
        self.killers.fill([None; 2]);
        self.history.age();
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

    /// Checks the clock, the node limit (of all threads) and the stop flag every 1024
    /// nodes, the node limit of this thread at every node.
    #[inline(always)]
    fn poll(&mut self, stop: &AtomicBool) {
        if self.nodes & 1023 == 0 {
            self.poll_now(stop);
        } else if self.nodes >= self.node_limit {
            self.stopped = true;
        }
    }

    /// The every-1024-nodes part of [`Searcher::poll`].
    #[cold]
    fn poll_now(&mut self, stop: &AtomicBool) {
        if self.id > 0 {
            self.helper_nodes.fetch_add(1024, Ordering::Relaxed);
        }
        self.check_ponderhit();
        if stop.load(Ordering::Relaxed)
            || self.total_nodes() >= self.node_limit
            || self.deadlines.hard.is_some_and(|h| Instant::now() >= h)
        {
            self.stopped = true;
        }
    }

    /// The nodes of this search: this thread's, and the helpers' if it is the main one.
    fn total_nodes(&self) -> u64 {
        if self.id == 0 {
            self.nodes + self.helper_nodes.load(Ordering::Relaxed)
        } else {
            self.nodes
        }
    }

    /// Once the pondering flag is cleared (`ponderhit`), the clock starts: from now.
    fn check_ponderhit(&mut self) {
        if let Some(p) = &self.ponder
            && !p.load(Ordering::Relaxed)
        {
            self.ponder = None;
            self.clock_start = Instant::now();
            self.deadlines = self.ponder_limits.deadlines(self.clock_start);
        }
    }

    /// The evaluation of `pos`, at `ply` of the line, with this search's noise added.
    fn eval(&mut self, pos: &Position, ply: usize) -> i32 {
        let material = &self.material[ply];
        let e = self
            .eval_cache
            .get_or(pos.key(), || evaluate_with(pos, material));
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

    /// The principal variation search of `node`: its score from the side to move's view,
    /// 0 if stopped.
    fn negamax(&mut self, pos: &mut Position, mut node: Node, stop: &AtomicBool) -> i32 {
        self.pv_len[node.ply] = 0;
        if node.ply == 0 {
            self.material[0] = Material::of(pos);
        }
        if let Some(s) = self.enter(pos, &mut node, stop) {
            return s;
        }
        if node.ply >= MAX_PLY - 8 {
            return self.eval(pos, node.ply);
        }
        if node.in_check {
            node.depth += 1;
        }
        if node.depth <= 0 {
            return self.quiesce(pos, node.alpha, node.beta, node.ply, node.in_check, 0, stop);
        }
        self.seldepth = self.seldepth.max(node.ply);

        let key = pos.key();
        let hit = self.tt.probe(key);
        let mut hash_move = hit.and_then(|h| h.mv);
        if node.ply == 0 && self.root_first.is_some() {
            hash_move = self.root_first;
        }
        if let Some(h) = hit
            && !node.pv
            && h.depth >= node.depth
            && let Some(s) = cutoff(h, node.alpha, node.beta, node.ply)
        {
            return s;
        }

        let bufs = self.buffers.take();
        let mut picker = MovePicker::new(pos, hash_move, node.in_check, bufs);
        let s = self.search_node(pos, &mut node, &mut picker, hash_move, stop);
        self.buffers.give(picker.into_buffers());
        s
    }

    /// The rest of [`Searcher::negamax`] once the node's moves have a picker (and the table
    /// no cutoff): pruning, then the moves, then the table's entry.
    fn search_node(
        &mut self,
        pos: &mut Position,
        node: &mut Node,
        picker: &mut MovePicker,
        mut hash_move: Option<Move>,
        stop: &AtomicBool,
    ) -> i32 {
        let key = pos.key();
        if node.in_check && picker.replies() == Some(1) {
            // A check that leaves one reply: part of a forcing line, a ply deeper.
            node.depth += 1;
        }
        if picker.replies() == Some(0) {
            // Checkmated or without a legal move: in xiangqi both lose. Looked at before any
            // pruning, so that a move leaving the opponent no move is never missed.
            return -MATE + node.ply as i32;
        }
        let static_eval = if node.in_check || node.pv {
            -INFINITY
        } else {
            self.eval(pos, node.ply)
        };
        let threatened = match self.prune_before_moves(pos, node, static_eval, stop) {
            Early::Cut(s) => return s,
            Early::Search { threatened } => threatened,
        };

        // Internal iterative deepening: a principal variation node without a move to try
        // first finds one with a shallower search.
        if node.pv && hash_move.is_none() && node.depth >= 5 {
            let shallower = Node::new(
                node.depth - 3,
                node.alpha,
                node.beta,
                node.ply,
                node.in_check,
                node.null_ok,
            );
            self.negamax(pos, shallower, stop);
            if self.stopped {
                return 0;
            }
            hash_move = self.tt.probe(key).and_then(|h| h.mv);
        }
        picker.score(pos, hash_move, self.ordering(pos, node.ply));

        let original_alpha = node.alpha;
        let Some((best, best_move)) =
            self.search_moves(pos, node, picker, static_eval, threatened, stop)
        else {
            return 0;
        };
        if node.ply == 0 && !self.excluded.is_empty() {
            // The best of some root moves only: not what the position is worth.
            return best;
        }
        let bound = if best >= node.beta {
            Bound::Lower
        } else if node.alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move,
            score_to_tt(best, node.ply),
            node.depth,
            bound,
        );
        best
    }

    /// What every node but the root does first: counts itself, looks at the clock, and
    /// settles at once a repetition, the move limit, or a window no score can fall in now
    /// that a mate closer to the root is known (narrowing `node`'s window to that).
    fn enter(&mut self, pos: &Position, node: &mut Node, stop: &AtomicBool) -> Option<i32> {
        if node.ply == 0 {
            return None;
        }
        // A node visited after the search has stopped is not counted: `go nodes` is exact.
        if self.stopped {
            return Some(0);
        }
        // A node at the horizon is counted once, by the quiescence search it goes on to.
        if node.depth + i32::from(node.in_check) > 0 {
            self.nodes += 1;
            self.poll(stop);
            if self.stopped {
                return Some(0);
            }
        }
        if let Some(s) = self.repetition(pos, node.ply) {
            return Some(s);
        }
        if pos.halfmove_clock() >= MOVE_LIMIT_PLIES {
            return Some(0);
        }
        // No score can beat a mate already found closer to the root.
        node.alpha = node.alpha.max(-MATE + node.ply as i32);
        node.beta = node.beta.min(MATE - node.ply as i32 - 1);
        (node.alpha >= node.beta).then_some(node.alpha)
    }

    /// Searches the moves of `node` in the picker's order, raising its window: the best
    /// score and move, or `None` if stopped.
    fn search_moves(
        &mut self,
        pos: &mut Position,
        node: &mut Node,
        picker: &mut MovePicker,
        static_eval: i32,
        threatened: bool,
        stop: &AtomicBool,
    ) -> Option<(i32, Option<Move>)> {
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = [(0u8, Move::default()); 64];
        let mut n_quiets = 0;
        // Root moves left out (MultiPV): the others are numbered as if they were not there.
        let mut skipped = 0;
        // The last move is the same for every move of the node.
        let context = History::context(pos, self.moves.last());
        loop {
            let futile = Self::futile(node, static_eval, threatened, best);
            let ordering = || self.ordering_after(context, node.ply);
            let Some((i, m, ordered)) = picker.next(pos, ordering, futile) else {
                break;
            };
            if node.ply == 0 && self.excluded.contains(&m) {
                skipped += 1;
                continue;
            }
            let i = i - skipped;
            let piece = pos.codes()[m.from.index()];
            let victim = pos.codes()[m.to.index()];
            let capture = victim != 0;
            let depth = node.depth;
            // Futility and late-move pruning of quiet moves near the leaves (a move giving
            // check is never pruned). Only a mate beats a mate score: no margin says a quiet
            // move cannot.
            let prunable = PRUNE_UNPLAYED
                && !capture
                && i > 0
                && (futile
                    || (Self::may_prune(node, threatened, best)
                        && depth <= 3
                        && n_quiets as i32 >= 4 + 4 * depth * depth));
            if prunable && !could_give_check(pos, m, piece) {
                continue;
            }
            if depth >= 2 {
                // The child will probe the table (a node at the horizon goes straight to
                // quiescence, which does not): ask for its slot while this move is played.
                self.tt.prefetch(pos.key_after(m));
                // And for the move after it, a whole search ahead.
                if let Some(next) = picker.peek() {
                    self.tt.prefetch(pos.key_after(next));
                }
            }
            let undo = pos.make_move(m);
            // Most moves cannot give check: only those that might are tested.
            let gives_check = could_give_check(pos, m, piece) && pos.gave_check(m);
            debug_assert_eq!(gives_check, pos.is_check(), "{m} in {pos:?}");
            if prunable && !gives_check {
                pos.unmake_move(m, undo);
                continue;
            }
            self.material[node.ply + 1] = self.material[node.ply].after_move(m, piece, victim);
            let quiet = !capture && !gives_check;
            self.push(pos.key(), m);
            let lmr = quiet && !node.in_check && !threatened;
            let s = self.search_move(pos, node, i, ordered, lmr, gives_check, stop);
            self.pop();
            pos.unmake_move(m, undo);
            if self.stopped {
                return None;
            }
            if s > best {
                best = s;
                if s > node.alpha {
                    best_move = Some(m);
                    node.alpha = s;
                    self.update_pv(node.ply, m);
                    if s >= node.beta {
                        if !capture {
                            self.reward(piece, m, depth, node.ply, &quiets_tried[..n_quiets], pos);
                        }
                        break;
                    }
                }
            }
            if !capture && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = (piece, m);
                n_quiets += 1;
            }
        }
        Some((best, best_move))
    }

    /// The score of the `i`-th move of `node`, just played on `pos`: the first with the
    /// whole window; the others with a null window first — late quiet ones (`lmr`) reduced
    /// by how late they come, less for a killer or on the principal variation — searched
    /// again fully only if they beat alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        pos: &mut Position,
        node: &Node,
        i: usize,
        ordered: i32,
        lmr: bool,
        gives_check: bool,
        stop: &AtomicBool,
    ) -> i32 {
        let (alpha, beta) = (node.alpha, node.beta);
        let new_depth = node.depth - 1;
        let mut child = |me: &mut Self, d: i32, a: i32, b: i32| {
            -me.negamax(pos, node.child(d, a, b, gives_check), stop)
        };
        if i == 0 {
            return child(self, new_depth, alpha, beta);
        }
        let mut r = 0;
        if node.depth >= 3 && lmr && i >= 3 {
            r = reduction(node.depth, i) - i32::from(node.pv);
            if ordered >= COUNTER_SCORE {
                r -= 1;
            } else {
                // A quiet move with a good history is reduced less. (Reducing a bad one more
                // hides quiet first moves of short mates.)
                r -= (ordered / 6000).max(0);
            }
            r = r.clamp(0, new_depth - 1);
        }
        let mut s = child(self, new_depth - r, alpha, alpha + 1);
        if s > alpha && r > 0 {
            s = child(self, new_depth, alpha, alpha + 1);
        }
        if s > alpha && s < beta {
            s = child(self, new_depth, alpha, beta);
        }
        s
    }

    /// What orders the quiet moves at `ply`, reached in `pos` by the last move of the stack.
    fn ordering(&self, pos: &Position, ply: usize) -> MoveOrder<'_> {
        self.ordering_after(History::context(pos, self.moves.last()), ply)
    }

    /// What orders the quiet moves at `ply`, reached by a last move of `context`.
    fn ordering_after(&self, context: Context, ply: usize) -> MoveOrder<'_> {
        MoveOrder {
            killers: self.killers[ply],
            counter: self.history.counter(context),
            context,
            history: &self.history,
        }
    }

    /// A quiet move caused a cutoff: remember it as a killer and in the history, and count
    /// against the quiet moves tried before it.
    fn reward(
        &mut self,
        piece: u8,
        m: Move,
        depth: i32,
        ply: usize,
        tried: &[(u8, Move)],
        pos: &Position,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let context = History::context(pos, self.moves.last());
        self.history.reward(context, piece, m, depth, tried);
    }
}

#[cfg(test)]
mod tests;

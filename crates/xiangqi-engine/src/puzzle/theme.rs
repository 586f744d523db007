//! The themes of a puzzle, found from its position and line with the rules alone: a mate in
//! N, a fork, a pin, a discovered attack, a cannon's screen set, the capture of a defender,
//! and the material it wins (a chariot, a horse, a cannon).

use super::mining::piece_worth;
use std::fmt;
use std::str::FromStr;
use xiangqi_rules::{Color, Move, MoveList, Piece, Position, PositionError, Role, Square};

/// What a puzzle is about; a puzzle may have several.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The line ends in mate after this many of the solver's moves.
    MateIn(u32),
    /// One piece attacks two that matter at once (the general, or pieces worth more than it
    /// or left undefended), and then takes one of them.
    Fork,
    /// An enemy piece cannot move without exposing its general, and is taken.
    Pin,
    /// A piece moves off a line (or a horse's leg) and uncovers another's attack: a check,
    /// or a piece then taken.
    DiscoveredAttack,
    /// A piece moves between a cannon of its side and a target, making the screen the
    /// cannon jumps to check or to take.
    CannonScreen,
    /// The piece guarding another is taken first, then the one it guarded.
    CaptureDefender,
    /// The line wins a chariot (net of what the solver gives back, and ahead overall).
    WinsChariot,
    /// The line wins a horse.
    WinsHorse,
    /// The line wins a cannon.
    WinsCannon,
}

impl Theme {
    /// The themes' names without a number, as written and as a filter accepts them (`mate`
    /// stands for every mate in N).
    pub const NAMES: [&'static str; 9] = [
        "mate",
        "fork",
        "pin",
        "discovered-attack",
        "cannon-screen",
        "capture-defender",
        "wins-chariot",
        "wins-horse",
        "wins-cannon",
    ];

    /// The name without a mate's number: `mate` for every [`Theme::MateIn`].
    #[must_use]
    pub fn family(self) -> &'static str {
        match self {
            Theme::MateIn(_) => "mate",
            Theme::Fork => "fork",
            Theme::Pin => "pin",
            Theme::DiscoveredAttack => "discovered-attack",
            Theme::CannonScreen => "cannon-screen",
            Theme::CaptureDefender => "capture-defender",
            Theme::WinsChariot => "wins-chariot",
            Theme::WinsHorse => "wins-horse",
            Theme::WinsCannon => "wins-cannon",
        }
    }

    /// Does a filter word (a family name, or a theme's full name such as `mate-in-2`) take
    /// this theme?
    #[must_use]
    pub fn matches(self, word: &str) -> bool {
        let word = word.trim().to_ascii_lowercase();
        word == self.family() || word == self.to_string()
    }
}

/// `mate-in-2`, `fork`, `wins-chariot`…
impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theme::MateIn(n) => write!(f, "mate-in-{n}"),
            other => f.write_str(other.family()),
        }
    }
}

/// A word that names no theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseThemeError(pub String);

impl fmt::Display for ParseThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a theme: expected mate-in-N or one of {}",
            self.0,
            Theme::NAMES[1..].join(", ")
        )
    }
}

impl std::error::Error for ParseThemeError {}

impl FromStr for Theme {
    type Err = ParseThemeError;

    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        if let Some(n) = s.strip_prefix("mate-in-") {
            return n
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=99).contains(n))
                .map(Theme::MateIn)
                .ok_or_else(|| ParseThemeError(s.to_string()));
        }
        const ALL: [Theme; 8] = [
            Theme::Fork,
            Theme::Pin,
            Theme::DiscoveredAttack,
            Theme::CannonScreen,
            Theme::CaptureDefender,
            Theme::WinsChariot,
            Theme::WinsHorse,
            Theme::WinsCannon,
        ];
        ALL.into_iter()
            .find(|t| t.family() == s)
            .ok_or_else(|| ParseThemeError(s.to_string()))
    }
}

/// What a piece is worth to these tests, in centipawns; the general more than all the rest.
fn worth(role: Role) -> i32 {
    if role == Role::General {
        10_000
    } else {
        piece_worth(role)
    }
}

/// The roles worth a tactic of their own: taking one is a real gain.
fn major(role: Role) -> bool {
    matches!(role, Role::Chariot | Role::Horse | Role::Cannon)
}

/// The themes of the puzzle at `start` with `line` (the solver's moves and the replies,
/// the solver's first), `after` the moves expected to follow it (the reply and the
/// solver's answer: what the line's last move leads to, for the material). Illegal moves end
/// the walk. Sorted, each once.
///
/// ```
/// use xiangqi_engine::puzzle::{Theme, themes};
/// use xiangqi_rules::{Move, Position};
/// // The horse jumps to c7, checking the general on d9 and attacking the chariot on a8;
/// // the general steps aside and the horse takes the chariot.
/// let pos = Position::from_fen("3k5/r8/9/9/1N7/9/9/9/9/5K3 w").unwrap();
/// let line: Vec<Move> = ["b5c7", "d9d8", "c7a8"].iter().map(|m| m.parse().unwrap()).collect();
/// let found = themes(&pos, &line, &[]);
/// assert!(found.contains(&Theme::Fork));
/// assert!(found.contains(&Theme::WinsChariot));
/// ```
#[must_use]
pub fn themes(start: &Position, line: &[Move], after: &[Move]) -> Vec<Theme> {
    let solver = start.turn();
    // The positions before each move of the line and what follows it, as far as legal.
    let mut positions = vec![start.clone()];
    let mut moves = Vec::new();
    for &mv in line.iter().chain(after) {
        let Some(next) = positions.last().and_then(|p| p.play(mv).ok()) else {
            break;
        };
        positions.push(next);
        moves.push(mv);
    }
    let walk = Walk {
        solver,
        positions,
        moves,
        line_len: line.len(),
    };
    let mut found = Vec::new();
    if let Some(n) = walk.mate() {
        found.push(Theme::MateIn(n));
    } else {
        found.extend(walk.material_won());
    }
    if walk.fork() {
        found.push(Theme::Fork);
    }
    if walk.pin() {
        found.push(Theme::Pin);
    }
    let (discovered, screen) = walk.uncovered();
    if discovered {
        found.push(Theme::DiscoveredAttack);
    }
    if screen {
        found.push(Theme::CannonScreen);
    }
    if walk.defender_taken() {
        found.push(Theme::CaptureDefender);
    }
    found.sort();
    found.dedup();
    found
}

/// A puzzle's line played out: `positions[i]` is the one before `moves[i]`.
struct Walk {
    solver: Color,
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// How many of `moves` are the puzzle's own (the rest follow it).
    line_len: usize,
}

impl Walk {
    /// The solver's moves: the even indices.
    fn solver_moves(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.moves.len()).step_by(2)
    }

    /// The piece standing on `sq` before move `i` (or after the last, `i` = the count).
    fn piece(&self, i: usize, sq: Square) -> Option<Piece> {
        self.positions[i].piece_at(sq)
    }

    /// Does move `i` take a piece? Which.
    fn taken(&self, i: usize) -> Option<Piece> {
        self.piece(i, self.moves[i].to)
    }

    /// The number of solver moves to mate, if the puzzle's own line ends in mate.
    fn mate(&self) -> Option<u32> {
        if self.moves.len() < self.line_len || self.line_len.is_multiple_of(2) {
            return None;
        }
        let end = &self.positions[self.line_len];
        (!end.has_legal_moves()).then(|| u32::try_from(self.line_len.div_ceil(2)).unwrap_or(0))
    }

    /// The majors won: net of those given back, when the solver comes out ahead overall.
    fn material_won(&self) -> Vec<Theme> {
        let mut net = [0i32; 7];
        let mut balance = 0;
        for i in 0..self.moves.len() {
            if let Some(p) = self.taken(i) {
                let sign = if p.color == self.solver { -1 } else { 1 };
                net[p.role.index()] += sign;
                balance += sign * worth(p.role);
            }
        }
        if balance < 150 {
            return Vec::new();
        }
        [
            (Role::Chariot, Theme::WinsChariot),
            (Role::Horse, Theme::WinsHorse),
            (Role::Cannon, Theme::WinsCannon),
        ]
        .into_iter()
        .filter(|(role, _)| net[role.index()] > 0)
        .map(|(_, theme)| theme)
        .collect()
    }

    /// A solver's move after which the piece moved attacks two targets that matter, and its
    /// next move takes one of them (or the line mates).
    fn fork(&self) -> bool {
        self.solver_moves().any(|i| {
            let to = self.moves[i].to;
            let after = &self.positions[i + 1];
            let Some(p) = after.piece_at(to) else {
                return false;
            };
            let targets: Vec<Square> = attacks_of(after, to)
                .into_iter()
                .filter(|&t| self.worth_attacking(after, p, t))
                .collect();
            targets.len() >= 2
                && self
                    .moves
                    .get(i + 2)
                    .is_some_and(|m| m.from == to && targets.contains(&m.to))
        })
    }

    /// Is the piece on `target` worth attacking with `by`: the general, or a major worth
    /// more than `by` or left undefended?
    fn worth_attacking(&self, pos: &Position, by: Piece, target: Square) -> bool {
        let Some(t) = pos.piece_at(target) else {
            return false;
        };
        t.role == Role::General
            || (major(t.role)
                && (worth(t.role) > worth(by.role) || !pos.attacked(target.index() as u8, t.color)))
    }

    /// A solver's move takes a major that could not move away: pinned to its general when
    /// the other side last had the move.
    fn pin(&self) -> bool {
        self.solver_moves().any(|j| {
            let Some(x) = self.taken(j).filter(|p| major(p.role)) else {
                return false;
            };
            // When the other side last moved (or, for the first move, the start: it left
            // the piece there).
            let before = if j == 0 { 0 } else { j - 1 };
            pinned(&self.positions[before], self.moves[j].to, x.color)
        })
    }

    /// Whether a solver's move uncovers another piece's attack (discovered) or sets a
    /// cannon's screen, each followed by a check or the target taken.
    fn uncovered(&self) -> (bool, bool) {
        let (mut discovered, mut screen) = (false, false);
        for i in self.solver_moves() {
            let mv = self.moves[i];
            let (before, after) = (&self.positions[i], &self.positions[i + 1]);
            for (q, piece) in after.board().pieces() {
                if piece.color != self.solver || q == mv.to {
                    continue;
                }
                let old = attacks_of(before, q);
                for t in attacks_of(after, q) {
                    if old.contains(&t) || !self.worth_attacking(after, piece, t) {
                        continue;
                    }
                    let check = after.piece_at(t).is_some_and(|p| p.role == Role::General);
                    let taken = self
                        .moves
                        .get(i + 2)
                        .is_some_and(|m| m.from == q && m.to == t);
                    if !(check || taken) {
                        continue;
                    }
                    if piece.role == Role::Cannon && between(q, t, mv.to) {
                        screen = true;
                    } else if opens(piece.role, q, t, mv.from) {
                        discovered = true;
                    }
                }
            }
        }
        (discovered, screen)
    }

    /// A solver's move takes a piece, and the next takes a major it alone guarded.
    fn defender_taken(&self) -> bool {
        self.solver_moves().any(|j| {
            let (Some(_), Some(next)) = (self.taken(j), self.moves.get(j + 2)) else {
                return false;
            };
            let target = next.to;
            let Some(t) = self.piece(j + 2, target).filter(|p| major(p.role)) else {
                return false;
            };
            let idx = target.index() as u8;
            // The same piece stood there, guarded, before the first capture, and stands
            // there unguarded before the second.
            self.piece(j, target) == Some(t)
                && self.positions[j].attacked(idx, t.color)
                && !self.positions[j + 2].attacked(idx, t.color)
        })
    }
}

/// The points of the enemy pieces the piece on `sq` attacks (could take, if it were its side's
/// turn, legal or not), the enemy general's included.
#[must_use]
pub fn attacks_of(pos: &Position, sq: Square) -> Vec<Square> {
    let Some(piece) = pos.piece_at(sq) else {
        return Vec::new();
    };
    let mut scratch = pos.clone();
    if piece.color != scratch.turn() {
        scratch.make_null();
    }
    let mut list = MoveList::new();
    scratch.pseudo_legal_captures_into(&mut list);
    list.iter().filter(|m| m.from == sq).map(|m| m.to).collect()
}

/// Is the piece of `color` on `sq` pinned to its general: would taking it off the board
/// leave the general attacked (or facing the other)?
#[must_use]
pub fn pinned(pos: &Position, sq: Square, color: Color) -> bool {
    if pos
        .piece_at(sq)
        .is_none_or(|p| p.color != color || p.role == Role::General)
    {
        return false;
    }
    let mut board = pos.board().clone();
    board.set(sq, None);
    // With `color` to move the position is refused only for the other general attacked,
    // which taking a piece of `color` away cannot cause.
    match Position::from_board(board, color, 0, 1) {
        Ok(p) => p.is_check(),
        Err(PositionError::GeneralsFacing { .. }) => true,
        Err(_) => false,
    }
}

/// Is `x` strictly between `a` and `b` on a file or rank?
fn between(a: Square, b: Square, x: Square) -> bool {
    let (af, ar, bf, br) = (
        a.file().index(),
        a.rank().index(),
        b.file().index(),
        b.rank().index(),
    );
    let (xf, xr) = (x.file().index(), x.rank().index());
    let inside = |lo: u8, hi: u8, v: u8| lo.min(hi) < v && v < lo.max(hi);
    (af == bf && xf == af && inside(ar, br, xr)) || (ar == br && xr == ar && inside(af, bf, xf))
}

/// Did a piece leaving `from` open the attack of a `role` on `q` against `t`: `from` on the
/// line between (a chariot, a cannon whose second piece it was) or on the horse's leg?
fn opens(role: Role, q: Square, t: Square, from: Square) -> bool {
    match role {
        Role::Chariot | Role::Cannon | Role::General | Role::Soldier => between(q, t, from),
        Role::Horse => horse_leg(q, t) == Some(from),
        Role::Advisor | Role::Elephant => false,
    }
}

/// The leg a horse on `q` must have free to reach `t`, if `t` is a horse's move away.
fn horse_leg(q: Square, t: Square) -> Option<Square> {
    let df = i8::try_from(t.file().index()).ok()? - i8::try_from(q.file().index()).ok()?;
    let dr = i8::try_from(t.rank().index()).ok()? - i8::try_from(q.rank().index()).ok()?;
    match (df.abs(), dr.abs()) {
        (2, 1) => q.offset(df / 2, 0),
        (1, 2) => q.offset(0, dr / 2),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The themes of `line` (ICCS words) from `fen`, nothing after it.
    fn found(fen: &str, line: &str) -> Vec<Theme> {
        let pos = Position::from_fen(fen).expect("test position");
        let moves: Vec<Move> = line
            .split_whitespace()
            .map(|m| m.parse().expect("test move"))
            .collect();
        themes(&pos, &moves, &[])
    }

    #[test]
    fn a_piece_that_cannot_leave_its_general_and_is_taken_is_a_pin() {
        let pinned_horse = found("4k4/9/4n4/9/9/9/9/9/4R4/3K5 w", "e1e7");
        assert_eq!(pinned_horse, vec![Theme::Pin, Theme::WinsHorse]);
        // The same horse off its general's file is merely taken.
        let free_horse = found("3k5/9/4n4/9/9/9/9/9/4R4/4K4 w", "e1e7");
        assert_eq!(free_horse, vec![Theme::WinsHorse]);
    }

    #[test]
    fn a_horse_stepping_off_the_file_uncovers_the_chariots_check() {
        let t = found("4k4/9/9/9/4N4/9/9/4R4/9/3K5 w", "e5g6");
        assert_eq!(t, vec![Theme::DiscoveredAttack]);
    }

    #[test]
    fn a_horse_stepping_onto_the_file_is_the_cannons_screen() {
        let t = found("4k4/9/9/9/9/2N6/9/4C4/9/3K5 w", "c4e5");
        assert_eq!(t, vec![Theme::CannonScreen]);
    }

    #[test]
    fn taking_the_only_guard_then_what_it_guarded_is_capture_of_the_defender() {
        let t = found("1n7/4k4/2c6/9/9/9/9/9/1R7/2R2K3 w", "b1b9 e8d8 c0c7");
        assert!(t.contains(&Theme::CaptureDefender), "{t:?}");
        assert!(t.contains(&Theme::WinsHorse) && t.contains(&Theme::WinsCannon));
        // Taking the cannon alone, its guard still there, is not.
        let t = found("1n7/4k4/2c6/9/9/9/9/9/1R7/2R2K3 w", "c0c7");
        assert!(!t.contains(&Theme::CaptureDefender), "{t:?}");
    }

    #[test]
    fn material_given_back_is_not_won() {
        // The chariot takes a chariot and the cannon behind takes it back: even.
        let t = found("4k4/9/9/r8/9/9/c8/9/R8/3K5 w", "a1a6 a3a6");
        assert!(t.is_empty(), "{t:?}");
    }

    #[test]
    fn a_line_ending_in_mate_is_a_mate_in_the_solvers_moves() {
        // Two chariots: one checks on the rank, the other mates on the next.
        let t = found("4k4/9/9/9/9/9/9/9/R8/R4K3 w", "a0e0 e9d9 a1d1");
        assert!(t.contains(&Theme::MateIn(2)), "{t:?}");
    }

    #[test]
    fn theme_names_read_back_and_filters_take_the_family() {
        for word in [
            "mate-in-3",
            "fork",
            "pin",
            "discovered-attack",
            "cannon-screen",
        ] {
            let t: Theme = word.parse().expect("a theme");
            assert_eq!(t.to_string(), word);
        }
        assert!(Theme::MateIn(3).matches("mate"));
        assert!(Theme::MateIn(3).matches("Mate-In-3"));
        assert!(!Theme::MateIn(3).matches("mate-in-2"));
        assert!("mate-in-0".parse::<Theme>().is_err());
        assert!("sacrifice".parse::<Theme>().is_err());
    }
}

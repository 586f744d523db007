//! A club Jieqi game as this end knows it: the positions both players see and the moves with
//! what each turned over, as the server sent them — never a deal, which only the server
//! holds. A move of this player is checked by the rules crate, sent without a reveal, and
//! shown once the server's echo brings it with what it turned over.

use crate::tui::i18n::catalogue::club_id as club;
use crate::tui::i18n::catalogue::{Id, tr, tr_args};
use crate::tui::jieqi::state::JieqiLook;
use crate::tui::lobby::board::BoardNote;
use crate::tui::lobby::words::safe;
use std::time::Duration;
use xiangqi_club::protocol::{
    Clocks, Denial, Ending, Event, GameId, GameState, GameSummary, Room, Side,
};
use xiangqi_rules::jieqi::{JieqiMove, JieqiPlayError, JieqiPosition, RevealError};
use xiangqi_rules::{Color, Move, Square};

/// A move the server sent that this board cannot play, said in words.
struct Unplayable(String);

/// A question of the other player standing, to answer with `y` or `n`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A draw offered.
    Draw,
    /// A move asked back.
    Takeback,
}

/// The line being typed under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typing {
    /// A move (ICCS, WXF or Chinese).
    Move(String),
    /// A chat line to the game's room.
    Chat(String),
}

/// A club Jieqi game played or watched.
#[derive(Clone, Debug)]
pub struct JieqiClub {
    /// The game's players, clock and spectators.
    pub summary: GameSummary,
    /// The side this player plays; none when watching.
    pub you: Option<Side>,
    /// How it ended, once it has.
    pub ending: Option<Ending>,
    /// What the server said last about the game (shown under the board).
    pub note: Option<BoardNote>,
    /// How it is drawn.
    pub look: JieqiLook,
    /// `positions[i]` is the position after `i` moves, as both players see it.
    pub(super) positions: Vec<JieqiPosition>,
    /// The moves with what each turned over.
    pub(super) moves: Vec<JieqiMove>,
    pub(super) cursor: Square,
    pub(super) selected: Option<Square>,
    pub(super) typing: Option<Typing>,
    /// What the board says on its message line.
    pub(super) message: Option<String>,
    pub(super) flipped: bool,
    /// This player's move sent, not yet played by the server.
    pub(super) pending: Option<Move>,
    /// The other player's question standing.
    pub(super) asked: Option<Asked>,
    /// `g` was pressed once: the next `g` resigns.
    pub(super) resign_asked: bool,
    /// The server's clocks, and when they came.
    pub(super) clocks: (Clocks, Duration),
    /// The time now, as the last tick said.
    pub(super) now: Duration,
}

impl JieqiClub {
    /// The board of the Jieqi game `state` as the server sent it, at `now`.
    #[must_use]
    pub fn new(state: &GameState, look: JieqiLook, now: Duration) -> JieqiClub {
        let mut club = JieqiClub {
            summary: state.summary.clone(),
            you: state.you,
            ending: None,
            note: None,
            look,
            positions: vec![JieqiPosition::start()],
            moves: Vec::new(),
            cursor: JieqiPosition::start().general(Color::Red),
            selected: None,
            typing: None,
            message: None,
            flipped: state.you == Some(Side::Black),
            pending: None,
            asked: None,
            resign_asked: false,
            clocks: (state.clocks, now),
            now,
        };
        club.restart(state);
        club
    }

    /// The game's number.
    #[must_use]
    pub fn id(&self) -> GameId {
        self.summary.id
    }

    /// The position now, as both players see it.
    #[must_use]
    pub fn position(&self) -> &JieqiPosition {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The moves played, with what each turned over.
    #[must_use]
    pub fn moves(&self) -> &[JieqiMove] {
        &self.moves
    }

    /// The move sent and not yet played by the server.
    #[must_use]
    pub fn pending(&self) -> Option<Move> {
        self.pending
    }

    /// The game as the server holds it, on the board again (at the start, and on coming
    /// back after the connection dropped). A move that cannot be played here ends the
    /// moves read, and the board says so.
    pub fn restart(&mut self, state: &GameState) {
        self.summary = state.summary.clone();
        self.you = state.you;
        self.positions.truncate(1);
        self.moves.clear();
        self.note = None;
        self.message = None;
        self.pending = None;
        self.selected = None;
        for text in &state.moves {
            if let Err(Unplayable(message)) = self.play_heard(text) {
                self.message = Some(message);
                break;
            }
        }
        let them = self.you.map(Side::other);
        self.asked = if state.draw_offer.is_some() && state.draw_offer == them {
            Some(Asked::Draw)
        } else if state.takeback.is_some() && state.takeback == them {
            Some(Asked::Takeback)
        } else {
            None
        };
        self.clocks = (state.clocks, self.now);
    }

    /// The time is `now` (the clocks shown count down from the server's).
    pub fn tick(&mut self, now: Duration) {
        self.now = now;
    }

    /// When the board next changes by itself: a tenth of a second on while a clock runs.
    #[must_use]
    pub fn next_tick(&self) -> Option<Duration> {
        let running = self.clocks.0.running.is_some() && self.ending.is_none();
        running.then(|| self.now + Duration::from_millis(100))
    }

    /// `side`'s time left now, and whether it runs.
    #[must_use]
    pub fn time_left(&self, side: Side) -> (Duration, bool) {
        let (clocks, at) = self.clocks;
        let ms = match side {
            Side::Red => clocks.red_ms,
            Side::Black => clocks.black_ms,
        };
        let left = Duration::from_millis(ms);
        if clocks.running == Some(side) && self.ending.is_none() {
            (left.saturating_sub(self.now.saturating_sub(at)), true)
        } else {
            (left, false)
        }
    }

    /// The move `text` the server sent, played on this board with its reveal.
    fn play_heard(&mut self, text: &str) -> Result<(), Unplayable> {
        let lang = self.look.lang;
        let refused = |why: String| {
            Unplayable(tr_args(
                lang,
                club::CLUB_JIEQI_UNPLAYABLE,
                &[("move", safe(text).into()), ("why", why.into())],
            ))
        };
        let m: JieqiMove = text.parse().map_err(|e| refused(format!("{e}")))?;
        let pos = self.position();
        pos.check_move(m.mv)
            .map_err(|e| refused(JieqiPlayError::from(e).to_string()))?;
        if let Some(piece) = m.reveal
            && piece.color != pos.turn()
        {
            return Err(refused(RevealError::NotInPool(piece).to_string()));
        }
        pos.check_reveal(m.mv, m.reveal_role())
            .map_err(|e| refused(e.to_string()))?;
        let mut next = pos.clone();
        next.make_move(m.mv, m.reveal_role());
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// One event of the server about this game.
    pub fn hear(&mut self, event: &Event) {
        let them = self.you.map(Side::other);
        match event {
            Event::Moved {
                ply, mv, clocks, ..
            } => {
                let ply = usize::try_from(*ply).unwrap_or(usize::MAX);
                if ply == self.moves.len() + 1 {
                    let played = self.play_heard(mv);
                    self.message = played.err().map(|Unplayable(said)| said);
                    self.pending = None;
                    self.selected = None;
                    self.asked = None;
                } else if ply > self.moves.len() + 1 {
                    let why = tr(self.look.lang, club::CLUB_JIEQI_MISSED);
                    self.message = Some(why);
                }
                self.clocks = (*clocks, self.now);
            }
            Event::TakenBack { ply, clocks, .. } => {
                let ply = usize::try_from(*ply).unwrap_or(usize::MAX);
                self.moves.truncate(ply);
                self.positions.truncate(ply + 1);
                self.clocks = (*clocks, self.now);
                self.pending = None;
                self.selected = None;
                self.asked = None;
            }
            Event::DrawOffered { by, .. } => self.offered(Asked::Draw, *by, them),
            Event::TakebackAsked { by, .. } => self.offered(Asked::Takeback, *by, them),
            Event::DrawDeclined { .. } | Event::TakebackDeclined { .. } => {
                self.asked = None;
                self.say(club::CLUB_JIEQI_DECLINED);
            }
            Event::Presence { .. } | Event::ClaimOpen { .. } => {
                if let Some(note) = BoardNote::of_event(event, self.you) {
                    self.note = Some(note);
                }
            }
            Event::Spectators { count, .. } => self.summary.spectators = *count,
            Event::Ended { ending, .. } => self.ended(ending),
            Event::Chat {
                room: Room::Game { .. },
                from,
                text,
                ..
            } => self.message = Some(safe(&format!("{from}: {text}"))),
            Event::Denied { reason, .. } => {
                // A move refused was never shown: the board stands as the server holds it.
                self.note = Some(BoardNote::Denied(reason.clone()));
                self.pending = None;
            }
            Event::Started(state) if state.summary.id == self.id() => self.restart(state),
            _ => {}
        }
    }

    /// The game is over: the clocks stop where they stood.
    fn ended(&mut self, ending: &Ending) {
        let (red, _) = self.time_left(Side::Red);
        let (black, _) = self.time_left(Side::Black);
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        self.clocks = (
            Clocks {
                red_ms: ms(red),
                black_ms: ms(black),
                running: None,
            },
            self.now,
        );
        self.ending = Some(ending.clone());
        self.note = None;
        self.pending = None;
        self.selected = None;
        self.asked = None;
        self.typing = None;
    }

    fn offered(&mut self, what: Asked, by: Side, them: Option<Side>) {
        if Some(by) == self.you {
            let key = match what {
                Asked::Draw => "draw",
                Asked::Takeback => "takeback",
            };
            let lang = self.look.lang;
            self.message = Some(tr_args(
                lang,
                club::CLUB_JIEQI_ASKED,
                &[("what", key.into())],
            ));
            return;
        }
        if Some(by) != them {
            return;
        }
        self.asked = Some(what);
        let message = match what {
            Asked::Draw => club::CLUB_JIEQI_DRAW_OFFERED,
            Asked::Takeback => club::CLUB_JIEQI_TAKEBACK_ASKED,
        };
        self.say(message);
    }

    /// The session dropped: the board says so while the game goes on at the server.
    pub fn lost(&mut self) {
        if self.ending.is_none() {
            self.note = Some(BoardNote::Lost);
        }
    }

    pub(super) fn say(&mut self, message: Id) {
        self.message = Some(tr(self.look.lang, message));
    }

    /// May this player move now: a player's game going on, their turn, no move waiting.
    #[must_use]
    pub fn may_move(&self) -> bool {
        self.ending.is_none()
            && self.pending.is_none()
            && self.you.map(Color::from) == Some(self.position().turn())
    }

    /// Why this player may not move now, in words.
    pub(super) fn why_not(&self) -> String {
        let lang = self.look.lang;
        let message = if self.you.is_none() {
            club::CLUB_JIEQI_WATCHING
        } else if self.ending.is_some() {
            club::CLUB_BOARD_KEYS_OVER
        } else if self.pending.is_some() {
            club::CLUB_JIEQI_SENT
        } else {
            return crate::tui::lobby::words::denied(lang, &Denial::NotYourTurn);
        };
        tr(lang, message)
    }
}

//! The game as each end of a connection holds it, and the referee of what crosses the wire:
//! every message received is checked against the rules, the turn and what was asked, and
//! every message this end sends is checked the same way first, so both ends always hold the
//! same game. Anything out of place is an error that ends the connection; the game stays as
//! it was.
//!
//! Two players may act at the same moment: one moves while the other accepts a draw, or both
//! resign. Each act then went out before its sender saw the other's, and the two ends would
//! hold different games. Every message carries what its sender had seen (a
//! [`Stamped`] count of the other end's game-changing messages), so both ends see the
//! crossing alike, and the host's word wins it:
//! - at the host, the guest's message that crossed a change of the host's counts for
//!   nothing ([`Event::Overtaken`]);
//! - at the guest, the host's change that crossed the guest's own changes undoes them first
//!   (the guest keeps the game as it was before each change the host has not yet seen), and
//!   the host's request or refusal that crossed them counts for nothing.

use crate::net::NetError;
use crate::net::handshake::Role;
use crate::net::message::{Clocks, Declared, MAX_NAME, Message, Stamped, Sync};
use crate::{Color, Game, Move, Outcome, Position, Termination};

/// A request this end or the other has made and not yet had answered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Take back the asker's last move.
    Takeback,
    /// Agree a draw.
    Draw,
}

/// What a message received means for the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The other side played this move (already on the table's game).
    Moved(Move),
    /// The other side asks to take its last move back; `at` is the game's length then, and
    /// the request lapses with the next move.
    TakebackAsked { at: usize },
    /// The other side offers a draw, at the game's length `at`.
    DrawOffered { at: usize },
    /// The answer to our request: accepted (the table's game already shows it) or not.
    Answered(Ask, bool),
    /// The other side resigned.
    Resigned,
    /// This side's time ran out, says the host.
    Flagged(Color),
    /// The host's clocks.
    Clocks(Clocks),
    /// A line of chat.
    Chat(String),
    /// Nothing to show (a ping).
    Nothing,
    /// The host asks whether this end is still there: answer at once.
    Probed,
    /// The other side left.
    Left,
    /// The other side's message crossed a change of the game made here, and the host's
    /// word wins the crossing: it counts for nothing.
    Overtaken(Crossed),
}

/// What of the other end's crossed a change made here and counts for nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Crossed {
    /// A move.
    Move,
    /// A resignation.
    Resignation,
    /// A request.
    Request(Ask),
    /// An answer to this end's request.
    Answer(Ask, bool),
}

impl Crossed {
    fn of(message: &Message) -> Option<Crossed> {
        Some(match message {
            Message::Move { .. } => Crossed::Move,
            Message::Resign => Crossed::Resignation,
            Message::TakebackAsk => Crossed::Request(Ask::Takeback),
            Message::DrawOffer => Crossed::Request(Ask::Draw),
            Message::TakebackAnswer(yes) => Crossed::Answer(Ask::Takeback, *yes),
            Message::DrawAnswer(yes) => Crossed::Answer(Ask::Draw, *yes),
            _ => return None,
        })
    }
}

/// The guest's table as it stood before one of its own changes, kept until the host has
/// seen that change.
#[derive(Clone, Debug)]
struct Before {
    game: Game,
    asked: Option<Ask>,
    offered: Option<Ask>,
}

/// The game and who plays what, for one end.
#[derive(Clone, Debug)]
pub struct Table {
    game: Game,
    me: Color,
    /// What this end asked and waits to hear about.
    asked: Option<Ask>,
    /// What the other end asked and waits to hear about.
    offered: Option<Ask>,
    /// The side the host plays: only the host sends clocks and flags.
    host: Color,
    /// This end's game-changing messages sent that still count.
    sent: u16,
    /// The other end's game-changing messages taken in.
    taken: u16,
    /// Guest: the table before each of its changes the host has not yet seen, oldest first
    /// (the first is before change number `sent - unseen.len()`).
    unseen: Vec<Before>,
    /// Guest: the game as it stood once the host's crossing change had undone this end's,
    /// before that change; taken by the screen with [`Table::take_overruled`].
    overruled: Option<Game>,
}

impl Table {
    /// A table for `game` (at the end of the line it follows), this end playing `me` as
    /// `role`.
    #[must_use]
    pub fn new(game: &Game, me: Color, role: Role) -> Table {
        let mut linear = Game::new(game.start().clone());
        for &mv in game.moves() {
            // The moves were legal where they came from.
            let _ = linear.play_unadjudicated(mv);
        }
        if let Some(outcome) = game.outcome() {
            declare(&mut linear, outcome);
        }
        Table {
            game: linear,
            me,
            asked: None,
            offered: None,
            host: match role {
                Role::Host => me,
                Role::Guest => me.other(),
            },
            sent: 0,
            taken: 0,
            unseen: Vec::new(),
            overruled: None,
        }
    }

    /// The guest's table from the host's [`Sync`]: every move checked.
    ///
    /// # Errors
    /// A FEN that is not a position, or a move the rules refuse.
    pub fn from_sync(sync: &Sync) -> Result<Table, NetError> {
        let start = Position::from_fen(&sync.fen)
            .map_err(|e| NetError::Malformed(format!("the start position: {e}")))?;
        let mut game = Game::new(start);
        for &mv in &sync.moves {
            game.play_unadjudicated(mv)
                .map_err(|e| NetError::Illegal(format!("{mv}: {e}")))?;
        }
        match sync.declared {
            Some(Declared::Resigned(c)) => {
                let _ = game.resign(c);
            }
            Some(Declared::Drawn) => {
                let _ = game.agree_draw();
            }
            Some(Declared::Flagged(c)) => {
                let _ = game.time_forfeit(c);
            }
            None => {}
        }
        Ok(Table::new(&game, sync.guest, Role::Guest))
    }

    /// What the host sends a guest who has joined: the game, the guest's side, the names.
    #[must_use]
    pub fn sync(&self, red: &str, black: &str, clocks: Option<Clocks>) -> Sync {
        let declared = self.game.outcome().and_then(|o| match o.termination {
            Termination::Resignation => o.loser().map(Declared::Resigned),
            Termination::Agreement => Some(Declared::Drawn),
            Termination::TimeForfeit => o.loser().map(Declared::Flagged),
            _ => None,
        });
        Sync {
            fen: self.game.start().fen(),
            moves: self.game.moves().to_vec(),
            guest: self.me.other(),
            red: name(red),
            black: name(black),
            declared,
            clocks,
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side this end plays.
    #[must_use]
    pub fn me(&self) -> Color {
        self.me
    }

    /// What this end asked that the other has not answered.
    #[must_use]
    pub fn asked(&self) -> Option<Ask> {
        self.asked
    }

    /// What the other end asked that this end has not answered.
    #[must_use]
    pub fn offered(&self) -> Option<Ask> {
        self.offered
    }

    /// A connection ended: requests lapse, and the next connection counts afresh (the
    /// host sends the whole game again).
    pub fn forget_requests(&mut self) {
        self.forget_open_requests();
        self.sent = 0;
        self.taken = 0;
        self.unseen.clear();
    }

    fn is_host(&self) -> bool {
        self.me == self.host
    }

    /// Checks `message`, which this end is about to send, applies it to the game and stamps
    /// it with what this end has seen.
    ///
    /// # Errors
    /// Why this end may not send it now (the same checks as [`Table::receive`] makes of the
    /// other end).
    pub fn send(&mut self, message: &Message) -> Result<Stamped, NetError> {
        let before = (message.changes_game() && !self.is_host()).then(|| Before {
            game: self.game.clone(),
            asked: self.asked,
            offered: self.offered,
        });
        self.apply(self.me, message)?;
        if message.changes_game() {
            self.unseen.extend(before);
            self.sent = self.sent.saturating_add(1);
        }
        Ok(Stamped {
            seen: self.taken,
            message: message.clone(),
        })
    }

    /// Checks `stamped` from the other end and applies it to the game, first settling a
    /// crossing with this end's own changes (see the module's words).
    ///
    /// # Errors
    /// A move that is illegal, out of turn or out of step; an answer to nothing; a message
    /// that only the host sends; a stamp of more than this end sent.
    pub fn receive(&mut self, stamped: &Stamped) -> Result<Event, NetError> {
        let message = &stamped.message;
        if message.is_about_the_game() {
            if stamped.seen > self.sent {
                return Err(NetError::WrongState(
                    "a message that has seen more than was sent".into(),
                ));
            }
            // The other end has seen all but the last `unseen` of this end's changes.
            let unseen = usize::from(self.sent - stamped.seen);
            let seen_now = self.unseen.len().saturating_sub(unseen);
            self.unseen.drain(..seen_now);
            if unseen > 0 && !(self.is_host() && matches!(message, Message::Flag(_))) {
                let host_wins = !self.is_host() && message.changes_game();
                // A crossing that is not the host's change leaves this end's changes as
                // they are: the host's change that crossed them may still come.
                let first = host_wins.then(|| std::mem::take(&mut self.unseen).into_iter().next());
                let Some(Some(before)) = first else {
                    return Ok(Crossed::of(message).map_or(Event::Nothing, Event::Overtaken));
                };
                // The host's change wins: this end's own changes since are undone.
                self.game = before.game;
                self.asked = before.asked;
                self.offered = before.offered;
                self.sent = stamped.seen;
                self.overruled = Some(self.game.clone());
            }
        }
        let event = self.apply(self.me.other(), message)?;
        if message.changes_game() {
            self.taken = self.taken.saturating_add(1);
        }
        Ok(event)
    }

    /// Guest: the game to show before the event just received, when the host's change
    /// undid this end's own (once).
    pub fn take_overruled(&mut self) -> Option<Game> {
        self.overruled.take()
    }

    /// `message` sent by `who`.
    fn apply(&mut self, who: Color, message: &Message) -> Result<Event, NetError> {
        let mine = who == self.me;
        let (asked, offered) = if mine {
            (self.asked, self.offered)
        } else {
            (self.offered, self.asked)
        };
        let wrong = |what: &str| Err(NetError::WrongState(what.to_string()));
        let event = match message {
            Message::Move { ply, mv } => {
                if usize::from(*ply) != self.game.moves().len() {
                    return wrong("a move for another position of the game");
                }
                if self.game.position().turn() != who {
                    return Err(NetError::OutOfTurn);
                }
                self.game
                    .play(*mv)
                    .map_err(|e| NetError::Illegal(format!("{mv}: {e}")))?;
                // A move lets an open request lapse.
                self.forget_open_requests();
                return Ok(Event::Moved(*mv));
            }
            Message::TakebackAsk => {
                if !may_ask_takeback(&self.game, who) {
                    return wrong("a takeback when the asker's move was not the last");
                }
                if asked.is_some() {
                    return wrong("a second request before the first was answered");
                }
                self.set_asked(mine, Some(Ask::Takeback));
                Event::TakebackAsked {
                    at: self.game.moves().len(),
                }
            }
            Message::DrawOffer => {
                if self.game.outcome().is_some() || asked.is_some() {
                    return wrong("a draw offer when none can be made");
                }
                self.set_asked(mine, Some(Ask::Draw));
                Event::DrawOffered {
                    at: self.game.moves().len(),
                }
            }
            Message::TakebackAnswer(yes) | Message::DrawAnswer(yes) => {
                let ask = if matches!(message, Message::TakebackAnswer(_)) {
                    Ask::Takeback
                } else {
                    Ask::Draw
                };
                if offered != Some(ask) {
                    return wrong("an answer to a request not made, or one that lapsed");
                }
                self.set_asked(!mine, None);
                if *yes {
                    // A change of the game lets the other request lapse too.
                    self.set_asked(mine, None);
                    match ask {
                        Ask::Takeback => {
                            self.game.undo();
                        }
                        Ask::Draw => {
                            let _ = self.game.agree_draw();
                        }
                    }
                }
                Event::Answered(ask, *yes)
            }
            Message::Resign => {
                self.game
                    .resign(who)
                    .map_err(|_| NetError::WrongState("a resignation after the end".into()))?;
                self.forget_open_requests();
                Event::Resigned
            }
            Message::Flag(loser) => {
                if who != self.host {
                    return wrong("a flag from the guest");
                }
                if self.game.outcome().is_none() {
                    let _ = self.game.time_forfeit(*loser);
                }
                self.forget_open_requests();
                Event::Flagged(*loser)
            }
            Message::Clocks(c) => {
                if who != self.host {
                    return wrong("clocks from the guest");
                }
                Event::Clocks(c.clone())
            }
            Message::Sync(_) => return wrong("a second game sent in the middle of one"),
            Message::SeatTaken => return wrong("a seat refused in the middle of a game"),
            Message::Probe => {
                if who != self.host {
                    return wrong("a probe from the guest");
                }
                Event::Probed
            }
            Message::Chat(text) => Event::Chat(text.clone()),
            Message::Ping => Event::Nothing,
            Message::Bye => Event::Left,
        };
        Ok(event)
    }

    fn forget_open_requests(&mut self) {
        self.asked = None;
        self.offered = None;
    }

    fn set_asked(&mut self, mine: bool, ask: Option<Ask>) {
        if mine {
            self.asked = ask;
        } else {
            self.offered = ask;
        }
    }
}

/// Whether `asker` may ask to take back a move of `game` now: the game goes on and its last
/// move is the asker's.
#[must_use]
pub fn may_ask_takeback(game: &Game, asker: Color) -> bool {
    game.outcome().is_none() && !game.moves().is_empty() && game.position().turn() != asker
}

/// A player's name as it may cross the wire: no control characters, at most
/// [`MAX_NAME`] bytes (cut at a character).
fn name(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().filter(|c| !c.is_control()) {
        if out.len() + c.len_utf8() > MAX_NAME {
            break;
        }
        out.push(c);
    }
    out
}

/// Puts `outcome` on `game` if it was declared by a player (a result of the board comes by
/// itself).
fn declare(game: &mut Game, outcome: Outcome) {
    let _ = match (outcome.termination, outcome.loser()) {
        (Termination::Resignation, Some(loser)) => game.resign(loser),
        (Termination::Agreement, _) => game.agree_draw(),
        (Termination::TimeForfeit, Some(loser)) => game.time_forfeit(loser),
        _ => return,
    };
}

//! The game as each end of a connection holds it, and the referee of what crosses the wire:
//! every message received is checked against the rules, the turn and what was asked, and
//! every message this end sends is checked the same way first, so both ends always hold the
//! same game. Anything out of place is an error that ends the connection; the game stays as
//! it was.

use crate::net::NetError;
use crate::net::handshake::Role;
use crate::net::message::{Clocks, Declared, MAX_NAME, Message, Sync};
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
    /// The other side asks to take its last move back.
    TakebackAsked,
    /// The other side offers a draw.
    DrawOffered,
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
    /// The other side left.
    Left,
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

    /// What the other end asked that this end has not answered.
    #[must_use]
    pub fn offered(&self) -> Option<Ask> {
        self.offered
    }

    /// A connection ended: requests lapse.
    pub fn forget_requests(&mut self) {
        self.asked = None;
        self.offered = None;
    }

    /// Checks `message`, which this end is about to send, and applies it to the game.
    ///
    /// # Errors
    /// Why this end may not send it now (the same checks as [`Table::receive`] makes of the
    /// other end).
    pub fn send(&mut self, message: &Message) -> Result<(), NetError> {
        self.apply(self.me, message).map(|_| ())
    }

    /// Checks `message` from the other end and applies it to the game.
    ///
    /// # Errors
    /// A move that is illegal, out of turn or out of step; an answer to nothing; a message
    /// that only the host sends.
    pub fn receive(&mut self, message: &Message) -> Result<Event, NetError> {
        self.apply(self.me.other(), message)
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
                self.asked = None;
                self.offered = None;
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
                Event::TakebackAsked
            }
            Message::DrawOffer => {
                if self.game.outcome().is_some() || asked.is_some() {
                    return wrong("a draw offer when none can be made");
                }
                self.set_asked(mine, Some(Ask::Draw));
                Event::DrawOffered
            }
            Message::TakebackAnswer(yes) | Message::DrawAnswer(yes) => {
                let ask = if matches!(message, Message::TakebackAnswer(_)) {
                    Ask::Takeback
                } else {
                    Ask::Draw
                };
                if offered != Some(ask) {
                    return wrong("an answer to a request not made");
                }
                self.set_asked(!mine, None);
                if *yes {
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
                Event::Resigned
            }
            Message::Flag(loser) => {
                if who != self.host {
                    return wrong("a flag from the guest");
                }
                if self.game.outcome().is_none() {
                    let _ = self.game.time_forfeit(*loser);
                }
                Event::Flagged(*loser)
            }
            Message::Clocks(c) => {
                if who != self.host {
                    return wrong("clocks from the guest");
                }
                Event::Clocks(c.clone())
            }
            Message::Sync(_) => return wrong("a second game sent in the middle of one"),
            Message::Chat(text) => Event::Chat(text.clone()),
            Message::Ping => Event::Nothing,
            Message::Bye => Event::Left,
        };
        Ok(event)
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

//! A club game on the board screen: the same [`App`] as a game across the network, this
//! end a guest whose host is the club's server. What the server says becomes the reports a
//! host's connection would make (a move heard, a request, the clocks, the game as the
//! referee holds it), and the app's messages to the other end become requests to the
//! server. The server is the referee: a move it refuses is taken back on this board and the
//! refusal said. A spectator's board follows the game and cannot act.

use crate::tui::state::action::{Action, Now};
use crate::tui::state::app::{App, Options};
use crate::tui::state::effect::Effect;
use crate::tui::state::net::{NetPlay, NetReport, TableGame};
use std::time::Duration;
use xiangqi_club::protocol::{
    Clocks, Denial, Ending, Event, GameId, GameState, GameSummary, How, Request, Room, Side,
    Verdict,
};
use xiangqi_net::message::{Clocks as WireClocks, Message as Wire, Sync};
use xiangqi_net::table::{Ask, Event as Heard};
use xiangqi_rules::{Color, Game, Move, Position};

/// What the club game's status line says besides the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardNote {
    /// The server refused a request.
    Denied(Denial),
    /// A player left; the game may be claimed after this many seconds.
    Away(Side, u64),
    /// A player came back.
    Back(Side),
    /// The opponent's grace period ran out: this player may claim.
    ClaimOpen,
    /// The connection to the server was lost.
    Lost,
}

impl BoardNote {
    /// What the board of the player of `you` says of `event`, if it is a player leaving or
    /// coming back, or the claim open to this player.
    #[must_use]
    pub fn of_event(event: &Event, you: Option<Side>) -> Option<BoardNote> {
        match event {
            Event::Presence {
                side,
                present: true,
                ..
            } => Some(BoardNote::Back(*side)),
            Event::Presence {
                side, claim_in_ms, ..
            } => {
                let secs = Duration::from_millis(claim_in_ms.unwrap_or(0)).as_secs();
                Some(BoardNote::Away(*side, secs))
            }
            Event::ClaimOpen { side, .. } if Some(*side) == you => Some(BoardNote::ClaimOpen),
            _ => None,
        }
    }
}

/// A club game played or watched on the board.
#[derive(Debug)]
pub struct ClubGame {
    /// The board screen.
    pub app: App,
    /// The game's players, clock and spectators.
    pub summary: GameSummary,
    /// The side this player plays; none when watching.
    pub you: Option<Side>,
    /// The moves as the server holds them.
    pub moves: Vec<Move>,
    /// How it ended, once it has.
    pub ending: Option<Ending>,
    /// What the status line says.
    pub note: Option<BoardNote>,
}

/// The names shown on the board: `alice 1620`.
fn shown_name(tag: &xiangqi_club::protocol::PlayerTag) -> String {
    crate::tui::lobby::words::safe(&format!("{} {}", tag.name, tag.rating))
}

/// The server's clocks as a host's clocks message carries them: both times as they stood
/// when it was sent, none of the turn used since.
fn wire_clocks(summary: &GameSummary, clocks: Clocks) -> WireClocks {
    WireClocks {
        control: summary.clock.control().to_string(),
        red_ms: clocks.red_ms,
        black_ms: clocks.black_ms,
        used_ms: 0,
    }
}

/// The ICCS moves of a game state, read; the first that is not a move ends them (the
/// server sent it, so it never happens, but nothing is trusted).
fn read_moves(moves: &[String]) -> Vec<Move> {
    moves.iter().map_while(|m| m.parse().ok()).collect()
}

impl ClubGame {
    /// The board of the game `state` as the server sent it, at `now`.
    #[must_use]
    pub fn new(state: &GameState, options: Options, now: Now) -> ClubGame {
        let app = App::new(Game::new(Position::start()), options).with_net(NetPlay::club_seat());
        let mut club = ClubGame {
            app,
            summary: state.summary.clone(),
            you: state.you,
            moves: Vec::new(),
            ending: None,
            note: None,
        };
        club.app.update(Action::Tick(now));
        club.restart(state);
        club
    }

    /// The game's number.
    #[must_use]
    pub fn id(&self) -> GameId {
        self.summary.id
    }

    /// The game as the server holds it, on the board again (at the start, and on coming
    /// back after the connection dropped).
    pub fn restart(&mut self, state: &GameState) {
        self.summary = state.summary.clone();
        self.you = state.you;
        self.moves = read_moves(&state.moves);
        self.note = None;
        let sync = Sync {
            fen: Position::start().fen(),
            moves: self.moves.clone(),
            guest: self.you.map_or(Color::Red, Color::from),
            red: shown_name(&state.summary.red),
            black: shown_name(&state.summary.black),
            declared: None,
            clocks: None,
        };
        self.app
            .update(Action::Net(NetReport::Synced(Box::new(sync))));
        self.clocks(state.clocks);
        let them = self.you.map(Side::other);
        if state.draw_offer.is_some_and(|by| Some(by) == them) {
            self.heard(Heard::DrawOffered {
                at: self.moves.len(),
            });
        }
        if state.takeback.is_some_and(|by| Some(by) == them) {
            self.heard(Heard::TakebackAsked {
                at: self.moves.len(),
            });
        }
    }

    /// The game as the server holds it: moves, and the result if it has one.
    #[must_use]
    pub fn referee_game(&self) -> Game {
        let mut game = Game::new(Position::start());
        for &mv in &self.moves {
            if game.play(mv).is_err() {
                break;
            }
        }
        if let Some(ending) = &self.ending {
            declare(&mut game, ending);
        }
        game
    }

    fn heard(&mut self, heard: Heard) -> Vec<Effect> {
        self.app.update(Action::Net(NetReport::Heard(heard)))
    }

    fn clocks(&mut self, clocks: Clocks) -> Vec<Effect> {
        let wire = wire_clocks(&self.summary, clocks);
        let effects = self.heard(Heard::Clocks(wire));
        self.app.run_net_clock(clocks.running.is_some());
        effects
    }

    /// The board follows the referee's game where it has parted from it (a move refused,
    /// moves taken back, the game's end).
    fn follow(&mut self) -> Vec<Effect> {
        let game = Box::new(TableGame(self.referee_game()));
        self.app.update(Action::Net(NetReport::Sent(game, None)))
    }

    /// One event of the server about this game; the app's effects.
    pub fn hear(&mut self, event: &Event) -> Vec<Effect> {
        let mut effects = Vec::new();
        let them = self.you.map(Side::other);
        match event {
            Event::Moved {
                ply, mv, clocks, ..
            } => {
                let Ok(mv) = mv.parse::<Move>() else {
                    return effects;
                };
                let ply = usize::try_from(*ply).unwrap_or(usize::MAX);
                if ply == self.moves.len() + 1 {
                    self.moves.push(mv);
                    let board = self.app.played().game().moves();
                    if board.len() >= ply && board[ply - 1] == mv {
                        // This player's own move, which the board already shows.
                    } else {
                        effects.extend(self.heard(Heard::Moved(mv)));
                    }
                }
                effects.extend(self.follow());
                effects.extend(self.clocks(*clocks));
            }
            Event::TakenBack { ply, clocks, .. } => {
                self.moves
                    .truncate(usize::try_from(*ply).unwrap_or(usize::MAX));
                effects.extend(self.follow());
                effects.extend(self.clocks(*clocks));
            }
            Event::DrawOffered { by, .. } if Some(*by) == them => {
                let at = self.moves.len();
                effects.extend(self.heard(Heard::DrawOffered { at }));
            }
            Event::TakebackAsked { by, .. } if Some(*by) == them => {
                let at = self.moves.len();
                effects.extend(self.heard(Heard::TakebackAsked { at }));
            }
            Event::DrawDeclined { .. } => {
                effects.extend(self.answered(Ask::Draw));
            }
            Event::TakebackDeclined { .. } => {
                effects.extend(self.answered(Ask::Takeback));
            }
            Event::Presence { .. } | Event::ClaimOpen { .. } => {
                if let Some(note) = BoardNote::of_event(event, self.you) {
                    self.note = Some(note);
                }
            }
            Event::Spectators { count, .. } => self.summary.spectators = *count,
            Event::Ended { ending, .. } => {
                self.ending = Some(ending.clone());
                self.note = None;
                effects.extend(self.follow());
                // Over, not paused: the server held the clocks as the game ended.
                self.app.end_net_clock();
            }
            Event::Chat {
                room: Room::Game { .. },
                from,
                text,
                ..
            } => {
                let line = crate::tui::lobby::words::safe(&format!("{from}: {text}"));
                effects.extend(self.heard(Heard::Chat(line)));
            }
            Event::Denied { reason, .. } => {
                self.note = Some(BoardNote::Denied(reason.clone()));
                // A move or an answer the referee refused is undone on this board.
                let game = Box::new(TableGame(self.referee_game()));
                effects.extend(
                    self.app
                        .update(Action::Net(NetReport::Overruled(game, None))),
                );
            }
            Event::Started(state) if state.summary.id == self.id() => self.restart(state),
            _ => {}
        }
        effects
    }

    /// The session dropped: the board says so (and how to come back) while the game goes
    /// on at the server.
    pub fn lost(&mut self) {
        if self.ending.is_none() {
            self.note = Some(BoardNote::Lost);
        }
    }

    /// This player's request was declined (only if the board still waits for its answer).
    fn answered(&mut self, ask: Ask) -> Vec<Effect> {
        let waiting = self.app.net().and_then(|n| n.asked) == Some(ask);
        if waiting {
            self.heard(Heard::Answered(ask, false))
        } else {
            Vec::new()
        }
    }

    /// The request a message of the board to the other end makes of the server; none for
    /// what the server does not need to hear (a host's clocks), or a spectator's acts but
    /// chat.
    #[must_use]
    pub fn request(&self, message: &Wire) -> Option<Request> {
        let game = self.id();
        let playing = self.you.is_some() && self.ending.is_none();
        let request = match message {
            Wire::Chat(text) => Request::Chat {
                room: Room::Game { game },
                text: text.clone(),
            },
            _ if !playing => return None,
            Wire::Move { ply, mv } => Request::Move {
                game,
                ply: u32::from(*ply),
                mv: mv.to_string(),
            },
            Wire::DrawOffer | Wire::DrawAnswer(true) => Request::OfferDraw { game },
            Wire::DrawAnswer(false) => Request::DeclineDraw { game },
            Wire::TakebackAsk | Wire::TakebackAnswer(true) => Request::AskTakeback { game },
            Wire::TakebackAnswer(false) => Request::DeclineTakeback { game },
            Wire::Resign => Request::Resign { game },
            _ => return None,
        };
        Some(request)
    }

    /// Is this action one a spectator may not take (a move, a takeback, a draw, resigning)?
    #[must_use]
    pub fn refused_to_watcher(&self, action: &Action) -> bool {
        self.you.is_none()
            && matches!(
                action,
                Action::Activate
                    | Action::ClickAt(_)
                    | Action::TypeMove
                    | Action::Undo
                    | Action::OfferDraw
                    | Action::Resign
                    | Action::Explore(_)
            )
    }
}

/// `ending` declared on `game`, as far as the rules crate has words for it; an aborted
/// game has no result.
fn declare(game: &mut Game, ending: &Ending) {
    if game.outcome().is_some() {
        return;
    }
    let winner = match ending.verdict {
        Verdict::RedWins => Some(Color::Red),
        Verdict::BlackWins => Some(Color::Black),
        Verdict::Draw => None,
        Verdict::Aborted => return,
    };
    let _ = match (ending.how, winner) {
        (How::TimeForfeit, Some(w)) => game.time_forfeit(w.other()),
        (_, Some(w)) => game.resign(w.other()),
        (_, None) => game.agree_draw(),
    };
}

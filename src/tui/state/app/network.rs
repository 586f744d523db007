//! The network game's part of [`App::update`]: what the connection reports becomes moves,
//! questions and messages on the played desk, as if the other player sat at this terminal;
//! this end's moves and answers go out as [`Effect::Net`] messages. Only this end's side
//! moves, on its turn, at the end of the game; `u` asks for a takeback, `d` offers a draw,
//! `g` resigns, `C` chats; keys that would replace the game are refused.

use super::{Action, App, Message, Mode};
use crate::tui::state::action::{ExploreKey, Nav, RecordKey};
use crate::tui::state::effect::Effect;
use crate::tui::state::net::{NetNote, NetPlay, NetReport, TableGame};
use crate::tui::state::prompt::message::{Prompt, Question};
use std::time::Duration;
use xiangqi_net::message::{Clocks, MAX_CHAT, Message as Wire, Sync};
use xiangqi_net::table::{Ask, Event, Table, may_ask_takeback};
use xiangqi_rules::clock::{TimeControl, Times};

impl App {
    /// A game played across the network, this end being `net`.
    #[must_use]
    pub fn with_net(mut self, net: NetPlay) -> App {
        self.set_net(net);
        self
    }

    /// Makes the played game a network game, this end being `net`: this end's side at the
    /// bottom.
    pub(super) fn set_net(&mut self, net: NetPlay) {
        let bottom_black = net.me == xiangqi_rules::Color::Black;
        if self.play.flipped() != bottom_black {
            self.play.flip();
        }
        self.plies = self.play.game().moves().len();
        self.net = Some(net);
    }

    /// The played game's clocks held (neither runs) or let run, as a referee that keeps
    /// them says (a club's server, before the first move and while a game waits).
    pub fn run_net_clock(&mut self, running: bool) {
        let now = self.screen.now.elapsed;
        if running {
            self.play.release_clock(now);
        } else {
            self.play.hold_clock(now);
        }
    }

    /// The played game's clocks stopped for good where they stand, held or not: the
    /// referee (a club's server) says the game is over.
    pub fn end_net_clock(&mut self) {
        let now = self.screen.now.elapsed;
        self.play.end_clock(now);
    }

    /// The network game, if this is one.
    #[must_use]
    pub fn net(&self) -> Option<&NetPlay> {
        self.net.as_ref()
    }

    /// Handles the network game's actions and refuses what it does not allow; false for any
    /// other action (and for every action outside a network game, but chat).
    pub(super) fn net_action(&mut self, action: &Action) -> bool {
        let Some(net) = &self.net else {
            if matches!(action, Action::Chat) {
                self.net_note(NetNote::ChatOnly);
                return true;
            }
            return false;
        };
        let me = net.me;
        let on_game = self.viewed.is_none();
        match action {
            Action::Net(report) => self.net_report(report.clone()),
            Action::Activate
            | Action::ClickAt(_)
            | Action::TypeMove
            | Action::Explore(ExploreKey::Play)
                if on_game =>
            {
                return self.refuse_move();
            }
            // The shared game's moves are the same at both ends: its lines are not reshaped
            // at one, and no position set up replaces it.
            Action::Record(RecordKey::Promote | RecordKey::Delete) if on_game => {
                self.net_note(NetNote::NotInNetGame);
            }
            Action::Undo if on_game => self.ask_takeback(),
            Action::OfferDraw if on_game => self.offer_draw(),
            Action::Resign if on_game => {
                // A resignation the other end never hears would part the two games.
                if self.can_ask() {
                    self.ask_of_the_game(Question::Resign(me));
                }
            }
            Action::Answer(yes) => return self.net_answer(*yes),
            Action::Redo
            | Action::Pause
            | Action::AskNewGame
            | Action::Open
            | Action::Paste(_)
            | Action::ToggleComputer
            | Action::OpenEditor
            | Action::Puzzle
            | Action::Tactics
            | Action::TacticsFilter => self.net_note(NetNote::NotInNetGame),
            Action::Chat => {
                self.front().0.deselect();
                self.screen.open_prompt(Prompt::Chat, "");
            }
            Action::Submit if self.screen.mode == Mode::Prompt(Prompt::Chat) => self.send_chat(),
            _ => return false,
        }
        true
    }

    /// How the played game stood before an action, for [`App::net_after`]: its length and
    /// whether it was over.
    pub(super) fn net_before(&self) -> (usize, bool) {
        (
            self.play.game().moves().len(),
            self.play.outcome().is_some(),
        )
    }

    /// After an action: a move this end just played on the game goes to the other end; the
    /// host's clocks follow every change of the game, and its flag falling ends the game
    /// for both.
    pub(super) fn net_after(&mut self, action_was_report: bool, before: (usize, bool)) {
        self.send_own_acts(action_was_report, before);
        // After this end's own move is counted, which lets a held request lapse.
        if !action_was_report {
            self.ask_held();
        }
    }

    fn send_own_acts(&mut self, action_was_report: bool, (len, was_over): (usize, bool)) {
        let Some(net) = &self.net else { return };
        let (me, host, connected) = (net.me, net.host, net.connected);
        let moves = self.play.game().moves();
        if !action_was_report && moves.len() == self.plies + 1 {
            let mover = self.play.game().positions()[self.plies].turn();
            if let (Some(&mv), true) = (moves.last(), mover == me) {
                let ply = u16::try_from(self.plies).unwrap_or(u16::MAX);
                self.plies += 1;
                self.screen
                    .effects
                    .push(Effect::Net(Wire::Move { ply, mv }));
            }
        }
        if !host || !connected {
            return;
        }
        if self.play.game().moves().len() != len {
            self.send_clocks();
        }
        let flagged = self
            .play
            .outcome()
            .filter(|o| o.termination == xiangqi_rules::Termination::TimeForfeit)
            .and_then(|o| o.loser());
        if let (false, Some(loser)) = (was_over, flagged) {
            self.screen.effects.push(Effect::Net(Wire::Flag(loser)));
        }
    }

    /// Host: the clocks as they stand, to the guest (nothing in an untimed game).
    fn send_clocks(&mut self) {
        let now = self.screen.now.elapsed;
        let Some(clock) = self.play.clock() else {
            return;
        };
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let mark = clock.marks().last().copied();
        let Some(mark) = mark else { return };
        let clocks = Clocks {
            control: clock.control().to_string(),
            red_ms: ms(mark.red),
            black_ms: ms(mark.black),
            used_ms: ms(clock.used(now)),
        };
        self.screen.effects.push(Effect::Net(Wire::Clocks(clocks)));
    }

    /// Guest: the host's clocks shown here.
    fn mirror_clocks(&mut self, clocks: &Clocks) {
        let Some(control) = TimeControl::from_pgn(&clocks.control) else {
            return;
        };
        let times = Times {
            red: Duration::from_millis(clocks.red_ms),
            black: Duration::from_millis(clocks.black_ms),
        };
        let used = Duration::from_millis(clocks.used_ms);
        self.play
            .mirror_clock(control, (times, used), self.screen.now.elapsed);
    }

    fn net_note(&mut self, note: NetNote) {
        self.screen.message = Some(Message::Net(note));
    }

    /// The connection's first note (the code to give, or the host's game taken), unless
    /// the message line still says why the configuration file was not used: said once at
    /// the start, that would be gone before it could be read; the panel shows the rest.
    fn first_word(&mut self, note: NetNote) {
        if !matches!(self.screen.message, Some(Message::ConfigNotUsed(_))) {
            self.net_note(note);
        }
    }

    fn net_mut(&mut self) -> Option<&mut NetPlay> {
        self.net.as_mut()
    }

    /// A move key: refused (true) unless the other player is there, it is this end's turn
    /// and the board shows the end of the game.
    fn refuse_move(&mut self) -> bool {
        let Some(net) = &self.net else { return false };
        let (me, connected) = (net.me, net.connected);
        let game = self.play.game();
        let note = if game.outcome().is_some() {
            // The desk says how it ended.
            return false;
        } else if !connected {
            NetNote::NotConnected
        } else if game.moves().len() != self.plies {
            NetNote::NotAtEnd
        } else if game.position().turn() != me {
            NetNote::TheirTurn(me)
        } else {
            return false;
        };
        self.play.deselect();
        self.net_note(note);
        true
    }

    /// Whether a request can go out now; says why not if it cannot.
    fn can_ask(&mut self) -> bool {
        let Some(net) = &self.net else { return false };
        if !net.connected {
            self.net_note(NetNote::NotConnected);
            return false;
        }
        if let Some(outcome) = self.play.outcome() {
            self.screen.message = Some(Message::Over(outcome));
            return false;
        }
        true
    }

    /// `u`: ask to take back this end's move, right after it.
    fn ask_takeback(&mut self) {
        if !self.can_ask() {
            return;
        }
        let me = self.net.as_ref().map(|n| n.me);
        let game = self.play.game();
        let mine_last =
            game.moves().len() == self.plies && me.is_some_and(|me| may_ask_takeback(game, me));
        if !mine_last {
            self.net_note(NetNote::NoTakeback);
            return;
        }
        self.send_request(Ask::Takeback, Wire::TakebackAsk);
    }

    /// `d`: offer a draw.
    fn offer_draw(&mut self) {
        if self.can_ask() {
            self.send_request(Ask::Draw, Wire::DrawOffer);
        }
    }

    /// Sends a request, one at a time: while one waits for its answer, the screen says so
    /// again instead.
    fn send_request(&mut self, ask: Ask, message: Wire) {
        let Some(net) = self.net_mut() else { return };
        if let Some(waiting) = net.asked {
            return self.net_note(NetNote::Asked(waiting));
        }
        net.asked = Some(ask);
        self.screen.effects.push(Effect::Net(message));
        self.net_note(NetNote::Asked(ask));
    }

    /// `y`/`n` on a question of the network game: resigning, or the other player's request.
    fn net_answer(&mut self, yes: bool) -> bool {
        let Mode::Confirm(question) = self.screen.mode else {
            return false;
        };
        let connected = self.net.as_ref().is_some_and(|n| n.connected);
        if !connected && matches!(question, Question::Resign(_) | Question::NetAnswer(_)) {
            // The other player left while this was asked: nothing is changed alone.
            self.screen.mode = Mode::Play;
            self.net_note(NetNote::NotConnected);
            return true;
        }
        match question {
            Question::Resign(loser) if yes => {
                self.screen.mode = Mode::Play;
                self.play.resign(loser, &mut self.screen);
                self.screen.effects.push(Effect::Net(Wire::Resign));
                true
            }
            Question::NetAnswer(ask) => {
                self.screen.mode = Mode::Play;
                self.screen.message = None;
                let answer = match ask {
                    Ask::Takeback => Wire::TakebackAnswer(yes),
                    Ask::Draw => Wire::DrawAnswer(yes),
                };
                self.screen.effects.push(Effect::Net(answer));
                if yes {
                    self.granted(ask);
                } else {
                    self.screen.message = Some(Message::Declined(question));
                }
                true
            }
            _ => false,
        }
    }

    /// A request both ends agreed to: the takeback or the draw, on the played game.
    fn granted(&mut self, ask: Ask) {
        self.back_to_agreed_end();
        match ask {
            Ask::Takeback => {
                self.play.undo(&mut self.screen);
                self.plies = self.play.game().moves().len();
            }
            Ask::Draw => self.play.agree_draw(&mut self.screen),
        }
    }

    /// Enter on the chat prompt: the line goes to the other player.
    fn send_chat(&mut self) {
        let text: String = self
            .screen
            .prompt
            .text()
            .trim()
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_CHAT)
            .collect();
        let outcome = self.play.outcome();
        self.screen.close(outcome);
        if text.is_empty() {
            return;
        }
        if !self.net.as_ref().is_some_and(|n| n.connected) {
            self.net_note(NetNote::NotConnected);
            return;
        }
        self.screen.effects.push(Effect::Net(Wire::Chat(text)));
    }

    /// The played desk back at the end of the game both ends agree on (a player may have
    /// gone back through it).
    fn back_to_agreed_end(&mut self) {
        for _ in 0..=self.play.game().moves().len() + self.plies {
            let len = self.play.game().moves().len();
            let nav = match len.cmp(&self.plies) {
                std::cmp::Ordering::Greater => Nav::Back,
                std::cmp::Ordering::Less => Nav::Forward,
                std::cmp::Ordering::Equal => return,
            };
            self.play.navigate(nav, &mut self.screen);
        }
    }

    /// What the connection reports.
    fn net_report(&mut self, report: NetReport) {
        let Some(net) = self.net.as_mut() else { return };
        let note = match report {
            NetReport::Listening(invite) => {
                let code = invite.code.clone();
                net.invite = Some(invite);
                // The panel shows the code too: why the configuration was not used stays.
                return self.first_word(NetNote::Waiting(code));
            }
            NetReport::NewCode(invite) => {
                let code = invite.code.clone();
                net.invite = Some(invite);
                NetNote::NewCode(code)
            }
            NetReport::WrongCode => NetNote::WrongCode { host: net.host },
            NetReport::Joined => {
                net.connected = true;
                self.play.release_clock(self.screen.now.elapsed);
                self.send_clocks();
                NetNote::Connected
            }
            NetReport::Synced(sync) => return self.synced(&sync),
            NetReport::Heard(event) => return self.heard(event),
            NetReport::Lost(why) => {
                net.connected = false;
                net.asked = None;
                // Nobody's time runs while the other player cannot move.
                self.play.hold_clock(self.screen.now.elapsed);
                net.held = None;
                if matches!(self.screen.mode, Mode::Confirm(Question::NetAnswer(_))) {
                    self.screen.mode = Mode::Play;
                }
                NetNote::Lost {
                    why: Some(why),
                    host: net.host,
                }
            }
            NetReport::NotSent(why) => NetNote::NotSent(why),
            NetReport::Overruled(game, asked) => return self.follow_table(&game, asked, true),
            NetReport::Sent(game, asked) => return self.follow_table(&game, asked, false),
        };
        self.net_note(note);
    }

    /// The table's game, where the played desk's has parted from it: the host's change
    /// undid this end's crossing one, or the table refused what the desk had done, or the
    /// desk could not apply what was heard on top of its own act.
    /// `undone` when this end's own act was undone (and is said); otherwise the screen
    /// only catches up with what the table took in before this end's act went out (a move
    /// heard just before this end resigned, say).
    fn follow_table(&mut self, game: &TableGame, asked: Option<Ask>, undone: bool) {
        if let Some(net) = self.net_mut() {
            net.asked = asked;
        }
        self.back_to_agreed_end();
        if game.is(self.play.game()) {
            return;
        }
        self.close_request_question();
        self.play.set_game(game.0.clone());
        if self.net.as_ref().is_some_and(|n| !n.host) {
            self.play.leave_flags_to_host();
        }
        self.plies = self.play.game().moves().len();
        // A refusal of this end's own message was said just before, and says why.
        let refused = matches!(self.screen.message, Some(Message::Net(NetNote::NotSent(_))));
        if undone && !refused {
            self.net_note(NetNote::Overruled);
        }
    }

    /// The other player asks `ask` at the game's length `at`: asked now, held while this
    /// player is busy, dropped once a move has let it lapse.
    fn requested(&mut self, ask: Ask, at: usize) {
        if at != self.plies || self.play.outcome().is_some() {
            return;
        }
        if self.screen.mode == Mode::Play {
            self.ask(Question::NetAnswer(ask));
        } else if let Some(net) = self.net_mut() {
            net.held = Some((ask, at));
            self.net_note(NetNote::Held(ask));
        }
    }

    /// A held request, asked once this player is back on the board (if it still stands).
    fn ask_held(&mut self) {
        if self.screen.mode != Mode::Play {
            return;
        }
        let Some((ask, at)) = self.net_mut().and_then(|n| n.held.take()) else {
            return;
        };
        self.requested(ask, at);
    }

    /// A change of the game lets the other player's request lapse: its question goes.
    fn close_request_question(&mut self) {
        if let Some(net) = self.net_mut() {
            net.held = None;
        }
        if matches!(self.screen.mode, Mode::Confirm(Question::NetAnswer(_))) {
            self.screen.mode = Mode::Play;
        }
    }

    /// Guest: the host's game, put on the played desk with this end's side at the bottom.
    fn synced(&mut self, sync: &Sync) {
        let table = match Table::from_sync(sync) {
            Ok(table) => table,
            Err(why) => {
                return self.net_note(NetNote::Lost {
                    why: Some(why),
                    host: false,
                });
            }
        };
        self.viewed = None;
        self.play.set_game(table.game().clone());
        self.play.leave_flags_to_host();
        let name = |n: &str| Some(n.to_string()).filter(|n| !n.is_empty());
        if let Some(names) =
            super::review::named(name(&sync.red).as_deref(), name(&sync.black).as_deref())
        {
            self.play.set_record(names);
        }
        self.own_game = true;
        self.plies = self.play.game().moves().len();
        if self.play.flipped() != (sync.guest == xiangqi_rules::Color::Black) {
            self.play.flip();
        }
        self.screen.mode = Mode::Play;
        let club = self.net.as_ref().is_some_and(|n| n.club);
        if let Some(net) = self.net.as_mut() {
            net.me = sync.guest;
            net.connected = true;
        }
        self.first_word(if club {
            NetNote::ClubGame
        } else {
            NetNote::Connected
        });
        if let Some(outcome) = self.play.outcome() {
            self.screen.message = Some(Message::Over(outcome));
        }
    }

    /// A message of the other player, checked by the connection against the rules.
    fn heard(&mut self, event: Event) {
        let them = self.net.as_ref().map(|n| n.me.other());
        match event {
            Event::Moved(mv) => {
                self.close_request_question();
                self.back_to_agreed_end();
                self.play.play(mv, &mut self.screen);
                self.plies = self.play.game().moves().len();
                if let Some(net) = self.net_mut() {
                    net.asked = None;
                }
            }
            Event::TakebackAsked { at } => self.requested(Ask::Takeback, at),
            Event::DrawOffered { at } => self.requested(Ask::Draw, at),
            Event::Overtaken(crossed) => self.net_note(NetNote::Crossed(crossed)),
            Event::Answered(ask, yes) => {
                if let Some(net) = self.net_mut() {
                    net.asked = None;
                }
                if yes {
                    self.close_request_question();
                    self.granted(ask);
                }
                if self.play.outcome().is_none() || !yes {
                    self.net_note(NetNote::Answered(ask, yes));
                }
            }
            Event::Resigned => {
                if let Some(them) = them {
                    self.close_request_question();
                    self.back_to_agreed_end();
                    self.play.resign(them, &mut self.screen);
                    self.net_note(NetNote::TheyResigned);
                }
            }
            Event::Chat(text) => {
                if let Some(net) = self.net_mut() {
                    net.heard = Some(text.clone());
                }
                self.net_note(NetNote::Chat(text));
            }
            Event::Clocks(clocks) => self.mirror_clocks(&clocks),
            Event::Flagged(loser) => {
                self.close_request_question();
                self.back_to_agreed_end();
                self.play.flag(loser, &mut self.screen);
            }
            Event::Left => {
                self.close_request_question();
                self.play.hold_clock(self.screen.now.elapsed);
                let host = self.net.as_ref().is_some_and(|n| n.host);
                if let Some(net) = self.net_mut() {
                    net.connected = false;
                    net.asked = None;
                }
                self.net_note(NetNote::Lost { why: None, host });
            }
            // The connection answers the host's probe by itself.
            Event::Nothing | Event::Probed => {}
        }
    }
}

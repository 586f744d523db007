//! Keys and clicks on a club Jieqi board: the cursor, picking a piece up and putting it
//! down, a typed move, and the club's acts (draw, takeback, resign, abort, claim, chat),
//! each made into a request to the server; the rules crate says which moves are legal.
//!
//! Arrows/hjkl move the cursor, Enter or space picks up and puts down, `m` types a move, `C`
//! a chat line, `d` offers (or accepts) a draw, `u` asks (or accepts) a takeback, `y`/`n`
//! answer, `g` twice resigns, `X` aborts, `W`/`=` claim, `f` flips, `R` reconnects, `q` goes
//! back to the lobby.

use super::state::{Asked, JieqiClub, Typing};
use crate::tui::i18n::catalogue::club_id as club;
use crate::tui::i18n::catalogue::{id, tr_args};
use crate::tui::jieqi::state::stepped;
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
use xiangqi_club::protocol::names::MAX_CHAT;
use xiangqi_club::protocol::{Request, Room};
use xiangqi_rules::jieqi::{JieqiPlayError, parse_jieqi_move};
use xiangqi_rules::{Move, Square};

/// What a key asks of the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JieqiOrder {
    /// Send this request to the server.
    Send(Request),
    /// Back to the lobby.
    Leave,
    /// Connect again (after the session ended).
    Reconnect,
}

impl JieqiClub {
    /// A key, click or paste on the board drawn in `board` (the screen less the club's two
    /// lines); what the loop is to do.
    pub fn input(&mut self, event: &Event, board: Rect) -> Vec<JieqiOrder> {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let layout = ScreenLayout::new(board, self.flipped);
                match layout.square_at(mouse.column, mouse.row) {
                    Some(sq) => {
                        self.cursor = sq;
                        self.choose(sq)
                    }
                    None => Vec::new(),
                }
            }
            Event::Paste(text) => {
                if let Some(Typing::Move(line) | Typing::Chat(line)) = &mut self.typing {
                    line.extend(text.chars().filter(|c| !c.is_control()));
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// One key.
    pub fn key(&mut self, key: &KeyEvent) -> Vec<JieqiOrder> {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c' | 'C') => vec![JieqiOrder::Leave],
                _ => Vec::new(),
            };
        }
        if self.typing.is_some() {
            return self.typing_key(key.code);
        }
        let keep_resign = key.code == KeyCode::Char('g');
        self.resign_asked &= keep_resign;
        self.message = None;
        let game = self.id();
        let send = |request| vec![JieqiOrder::Send(request)];
        match key.code {
            KeyCode::Left | KeyCode::Char('h') => self.step(-1, 0),
            KeyCode::Right | KeyCode::Char('l') => self.step(1, 0),
            KeyCode::Up | KeyCode::Char('k') => self.step(0, -1),
            KeyCode::Down | KeyCode::Char('j') => self.step(0, 1),
            KeyCode::Enter | KeyCode::Char(' ') => return self.choose(self.cursor),
            KeyCode::Esc => self.selected = None,
            KeyCode::Char('f') => self.flipped = !self.flipped,
            KeyCode::Char('q') => return vec![JieqiOrder::Leave],
            KeyCode::Char('R') => return vec![JieqiOrder::Reconnect],
            KeyCode::Char('C') => self.typing = Some(Typing::Chat(String::new())),
            KeyCode::Char(':' | 'm' | '/') => {
                if self.may_move() {
                    self.typing = Some(Typing::Move(String::new()));
                } else {
                    self.message = Some(self.why_not());
                }
            }
            code => {
                if !self.playing() {
                    if matches!(
                        code,
                        KeyCode::Char('d' | 'u' | 'y' | 'n' | 'g' | 'X' | 'W' | '=')
                    ) {
                        self.message = Some(self.why_not());
                    }
                    return Vec::new();
                }
                return match code {
                    KeyCode::Char('d') => send(Request::OfferDraw { game }),
                    KeyCode::Char('u') => send(Request::AskTakeback { game }),
                    KeyCode::Char('y' | 'n') => self.answer(code == KeyCode::Char('y')),
                    KeyCode::Char('g') if self.resign_asked => {
                        self.resign_asked = false;
                        send(Request::Resign { game })
                    }
                    KeyCode::Char('g') => {
                        self.resign_asked = true;
                        self.say(id::JIEQI_RESIGN_AGAIN);
                        Vec::new()
                    }
                    KeyCode::Char('X') => send(Request::Abort { game }),
                    KeyCode::Char(c @ ('W' | '=')) => send(Request::Claim {
                        game,
                        draw: c == '=',
                    }),
                    _ => Vec::new(),
                };
            }
        }
        Vec::new()
    }

    /// A player's game that goes on.
    fn playing(&self) -> bool {
        self.you.is_some() && self.ending.is_none()
    }

    /// `y` / `n`: the other player's question standing (an answer yes is the same request
    /// as asking).
    fn answer(&mut self, yes: bool) -> Vec<JieqiOrder> {
        let Some(asked) = self.asked.take() else {
            return Vec::new();
        };
        let game = self.id();
        let request = match (asked, yes) {
            (Asked::Draw, true) => Request::OfferDraw { game },
            (Asked::Draw, false) => Request::DeclineDraw { game },
            (Asked::Takeback, true) => Request::AskTakeback { game },
            (Asked::Takeback, false) => Request::DeclineTakeback { game },
        };
        vec![JieqiOrder::Send(request)]
    }

    fn typing_key(&mut self, code: KeyCode) -> Vec<JieqiOrder> {
        let Some(typing) = &mut self.typing else {
            return Vec::new();
        };
        let (Typing::Move(line) | Typing::Chat(line)) = typing;
        match code {
            KeyCode::Esc => self.typing = None,
            KeyCode::Backspace => {
                line.pop();
            }
            KeyCode::Char(c) if !c.is_control() && line.chars().count() < MAX_CHAT => {
                line.push(c);
            }
            KeyCode::Enter => match self.typing.take() {
                Some(Typing::Move(text)) => return self.submit(text.trim()),
                Some(Typing::Chat(text)) if !text.trim().is_empty() => {
                    return vec![JieqiOrder::Send(Request::Chat {
                        room: Room::Game { game: self.id() },
                        text: text.trim().to_string(),
                    })];
                }
                _ => {}
            },
            _ => {}
        }
        Vec::new()
    }

    fn step(&mut self, dx: i8, dy: i8) {
        self.cursor = stepped(self.cursor, self.flipped, dx, dy);
    }

    fn choose(&mut self, sq: Square) -> Vec<JieqiOrder> {
        if !self.may_move() {
            self.message = Some(self.why_not());
            return Vec::new();
        }
        let pos = self.position();
        let own = pos.piece_at(sq).is_some_and(|p| p.color() == pos.turn());
        match self.selected {
            Some(from) if from == sq => self.selected = None,
            _ if own => self.selected = Some(sq),
            Some(from) => return self.send_move(Move::new(from, sq)),
            None => {}
        }
        Vec::new()
    }

    fn submit(&mut self, text: &str) -> Vec<JieqiOrder> {
        if !self.may_move() {
            self.message = Some(self.why_not());
            return Vec::new();
        }
        match parse_jieqi_move(self.position(), text) {
            // What lies under a cover is the server's to say: a typed reveal is refused.
            Ok(m) if m.reveal.is_some() => {
                self.say(id::JIEQI_REVEAL_IS_DEALT);
                Vec::new()
            }
            Ok(m) => self.send_move(m.mv),
            Err(e) => {
                self.message = Some(tr_args(
                    self.look.lang,
                    id::JIEQI_BAD_MOVE,
                    &[
                        ("move", crate::tui::lobby::words::safe(text).into()),
                        ("why", e.to_string().into()),
                    ],
                ));
                Vec::new()
            }
        }
    }

    /// Sends `mv` if the rules allow it: it shows once the server plays it, with what it
    /// turned over.
    fn send_move(&mut self, mv: Move) -> Vec<JieqiOrder> {
        self.selected = None;
        if let Err(e) = self.position().check_move(mv) {
            self.message = Some(tr_args(
                self.look.lang,
                id::JIEQI_ILLEGAL,
                &[
                    ("move", mv.to_string().into()),
                    ("why", JieqiPlayError::from(e).to_string().into()),
                ],
            ));
            return Vec::new();
        }
        self.pending = Some(mv);
        self.say(club::CLUB_JIEQI_SENT);
        let ply = u32::try_from(self.moves.len()).unwrap_or(u32::MAX);
        vec![JieqiOrder::Send(Request::Move {
            game: self.id(),
            ply,
            mv: mv.to_string(),
        })]
    }
}

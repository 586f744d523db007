//! The lobby's keys: what each does in the lists, in a form and on a prompt. A key changes
//! the [`Lobby`] and returns the [`Order`]s the loop carries out (requests to the server).
//!
//! In the lists: Tab and ←/→ change the list, ↑/↓ (j/k) choose in it, Enter acts on the
//! line chosen (accept a seek, watch a game, challenge a player, open one's game), `s` seeks,
//! `c` challenges by name, `p` opens a private game, `J` joins one by code, `w` watches,
//! `x` withdraws one's seek (or challenge), `C` chats, `h` lists one's games, `y`/`n` answer a challenge,
//! `b` goes back to one's game, `r` reconnects after the session ended, `q` quits.

use crate::tui::lobby::state::{
    Ask, FORM_FIELDS, Form, FormKind, Lobby, LobbyMode, LobbyNote, Order, Pane, pane_slot,
};
use crate::tui::state::prompt::edit::LineEdit;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use xiangqi_club::protocol::names::MAX_CHAT;
use xiangqi_club::protocol::{ClockSpec, ColourChoice, Request, Room, Variant};

/// The panes in the order Tab goes through them.
const PANES: [Pane; 4] = [Pane::Seeks, Pane::Games, Pane::Players, Pane::Archive];

impl Lobby {
    /// One key; what the loop is to do.
    pub fn key(&mut self, key: &KeyEvent) -> Vec<Order> {
        if key.kind != KeyEventKind::Press {
            return Vec::new();
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c' | 'C') => vec![Order::Quit],
                _ => Vec::new(),
            };
        }
        match std::mem::replace(&mut self.mode, LobbyMode::Browse) {
            LobbyMode::Browse => self.browse_key(key.code),
            LobbyMode::Form(form) => self.form_key(form, key.code),
            LobbyMode::Prompt(ask, line) => self.prompt_key(ask, line, key.code),
        }
    }

    /// Pasted text: typed into the open prompt or the form's clock.
    pub fn paste(&mut self, text: &str) {
        let clean: String = text.chars().filter(|c| !c.is_control()).collect();
        match &mut self.mode {
            LobbyMode::Prompt(_, line) => line.insert_str(&clean),
            LobbyMode::Form(form) if form.field == 0 => form.clock.insert_str(&clean),
            _ => {}
        }
    }

    fn browse_key(&mut self, code: KeyCode) -> Vec<Order> {
        if self.closed {
            return match code {
                KeyCode::Char('r') => {
                    self.note = Some(LobbyNote::Reconnecting);
                    vec![Order::Reconnect]
                }
                KeyCode::Char('q') => vec![Order::Quit],
                KeyCode::Char('b') if self.playing.is_some() => vec![Order::BackToGame],
                _ => Vec::new(),
            };
        }
        let send = |request| vec![Order::Send(request)];
        match code {
            KeyCode::Char('q') => return vec![Order::Quit],
            KeyCode::Tab | KeyCode::Right => self.turn_pane(1),
            KeyCode::BackTab | KeyCode::Left => self.turn_pane(PANES.len() - 1),
            KeyCode::Up | KeyCode::Char('k') => self.step(-1),
            KeyCode::Down | KeyCode::Char('j') => self.step(1),
            KeyCode::Enter => return self.enter(),
            KeyCode::Char('s') => self.open_form(FormKind::Seek),
            KeyCode::Char('p') => self.open_form(FormKind::Private),
            KeyCode::Char('c') => {
                let name = match self.selection(Pane::Players) {
                    Some(at) if self.pane == Pane::Players => self.players[at].name.clone(),
                    _ => String::new(),
                };
                self.mode = LobbyMode::Prompt(Ask::Challenge, LineEdit::new(&name));
            }
            KeyCode::Char('J') => self.mode = LobbyMode::Prompt(Ask::Code, LineEdit::default()),
            KeyCode::Char('C') => self.mode = LobbyMode::Prompt(Ask::Chat, LineEdit::default()),
            KeyCode::Char('w') => return self.watch_selected(),
            KeyCode::Char('x') => return self.cancel_own_seek(),
            KeyCode::Char('h') => {
                self.note = Some(LobbyNote::Fetching);
                return send(Request::Archive {
                    player: None,
                    before: None,
                });
            }
            KeyCode::Char('b') if self.playing.is_some() => return vec![Order::BackToGame],
            KeyCode::Char(answer @ ('y' | 'n')) => return self.answer_challenge(answer == 'y'),
            KeyCode::Esc => self.note = None,
            _ => {}
        }
        Vec::new()
    }

    fn turn_pane(&mut self, by: usize) {
        let at = PANES.iter().position(|p| *p == self.pane).unwrap_or(0);
        self.pane = PANES[(at + by) % PANES.len()];
    }

    fn step(&mut self, by: isize) {
        let len = self.len(self.pane);
        let slot = &mut self.selected[pane_slot(self.pane)];
        let at = (*slot).min(len.saturating_sub(1));
        *slot = at.saturating_add_signed(by).min(len.saturating_sub(1));
    }

    /// Enter on the chosen line of the list in front.
    fn enter(&mut self) -> Vec<Order> {
        let Some(at) = self.selection(self.pane) else {
            self.note = Some(LobbyNote::NothingSelected);
            return Vec::new();
        };
        match self.pane {
            Pane::Seeks => {
                let seek = &self.seeks[at];
                if seek.by.name == self.me.name {
                    self.note = Some(LobbyNote::OwnSeek);
                    return Vec::new();
                }
                vec![Order::Send(Request::AcceptSeek { seek: seek.id })]
            }
            Pane::Games => self.watch_selected(),
            Pane::Players => {
                let name = self.players[at].name.clone();
                self.open_form(FormKind::Challenge(name));
                Vec::new()
            }
            Pane::Archive => vec![Order::Send(Request::FetchPgn {
                game: self.archive[at].game,
            })],
        }
    }

    fn watch_selected(&mut self) -> Vec<Order> {
        let Some(at) = self.selection(Pane::Games) else {
            self.note = Some(LobbyNote::NothingSelected);
            return Vec::new();
        };
        let game = self.games[at].id;
        if self.playing == Some(game) {
            return vec![Order::BackToGame];
        }
        vec![Order::Send(Request::Watch { game })]
    }

    fn cancel_own_seek(&mut self) -> Vec<Order> {
        let mine = |name: &str| name == self.me.name;
        let chosen = self
            .selection(Pane::Seeks)
            .filter(|&at| self.pane == Pane::Seeks && mine(&self.seeks[at].by.name))
            .or_else(|| self.seeks.iter().position(|s| mine(&s.by.name)));
        match chosen {
            Some(at) => vec![Order::Send(Request::CancelSeek {
                seek: self.seeks[at].id,
            })],
            None => {
                // No seek of one's own: one's challenge, if one waits for an answer.
                let own = self.challenges.iter().rev().find(|c| mine(&c.from.name));
                if let Some(challenge) = own {
                    return vec![Order::Send(Request::AnswerChallenge {
                        challenge: challenge.id,
                        accept: false,
                    })];
                }
                self.note = Some(LobbyNote::NothingSelected);
                Vec::new()
            }
        }
    }

    /// `y` / `n`: the latest challenge received.
    fn answer_challenge(&mut self, accept: bool) -> Vec<Order> {
        let Some(challenge) = self
            .challenges
            .iter()
            .rev()
            .find(|c| c.to.name == self.me.name)
        else {
            return Vec::new();
        };
        let id = challenge.id;
        if matches!(&self.note, Some(LobbyNote::Challenged(c)) if c.id == id) {
            self.note = None;
        }
        vec![Order::Send(Request::AnswerChallenge {
            challenge: id,
            accept,
        })]
    }

    fn open_form(&mut self, kind: FormKind) {
        let (clock, rated, colour) = self.last;
        let variant = self.last_variant;
        self.mode = LobbyMode::Form(Form {
            kind,
            clock: LineEdit::new(&clock.to_string()),
            rated: rated && variant == Variant::Xiangqi,
            colour,
            variant,
            field: 0,
        });
    }

    fn form_key(&mut self, mut form: Form, code: KeyCode) -> Vec<Order> {
        match code {
            KeyCode::Esc => return Vec::new(),
            KeyCode::Enter => return self.send_form(form),
            KeyCode::Tab | KeyCode::Down => form.field = (form.field + 1) % FORM_FIELDS,
            KeyCode::BackTab | KeyCode::Up => {
                form.field = (form.field + FORM_FIELDS - 1) % FORM_FIELDS;
            }
            // Jieqi is casual only: its rated field stays off (the server would refuse it).
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if form.field == 1 => {
                form.rated = !form.rated && form.variant == Variant::Xiangqi;
            }
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if form.field == 2 => {
                let forward = code != KeyCode::Left;
                form.colour = next_colour(form.colour, forward);
            }
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if form.field == 3 => {
                form.variant = match form.variant {
                    Variant::Xiangqi => Variant::Jieqi,
                    Variant::Jieqi => Variant::Xiangqi,
                };
                form.rated &= form.variant == Variant::Xiangqi;
            }
            code if form.field == 0 => edit_line(&mut form.clock, code),
            _ => {}
        }
        self.mode = LobbyMode::Form(form);
        Vec::new()
    }

    fn send_form(&mut self, form: Form) -> Vec<Order> {
        let typed = form.clock.text().trim().to_string();
        let Some(clock) = parse_clock(&typed) else {
            self.note = Some(LobbyNote::BadClock(typed));
            self.mode = LobbyMode::Form(form);
            return Vec::new();
        };
        let (colour, variant) = (form.colour, form.variant);
        let rated = form.rated && variant == Variant::Xiangqi;
        self.last = (clock, rated, colour);
        self.last_variant = variant;
        self.note = None;
        let request = match form.kind {
            FormKind::Seek => Request::Seek {
                clock,
                rated,
                colour,
                variant,
            },
            FormKind::Challenge(to) => Request::Challenge {
                to,
                clock,
                rated,
                colour,
                variant,
            },
            FormKind::Private => Request::OpenPrivate {
                clock,
                rated,
                colour,
                variant,
            },
        };
        vec![Order::Send(request)]
    }

    fn prompt_key(&mut self, ask: Ask, mut line: LineEdit, code: KeyCode) -> Vec<Order> {
        match code {
            KeyCode::Esc => Vec::new(),
            KeyCode::Enter => {
                let text = line.text().trim().to_string();
                if text.is_empty() {
                    return Vec::new();
                }
                match ask {
                    Ask::Chat => {
                        let text: String = text.chars().take(MAX_CHAT).collect();
                        vec![Order::Send(Request::Chat {
                            room: Room::Lobby,
                            text,
                        })]
                    }
                    Ask::Challenge => {
                        self.open_form(FormKind::Challenge(text));
                        Vec::new()
                    }
                    Ask::Code => vec![Order::Send(Request::JoinPrivate { code: text })],
                }
            }
            code => {
                edit_line(&mut line, code);
                self.mode = LobbyMode::Prompt(ask, line);
                Vec::new()
            }
        }
    }
}

/// A key typed into a line being edited.
fn edit_line(line: &mut LineEdit, code: KeyCode) {
    match code {
        KeyCode::Char(c) if !c.is_control() => line.insert(c),
        KeyCode::Backspace => line.backspace(),
        KeyCode::Delete => line.delete(),
        KeyCode::Left => line.left(),
        KeyCode::Right => line.right(),
        KeyCode::Home => line.home(),
        KeyCode::End => line.end(),
        _ => {}
    }
}

fn next_colour(colour: ColourChoice, forward: bool) -> ColourChoice {
    const ALL: [ColourChoice; 3] = [ColourChoice::Random, ColourChoice::Red, ColourChoice::Black];
    let at = ALL.iter().position(|c| *c == colour).unwrap_or(0);
    ALL[(at + if forward { 1 } else { 2 }) % 3]
}

/// `5+3` (minutes and seconds a move), `0:30+1` (a base in minutes and seconds) or `10`
/// (no increment): a clock the server plays on, or none.
#[must_use]
pub fn parse_clock(text: &str) -> Option<ClockSpec> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let base_secs = match base.split_once(':') {
        Some((m, s)) => {
            let (m, s): (u32, u32) = (m.trim().parse().ok()?, s.trim().parse().ok()?);
            (s < 60).then_some(m.checked_mul(60)?.checked_add(s)?)?
        }
        None => base.trim().parse::<u32>().ok()?.checked_mul(60)?,
    };
    let spec = ClockSpec {
        base_secs,
        increment_secs: increment.trim().parse().ok()?,
    };
    spec.is_valid().then_some(spec)
}

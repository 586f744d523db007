//! Drawing the lobby: the title, the open seeks and the players online on the left, the
//! games in progress (or one's archive) and the chat on the right, the message line (or the
//! form or prompt being typed) and the keys at the foot. Drawing only reads the [`Lobby`].

use crate::tui::i18n::catalogue::club_id as id;
use crate::tui::i18n::catalogue::{tr, tr_args};
use crate::tui::lobby::state::{Ask, Form, FormKind, Lobby, LobbyMode, Pane};
use crate::tui::lobby::words;
use crate::tui::look::theme::{ASCII_LINES, BOX_LINES};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};
use xiangqi_club::protocol::PlayerState;

impl Widget for &Lobby {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let [title, middle, message, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(4),
            Constraint::Length(1),
            Constraint::Length(2),
        ])
        .areas(area);
        let lang = self.lang;
        let rating = self.rating_of(&self.me.ratings);
        let heading = tr_args(
            lang,
            id::CLUB_TITLE,
            &[
                ("server", words::safe(&self.server).into()),
                ("name", words::safe(&self.me.name).into()),
                ("category", words::category(lang, self.category()).into()),
                ("rating", rating.to_string().into()),
            ],
        );
        Line::styled(heading, Style::new().add_modifier(Modifier::BOLD)).render(title, buf);
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(middle);
        let [seeks, players] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(left);
        let [games, chat] =
            Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(right);
        self.list(Pane::Seeks, seeks, buf);
        self.list(Pane::Players, players, buf);
        let upper_right = if self.pane == Pane::Archive {
            Pane::Archive
        } else {
            Pane::Games
        };
        self.list(upper_right, games, buf);
        self.chat(chat, buf);
        self.message_line(message, buf);
        let footer = if self.closed {
            tr(lang, id::CLUB_KEYS_CLOSED)
        } else if matches!(self.mode, LobbyMode::Form(_)) {
            // The form's own keys, where the lobby's would be: the message line keeps its
            // fields whole even on a narrow terminal.
            tr(lang, id::CLUB_FORM_KEYS)
        } else if self.playing.is_some() {
            format!(
                "{} · {}",
                tr(lang, id::CLUB_KEYS_GAME),
                tr(lang, id::CLUB_KEYS)
            )
        } else {
            tr(lang, id::CLUB_KEYS)
        };
        Paragraph::new(footer)
            .wrap(Wrap { trim: true })
            .style(Style::new().add_modifier(Modifier::DIM))
            .render(keys, buf);
    }
}

impl Lobby {
    /// The lists' borders: box lines, or ASCII ones.
    fn border(&self) -> ratatui::symbols::border::Set<'static> {
        if self.ascii {
            ASCII_LINES.border
        } else {
            BOX_LINES.border
        }
    }

    /// The lines of `pane`, as the list shows them.
    #[must_use]
    pub fn lines(&self, pane: Pane) -> Vec<String> {
        let lang = self.lang;
        match pane {
            Pane::Seeks => self
                .seeks
                .iter()
                .map(|s| words::seek_line(lang, s))
                .collect(),
            Pane::Games => self
                .games
                .iter()
                .map(|g| {
                    format!(
                        "#{} {}",
                        g.id,
                        words::game_line(lang, g, id::CLUB_GAME_LINE)
                    )
                })
                .collect(),
            Pane::Players => self
                .players
                .iter()
                .map(|p| {
                    let idle = p.state == PlayerState::Idle;
                    let shown = self.rating_of(&p.ratings);
                    words::player_line(lang, &p.name, p.bot, shown, idle)
                })
                .collect(),
            Pane::Archive => self
                .archive
                .iter()
                .map(|a| words::archive_line(lang, a))
                .collect(),
        }
    }

    fn list(&self, pane: Pane, area: Rect, buf: &mut Buffer) {
        let lang = self.lang;
        let title = match pane {
            Pane::Seeks => tr(lang, id::CLUB_PANE_SEEKS),
            Pane::Games => tr(lang, id::CLUB_PANE_GAMES),
            Pane::Players => tr_args(
                lang,
                id::CLUB_PANE_PLAYERS,
                &[("category", words::category(lang, self.category()).into())],
            ),
            Pane::Archive => tr(lang, id::CLUB_PANE_ARCHIVE),
        };
        let focused = self.pane == pane;
        let border = if focused {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        let block = Block::new()
            .borders(Borders::ALL)
            .border_set(self.border())
            .border_style(border)
            .title(format!(" {title} "));
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.is_empty() {
            return;
        }
        let lines = self.lines(pane);
        if lines.is_empty() {
            let empty = if self.ready || pane == Pane::Archive {
                tr(lang, id::CLUB_EMPTY)
            } else {
                tr(lang, id::CLUB_WAITING)
            };
            Line::styled(empty, Style::new().add_modifier(Modifier::DIM)).render(inner, buf);
            return;
        }
        let chosen = self.selection(pane).filter(|_| focused);
        let height = usize::from(inner.height).max(1);
        // The chosen line stays in view: the list scrolls by whole pages.
        let top = chosen.map_or(0, |at| at / height * height);
        for (row, (at, text)) in lines
            .into_iter()
            .enumerate()
            .skip(top)
            .take(height)
            .enumerate()
        {
            let style = if chosen == Some(at) {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            let y = inner.y + u16::try_from(row).unwrap_or(u16::MAX);
            Line::styled(text, style).render(Rect::new(inner.x, y, inner.width, 1), buf);
        }
    }

    fn chat(&self, area: Rect, buf: &mut Buffer) {
        let block = Block::new()
            .borders(Borders::ALL)
            .border_set(self.border())
            .title(format!(" {} ", tr(self.lang, id::CLUB_PANE_CHAT)));
        let inner = block.inner(area);
        block.render(area, buf);
        let height = usize::from(inner.height);
        let lines: Vec<Line> = self
            .chat
            .iter()
            .skip(self.chat.len().saturating_sub(height))
            .map(|(from, text)| {
                Line::from(vec![
                    Span::styled(
                        format!("{}: ", words::safe(from)),
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(words::safe(text)),
                ])
            })
            .collect();
        Paragraph::new(lines).render(inner, buf);
    }

    fn message_line(&self, area: Rect, buf: &mut Buffer) {
        let lang = self.lang;
        match &self.mode {
            LobbyMode::Form(form) => form_line(lang, form).render(area, buf),
            LobbyMode::Prompt(ask, line) => {
                let key = match ask {
                    Ask::Chat => "chat",
                    Ask::Challenge => "challenge",
                    Ask::Code => "code",
                };
                let label = tr_args(lang, id::CLUB_PROMPT, &[("ask", key.into())]);
                let (shown, _) = line.view(usize::from(area.width).saturating_sub(label.len() + 1));
                Line::from(vec![
                    Span::styled(label, Style::new().add_modifier(Modifier::BOLD)),
                    Span::raw(" "),
                    Span::raw(words::safe(&shown)),
                ])
                .render(area, buf);
            }
            LobbyMode::Browse => {
                if let Some(note) = &self.note {
                    Line::raw(words::note(lang, note)).render(area, buf);
                }
            }
        }
    }
}

/// A form on the message line: what it sends and its four fields (the one being changed
/// shown reversed); its keys are at the foot.
fn form_line(lang: crate::tui::i18n::lang::Lang, form: &Form) -> Line<'static> {
    let (kind, name) = match &form.kind {
        FormKind::Seek => ("seek", String::new()),
        FormKind::Private => ("private", String::new()),
        FormKind::Challenge(name) => ("challenge", words::safe(name)),
    };
    let title = tr_args(
        lang,
        id::CLUB_FORM,
        &[("kind", kind.into()), ("name", name.into())],
    );
    let field = |at: usize, label: String, value: String| {
        let style = if form.field == at {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        [
            Span::raw(format!(" {label} ")),
            Span::styled(value, style),
            Span::raw(" ·"),
        ]
    };
    let mut spans = vec![Span::styled(
        format!("{title}:"),
        Style::new().add_modifier(Modifier::BOLD),
    )];
    spans.extend(field(
        0,
        tr(lang, id::CLUB_FIELD_CLOCK),
        words::safe(form.clock.text()),
    ));
    spans.extend(field(
        1,
        tr(lang, id::CLUB_FIELD_RATED),
        words::rated(lang, form.rated),
    ));
    spans.extend(field(
        2,
        tr(lang, id::CLUB_FIELD_COLOUR),
        words::colour(lang, form.colour),
    ));
    spans.extend(field(
        3,
        tr(lang, id::CLUB_FIELD_VARIANT),
        words::variant(lang, form.variant),
    ));
    Line::from(spans)
}

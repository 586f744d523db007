//! What a network game shows: the words of its messages and questions, and the panel's
//! lines — this end's role and side, whether the other player is connected, and on the
//! host the join code and the exact command that joins.

use crate::tui::i18n::catalogue::{id, side_key, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::net::NetNote;
use crate::tui::view::words::errors;
use fluent_bundle::FluentValue;
use ratatui::style::Style;
use ratatui::text::Line;
use unicode_width::UnicodeWidthStr;
use xiangqi_net::table::{Ask, Crossed};

/// `text` in lines of at most `width` cells, broken at spaces (a word longer than that
/// stands alone on its line).
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.width() + 1 + word.width() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn ask_key(ask: Ask) -> &'static str {
    match ask {
        Ask::Takeback => "takeback",
        Ask::Draw => "draw",
    }
}

/// The question when the other player asks `ask`.
#[must_use]
pub fn question_text(lang: Lang, ask: Ask) -> String {
    tr_args(lang, id::NET_QUESTION, &[("ask", ask_key(ask).into())])
}

/// The chat prompt's label.
#[must_use]
pub fn chat_prompt(lang: Lang) -> String {
    tr(lang, id::CHAT_PROMPT)
}

/// The words of a [`NetNote`] in `lang`.
#[must_use]
pub fn note_text(lang: Lang, note: &NetNote) -> String {
    let code = |c: &str| [("code", FluentValue::from(c.to_string()))];
    let ask = |a: Ask| ("ask", FluentValue::from(ask_key(a)));
    match note {
        NetNote::Waiting(c) => tr_args(lang, id::NET_WAITING, &code(c)),
        NetNote::NewCode(c) => tr_args(lang, id::NET_NEW_CODE, &code(c)),
        NetNote::WrongCode { host: true } => tr(lang, id::NET_WRONG_CODE_HOST),
        NetNote::WrongCode { host: false } => tr(lang, id::NET_WRONG_CODE_GUEST),
        NetNote::Connected => tr(lang, id::NET_CONNECTED),
        NetNote::ClubGame => tr(lang, id::NET_CLUB_GAME),
        NetNote::NotConnected => tr(lang, id::NET_NOT_CONNECTED),
        NetNote::TheirTurn(c) => {
            tr_args(lang, id::NET_THEIR_TURN, &[("side", side_key(*c).into())])
        }
        NetNote::NotAtEnd => tr(lang, id::NET_NOT_AT_END),
        NetNote::Asked(a) => tr_args(lang, id::NET_ASKED, &[ask(*a)]),
        NetNote::Answered(a, yes) => tr_args(
            lang,
            id::NET_ANSWERED,
            &[ask(*a), ("yes", if *yes { "yes" } else { "no" }.into())],
        ),
        NetNote::Crossed(what) => {
            let what = match what {
                Crossed::Move => "move",
                Crossed::Resignation => "resignation",
                Crossed::Request(a) => ask_key(*a),
                Crossed::Answer(_, true) => "accepted",
                Crossed::Answer(_, false) => "declined",
            };
            tr_args(lang, id::NET_CROSSED, &[("what", what.into())])
        }
        NetNote::Overruled => tr(lang, id::NET_OVERRULED),
        NetNote::Held(a) => tr_args(lang, id::NET_HELD, &[ask(*a)]),
        NetNote::NoTakeback => tr(lang, id::NET_NO_TAKEBACK),
        NetNote::NotInNetGame => tr(lang, id::NET_NOT_IN_GAME),
        NetNote::TheyResigned => tr(lang, id::NET_THEY_RESIGNED),
        NetNote::Chat(text) => tr_args(lang, id::NET_CHAT, &[("text", text.as_str().into())]),
        NetNote::Lost { why, host } => {
            let why = why
                .as_ref()
                .map_or_else(|| tr(lang, id::NET_LEFT), |e| errors::net(lang, e));
            let which = if *host {
                id::NET_LOST_HOST
            } else {
                id::NET_LOST_GUEST
            };
            tr_args(lang, which, &[("why", why.into())])
        }
        NetNote::NotSent(why) => tr_args(
            lang,
            id::NET_NOT_SENT,
            &[("why", errors::net(lang, why).into())],
        ),
        NetNote::ChatOnly => tr(lang, id::NET_CHAT_ONLY),
    }
}

/// How a note is shown: refusals and ends as warnings, the rest plain.
#[must_use]
pub fn note_style(app: &App, note: &NetNote) -> Style {
    let theme = app.theme();
    match note {
        NetNote::WrongCode { .. }
        | NetNote::NotConnected
        | NetNote::TheirTurn(_)
        | NetNote::NotAtEnd
        | NetNote::NoTakeback
        | NetNote::NotInNetGame
        | NetNote::ChatOnly
        | NetNote::Lost { .. }
        | NetNote::NotSent(_)
        | NetNote::Crossed(_)
        | NetNote::Overruled => theme.warning,
        NetNote::Connected | NetNote::ClubGame | NetNote::TheyResigned => theme.result,
        _ => Style::new(),
    }
}

/// The panel's lines of a network game (none outside one), `width` cells wide: the join
/// command is broken between its words rather than cut.
#[must_use]
pub fn panel_lines<'a>(app: &App, width: usize) -> Vec<Line<'a>> {
    let Some(net) = app.net() else {
        return Vec::new();
    };
    let lang = app.lang();
    let theme = app.theme();
    let side = [("side", FluentValue::from(side_key(net.me)))];
    let (role, connected, waiting) = match (net.club, net.host) {
        (true, _) => (
            id::NET_PANEL_CLUB,
            id::NET_PANEL_CLUB_HERE,
            id::NET_PANEL_CLUB_AWAY,
        ),
        (false, true) => (
            id::NET_PANEL_HOST,
            id::NET_PANEL_CONNECTED,
            id::NET_PANEL_WAITING,
        ),
        (false, false) => (
            id::NET_PANEL_GUEST,
            id::NET_PANEL_CONNECTED,
            id::NET_PANEL_WAITING,
        ),
    };
    let mut lines = vec![Line::styled(tr_args(lang, role, &side), theme.heading)];
    if net.connected {
        lines.push(Line::styled(tr(lang, connected), theme.result));
    } else {
        lines.push(Line::styled(tr(lang, waiting), theme.warning));
    }
    if let Some(invite) = &net.invite {
        let code = [("code", FluentValue::from(invite.code.clone()))];
        lines.push(Line::raw(tr_args(lang, id::NET_PANEL_CODE, &code)));
        if !net.connected {
            lines.push(Line::raw(tr(lang, id::NET_PANEL_JOIN)));
            for part in wrap_words(&invite.command, width) {
                lines.push(Line::styled(part, theme.input));
            }
        }
    }
    if let Some(text) = &net.heard {
        let text = [("text", FluentValue::from(text.clone()))];
        lines.push(Line::styled(
            tr_args(lang, id::NET_PANEL_HEARD, &text),
            theme.dim,
        ));
    }
    lines
}

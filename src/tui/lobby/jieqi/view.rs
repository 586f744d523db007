//! Drawing a club Jieqi game: the board as the Jieqi screen draws it (covered pieces as 暗,
//! reveals in the move list), a side panel with the players' clocks as the server keeps
//! them, and the club's two lines under it. Drawing only reads the [`JieqiClub`].

use super::state::{Asked, JieqiClub, Typing};
use crate::tui::i18n::catalogue::club_id as club;
use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::jieqi::state::move_texts;
use crate::tui::jieqi::view::{
    BoardPicture, layout_or_too_small, render_board, render_message, render_panel_of, to_move_line,
};
use crate::tui::lobby::board_view::{footline, headline, render_status, status_areas};
use crate::tui::lobby::words;
use crate::tui::view::words::strings::{clock_time, side_name};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;
use xiangqi_club::protocol::Side;
use xiangqi_rules::Color;

impl JieqiClub {
    /// The panel's first lines: whose board it is, where the game stands, the clocks.
    fn panel_head(&self) -> Vec<(String, Style)> {
        let look = &self.look;
        let (lang, theme) = (look.lang, &look.theme);
        let you = self.you.map_or("watching", |s| match s {
            Side::Red => "red",
            Side::Black => "black",
        });
        let title = tr_args(lang, club::CLUB_JIEQI_TITLE, &[("you", you.into())]);
        let status = match (&self.ending, self.asked) {
            (Some(ending), _) => (
                words::ending(lang, ending.verdict, ending.how),
                theme.result,
            ),
            (None, Some(Asked::Draw)) => (tr(lang, club::CLUB_JIEQI_DRAW_OFFERED), theme.warning),
            (None, Some(Asked::Takeback)) => {
                (tr(lang, club::CLUB_JIEQI_TAKEBACK_ASKED), theme.warning)
            }
            (None, None) => to_move_line(look, self.position()),
        };
        let mut head = vec![(title, theme.heading), status];
        // The side at the bottom of the board is listed last, nearest it.
        let top = if self.flipped { Side::Red } else { Side::Black };
        for side in [top, top.other()] {
            let (left, running) = self.time_left(side);
            let pointer = match (running, look.ascii) {
                (false, _) => "  ",
                (true, false) => "▶ ",
                (true, true) => "> ",
            };
            let name = side_name(lang, Color::from(side));
            let text = format!("{pointer}{name} {}", clock_time(left));
            let style = match side {
                Side::Red => theme.red_name,
                Side::Black => theme.black_name,
            };
            let style = if running {
                style.add_modifier(Modifier::BOLD)
            } else {
                style
            };
            head.push((text, style));
        }
        head
    }

    /// The panel's key lines: a player's, or a spectator's.
    fn key_lines(&self) -> Vec<String> {
        let lang = self.look.lang;
        let ids: &[_] = if self.you.is_some() && self.ending.is_none() {
            &[
                club::CLUB_JIEQI_KEYS,
                club::CLUB_JIEQI_KEYS_MORE,
                club::CLUB_JIEQI_KEYS_LAST,
            ]
        } else {
            &[club::CLUB_JIEQI_KEYS_WATCHER]
        };
        ids.iter().map(|&k| tr(lang, k)).collect()
    }
}

impl Widget for &JieqiClub {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let look = &self.look;
        let [board_part, _, _] = status_areas(area);
        if let Some((board, panel, message)) =
            layout_or_too_small(look, board_part, self.flipped, buf)
        {
            let picture = BoardPicture {
                look,
                pos: self.position(),
                last: self.moves.last().map(|m| m.mv),
                cursor: self.cursor,
                selected: self.selected,
            };
            render_board(&picture, &board, buf);
            let head = self.panel_head();
            let moves = move_texts(look, &self.positions, &self.moves);
            let keys = self.key_lines();
            render_panel_of(look, self.position(), (&head, &moves, &keys), panel, buf);
            let (prompt, typed) = match &self.typing {
                Some(Typing::Move(text)) => (tr(look.lang, id::JIEQI_TYPE_PROMPT), Some(text)),
                Some(Typing::Chat(text)) => (
                    tr_args(look.lang, club::CLUB_PROMPT, &[("ask", "chat".into())]),
                    Some(text),
                ),
                None => (String::new(), None),
            };
            let typed = typed.map(|t| (prompt.as_str(), t.as_str()));
            render_message(look, typed, self.message.as_deref(), message, buf);
        }
        let lang = look.lang;
        let head = headline(lang, &self.summary, self.ending.as_ref(), self.you);
        let over = self.ending.is_some();
        let foot = footline(lang, self.note.as_ref(), over, self.you.is_none());
        render_status(head, foot, area, buf);
    }
}

//! Drawing a club game: the board screen as for any game, and under it two lines of the
//! club's own — the players with their ratings, the clock and the spectators (or how the
//! game ended and the rating change), and what the server said last or the club's keys.

use crate::tui::i18n::catalogue::club_id as id;
use crate::tui::i18n::catalogue::{tr, tr_args};
use crate::tui::lobby::board::{BoardNote, ClubGame};
use crate::tui::lobby::words;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;
use xiangqi_club::protocol::Side;

/// The lines under the board.
pub const STATUS_LINES: u16 = 2;

/// The board's part of a club game's screen of `area` (what the mouse is mapped with).
#[must_use]
pub fn board_area(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(STATUS_LINES),
        ..area
    }
}

fn side_key(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Black => "black",
    }
}

impl ClubGame {
    /// The first status line: the players, or how the game ended.
    #[must_use]
    pub fn headline(&self) -> String {
        let lang = self.app.lang();
        let Some(ending) = &self.ending else {
            return words::game_line(lang, &self.summary, id::CLUB_BOARD_PLAYERS);
        };
        let mut line = words::ending(lang, ending.verdict, ending.how);
        let mine = self.you.map(|side| match side {
            Side::Red => 0,
            Side::Black => 1,
        });
        if let (Some(changes), Some(at)) = (ending.ratings, mine) {
            let change = changes[at];
            line.push_str(" · ");
            line.push_str(&tr_args(
                lang,
                id::CLUB_BOARD_RATING,
                &[
                    ("before", change.before.to_string().into()),
                    ("after", change.after.to_string().into()),
                ],
            ));
        }
        line
    }

    /// The second status line: what the server said last, else the keys.
    #[must_use]
    pub fn footline(&self) -> String {
        let lang = self.app.lang();
        match &self.note {
            Some(BoardNote::Denied(denial)) => words::denied(lang, denial),
            Some(BoardNote::Away(side, secs)) => tr_args(
                lang,
                id::CLUB_BOARD_AWAY,
                &[("side", side_key(*side).into()), ("secs", (*secs).into())],
            ),
            Some(BoardNote::Back(side)) => tr_args(
                lang,
                id::CLUB_BOARD_BACK,
                &[("side", side_key(*side).into())],
            ),
            Some(BoardNote::ClaimOpen) => tr(lang, id::CLUB_BOARD_CLAIM_OPEN),
            Some(BoardNote::Lost) => tr(lang, id::CLUB_BOARD_LOST),
            None if self.ending.is_some() => tr(lang, id::CLUB_BOARD_KEYS_OVER),
            None if self.you.is_none() => tr(lang, id::CLUB_BOARD_KEYS_WATCHER),
            None => tr(lang, id::CLUB_BOARD_KEYS_PLAYER),
        }
    }
}

impl Widget for &ClubGame {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let [board, head, foot] = Layout::vertical([
            Constraint::Min(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        (&self.app).render(board, buf);
        Line::styled(self.headline(), Style::new().add_modifier(Modifier::BOLD)).render(head, buf);
        Line::raw(self.footline()).render(foot, buf);
    }
}

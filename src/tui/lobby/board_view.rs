//! Drawing a club game: the board screen as for any game, and under it two lines of the
//! club's own — the players with their ratings, the clock and the spectators (or how the
//! game ended and the rating change), and what the server said last or the club's keys.

use crate::tui::i18n::catalogue::club_id as id;
use crate::tui::i18n::catalogue::{tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::lobby::board::{BoardNote, ClubGame};
use crate::tui::lobby::words;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;
use xiangqi_club::protocol::{Ending, GameSummary, Side};

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

/// The first status line of a club game's board: the players, or how the game ended and,
/// for a player of a rated game, their rating change.
#[must_use]
pub fn headline(
    lang: Lang,
    summary: &GameSummary,
    ending: Option<&Ending>,
    you: Option<Side>,
) -> String {
    let Some(ending) = ending else {
        return words::game_line(lang, summary, id::CLUB_BOARD_PLAYERS);
    };
    let mut line = words::ending(lang, ending.verdict, ending.how);
    let mine = you.map(|side| match side {
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

/// The second status line: what the server said last, else the club's keys for a player,
/// a spectator, or a game that is over.
#[must_use]
pub fn footline(lang: Lang, note: Option<&BoardNote>, over: bool, watching: bool) -> String {
    match note {
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
        None if over => tr(lang, id::CLUB_BOARD_KEYS_OVER),
        None if watching => tr(lang, id::CLUB_BOARD_KEYS_WATCHER),
        None => tr(lang, id::CLUB_BOARD_KEYS_PLAYER),
    }
}

/// The club's two lines under a board: `head` bold, then `foot`.
pub fn render_status(head: String, foot: String, area: Rect, buf: &mut Buffer) {
    let [_, head_area, foot_area] = status_areas(area);
    Line::styled(head, Style::new().add_modifier(Modifier::BOLD)).render(head_area, buf);
    Line::raw(foot).render(foot_area, buf);
}

/// A club game's screen of `area`: the board's part, and the club's two lines.
#[must_use]
pub fn status_areas(area: Rect) -> [Rect; 3] {
    Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

impl ClubGame {
    /// The first status line: the players, or how the game ended.
    #[must_use]
    pub fn headline(&self) -> String {
        headline(
            self.app.lang(),
            &self.summary,
            self.ending.as_ref(),
            self.you,
        )
    }

    /// The second status line: what the server said last, else the keys.
    #[must_use]
    pub fn footline(&self) -> String {
        let over = self.ending.is_some();
        footline(
            self.app.lang(),
            self.note.as_ref(),
            over,
            self.you.is_none(),
        )
    }
}

impl Widget for &ClubGame {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let [board, _, _] = status_areas(area);
        (&self.app).render(board, buf);
        render_status(self.headline(), self.footline(), area, buf);
    }
}

//! The look in one place: colours and text styles (plain ones under `NO_COLOR`) and the two
//! character sets the board can be drawn with.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

/// Styles for every kind of thing on screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Grid lines and palace diagonals.
    pub grid: Style,
    /// File numbers, rank digits, file letters.
    pub label: Style,
    /// 楚河 漢界.
    pub river: Style,
    /// Red's pieces and red's name.
    pub red: Style,
    /// Black's pieces and black's name: the terminal's own text colour, which reads on dark
    /// and light backgrounds alike.
    pub black: Style,
    /// The cursor's brackets (and an empty point under it).
    pub cursor: Style,
    /// Added to the selected piece.
    pub selected: Style,
    /// A legal destination that is an empty point.
    pub quiet: Style,
    /// The brackets around a piece that the selected piece can capture.
    pub capture: Style,
    /// Where the last move came from.
    pub last_from: Style,
    /// Added to the piece that made the last move.
    pub last_to: Style,
    /// A general in check, and the word "check".
    pub check: Style,
    /// Headings in the side panel.
    pub heading: Style,
    /// Secondary text: the key summary, hints.
    pub dim: Style,
    /// A refused move, a question.
    pub warning: Style,
    /// The result of the game.
    pub result: Style,
    /// The headline of a finished game ("Black wins"), in the side panel.
    pub banner: Style,
    /// The text typed into a prompt.
    pub input: Style,
}

impl Theme {
    /// The theme, in colour or (for `NO_COLOR`) with text attributes only. Everything that
    /// matters is also shown by a character, so nothing is lost without colour.
    #[must_use]
    pub fn new(color: bool) -> Theme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let fg = |c: Color| {
            if color {
                Style::new().fg(c)
            } else {
                Style::new()
            }
        };
        Theme {
            grid: fg(Color::DarkGray),
            label: Style::new(),
            river: bold,
            red: bold.patch(fg(Color::Red)),
            black: bold,
            cursor: bold.patch(fg(Color::Magenta)),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            quiet: bold.patch(fg(Color::Green)),
            capture: bold.patch(fg(Color::Green)),
            last_from: bold.patch(fg(Color::Cyan)),
            last_to: Style::new().add_modifier(Modifier::UNDERLINED),
            check: if color {
                bold.fg(Color::White).bg(Color::Red)
            } else {
                bold.add_modifier(Modifier::REVERSED)
            },
            heading: bold,
            dim: fg(Color::DarkGray),
            warning: bold.patch(fg(Color::Yellow)),
            result: bold.patch(fg(Color::Green)),
            banner: bold
                .add_modifier(Modifier::REVERSED)
                .patch(fg(Color::Green)),
            input: bold,
        }
    }
}

/// The characters the board is drawn with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// Horizontal grid line.
    pub horizontal: &'static str,
    /// Vertical grid line.
    pub vertical: &'static str,
    /// Palace diagonal from top left to bottom right.
    pub diagonal_down: &'static str,
    /// Palace diagonal from bottom left to top right.
    pub diagonal_up: &'static str,
    /// Junctions indexed by `up | down << 1 | left << 2 | right << 3`.
    pub junctions: [&'static str; 16],
    /// An empty point the selected piece can move to.
    pub quiet: &'static str,
    /// The empty point the last move came from.
    pub last_from: &'static str,
    /// Brackets of the cursor.
    pub cursor: (&'static str, &'static str),
    /// Brackets around a piece the selected piece can capture.
    pub capture: (&'static str, &'static str),
    /// Marks beside a general in check.
    pub check: (&'static str, &'static str),
    /// Borders of the help window.
    pub border: border::Set<'static>,
}

/// Box-drawing lines. These are "ambiguous width" in Unicode: terminals set up for CJK text
/// may draw them two cells wide, which breaks the alignment — [`ASCII_LINES`] is the cure.
/// The marks are all narrow ("neutral") in every setting.
pub const BOX_LINES: Glyphs = Glyphs {
    horizontal: "─",
    vertical: "│",
    diagonal_down: "╲",
    diagonal_up: "╱",
    // Index bits: up 1, down 2, left 4, right 8. Unused combinations fall back to a space.
    junctions: [
        " ", "│", "│", "│", "─", "┘", "┐", "┤", "─", "└", "┌", "├", "─", "┴", "┬", "┼",
    ],
    quiet: "∙",
    last_from: "◦",
    cursor: ("[", "]"),
    capture: ("(", ")"),
    check: ("!", "!"),
    border: border::PLAIN,
};

/// Plain ASCII lines, one cell wide in every terminal.
pub const ASCII_LINES: Glyphs = Glyphs {
    horizontal: "-",
    vertical: "|",
    diagonal_down: "\\",
    diagonal_up: "/",
    junctions: [
        " ", "|", "|", "|", "-", "+", "+", "+", "-", "+", "+", "+", "-", "+", "+", "+",
    ],
    quiet: "*",
    last_from: "o",
    cursor: ("[", "]"),
    capture: ("(", ")"),
    check: ("!", "!"),
    border: border::Set {
        top_left: "+",
        top_right: "+",
        bottom_left: "+",
        bottom_right: "+",
        vertical_left: "|",
        vertical_right: "|",
        horizontal_top: "-",
        horizontal_bottom: "-",
    },
};

//! The look in one place: the shipped colour themes (`assets/themes/*.toml`), the styles
//! drawn with (plain ones under `NO_COLOR`) and the two character sets of the board.

use crate::tui::look::rgb::ThemeColor;
use ratatui::style::{Modifier, Style};
use ratatui::symbols::border;
use serde::Deserialize;
use std::fmt;
use std::str::FromStr;

/// The themes shipped with the game, one TOML file each in `assets/themes/`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThemeName {
    /// A wooden board with dark lines and pieces on ivory discs.
    #[default]
    Wood,
    /// A slate board for dark rooms.
    Dark,
    /// A paper board on a white screen.
    Light,
    /// A white board on black, every mark at 7:1 contrast or more.
    HighContrast,
    /// Only the terminal's 16 named colours.
    Ansi16,
}

impl ThemeName {
    /// Every shipped theme.
    pub const ALL: [ThemeName; 5] = [
        ThemeName::Wood,
        ThemeName::Dark,
        ThemeName::Light,
        ThemeName::HighContrast,
        ThemeName::Ansi16,
    ];

    /// The name `--theme` and the configuration file use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ThemeName::Wood => "wood",
            ThemeName::Dark => "dark",
            ThemeName::Light => "light",
            ThemeName::HighContrast => "high-contrast",
            ThemeName::Ansi16 => "ansi16",
        }
    }

    /// The theme's file, built into the program.
    const fn source(self) -> &'static str {
        match self {
            ThemeName::Wood => include_str!("../../../assets/themes/wood.toml"),
            ThemeName::Dark => include_str!("../../../assets/themes/dark.toml"),
            ThemeName::Light => include_str!("../../../assets/themes/light.toml"),
            ThemeName::HighContrast => include_str!("../../../assets/themes/high-contrast.toml"),
            ThemeName::Ansi16 => include_str!("../../../assets/themes/ansi16.toml"),
        }
    }
}

impl fmt::Display for ThemeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is not one of the shipped themes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = ThemeName::ALL.iter().map(|t| t.name()).collect();
        write!(f, "no theme {:?} (there are {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for ThemeName {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ThemeName::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

/// A shipped theme's file that does not read.
#[derive(Debug, thiserror::Error)]
#[error("theme {name}: {source}")]
pub struct ThemeError {
    /// The theme.
    pub name: ThemeName,
    /// What is wrong in its file.
    pub source: toml::de::Error,
}

/// The colours around the board: the side panel and the message line.
#[derive(Copy, Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScreenColors {
    /// Behind everything that is not the board.
    pub background: ThemeColor,
    /// Ordinary text.
    pub text: ThemeColor,
    /// Hints and the key summary.
    pub dim: ThemeColor,
    /// Headings.
    pub heading: ThemeColor,
    /// Red's name and captures in the panel.
    pub red: ThemeColor,
    /// Black's name and captures in the panel.
    pub black: ThemeColor,
    /// Refusals and questions.
    pub warning: ThemeColor,
    /// Results; the banner of a finished game is this colour behind the background's.
    pub result: ThemeColor,
}

/// The board's colours; every one is drawn on `background` (pieces on `disc`).
#[derive(Copy, Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardColors {
    /// The board itself.
    pub background: ThemeColor,
    /// Grid lines and palace diagonals.
    pub lines: ThemeColor,
    /// File numbers, rank digits and letters.
    pub labels: ThemeColor,
    /// 楚河 漢界.
    pub river: ThemeColor,
    /// Red's pieces.
    pub red: ThemeColor,
    /// Black's pieces.
    pub black: ThemeColor,
    /// Behind every piece, so it stands out from the lines.
    pub disc: ThemeColor,
    /// The cursor's brackets.
    pub cursor: ThemeColor,
    /// Behind the selected piece (its glyph then takes the disc's colour).
    pub selected: ThemeColor,
    /// The points the selected piece can go to, and the pieces it can capture.
    pub moves: ThemeColor,
    /// Where the last move came from.
    pub last_move: ThemeColor,
    /// Behind a general in check, and the marks beside it.
    pub check: ThemeColor,
}

/// A theme's colours, as its file gives them.
#[derive(Copy, Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Palette {
    /// Around the board.
    pub screen: ScreenColors,
    /// On the board.
    pub board: BoardColors,
}

impl Palette {
    /// The colours of a shipped theme.
    ///
    /// # Errors
    /// The theme's file does not read (every shipped theme is checked by a test).
    pub fn of(name: ThemeName) -> Result<Palette, ThemeError> {
        toml::from_str(name.source()).map_err(|source| ThemeError { name, source })
    }

    /// Every pair of colours drawn one on the other: (what, foreground, background).
    #[must_use]
    pub fn pairs(&self) -> Vec<(&'static str, ThemeColor, ThemeColor)> {
        let (s, b) = (&self.screen, &self.board);
        vec![
            ("board lines", b.lines, b.background),
            ("board labels", b.labels, b.background),
            ("river", b.river, b.background),
            ("red pieces", b.red, b.background),
            ("black pieces", b.black, b.background),
            ("red pieces on their disc", b.red, b.disc),
            ("black pieces on their disc", b.black, b.disc),
            ("cursor", b.cursor, b.background),
            ("selection", b.selected, b.background),
            ("selected piece", b.disc, b.selected),
            ("destinations", b.moves, b.background),
            ("last move", b.last_move, b.background),
            ("check", b.check, b.background),
            ("general in check", b.disc, b.check),
            ("text", s.text, s.background),
            ("dim text", s.dim, s.background),
            ("headings", s.heading, s.background),
            ("red's name", s.red, s.background),
            ("black's name", s.black, s.background),
            ("warnings", s.warning, s.background),
            ("results", s.result, s.background),
        ]
    }
}

/// Styles for every kind of thing on screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Behind and in front of everything off the board.
    pub screen: Style,
    /// The board's background.
    pub board: Style,
    /// Grid lines and palace diagonals.
    pub grid: Style,
    /// File numbers, rank digits, file letters.
    pub label: Style,
    /// 楚河 漢界.
    pub river: Style,
    /// Red's pieces on the board.
    pub red: Style,
    /// Black's pieces on the board.
    pub black: Style,
    /// Red's name and pieces in the panel.
    pub red_name: Style,
    /// Black's name and pieces in the panel.
    pub black_name: Style,
    /// The cursor's brackets (and an empty point under it).
    pub cursor: Style,
    /// The selected piece.
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
    /// The marks beside a general in check.
    pub check_mark: Style,
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
    /// The shipped theme `name`, in colour (exact colours with `truecolor`, else the
    /// nearest of the 256 indexed ones) or, without `color` (`NO_COLOR`), with text
    /// attributes only. Everything that matters is also shown by a character, so nothing is
    /// lost without colour.
    #[must_use]
    pub fn new(name: ThemeName, color: bool, truecolor: bool) -> Theme {
        match Palette::of(name) {
            Ok(palette) if color => Theme::of(&palette, truecolor),
            _ => Theme::plain(),
        }
    }

    /// Text attributes only.
    #[must_use]
    pub fn plain() -> Theme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        Theme {
            screen: Style::new(),
            board: Style::new(),
            grid: Style::new(),
            label: Style::new(),
            river: bold,
            red: bold,
            // Without colour the sides still differ: in simplified characters 马车炮 are the
            // same for both, so black's pieces are underlined.
            black: bold.add_modifier(Modifier::UNDERLINED),
            red_name: bold,
            black_name: bold,
            cursor: bold,
            selected: Style::new().add_modifier(Modifier::REVERSED),
            quiet: bold,
            capture: bold,
            last_from: bold,
            last_to: Style::new().add_modifier(Modifier::ITALIC),
            check: bold.add_modifier(Modifier::REVERSED),
            check_mark: bold,
            heading: bold,
            dim: Style::new(),
            warning: bold,
            result: bold,
            banner: bold.add_modifier(Modifier::REVERSED),
            input: bold,
        }
    }

    /// The styles of `palette`.
    #[must_use]
    pub fn of(palette: &Palette, truecolor: bool) -> Theme {
        let color = |c: ThemeColor| c.to_color(truecolor);
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let fg = |c: ThemeColor| Style::new().fg(color(c));
        let (s, b) = (&palette.screen, &palette.board);
        let on_disc = |c: ThemeColor| bold.fg(color(c)).bg(color(b.disc));
        Theme {
            screen: fg(s.text).bg(color(s.background)),
            board: Style::new().bg(color(b.background)),
            grid: fg(b.lines),
            label: fg(b.labels),
            river: bold.patch(fg(b.river)),
            red: on_disc(b.red),
            black: on_disc(b.black),
            red_name: bold.patch(fg(s.red)),
            black_name: bold.patch(fg(s.black)),
            cursor: bold.patch(fg(b.cursor)),
            selected: on_disc(b.disc).bg(color(b.selected)),
            quiet: bold.patch(fg(b.moves)),
            capture: bold.patch(fg(b.moves)),
            last_from: bold.patch(fg(b.last_move)),
            last_to: Style::new().add_modifier(Modifier::UNDERLINED),
            check: on_disc(b.disc).bg(color(b.check)),
            check_mark: bold.patch(fg(b.check)),
            heading: bold.patch(fg(s.heading)),
            dim: fg(s.dim),
            warning: bold.patch(fg(s.warning)),
            result: bold.patch(fg(s.result)),
            banner: if s.background == ThemeColor::Default {
                bold.patch(fg(s.result)).add_modifier(Modifier::REVERSED)
            } else {
                bold.fg(color(s.background)).bg(color(s.result))
            },
            input: bold.patch(fg(s.text)),
        }
    }
}

/// Whether the terminal shows exact colours, as `COLORTERM` says (`truecolor` or `24bit`).
#[must_use]
pub fn truecolor_from(colorterm: Option<&str>) -> bool {
    matches!(colorterm, Some("truecolor" | "24bit"))
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

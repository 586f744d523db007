//! Colours as numbers: the sRGB value of every colour a theme names, WCAG contrast between
//! two of them, and the nearest of the 256 indexed colours for terminals without truecolor.

use ratatui::style::Color;
use serde::Deserialize;

/// A colour as red, green and blue, 0–255 each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// The 16 named terminal colours, as a theme writes them, ratatui's name for each and the
/// value xterm gives it by default. A terminal may set its own values for these; a theme
/// that uses them (the 16-colour one) is checked against xterm's.
pub const NAMED: [(&str, Color, Rgb); 16] = [
    ("black", Color::Black, Rgb(0x00, 0x00, 0x00)),
    ("red", Color::Red, Rgb(0xcd, 0x00, 0x00)),
    ("green", Color::Green, Rgb(0x00, 0xcd, 0x00)),
    ("yellow", Color::Yellow, Rgb(0xcd, 0xcd, 0x00)),
    ("blue", Color::Blue, Rgb(0x00, 0x00, 0xee)),
    ("magenta", Color::Magenta, Rgb(0xcd, 0x00, 0xcd)),
    ("cyan", Color::Cyan, Rgb(0x00, 0xcd, 0xcd)),
    ("white", Color::Gray, Rgb(0xe5, 0xe5, 0xe5)),
    ("bright-black", Color::DarkGray, Rgb(0x7f, 0x7f, 0x7f)),
    ("bright-red", Color::LightRed, Rgb(0xff, 0x00, 0x00)),
    ("bright-green", Color::LightGreen, Rgb(0x00, 0xff, 0x00)),
    ("bright-yellow", Color::LightYellow, Rgb(0xff, 0xff, 0x00)),
    ("bright-blue", Color::LightBlue, Rgb(0x5c, 0x5c, 0xff)),
    ("bright-magenta", Color::LightMagenta, Rgb(0xff, 0x00, 0xff)),
    ("bright-cyan", Color::LightCyan, Rgb(0x00, 0xff, 0xff)),
    ("bright-white", Color::White, Rgb(0xff, 0xff, 0xff)),
];

/// The six levels of each channel in the 6×6×6 cube of indexed colours 16–231.
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

impl Rgb {
    /// Reads `#rrggbb`.
    #[must_use]
    pub fn from_hex(text: &str) -> Option<Rgb> {
        let hex = text.strip_prefix('#')?;
        if hex.len() != 6 || !hex.is_ascii() {
            return None;
        }
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Rgb(channel(0)?, channel(2)?, channel(4)?))
    }

    /// Relative luminance (WCAG 2): 0 for black, 1 for white.
    #[must_use]
    pub fn luminance(self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }

    /// The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white).
    #[must_use]
    pub fn contrast(self, other: Rgb) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// How far apart two colours look, roughly ("redmean" weighting of the channels).
    #[must_use]
    pub fn distance(self, other: Rgb) -> f64 {
        let mean = (f64::from(self.0) + f64::from(other.0)) / 2.0;
        let d = |a: u8, b: u8| f64::from(a) - f64::from(b);
        let (dr, dg, db) = (d(self.0, other.0), d(self.1, other.1), d(self.2, other.2));
        ((2.0 + mean / 256.0) * dr * dr + 4.0 * dg * dg + (2.0 + (255.0 - mean) / 256.0) * db * db)
            .sqrt()
    }

    /// The value of indexed colour `i` from 16 up (the cube and the grey ramp; 0–15 are the
    /// terminal's own).
    #[must_use]
    pub fn of_index(i: u8) -> Rgb {
        match i {
            16..=231 => {
                let n = i - 16;
                Rgb(
                    CUBE[usize::from(n / 36)],
                    CUBE[usize::from(n / 6 % 6)],
                    CUBE[usize::from(n % 6)],
                )
            }
            232..=255 => {
                let g = 8 + 10 * (i - 232);
                Rgb(g, g, g)
            }
            _ => NAMED[usize::from(i)].2,
        }
    }

    /// The nearest of the indexed colours 16–255, which every 256-colour terminal shows
    /// alike.
    #[must_use]
    pub fn nearest_index(self) -> u8 {
        (16..=255u8)
            .min_by(|&a, &b| {
                let da = self.distance(Rgb::of_index(a));
                let db = self.distance(Rgb::of_index(b));
                da.total_cmp(&db)
            })
            .unwrap_or(16)
    }
}

/// The colour a theme's value is shown as on a terminal with `truecolor` or without, and
/// the RGB that stands for it when contrast is worked out.
#[derive(Copy, Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "String")]
pub enum ThemeColor {
    /// One of the 16 named colours.
    Named(Color, Rgb),
    /// An exact colour.
    Exact(Rgb),
    /// The terminal's own foreground or background: not ours to know.
    Default,
}

impl ThemeColor {
    /// Reads a theme's colour: `#rrggbb`, one of the 16 names, or `default`.
    #[must_use]
    pub fn parse(text: &str) -> Option<ThemeColor> {
        if text == "default" {
            return Some(ThemeColor::Default);
        }
        if let Some(rgb) = Rgb::from_hex(text) {
            return Some(ThemeColor::Exact(rgb));
        }
        NAMED
            .iter()
            .find(|(name, ..)| *name == text)
            .map(|&(_, color, rgb)| ThemeColor::Named(color, rgb))
    }

    /// The colour sent to the terminal: exact with truecolor, else the nearest indexed one.
    #[must_use]
    pub fn to_color(self, truecolor: bool) -> Color {
        match self {
            ThemeColor::Named(color, _) => color,
            ThemeColor::Exact(rgb) if truecolor => Color::Rgb(rgb.0, rgb.1, rgb.2),
            ThemeColor::Exact(rgb) => Color::Indexed(rgb.nearest_index()),
            ThemeColor::Default => Color::Reset,
        }
    }

    /// The RGB the terminal shows for this colour (with `truecolor` or without), if known.
    #[must_use]
    pub fn shown(self, truecolor: bool) -> Option<Rgb> {
        match self {
            ThemeColor::Named(_, rgb) => Some(rgb),
            ThemeColor::Exact(rgb) if truecolor => Some(rgb),
            ThemeColor::Exact(rgb) => Some(Rgb::of_index(rgb.nearest_index())),
            ThemeColor::Default => None,
        }
    }
}

impl TryFrom<String> for ThemeColor {
    type Error = String;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        ThemeColor::parse(&text).ok_or_else(|| {
            format!("{text:?} is not a colour (#rrggbb, a terminal colour name, or default)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_matches_the_wcag_examples() {
        let black = Rgb(0, 0, 0);
        let white = Rgb(255, 255, 255);
        assert!((black.contrast(white) - 21.0).abs() < 1e-9);
        assert!((white.contrast(white) - 1.0).abs() < 1e-9);
        // #767676 on white is the classic just-passing grey, 4.54:1.
        let grey = Rgb(0x76, 0x76, 0x76);
        assert!((grey.contrast(white) - 4.54).abs() < 0.01);
    }

    #[test]
    fn nearest_index_finds_exact_cube_and_grey_colours() {
        assert_eq!(Rgb(0xff, 0x00, 0x00).nearest_index(), 196);
        assert_eq!(Rgb(0x87, 0xaf, 0xd7).nearest_index(), 110);
        assert_eq!(Rgb(0x80, 0x80, 0x80).nearest_index(), 244);
        assert_eq!(Rgb::of_index(110), Rgb(0x87, 0xaf, 0xd7));
    }

    #[test]
    fn theme_colours_read_hex_names_and_default() {
        assert_eq!(
            ThemeColor::parse("#0a0b0c"),
            Some(ThemeColor::Exact(Rgb(10, 11, 12)))
        );
        assert_eq!(
            ThemeColor::parse("bright-red").map(|c| c.to_color(true)),
            Some(Color::LightRed)
        );
        assert_eq!(ThemeColor::parse("default"), Some(ThemeColor::Default));
        for bad in ["#12345", "#gg0000", "redd", ""] {
            assert_eq!(ThemeColor::parse(bad), None, "{bad}");
        }
    }
}

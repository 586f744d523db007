//! Tests of how the game looks: theme contrast, board sizes, glyph sets, auto-flip,
//! captures, languages.

use super::*;

mod themes {
    use super::super::super::theme::{Palette, ThemeName, black_from_lines, weakest_pair};

    /// WCAG's minimum for ordinary text (AA).
    const MIN_CONTRAST: f64 = 4.5;

    /// Every pair of colours drawn one on the other, in every shipped theme, as the
    /// terminal receives it (exact colours, and the nearest indexed ones without truecolor),
    /// reaches 4.5:1.
    #[test]
    fn every_theme_colour_pair_reaches_wcag_aa_contrast() {
        let mut failures = Vec::new();
        for name in ThemeName::ALL {
            let palette = Palette::of(name).expect("shipped theme reads");
            for truecolor in [true, false] {
                for (what, fg, bg) in palette.pairs() {
                    let (Some(f), Some(b)) = (fg.shown(truecolor), bg.shown(truecolor)) else {
                        continue;
                    };
                    let ratio = f.contrast(b);
                    if ratio < MIN_CONTRAST {
                        failures.push(format!("{name} truecolor={truecolor} {what}: {ratio:.2}"));
                    }
                }
                let (what, ratio) = weakest_pair(&palette, truecolor).expect("pairs");
                println!("{name:14} truecolor={truecolor:5} weakest: {what} {ratio:.2}:1");
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    /// The board's own colours are all known (none is the terminal's), so the rule above
    /// covers every one of them.
    #[test]
    fn every_board_colour_is_the_themes_own() {
        for name in ThemeName::ALL {
            let palette = Palette::of(name).expect("shipped theme reads");
            for (what, fg, bg) in palette.pairs().into_iter().take(14) {
                assert!(
                    fg.shown(false).is_some() && bg.shown(false).is_some(),
                    "{name}: {what}"
                );
            }
        }
    }

    /// Black's pieces differ from the grid lines in colour, not only in boldness.
    #[test]
    fn black_pieces_differ_from_the_lines() {
        for name in ThemeName::ALL {
            let palette = Palette::of(name).expect("shipped theme reads");
            for truecolor in [true, false] {
                let distance = black_from_lines(&palette, truecolor).expect("known colours");
                println!("{name:14} truecolor={truecolor:5} black vs lines: {distance:.0}");
                assert!(distance >= 150.0, "{name}: {distance}");
            }
        }
    }

    #[test]
    fn theme_names_read_back() {
        for name in ThemeName::ALL {
            assert_eq!(name.name().parse::<ThemeName>(), Ok(name));
        }
        let err = "mahogany".parse::<ThemeName>().expect_err("not shipped");
        assert!(err.to_string().contains("wood, dark"), "{err}");
    }
}

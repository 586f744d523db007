//! Clock times in digits three rows tall, to read from across the table, drawn with half
//! blocks (`█ ▀ ▄`). Block characters are "ambiguous width" like the grid's lines, so the
//! screen uses these only where it draws box-drawing lines too (not in `--ascii` or
//! `--ascii-lines`).

/// Each glyph's three rows, three cells wide (`:` and `.` one cell), in half-block form:
/// `F` full block, `T` upper half, `B` lower half, space empty.
fn rows(c: char) -> Option<[&'static str; 3]> {
    Some(match c {
        '0' => ["FTF", "F F", "TTT"],
        '1' => [" TF", "  F", "  T"],
        '2' => ["TTF", "FTT", "TTT"],
        '3' => ["TTF", " TF", "TTT"],
        '4' => ["F F", "TTF", "  T"],
        '5' => ["FTT", "TTF", "TTT"],
        '6' => ["FTT", "FTF", "TTT"],
        '7' => ["TTF", "  F", "  T"],
        '8' => ["FTF", "FTF", "TTT"],
        '9' => ["FTF", "TTF", "TTT"],
        ':' => ["B", "B", " "],
        '.' => [" ", " ", "T"],
        _ => return None,
    })
}

/// `text` (digits, `:` and `.`) as three lines, glyphs one cell apart. Other characters are
/// left out.
#[must_use]
pub fn big(text: &str) -> [String; 3] {
    let mut out: [String; 3] = Default::default();
    for (i, glyph) in text.chars().filter_map(rows).enumerate() {
        for (line, row) in out.iter_mut().zip(glyph) {
            if i > 0 {
                line.push(' ');
            }
            line.extend(row.chars().map(|m| match m {
                'F' => '█',
                'T' => '▀',
                'B' => '▄',
                _ => ' ',
            }));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::big;

    #[test]
    fn digits_are_three_rows_tall_and_read_as_drawn() {
        assert_eq!(
            big("4:05"),
            ["█ █ ▄ █▀█ █▀▀", "▀▀█ ▄ █ █ ▀▀█", "  ▀   ▀▀▀ ▀▀▀"]
        );
        assert_eq!(big("9.7"), ["█▀█   ▀▀█", "▀▀█     █", "▀▀▀ ▀   ▀"]);
        assert_eq!(big("1-2"), big("12"), "only digits, : and .");
    }
}

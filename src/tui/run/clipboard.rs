//! The clipboard by OSC 52: `ESC ] 52 ; c ; <base64> BEL` asks the terminal (and tmux with
//! `set-clipboard on`, and over SSH) to put the text on the system clipboard.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use std::io::{self, Write};

/// The escape sequence that puts `text` on the clipboard.
#[must_use]
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", STANDARD.encode(text))
}

/// Writes the sequence for `text` to `out` at once (between frames: drawing never writes it).
///
/// # Errors
/// The terminal could not be written to.
pub fn copy(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(osc52(text).as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::{copy, osc52};

    #[test]
    fn the_text_is_sent_as_base64_between_the_osc_52_brackets() {
        assert_eq!(osc52("9/9 w"), "\x1b]52;c;OS85IHc=\x07");
        let mut out = Vec::new();
        copy(&mut out, "马 ok").expect("a vector takes anything");
        assert_eq!(out, b"\x1b]52;c;6amsIG9r\x07");
    }
}

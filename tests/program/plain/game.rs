//! A whole game through pipes: typed moves and questions against the computer, to the
//! mate, every move, the check and the result said in words, in English and in Chinese;
//! nothing in the output that a terminal acts on or draws as a board.

use crate::common::TempDir;
use crate::common::pipe::{Plain, assert_plain};

/// Red to move mates in two: the horse checks from c8, black's general has only f9, and the
/// chariot from h0 to h9 mates (the other chariot holds rank 8).
const MATE_IN_TWO: &str = "4k4/8R/9/1N7/9/9/9/9/9/3K3R1 w - - 0 1";

fn fen_words() -> Vec<&'static str> {
    MATE_IN_TWO.split(' ').collect()
}

#[test]
fn a_game_against_the_computer_is_played_to_the_mate_in_words() {
    let state = TempDir::new("plain-game");
    let mut args = vec!["--computer", "black", "--level", "1"];
    args.extend(fen_words());
    let mut p = Plain::start(&args, &state.0);
    let said = p.wait_for("Red to move.");
    assert!(said[0].contains("Type help"), "{said:?}");

    assert_eq!(p.ask("turn"), ["Move 1, Red to move."]);
    assert!(p.ask("help").len() > 1);
    assert_eq!(p.ask("e9"), ["e9: black general."]);
    assert_eq!(
        p.ask("pieces"),
        [
            "Red: general d0; horse b6; 2 chariots i8, h0.",
            "Black: general e9."
        ]
    );

    // A move against the rules gets its reason, and the game is unchanged.
    let said = p.ask("b6b9");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("b6b9: "), "{said:?}");
    assert!(
        said[0].contains("horse"),
        "the reason names the rule: {said:?}"
    );
    assert_eq!(p.ask("fen"), [MATE_IN_TWO]);

    // The horse checks (typed in WXF); the computer's only move is said when it plays.
    let said = p.ask_until("H8+7", "Red to move.");
    assert_eq!(
        said,
        [
            "Red horse eight forward seven. Check. Black to move.",
            "Black general five to six. Red to move."
        ]
    );
    assert_eq!(
        p.ask("last 2"),
        [
            "1: Red horse eight forward seven. Check.",
            "1: Black general five to six."
        ]
    );
    // The mate, typed in words.
    assert_eq!(
        p.ask("chariot 2 forward 9"),
        ["Red chariot two forward nine. Check. Red wins — checkmate."]
    );
    assert_eq!(
        p.ask("material"),
        ["Red: 2 chariots, 1 horse; 22 points. Black: the general alone; 0 points."]
    );
    // A move after the end is refused with the reason.
    let said = p.ask("d0e0");
    assert!(said[0].starts_with("The game is over"), "{said:?}");

    let (status, _) = p.close();
    assert!(status.success(), "{status:?}");
    assert_plain(&p.raw);
}

#[test]
fn the_same_game_in_chinese() {
    let state = TempDir::new("plain-game-zh");
    let mut args = vec!["--lang", "zh-Hans", "--computer", "black", "--level", "1"];
    args.extend(fen_words());
    let mut p = Plain::start(&args, &state.0);
    let said = p.wait_for("轮到红方。");
    assert!(said[0].contains("帮助"), "{said:?}");

    let said = p.ask("b6b9");
    assert!(said[0].starts_with("b6b9："), "{said:?}");
    assert_eq!(p.ask("fen"), [MATE_IN_TWO]);

    let said = p.ask_until("马八进七", "轮到红方。");
    assert_eq!(said.len(), 2, "{said:?}");
    assert_eq!(said[0], "红方 马八进七。将军！轮到黑方。");
    assert!(said[1].starts_with("黑方 将"), "{said:?}");
    assert!(said[1].ends_with("轮到红方。"), "{said:?}");
    let said = p.ask("车二进九");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("红方 车二进九。将军！"), "{said:?}");
    assert!(said[0].contains("红胜"), "{said:?}");
    let (status, _) = p.close();
    assert!(status.success(), "{status:?}");
    assert_plain(&p.raw);
}

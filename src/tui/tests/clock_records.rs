//! Clock times in saved games: `[%clk]` comments written with every move, and read back
//! from records other programs wrote.

use super::*;
use std::time::Duration;
use xiangqi::clock::TimeControl;

fn at(millis: u64) -> Action {
    Action::Tick(Now {
        elapsed: Duration::from_millis(millis),
        unix_secs: 0,
    })
}

#[test]
fn each_move_is_saved_with_the_time_its_side_has_left() {
    let options = Options {
        clock: Some("1+5".parse::<TimeControl>().expect("control")),
        ..Options::default()
    };
    let mut app = start_with(options);
    play_all(&mut app, "h2e2");
    app.update(at(12_500));
    play_all(&mut app, "h9g7");
    let effects = app.update(Action::Terminate);
    let Some(Effect::Autosave(pgn)) = effects.first() else {
        panic!("{effects:?}");
    };
    assert!(pgn.contains("炮二平五 {[%clk 0:01:05]}"), "{pgn}");
    assert!(pgn.contains("馬８進７ {[%clk 0:00:52]}"), "{pgn}");
}

#[test]
fn a_record_with_clk_comments_brings_its_clocks_back() {
    let record = "[TimeControl \"300+3\"]\n\
                  1. 炮二平五 {[%clk 0:05:00]} 马８进７ {good [%clk 0:04:41.5]} *\n";
    let pgn = xiangqi::pgn::read_game(record.as_bytes(), 1).expect("record");
    let mut app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    );
    app.update(at(1_000));
    let clock = app.clock().expect("the clocks came back");
    let now = Duration::from_millis(3_000);
    assert_eq!(
        clock.left(Color::Black, now),
        Duration::from_millis(281_500)
    );
    assert_eq!(
        clock.left(Color::Red, now),
        Duration::from_secs(298),
        "red's runs"
    );
    // A record with a move whose time is missing has no clocks to bring back.
    let gap = "[TimeControl \"300\"]\n1. 炮二平五 {[%clk 0:05:00]} 马８进７ *\n";
    let pgn = xiangqi::pgn::read_game(gap.as_bytes(), 1).expect("record");
    let app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    );
    assert!(app.clock().is_none());
}

#[test]
fn a_moves_clock_comment_is_replaced_and_its_words_kept() {
    use crate::tui::store::autosave::with_clk;
    let half = std::time::Duration::from_secs(30);
    assert_eq!(with_clk(None, half), "[%clk 0:00:30]");
    assert_eq!(with_clk(Some("[%clk 0:01:00]"), half), "[%clk 0:00:30]");
    assert_eq!(
        with_clk(Some("good [%clk 0:01:00] move"), half),
        "good move [%clk 0:00:30]"
    );
    assert_eq!(with_clk(Some("a trap"), half), "a trap [%clk 0:00:30]");
}

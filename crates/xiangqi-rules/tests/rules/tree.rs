//! The game as a cursor into its tree: stepping back keeps every move, a different move adds a
//! variation, and the navigation a move list needs (start, end, back, forward, go to a move,
//! switch lines).

use xiangqi_rules::{Color, Game, Move, NodeId, Notation, NotationStyle, Position, Termination};

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn play(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// (depth, ICCS move) of every move in PGN order: an independent view of the tree's shape.
fn shape(game: &Game) -> Vec<(usize, String)> {
    let style = NotationStyle {
        iccs_hyphenated: false,
        ..NotationStyle::default()
    };
    game.tree()
        .entries(Notation::Iccs, &style)
        .into_iter()
        .map(|e| (e.depth, e.text))
        .collect()
}

fn pairs(list: &[(usize, &str)]) -> Vec<(usize, String)> {
    list.iter().map(|(d, t)| (*d, (*t).to_string())).collect()
}

#[test]
fn stepping_back_and_playing_another_move_keeps_the_old_line_as_main() {
    let mut game = Game::default();
    play(&mut game, &["h2e2", "h9g7", "h0g2"]);
    game.undo();
    game.undo();
    play(&mut game, &["b9c7"]);
    assert_eq!(texts(game.moves()), ["h2e2", "b9c7"]);
    assert!(!game.can_redo(), "the new move ends its line");
    assert_eq!(texts(&game.main_line()), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(
        shape(&game),
        pairs(&[(0, "h2e2"), (0, "h9g7"), (1, "b9c7"), (0, "h0g2")])
    );
}

#[test]
fn playing_the_recorded_move_follows_it_instead_of_adding_one() {
    let mut game = Game::default();
    play(&mut game, &["h2e2", "h9g7", "h0g2"]);
    game.to_start();
    play(&mut game, &["h2e2"]);
    assert_eq!(game.tree().len(), 3);
    assert!(game.can_redo(), "the rest of the line is still ahead");
    game.to_end();
    assert_eq!(texts(game.moves()), ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn start_end_back_and_forward_walk_the_line_followed() {
    let mut game = Game::default();
    play(&mut game, &["h2e2", "h9g7", "h0g2"]);
    game.undo();
    play(&mut game, &["b0c2", "b9c7"]);
    game.to_start();
    assert_eq!(game.position(), &Position::start());
    assert_eq!(game.current(), NodeId::ROOT);
    assert_eq!(game.back(), None);
    game.to_end();
    assert_eq!(
        texts(game.moves()),
        ["h2e2", "h9g7", "b0c2", "b9c7"],
        "the end of the line last followed, not of the main line"
    );
    assert_eq!(game.back(), Some(mv("b9c7")));
    assert_eq!(game.forward(), Some(mv("b9c7")));
    assert_eq!(game.forward(), None);
    assert_eq!(game.positions().len(), 5);
}

#[test]
fn going_to_a_node_replays_the_path_to_it() {
    let mut game = Game::default();
    play(&mut game, &["h2e2", "h9g7", "h0g2", "i9h9"]);
    game.to_start();
    play(&mut game, &["c3c4", "c6c5"]);
    let main = game.tree().line_after(NodeId::ROOT);
    assert!(game.go_to(main[2]));
    assert_eq!(texts(game.moves()), ["h2e2", "h9g7", "h0g2"]);
    let mut expected = Position::start();
    for m in ["h2e2", "h9g7", "h0g2"] {
        expected = expected.play(mv(m)).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(game.position(), &expected);
    assert_eq!(game.last_move(), Some(mv("h0g2")));
    game.to_end();
    assert_eq!(texts(game.moves()), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    // Back to the first move on the main line: the line ahead is kept.
    assert!(game.go_to(main[0]));
    assert!(game.can_redo());
    game.to_end();
    assert_eq!(game.moves().len(), 4);
}

#[test]
fn switching_lines_steps_through_the_alternatives_of_the_current_move() {
    let mut game = Game::default();
    play(&mut game, &["h2e2", "h9g7"]);
    game.to_start();
    play(&mut game, &["b0c2"]);
    game.to_start();
    play(&mut game, &["c3c4"]);
    assert!(game.switch_line(-1));
    assert_eq!(texts(game.moves()), ["b0c2"]);
    assert!(game.switch_line(-1));
    assert_eq!(texts(game.moves()), ["h2e2"]);
    assert!(!game.switch_line(-1), "nothing before the main move");
    assert!(game.switch_line(2));
    assert_eq!(texts(game.moves()), ["c3c4"]);
    assert!(!game.switch_line(1));
    game.switch_line(-2);
    game.to_end();
    assert_eq!(
        texts(game.moves()),
        ["h2e2", "h9g7"],
        "the main move's line goes on"
    );
}

#[test]
fn undo_withdraws_a_resignation_but_stepping_away_and_back_keeps_it() {
    let mut game = Game::default();
    play(&mut game, &["h2e2"]);
    let resigned = game.resign(Color::Black).unwrap_or_else(|e| panic!("{e}"));
    game.back();
    assert_eq!(game.outcome(), None);
    game.forward();
    assert_eq!(game.outcome(), Some(resigned), "still resigned at its move");
    assert_eq!(game.main_line_outcome(), Some(resigned));
    assert_eq!(game.undo(), None, "undo takes the resignation back first");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.undo(), Some(mv("h2e2")));
}

#[test]
fn the_main_line_outcome_is_judged_wherever_the_cursor_is() {
    let mate = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    let mut game = Game::new(mate.unwrap_or_else(|e| panic!("{e}")));
    play(&mut game, &["b0b9"]);
    game.undo();
    play(&mut game, &["a8a9"]);
    assert!(game.outcome().is_none(), "a check, not mate");
    let over = game.main_line_outcome().map(|o| o.termination);
    assert_eq!(over, Some(Termination::Checkmate));
}

#[test]
fn promoting_a_variation_changes_the_main_line_only() {
    let mut game = Game::default();
    play(&mut game, &["h2e2", "h9g7"]);
    game.undo();
    play(&mut game, &["b9c7"]);
    game.promote(game.current());
    assert_eq!(texts(&game.main_line()), ["h2e2", "b9c7"]);
    assert_eq!(texts(game.moves()), ["h2e2", "b9c7"], "the cursor stays");
    assert_eq!(game.tree().len(), 3);
}

#[test]
fn comments_are_set_on_any_move_by_code() {
    let mut game = Game::default();
    play(&mut game, &["h2e2", "h9g7"]);
    let first = game.line()[1];
    game.set_comment(first, Some("[%clk 0:59:31]"));
    game.set_comment(game.current(), Some("a reply"));
    assert_eq!(game.tree().comment(first), Some("[%clk 0:59:31]"));
    assert_eq!(game.tree().comment(game.current()), Some("a reply"));
}

//! Jieqi in the lobby: the form's game field (Jieqi casual only) and the request it sends,
//! and the Jieqi mark beside the clock of seeks, challenges, games and archived games, in
//! each language.

use super::{key, summary, tag, text_of, welcome};
use crate::tui::i18n::lang::Lang;
use crate::tui::lobby::state::{Lobby, LobbyMode, Order, Pane};
use ratatui::crossterm::event::KeyCode;
use xiangqi_club::protocol::{
    ArchiveEntry, ChallengeEntry, ClockSpec, ColourChoice, Event, GameSummary, How, Request,
    SeekEntry, Variant,
};

fn lobby(lang: Lang) -> Lobby {
    let mut lobby = Lobby::new(lang, "127.0.0.1:9092", welcome("carol"));
    lobby.hear(&Event::LobbyReady);
    lobby
}

#[test]
fn the_form_asks_for_jieqi_which_is_casual_only() {
    let mut lobby = lobby(Lang::En);
    lobby.key(&key(KeyCode::Char('s')));
    // Rated first, then the game field (the fourth) turned to Jieqi.
    lobby.key(&key(KeyCode::Tab));
    lobby.key(&key(KeyCode::Char(' ')));
    let screen = text_of(&lobby, 140, 24);
    assert!(screen.contains("rated rated"), "{screen}");
    assert!(screen.contains("game xiangqi"), "{screen}");
    lobby.key(&key(KeyCode::Tab));
    lobby.key(&key(KeyCode::Tab));
    lobby.key(&key(KeyCode::Right));
    // On an 80-column terminal the fields stay whole on their line, the keys at the foot.
    let screen = text_of(&lobby, 80, 24);
    assert!(
        screen.contains("New seek: clock 5+3 · rated casual · side random side · game Jieqi 揭棋"),
        "{screen}"
    );
    assert!(screen.contains("Esc cancel"), "{screen}");
    // The rated field cannot be turned on for Jieqi.
    lobby.key(&key(KeyCode::BackTab));
    lobby.key(&key(KeyCode::BackTab));
    lobby.key(&key(KeyCode::Char(' ')));
    let LobbyMode::Form(form) = &lobby.mode else {
        panic!("the form is open");
    };
    assert!(!form.rated);
    assert_eq!(form.variant, Variant::Jieqi);
    assert_eq!(
        lobby.key(&key(KeyCode::Enter)),
        vec![Order::Send(Request::Seek {
            clock: ClockSpec::minutes(5, 3),
            rated: false,
            colour: ColourChoice::Random,
            variant: Variant::Jieqi,
        })]
    );
    // The next form starts from Jieqi; a challenge carries it too.
    lobby.key(&key(KeyCode::Char('c')));
    for c in "dave\n".chars() {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        lobby.key(&key(code));
    }
    assert_eq!(
        lobby.key(&key(KeyCode::Enter)),
        vec![Order::Send(Request::Challenge {
            to: "dave".into(),
            clock: ClockSpec::minutes(5, 3),
            rated: false,
            colour: ColourChoice::Random,
            variant: Variant::Jieqi,
        })]
    );
    // And back to xiangqi for a private game, which may be rated again.
    lobby.key(&key(KeyCode::Char('p')));
    for code in [KeyCode::BackTab, KeyCode::Left, KeyCode::Tab, KeyCode::Tab] {
        lobby.key(&key(code));
    }
    lobby.key(&key(KeyCode::Char(' ')));
    assert_eq!(
        lobby.key(&key(KeyCode::Enter)),
        vec![Order::Send(Request::OpenPrivate {
            clock: ClockSpec::minutes(5, 3),
            rated: true,
            colour: ColourChoice::Random,
            variant: Variant::Xiangqi,
        })]
    );
}

fn jieqi_seek() -> SeekEntry {
    SeekEntry {
        id: 21,
        by: tag("dave", 1512, false),
        clock: ClockSpec::minutes(5, 3),
        rated: false,
        colour: ColourChoice::Red,
        variant: Variant::Jieqi,
    }
}

fn jieqi_game() -> GameSummary {
    GameSummary {
        rated: false,
        variant: Variant::Jieqi,
        ..summary(8, "erin", "frank", 1)
    }
}

fn challenge(from: &str, to: &str) -> ChallengeEntry {
    ChallengeEntry {
        id: 4,
        from: tag(from, 1500, false),
        to: tag(to, 1512, false),
        clock: ClockSpec::minutes(10, 0),
        rated: false,
        colour: ColourChoice::Random,
        variant: Variant::Jieqi,
    }
}

fn archived() -> ArchiveEntry {
    ArchiveEntry {
        game: 2,
        date: "2026.11.28".into(),
        red: "carol".into(),
        black: "dave".into(),
        result: "1-0".into(),
        how: How::Checkmate,
        clock: ClockSpec::minutes(3, 2),
        rated: false,
        plies: 41,
        variant: Variant::Jieqi,
    }
}

#[test]
fn the_lists_mark_jieqi_beside_the_clock_in_each_language() {
    for (lang, mark, casual, sent) in [
        (Lang::En, "Jieqi", "casual", "Jieqi challenge sent to dave"),
        (Lang::ZhHans, "揭棋", "不计分", "已向 dave 发出揭棋挑战"),
        (Lang::ZhHant, "揭棋", "不計分", "已向 dave 發出揭棋挑戰"),
    ] {
        let mut lobby = lobby(lang);
        lobby.hear(&Event::SeekOpen { seek: jieqi_seek() });
        lobby.hear(&Event::GameListed { game: jieqi_game() });
        lobby.hear(&Event::GameListed {
            game: summary(9, "gus", "hal", 0),
        });
        assert_eq!(
            lobby.lines(Pane::Seeks)[0].find(&format!("5+3 {mark} {casual}")),
            Some(0)
        );
        let games = lobby.lines(Pane::Games);
        assert!(
            games[0].contains(&format!("5+3 {mark} {casual}")),
            "{games:?}"
        );
        assert!(
            !games[1].contains(mark),
            "a xiangqi game unmarked: {games:?}"
        );
        let screen = text_of(&lobby, 140, 24);
        assert!(screen.contains(&format!("5+3 {mark}")), "{screen}");
        // A challenge received, then one sent.
        lobby.hear(&Event::Challenged {
            challenge: challenge("dave", "carol"),
        });
        let screen = text_of(&lobby, 140, 24);
        assert!(screen.contains(&format!("10+0 {mark}")), "{screen}");
        lobby.hear(&Event::ChallengeGone {
            challenge: 4,
            declined: false,
        });
        lobby.hear(&Event::Challenged {
            challenge: challenge("carol", "dave"),
        });
        let screen = text_of(&lobby, 140, 24);
        assert!(screen.contains(sent), "{screen}");
        // One's archive.
        lobby.hear(&Event::ArchivePage {
            player: "carol".into(),
            games: vec![archived()],
            more: false,
        });
        let archive = lobby.lines(Pane::Archive);
        assert!(archive[0].contains(&format!("3+2 {mark}")), "{archive:?}");
    }
}

#[test]
fn a_jieqi_game_of_the_archive_is_not_read_as_xiangqi_and_says_where_it_opens() {
    use crate::tui::lobby::run::review;
    use crate::tui::lobby::state::{LobbyNote, NoReview};
    let options = || crate::tui::state::app::Options {
        lang: Lang::En,
        ..Default::default()
    };
    let jieqi = "[Event \"Club game\"]\n[Variant \"Jieqi\"]\n[Red \"carol\"]\n[Black \"dave\"]\n\
                 [Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n";
    assert_eq!(review(jieqi, options()).err(), Some(NoReview::Jieqi));
    assert_eq!(
        review("1. zz 1-0\n", options()).err(),
        Some(NoReview::Unreadable)
    );
    let mut lobby = lobby(Lang::En);
    lobby.note = Some(LobbyNote::NoReview(NoReview::Jieqi));
    let screen = text_of(&lobby, 160, 24);
    assert!(
        screen.contains("A Jieqi game does not open in review here"),
        "{screen}"
    );
}

//! The start menu as state: its pages, the rows of each, the row chosen, and what the
//! player has chosen so far for the game to start (side, level, clock, address). A key
//! changes it and may end in a [`Chosen`], which the app carries out. Pure: nothing here
//! starts a game or touches the network.
//!
//! The main page is [`MAIN`], a line an item: a new item (a game of another kind, another
//! screen) is one line there, its name in the catalogues, and — unless an action the game
//! screen already has does what it does — the action it sends.

use crate::tui::i18n::catalogue::{Id, id};
use crate::tui::state::action::{Action, DoorKey, EditKey};
use crate::tui::state::prompt::edit::LineEdit;
use crate::tui::store::address::join_address;
use crate::tui::store::config_keys::MAX_CLUB_NAME;
use xiangqi_net::code::JoinCode;
use xiangqi_rules::Color;
use xiangqi_rules::clock::TimeControl;

/// A page of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Page {
    /// The items.
    Main,
    /// Playing the computer: side, level, clock.
    Computer,
    /// The clock for the next game: the common ones, or one typed.
    Clock,
    /// Host or join.
    Network,
    /// Hosting: side, clock, where to listen.
    Host,
    /// Joining: the host's address and code.
    Join,
    /// A club server: its address and the name to play under.
    Club,
}

/// What the menu knows of the screen behind it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// It was opened over a game with moves: `Back` goes back to it.
    pub over_game: bool,
    /// An unfinished game from before can be continued.
    pub resumable: bool,
}

/// What an item of the main page does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Back to the game the menu was opened over.
    Back,
    /// A new game at this terminal, two players, on the clock chosen.
    HotSeat,
    /// The unfinished game from before.
    Resume,
    /// Opens a page.
    Page(Page),
    /// The clock of the next game: ← → step through the common ones, Enter opens its page.
    Clock,
    /// Closes the menu and does what this action does, as its key on the game screen would.
    Run(Action),
    /// A Jieqi game: the unfinished one, else a new deal.
    Jieqi,
}

/// An item of the main page.
#[derive(Clone, Debug)]
pub struct Item {
    /// The key that chooses it at once.
    pub letter: char,
    /// Its words.
    pub name: Id,
    /// What it does.
    pub choice: Choice,
    /// Is it on the page now?
    pub shown: fn(&Seen) -> bool,
}

const fn item(letter: char, name: Id, choice: Choice, shown: fn(&Seen) -> bool) -> Item {
    Item {
        letter,
        name,
        choice,
        shown,
    }
}

fn always(_: &Seen) -> bool {
    true
}

fn over_game(seen: &Seen) -> bool {
    seen.over_game
}

fn resumable(seen: &Seen) -> bool {
    seen.resumable && !seen.over_game
}

/// The main page, top to bottom. The hot-seat game is the first item shown when the
/// program starts, so Enter alone starts it.
#[rustfmt::skip]
pub const MAIN: &[Item] = &[
    item('b', id::MENU_BACK, Choice::Back, over_game),
    item('h', id::MENU_PLAY_HERE, Choice::HotSeat, always),
    item('r', id::MENU_CONTINUE, Choice::Resume, resumable),
    item('c', id::MENU_COMPUTER, Choice::Page(Page::Computer), always),
    item('j', id::MENU_JIEQI, Choice::Jieqi, always),
    item('z', id::MENU_PUZZLES, Choice::Run(Action::Puzzle), always),
    item('p', id::MENU_TACTICS, Choice::Run(Action::Tactics), always),
    item('o', id::MENU_OPEN, Choice::Run(Action::Open), always),
    item('e', id::MENU_SETUP, Choice::Run(Action::OpenEditor), always),
    item('n', id::MENU_NETWORK, Choice::Page(Page::Network), always),
    item('l', id::MENU_CLUB, Choice::Page(Page::Club), always),
    item('t', id::MENU_CLOCK, Choice::Clock, always),
    item('s', id::MENU_SETTINGS, Choice::Run(Action::OpenSettings), always),
    item('?', id::MENU_HELP, Choice::Run(Action::ShowHelp), always),
    item('q', id::MENU_QUIT, Choice::Run(Action::Quit), always),
];

/// The clocks offered, as `--clock` writes them, after "none".
pub const PRESETS: [&str; 5] = ["5+3", "10+5", "15+10", "30+0", "10/45"];

/// The clocks offered: none, then [`PRESETS`].
#[must_use]
pub fn presets() -> Vec<Option<TimeControl>> {
    std::iter::once(None)
        .chain(PRESETS.iter().map(|p| p.parse().ok()))
        .collect()
}

/// A field typed on a page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A clock, as `--clock` takes it.
    Clock,
    /// Where a host listens.
    Listen,
    /// The host's address.
    Address,
    /// The host's join code.
    Code,
    /// A club server's address.
    Club,
    /// The name to play under there.
    ClubName,
}

/// What a page's last row starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// The game against the computer.
    Computer,
    /// Hosting.
    Host,
    /// Joining.
    Join,
    /// The club's lobby.
    Club,
}

/// A row of a page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// An item of [`MAIN`], by its place there.
    Item(usize),
    /// The side the player takes (the computer's page, the host's).
    Side,
    /// The computer's level.
    Level,
    /// The clock of the next game.
    Clock,
    /// One of the clocks offered, by its place in [`presets`].
    Preset(usize),
    /// A field to type.
    Text(Field),
    /// A page to go to (the network's: host, join).
    To(Page),
    /// Starts what the page is for.
    Start(Go),
}

/// Why the menu cannot go on as asked: said under its page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The clock typed is not one.
    Clock(String),
    /// The address to listen on is not one.
    Listen(String),
    /// The host's address is not one.
    Address(String),
    /// The join code is not one.
    Code(String),
    /// The name for the club is not one.
    ClubName(String),
}

/// What the player chose, for the app to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Back to the game behind the menu.
    Back,
    /// A new game at this terminal.
    HotSeat(Option<TimeControl>),
    /// A new game against the computer, which plays `computer`.
    Computer {
        /// The computer's side.
        computer: Color,
        /// Its level, 1 to 10.
        level: u8,
        /// The clock.
        clock: Option<TimeControl>,
    },
    /// The unfinished game from before.
    Resume,
    /// This action, as its key would send it.
    Run(Action),
    /// A Jieqi game, on its own screen over the game behind the menu.
    Jieqi,
    /// Host a network game.
    Host {
        /// Where to listen (`ADDR:PORT`).
        listen: String,
        /// The host's side.
        side: Color,
        /// The clock.
        clock: Option<TimeControl>,
    },
    /// Join a network game.
    Join {
        /// The host's address.
        address: String,
        /// Its code.
        code: JoinCode,
    },
    /// The lobby of a club server.
    Club {
        /// Its address.
        address: String,
        /// The name to play under.
        name: String,
    },
}

/// The menu: the page shown, the row chosen, and the choices made so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// The page shown.
    pub page: Page,
    /// The row chosen on it, from 0.
    pub row: usize,
    /// The pages gone through to reach this one, and the row chosen on each: Esc goes back.
    trail: Vec<(Page, usize)>,
    /// The side the player takes against the computer.
    pub side: Color,
    /// The host's side.
    pub host_side: Color,
    /// The computer's level.
    pub level: u8,
    /// The clock of the next game.
    pub clock: Option<TimeControl>,
    /// The clock being typed.
    pub typed_clock: LineEdit,
    /// Where the host listens.
    pub listen: LineEdit,
    /// The host's address, to join.
    pub address: LineEdit,
    /// The join code.
    pub code: LineEdit,
    /// The club server's address and the name to play under (the last ones, at first).
    pub club: (LineEdit, LineEdit),
    /// What is wrong with the last thing asked, if anything.
    pub problem: Option<Problem>,
}

impl Menu {
    /// The main page, its first row chosen: the computer at `level`, the clock `clock`
    /// (the configuration's), hosting on `listen`.
    #[must_use]
    pub fn new(level: u8, clock: Option<TimeControl>, listen: &str) -> Menu {
        Menu {
            page: Page::Main,
            row: 0,
            trail: Vec::new(),
            side: Color::Red,
            host_side: Color::Red,
            level: level.clamp(1, 10),
            clock,
            typed_clock: LineEdit::default(),
            listen: LineEdit::new(listen),
            address: LineEdit::default(),
            code: LineEdit::default(),
            club: (LineEdit::default(), LineEdit::default()),
            problem: None,
        }
    }

    /// The rows of the page shown.
    #[must_use]
    pub fn rows(&self, seen: &Seen) -> Vec<Row> {
        match self.page {
            Page::Main => MAIN
                .iter()
                .enumerate()
                .filter(|(_, item)| (item.shown)(seen))
                .map(|(i, _)| Row::Item(i))
                .collect(),
            Page::Computer => vec![Row::Side, Row::Level, Row::Clock, Row::Start(Go::Computer)],
            Page::Clock => (0..presets().len())
                .map(Row::Preset)
                .chain([Row::Text(Field::Clock)])
                .collect(),
            Page::Network => vec![Row::To(Page::Host), Row::To(Page::Join)],
            Page::Host => vec![
                Row::Side,
                Row::Clock,
                Row::Text(Field::Listen),
                Row::Start(Go::Host),
            ],
            Page::Join => vec![
                Row::Text(Field::Address),
                Row::Text(Field::Code),
                Row::Start(Go::Join),
            ],
            Page::Club => vec![
                Row::Text(Field::Club),
                Row::Text(Field::ClubName),
                Row::Start(Go::Club),
            ],
        }
    }

    /// The text of `field`.
    #[must_use]
    pub fn text(&self, field: Field) -> &LineEdit {
        match field {
            Field::Clock => &self.typed_clock,
            Field::Listen => &self.listen,
            Field::Address => &self.address,
            Field::Code => &self.code,
            Field::Club => &self.club.0,
            Field::ClubName => &self.club.1,
        }
    }

    fn text_mut(&mut self, field: Field) -> &mut LineEdit {
        match field {
            Field::Clock => &mut self.typed_clock,
            Field::Listen => &mut self.listen,
            Field::Address => &mut self.address,
            Field::Code => &mut self.code,
            Field::Club => &mut self.club.0,
            Field::ClubName => &mut self.club.1,
        }
    }

    /// The row chosen, if the page has rows.
    #[must_use]
    pub fn chosen(&self, seen: &Seen) -> Option<Row> {
        let rows = self.rows(seen);
        rows.get(self.row.min(rows.len().saturating_sub(1)))
            .copied()
    }

    /// The field of the row chosen, if it takes text.
    #[must_use]
    pub fn typing(&self, seen: &Seen) -> Option<Field> {
        match self.chosen(seen) {
            Some(Row::Text(field)) => Some(field),
            _ => None,
        }
    }

    /// Handles `key`; what the player chose, if this key chose it.
    pub fn key(&mut self, key: DoorKey, seen: &Seen) -> Option<Chosen> {
        let rows = self.rows(seen);
        let last = rows.len().saturating_sub(1);
        self.row = self.row.min(last);
        let typing = self.typing(seen);
        if !matches!(key, DoorKey::Step(_)) {
            self.problem = None;
        }
        match key {
            DoorKey::Step(n) => self.row = self.row.saturating_add_signed(n).min(last),
            DoorKey::Change(n) => match typing {
                Some(field) if n < 0 => self.text_mut(field).left(),
                Some(field) => self.text_mut(field).right(),
                None => self.change(rows[self.row], n),
            },
            DoorKey::Edit(edit) => {
                if let Some(field) = typing {
                    edit.apply(self.text_mut(field));
                } else {
                    match edit {
                        EditKey::Home => self.row = 0,
                        EditKey::End => self.row = last,
                        _ => {}
                    }
                }
            }
            DoorKey::Char(c) => match typing {
                Some(field) => self.text_mut(field).insert(c),
                None => {
                    let at = rows
                        .iter()
                        .position(|row| matches!(row, Row::Item(i) if MAIN[*i].letter == c))?;
                    self.row = at;
                    return self.enter(rows[at], seen);
                }
            },
            DoorKey::Click(at) if at < rows.len() => {
                self.row = at;
                return self.enter(rows[at], seen);
            }
            DoorKey::Click(_) => {}
            DoorKey::Enter => return self.enter(rows[self.row], seen),
            DoorKey::Back => return self.back(),
        }
        None
    }

    /// Text pasted: typed into the field chosen, if one is (a join code copied from a
    /// message, say).
    pub fn paste(&mut self, text: &str, seen: &Seen) {
        if let Some(field) = self.typing(seen) {
            self.text_mut(field).insert_str(text.trim());
        }
    }

    /// Esc: the page before, or (on the main page) back to the game behind.
    fn back(&mut self) -> Option<Chosen> {
        match self.trail.pop() {
            Some((page, row)) => {
                self.page = page;
                self.row = row;
                None
            }
            None => Some(Chosen::Back),
        }
    }

    /// Opens `page`, its first row chosen (the clock's: the clock chosen now).
    fn open(&mut self, page: Page) {
        self.trail.push((self.page, self.row));
        self.page = page;
        self.row = match page {
            Page::Clock => presets()
                .iter()
                .position(|p| *p == self.clock)
                .unwrap_or(presets().len()),
            _ => 0,
        };
    }

    /// ← → on `row`: its value `n` steps on (the side turns over, the level stays within
    /// 1 to 10, the clock goes round the ones offered).
    fn change(&mut self, row: Row, n: isize) {
        match row {
            Row::Side if self.page == Page::Host => self.host_side = self.host_side.other(),
            Row::Side => self.side = self.side.other(),
            Row::Level => {
                let level = isize::from(self.level).saturating_add(n).clamp(1, 10);
                self.level = u8::try_from(level).unwrap_or(10);
            }
            Row::Clock => {
                let all = presets();
                let count = all.len() as isize;
                let at = all
                    .iter()
                    .position(|p| *p == self.clock)
                    .map_or(if n > 0 { -1 } else { 0 }, |i| i as isize);
                self.clock = all[(at + n).rem_euclid(count) as usize];
            }
            _ => {}
        }
    }

    /// Enter on `row`.
    fn enter(&mut self, row: Row, seen: &Seen) -> Option<Chosen> {
        match row {
            Row::Item(i) => match &MAIN[i].choice {
                Choice::Back => return Some(Chosen::Back),
                Choice::HotSeat => return Some(Chosen::HotSeat(self.clock)),
                Choice::Resume => return Some(Chosen::Resume),
                Choice::Page(page) => self.open(*page),
                Choice::Clock => self.open(Page::Clock),
                Choice::Run(action) => return Some(Chosen::Run(action.clone())),
                Choice::Jieqi => return Some(Chosen::Jieqi),
            },
            Row::Side | Row::Level => self.change(row, 1),
            Row::Clock => self.open(Page::Clock),
            Row::Preset(i) => {
                self.clock = presets()[i];
                self.back();
            }
            Row::Text(field) => return self.submit(field, seen),
            Row::To(page) => self.open(page),
            Row::Start(go) => return self.start(go),
        }
        None
    }

    /// Enter on a field: a clock typed is taken (or refused, saying why); the others move
    /// on to the next row.
    fn submit(&mut self, field: Field, seen: &Seen) -> Option<Chosen> {
        if field != Field::Clock {
            let last = self.rows(seen).len().saturating_sub(1);
            self.row = (self.row + 1).min(last);
            return None;
        }
        let typed = self.typed_clock.text().trim().to_string();
        match typed.parse::<TimeControl>() {
            Ok(control) => {
                self.clock = Some(control);
                self.back();
            }
            Err(_) => self.problem = Some(Problem::Clock(typed)),
        }
        None
    }

    /// The last row of the computer's, the host's, the join or the club's page: what it
    /// starts, if what was typed for it reads.
    fn start(&mut self, go: Go) -> Option<Chosen> {
        match go {
            Go::Club => {
                let address = self.club.0.text().trim().to_string();
                let name = self.club.1.text().trim().to_string();
                if join_address(&address).is_err() {
                    self.problem = Some(Problem::Address(address));
                } else if name.is_empty() || name.chars().count() > MAX_CLUB_NAME {
                    self.problem = Some(Problem::ClubName(name));
                } else {
                    return Some(Chosen::Club { address, name });
                }
                None
            }
            Go::Computer => Some(Chosen::Computer {
                computer: self.side.other(),
                level: self.level,
                clock: self.clock,
            }),
            Go::Host => {
                let listen = self.listen.text().trim().to_string();
                if listen
                    .rsplit_once(':')
                    .is_none_or(|(host, port)| host.is_empty() || port.parse::<u16>().is_err())
                {
                    self.problem = Some(Problem::Listen(listen));
                    return None;
                }
                Some(Chosen::Host {
                    listen,
                    side: self.host_side,
                    clock: self.clock,
                })
            }
            Go::Join => {
                let address = self.address.text().trim().to_string();
                let code = self.code.text().trim().to_string();
                if join_address(&address).is_err() {
                    self.problem = Some(Problem::Address(address));
                    return None;
                }
                match code.parse::<JoinCode>() {
                    Ok(code) => Some(Chosen::Join { address, code }),
                    Err(_) => {
                        self.problem = Some(Problem::Code(code));
                        None
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Chosen, Menu, Page, Problem, Row, Seen};
    use crate::tui::state::action::{Action, DoorKey};
    use xiangqi_rules::Color;

    fn menu() -> Menu {
        Menu::new(5, None, "0.0.0.0:9091")
    }

    const START: Seen = Seen {
        over_game: false,
        resumable: false,
    };

    #[test]
    fn enter_alone_starts_a_game_at_this_terminal() {
        let mut m = menu();
        assert_eq!(m.key(DoorKey::Enter, &START), Some(Chosen::HotSeat(None)));
    }

    #[test]
    fn arrows_and_enter_set_up_a_game_against_the_computer() {
        let mut m = menu();
        let keys = [
            DoorKey::Step(1),
            DoorKey::Enter,
            DoorKey::Change(1),
            DoorKey::Step(1),
            DoorKey::Change(-1),
            DoorKey::Change(-1),
            DoorKey::Step(1),
            DoorKey::Change(1),
            DoorKey::Change(1),
            DoorKey::Step(1),
        ];
        for key in keys {
            assert_eq!(m.key(key, &START), None, "{key:?}");
        }
        assert_eq!(m.page, Page::Computer);
        assert_eq!(
            m.key(DoorKey::Enter, &START),
            Some(Chosen::Computer {
                computer: Color::Red,
                level: 3,
                clock: "10+5".parse().ok(),
            })
        );
    }

    #[test]
    fn a_clock_is_typed_on_its_page_and_a_bad_one_is_said() {
        let mut m = menu();
        assert_eq!(m.key(DoorKey::Char('t'), &START), None);
        assert_eq!(m.page, Page::Clock);
        assert_eq!(m.chosen(&START), Some(Row::Preset(0)));
        m.key(
            DoorKey::Edit(crate::tui::state::action::EditKey::End),
            &START,
        );
        assert_eq!(m.typing(&START), Some(super::Field::Clock));
        for c in "soon".chars() {
            m.key(DoorKey::Char(c), &START);
        }
        m.key(DoorKey::Enter, &START);
        assert_eq!(m.problem, Some(Problem::Clock("soon".into())));
        m.key(
            DoorKey::Edit(crate::tui::state::action::EditKey::Clear),
            &START,
        );
        for c in "3+2".chars() {
            m.key(DoorKey::Char(c), &START);
        }
        m.key(DoorKey::Enter, &START);
        assert_eq!((m.page, m.problem.clone()), (Page::Main, None));
        assert_eq!(m.clock, "3+2".parse().ok());
        let clock = m.clock;
        assert_eq!(
            m.key(DoorKey::Char('h'), &START),
            Some(Chosen::HotSeat(clock))
        );
    }

    #[test]
    fn letters_choose_items_and_esc_goes_back_a_page_then_out() {
        let over = Seen {
            over_game: true,
            resumable: true,
        };
        let mut m = menu();
        assert_eq!(
            m.chosen(&over),
            Some(Row::Item(0)),
            "back to the game first"
        );
        assert_eq!(
            m.key(DoorKey::Char('?'), &over),
            Some(Chosen::Run(Action::ShowHelp))
        );
        assert_eq!(
            m.key(DoorKey::Char('r'), &over),
            None,
            "no resuming over a game"
        );
        m.key(DoorKey::Char('n'), &over);
        m.key(DoorKey::Step(1), &over);
        m.key(DoorKey::Enter, &over);
        assert_eq!(m.page, Page::Join);
        for c in "localhost:9091".chars() {
            m.key(DoorKey::Char(c), &over);
        }
        m.key(DoorKey::Enter, &over);
        for c in "7-nonsense".chars() {
            m.key(DoorKey::Char(c), &over);
        }
        m.key(DoorKey::Enter, &over);
        assert_eq!(m.key(DoorKey::Enter, &over), None);
        assert_eq!(m.problem, Some(Problem::Code("7-nonsense".into())));
        m.key(DoorKey::Back, &over);
        m.key(DoorKey::Back, &over);
        assert_eq!(m.page, Page::Main);
        assert_eq!(m.key(DoorKey::Back, &over), Some(Chosen::Back));
    }
}

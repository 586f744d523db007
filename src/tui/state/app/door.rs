//! The front door's part of [`App::update`]: the start menu and what it starts, the command
//! palette, the loop's reports (settings written, a game resumed, the network), and the
//! bell. What the menu or the palette chooses to do goes on as the action its key sends,
//! through `update` like the key itself.

use super::{Action, App, Message, Mode, Question};
use crate::tui::door::commands::{COMMANDS, Situation};
use crate::tui::door::menu::{Chosen, Menu, Seen};
use crate::tui::door::{ConfigState, DoorNote, Palette, matching};
use crate::tui::state::action::{DoorKey, DoorReport, PaletteKey};
use crate::tui::state::desk::GameKey;
use crate::tui::state::effect::{Effect, NetChoice};
use crate::tui::state::prompt::edit::LineEdit;
use crate::tui::store::config_keys::Key;
use crate::tui::store::config_write::Value;
use xiangqi_rules::Color;
use xiangqi_rules::clock::TimeControl;

/// What the bell compares after an action: the desk in front (the played game's or
/// another's) and its game then.
pub(super) type Heard = Option<(bool, GameKey)>;

impl App {
    /// The start menu, when it is in front.
    #[must_use]
    pub fn menu(&self) -> Option<&Menu> {
        self.door.menu.as_ref()
    }

    /// What the menu knows of the screen behind it.
    #[must_use]
    pub fn menu_seen(&self) -> Seen {
        Seen {
            over_game: self.play.has_moves() || self.viewed.is_some(),
            resumable: self.door.resumable,
        }
    }

    /// The command palette, when it is open.
    #[must_use]
    pub fn palette(&self) -> Option<&Palette> {
        self.door.palette.as_ref()
    }

    /// How the screen stands for the commands' availability.
    #[must_use]
    pub fn situation(&self) -> Situation {
        let desk = self.desk();
        let game = desk.game();
        Situation {
            going_on: desk.outcome().is_none(),
            moves_before: !game.moves().is_empty(),
            moves_after: game.can_redo(),
            edits: desk.edit_to_undo() || desk.edit_to_redo(),
            other_lines: game.tree().alternatives(game.current()).len() > 1,
            aside: self.viewed.is_some(),
            played_going_on: self.viewed.is_none()
                && self.play.outcome().is_none()
                && self.play.record_ended().is_none(),
            net: self.net.is_some(),
            clock: desk.clock().is_some(),
            puzzle: desk.puzzle().is_some(),
            comment: self.comment_text().is_some(),
            blindfold: self.look.blindfold,
        }
    }

    /// Handles the front door's actions; hands back any other action, and what the menu
    /// or the palette chose to do, for `update` to go on with.
    pub(super) fn door_action(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::OpenMenu => self.open_menu(),
            Action::OpenPalette => {
                self.front().0.deselect();
                self.door.palette = Some(Palette::default());
                self.screen.mode = Mode::Palette;
            }
            Action::OpenSettings => {
                let from_menu = self.screen.mode == Mode::Menu;
                self.open_settings(from_menu);
            }
            Action::Menu(key) => return self.menu_key(key),
            Action::Settings(key) => self.settings_key(key),
            Action::Palette(key) => return self.palette_key(key),
            Action::Door(report) => self.door_report(report),
            Action::ResumeAvailable => {
                self.door.resumable = true;
                return Some(action);
            }
            other => return Some(other),
        }
        None
    }

    /// `M`: the menu in front of whatever is on the screen, which waits as it is.
    pub(super) fn open_menu(&mut self) {
        self.front().0.deselect();
        self.door.palette = None;
        self.door.settings = None;
        let clock = self.play.clock().map(|c| c.control()).or(self.chosen.clock);
        let level = self.computer.level().get();
        let mut menu = Menu::new(level, clock, &self.door.listen);
        menu.club = (
            LineEdit::new(&self.door.club.0),
            LineEdit::new(&self.door.club.1),
        );
        self.door.menu = Some(menu);
        self.screen.mode = Mode::Menu;
    }

    /// Closes the menu; the screen behind it is back.
    fn close_menu(&mut self) {
        self.door.menu = None;
        self.screen.mode = Mode::Play;
    }

    fn menu_key(&mut self, key: DoorKey) -> Option<Action> {
        let seen = self.menu_seen();
        let chosen = self.door.menu.as_mut()?.key(key, &seen)?;
        match chosen {
            Chosen::Back => self.close_menu(),
            // Settings go back to the menu; anything else leaves it.
            Chosen::Run(Action::OpenSettings) => self.open_settings(true),
            Chosen::Run(action) => {
                self.close_menu();
                return self.door_action(action);
            }
            Chosen::Resume => self.screen.effects.push(Effect::Resume),
            // Its own screen over this one: the game behind the menu stays as it is.
            Chosen::Jieqi => {
                self.close_menu();
                self.screen.effects.push(Effect::PlayJieqi);
            }
            chosen if seen.over_game && self.net.is_none() => {
                // A game going on is never replaced without asking.
                self.close_menu();
                self.door.pending = Some(chosen);
                let behind = self.viewed.is_some() && self.play.has_moves();
                self.ask(Question::NewGame(behind));
            }
            chosen => self.start_chosen(chosen),
        }
        None
    }

    /// Starts the game `chosen` on the menu: at once at this terminal or against the
    /// computer; across the network once the loop has the connection under way.
    pub(super) fn start_chosen(&mut self, chosen: Chosen) {
        match chosen {
            Chosen::HotSeat(clock) => self.new_played_game(clock, None),
            Chosen::Computer {
                computer,
                level,
                clock,
            } => {
                if let Some(level) = xiangqi_engine::Level::new(level) {
                    self.computer.set_level(level);
                }
                self.new_played_game(clock, Some(computer));
            }
            Chosen::Host {
                listen,
                side,
                clock,
            } => {
                self.door.listen.clone_from(&listen);
                self.chosen.clock = clock;
                self.screen
                    .effects
                    .push(Effect::Network(NetChoice::Host { listen, side }));
            }
            Chosen::Join { address, code } => {
                self.screen
                    .effects
                    .push(Effect::Network(NetChoice::Join { address, code }));
            }
            Chosen::Club { address, name } => {
                self.door.club = (address.clone(), name.clone());
                let text = |t: &str| Some(Value::Text(t.to_string()));
                let remembered = vec![(Key::Club, text(&address)), (Key::ClubName, text(&name))];
                if matches!(
                    self.door.config,
                    ConfigState::Usable(_) | ConfigState::Saved(_)
                ) {
                    self.screen.effects.push(Effect::SaveSettings(remembered));
                }
                self.screen
                    .effects
                    .push(Effect::Network(NetChoice::Club { address, name }));
            }
            Chosen::Back | Chosen::Resume | Chosen::Run(_) | Chosen::Jieqi => {}
        }
    }

    /// A new played game from the start, on `clock`, the computer playing `computer` (the
    /// player's side at the bottom): the menu closes on it, whatever was looked at goes.
    fn new_played_game(&mut self, clock: Option<TimeControl>, computer: Option<Color>) {
        self.close_menu();
        self.viewed = None;
        let before = self.play.clone();
        self.play.new_game();
        self.play.succeed(&before);
        self.play.set_clock(clock);
        self.chosen.clock = clock;
        self.computer.play_only(computer);
        self.turn_boards();
        if let Some(side) = computer {
            let general = self.play.game().position().general(side.other());
            self.play.put_cursor(general);
        }
        self.own_game = true;
    }

    /// A key or click on the palette; the command chosen, when Enter or a click chose one
    /// that can be done now.
    fn palette_key(&mut self, key: PaletteKey) -> Option<Action> {
        let palette = self.door.palette.as_mut()?;
        let found = matching::find(palette.text.text());
        let last = found.len().saturating_sub(1);
        match key {
            PaletteKey::Step(n) => palette.row = palette.row.saturating_add_signed(n).min(last),
            PaletteKey::Edit(edit) => {
                edit.apply(&mut palette.text);
                palette.row = 0;
            }
            PaletteKey::Close => self.close_palette(),
            // A click below the commands found does nothing.
            PaletteKey::Click(at) if at > last && !found.is_empty() => {}
            PaletteKey::Run | PaletteKey::Click(_) => {
                let row = match key {
                    PaletteKey::Click(at) => at,
                    _ => palette.row,
                };
                let typed = palette.text.text().trim().to_string();
                self.close_palette();
                let Some(&i) = found.get(row.min(last)) else {
                    self.say(DoorNote::NoCommand(typed));
                    return None;
                };
                let command = &COMMANDS[i];
                if !(command.available)(&self.situation()) {
                    self.say(DoorNote::NotNow(command.name));
                    return None;
                }
                return self.door_action(command.action.clone());
            }
        }
        None
    }

    /// Text pasted on the palette (typed into its name) or the menu (into the field
    /// chosen, if any).
    pub(super) fn door_paste(&mut self, text: &str) {
        if let Some(palette) = &mut self.door.palette {
            palette.text.insert_str(text);
            palette.row = 0;
        }
        let seen = self.menu_seen();
        if let Some(menu) = &mut self.door.menu {
            menu.paste(text, &seen);
        }
    }

    fn close_palette(&mut self) {
        self.door.palette = None;
        if self.screen.mode == Mode::Palette {
            self.screen.mode = Mode::Play;
        }
    }

    /// Puts `note` on the message line.
    fn say(&mut self, note: DoorNote) {
        self.screen.message = Some(Message::Door(note));
    }

    /// What the loop did for the front door.
    fn door_report(&mut self, report: DoorReport) {
        match report {
            DoorReport::ConfigWritten(result) => self.door.config = ConfigState::after(result),
            DoorReport::ConfigReplaced(result) => {
                self.door.config = match result {
                    Ok(old) => ConfigState::Replaced(old),
                    Err(e) => ConfigState::after(Err(e)),
                };
            }
            DoorReport::Resumed(saved) => {
                self.close_menu();
                self.door.resumable = false;
                // What the start said of the game to continue is done with: it is here.
                self.screen.message = match self.screen.message.take() {
                    Some(Message::ResumeAvailable) => None,
                    Some(Message::Notices(all)) => {
                        let rest: Vec<Message> = all
                            .into_iter()
                            .filter(|m| *m != Message::ResumeAvailable)
                            .collect();
                        (!rest.is_empty()).then_some(Message::Notices(rest))
                    }
                    other => other,
                };
                self.continue_saved((*saved).clone());
                self.computer.play_only(None);
            }
            DoorReport::ResumeFailed(why) => {
                self.door.resumable = false;
                self.screen.message = Some(Message::Notice(why));
            }
            DoorReport::NetStarted(net) => {
                let clock = if net.host { self.chosen.clock } else { None };
                self.new_played_game(clock, None);
                self.set_net(net);
            }
            DoorReport::NetFailed(why) => self.say(DoorNote::NetFailed(why)),
        }
    }

    /// The bell's view of the screen before `action` (none for a step through the game,
    /// which plays no move).
    pub(super) fn bell_before(&self, action: &Action) -> Heard {
        let replay = matches!(action, Action::Redo | Action::Nav(_) | Action::Undo);
        (self.door.sound && !replay).then(|| (self.viewed.is_some(), self.desk().game_key()))
    }

    /// Rings the bell if, since `heard`, the game in front got a move of the other side's
    /// (the computer's, the other player's across the network, a puzzle's defence), a
    /// move that checks, or its end.
    pub(super) fn ring_if(&mut self, heard: Heard) {
        let Some((aside, before)) = heard else {
            return;
        };
        let after = self.desk().game_key();
        if aside != self.viewed.is_some() || before.0 != after.0 {
            return;
        }
        let ended = before.3.is_none() && after.3.is_some();
        // A move of the player's and the computer's book reply can come in one action.
        let added = (before.1..after.1).filter(|_| after.1 <= before.1 + 2);
        let game = self.desk().game();
        let movers: Vec<Color> = added.map(|i| game.positions()[i].turn()).collect();
        let checks = !movers.is_empty() && game.position().is_check();
        let theirs = movers.iter().any(|&mover| match self.puzzle() {
            Some(session) => session.attacker() != mover,
            None if aside => false,
            None => self.computer.plays(mover) || self.net.as_ref().is_some_and(|n| n.me != mover),
        });
        if ended || checks || theirs {
            self.screen.effects.push(Effect::Bell);
        }
    }
}

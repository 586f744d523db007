//! The one list of what a player can do on the game screen: each command's name in the
//! catalogues, its keys, when it can be done, and the action it sends. The keys themselves
//! ([`action_for_key`]), the keys window and the command palette are all read from
//! [`COMMANDS`], so none of them can fall behind the others. A new command is one line
//! here (and its name in the three catalogues).

use crate::tui::door::keys::Key;
use crate::tui::i18n::catalogue::{Id, id};
use crate::tui::state::action::{Action, Copied, Dir, Nav, RecordKey};

/// How the screen stands, as far as the commands care: what each one's availability reads.
/// The app works it out (see `App::situation`); the commands never see the app itself.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Situation {
    /// The game in front goes on (not over).
    pub going_on: bool,
    /// The game in front has moves before the position shown.
    pub moves_before: bool,
    /// The game in front has moves after the position shown (taken back or stepped over).
    pub moves_after: bool,
    /// An edit of the record can be taken back, or made again.
    pub edits: bool,
    /// The move shown has other moves in its place (a variation).
    pub other_lines: bool,
    /// The played game is aside, behind a record or a puzzle.
    pub aside: bool,
    /// The played game is in front and goes on: resigning, offering a draw.
    pub played_going_on: bool,
    /// A network game.
    pub net: bool,
    /// The game in front is timed.
    pub clock: bool,
    /// A puzzle is in front.
    pub puzzle: bool,
    /// The move shown has a comment.
    pub comment: bool,
    /// The board's pieces are hidden (blindfold): a peek can show them.
    pub blindfold: bool,
}

/// One command: what the keys window and the palette show of it, and what it does.
#[derive(Clone, Debug)]
pub struct Command {
    /// Its name in the catalogues (the keys window's and the palette's words).
    pub name: Id,
    /// The keys that do it on the game screen, the first the one shown first.
    pub keys: &'static [Key],
    /// What it sends: the same action whether its key is pressed or the palette chooses it.
    pub action: Action,
    /// Can it be done now? Where it cannot, the palette shows it as not available.
    pub available: fn(&Situation) -> bool,
}

const fn command(
    name: Id,
    keys: &'static [Key],
    action: Action,
    available: fn(&Situation) -> bool,
) -> Command {
    Command {
        name,
        keys,
        action,
        available,
    }
}

fn always(_: &Situation) -> bool {
    true
}

fn going_on(s: &Situation) -> bool {
    s.going_on
}

fn can_undo(s: &Situation) -> bool {
    s.moves_before || s.edits || !s.going_on
}

fn can_redo(s: &Situation) -> bool {
    s.moves_after || s.edits
}

fn moves_before(s: &Situation) -> bool {
    s.moves_before
}

fn moves_after(s: &Situation) -> bool {
    s.moves_after
}

fn other_lines(s: &Situation) -> bool {
    s.other_lines
}

fn aside(s: &Situation) -> bool {
    s.aside
}

fn played_going_on(s: &Situation) -> bool {
    s.played_going_on
}

fn net(s: &Situation) -> bool {
    s.net
}

fn not_net(s: &Situation) -> bool {
    !s.net
}

fn clock(s: &Situation) -> bool {
    s.clock && !s.net
}

fn computer(s: &Situation) -> bool {
    s.played_going_on && !s.net && !s.puzzle
}

fn comment(s: &Situation) -> bool {
    s.comment
}

fn blindfold(s: &Situation) -> bool {
    s.blindfold
}

fn reshape(s: &Situation) -> bool {
    s.moves_before && !s.net
}

fn promote(s: &Situation) -> bool {
    s.other_lines && !s.net
}

/// Every command of the game screen, in the order the keys window lists them: one line each.
#[rustfmt::skip]
pub const COMMANDS: &[Command] = &[
    command(id::CMD_CURSOR_UP, &[Key::Up, Key::Char('k')], Action::Cursor(Dir::Up), always),
    command(id::CMD_CURSOR_DOWN, &[Key::Down, Key::Char('j')], Action::Cursor(Dir::Down), always),
    command(id::CMD_CURSOR_LEFT, &[Key::Left, Key::Char('h')], Action::Cursor(Dir::Left), always),
    command(id::CMD_CURSOR_RIGHT, &[Key::Right, Key::Char('l')], Action::Cursor(Dir::Right), always),
    command(id::CMD_SELECT, &[Key::Enter, Key::Char(' ')], Action::Activate, going_on),
    command(id::CMD_DESELECT, &[Key::Esc], Action::Deselect, always),
    command(id::CMD_TYPE_MOVE, &[Key::Char(':')], Action::TypeMove, going_on),
    command(id::CMD_NOTATION, &[Key::Char('m')], Action::CycleNotation, always),
    command(id::CMD_UNDO, &[Key::Char('u')], Action::Undo, can_undo),
    command(id::CMD_REDO, &[Key::Char('r')], Action::Redo, can_redo),
    command(id::CMD_START, &[Key::Home], Action::Nav(Nav::Start), moves_before),
    command(id::CMD_BACK, &[Key::Char('['), Key::PageUp], Action::Nav(Nav::Back), moves_before),
    command(id::CMD_FORWARD, &[Key::Char(']'), Key::PageDown], Action::Nav(Nav::Forward), moves_after),
    command(id::CMD_END, &[Key::End], Action::Nav(Nav::End), moves_after),
    command(id::CMD_PREVIOUS_LINE, &[Key::Char('<')], Action::Nav(Nav::PreviousLine), other_lines),
    command(id::CMD_NEXT_LINE, &[Key::Char('>')], Action::Nav(Nav::NextLine), other_lines),
    command(id::CMD_OPEN, &[Key::Char('o')], Action::Open, not_net),
    command(id::CMD_BACK_TO_GAME, &[Key::Char('b')], Action::BackToGame, aside),
    command(id::CMD_SAVE, &[Key::Char('s')], Action::Save, always),
    command(id::CMD_DRAW, &[Key::Char('d')], Action::OfferDraw, played_going_on),
    command(id::CMD_RESIGN, &[Key::Char('g')], Action::Resign, played_going_on),
    command(id::CMD_NEW_GAME, &[Key::Char('n')], Action::AskNewGame, not_net),
    command(id::CMD_CHAT, &[Key::Char('C')], Action::Chat, net),
    command(id::CMD_FLIP, &[Key::Char('f')], Action::Flip, always),
    command(id::CMD_PAUSE, &[Key::Char('p')], Action::Pause, clock),
    command(id::CMD_PEEK, &[Key::Char('v')], Action::Peek, blindfold),
    command(id::CMD_HINT, &[Key::Char('t')], Action::Hint, going_on),
    command(id::CMD_ANALYSIS, &[Key::Char('a')], Action::ToggleAnalysis, always),
    command(id::CMD_ANALYSIS_LINES, &[Key::Char('L')], Action::CycleAnalysisLines, always),
    command(id::CMD_COMPUTER, &[Key::Char('c')], Action::ToggleComputer, computer),
    command(id::CMD_PUZZLE, &[Key::Char('z')], Action::Puzzle, not_net),
    command(id::CMD_TACTICS, &[Key::Char('T')], Action::Tactics, not_net),
    command(id::CMD_TACTICS_FILTER, &[Key::Ctrl('t')], Action::TacticsFilter, not_net),
    command(id::CMD_EXPLORER, &[Key::Char('x')], Action::OpenExplorer, always),
    command(id::CMD_EDITOR, &[Key::Char('e')], Action::OpenEditor, not_net),
    command(id::CMD_ANNOTATE, &[Key::Char('A')], Action::Annotate, moves_before),
    command(id::CMD_PREVIOUS_MISTAKE, &[Key::Char('(')], Action::Mistake { forward: false }, moves_before),
    command(id::CMD_NEXT_MISTAKE, &[Key::Char(')')], Action::Mistake { forward: true }, moves_after),
    command(id::CMD_COMMENT, &[Key::Char('{')], Action::Record(RecordKey::Comment), moves_before),
    command(id::CMD_MARK, &[Key::Char('!')], Action::Record(RecordKey::Mark), moves_before),
    command(id::CMD_PROMOTE, &[Key::Char('+')], Action::Record(RecordKey::Promote), promote),
    command(id::CMD_DELETE, &[Key::Delete], Action::Record(RecordKey::Delete), reshape),
    command(id::CMD_READ_COMMENT, &[Key::Char('}')], Action::ShowComment, comment),
    command(id::CMD_COPY_FEN, &[Key::Char('y')], Action::Copy(Copied::Fen), always),
    command(id::CMD_COPY_PGN, &[Key::Char('Y')], Action::Copy(Copied::Pgn), always),
    command(id::CMD_COPY_DHTMLXQ, &[Key::Char('D')], Action::Copy(Copied::Dhtmlxq), always),
    command(id::CMD_SHOW_FEN, &[Key::Char('F')], Action::ShowFen, always),
    command(id::CMD_MENU, &[Key::Char('M')], Action::OpenMenu, always),
    command(id::CMD_PALETTE, &[Key::Ctrl('p'), Key::Char('/')], Action::OpenPalette, always),
    command(id::CMD_SETTINGS, &[Key::Char(',')], Action::OpenSettings, always),
    command(id::CMD_HELP, &[Key::Char('?')], Action::ShowHelp, always),
    command(id::CMD_QUIT, &[Key::Char('q'), Key::Ctrl('c')], Action::Quit, always),
    command(id::CMD_SUSPEND, &[Key::Ctrl('z')], Action::Suspend, always),
];

/// The command whose key `key` is on the game screen, if any.
#[must_use]
pub fn command_for_key(key: Key) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.keys.contains(&key))
}

/// The action `key` sends on the game screen, if any.
#[must_use]
pub fn action_for_key(key: Key) -> Option<Action> {
    command_for_key(key).map(|c| c.action.clone())
}

#[cfg(test)]
mod tests {
    use super::{COMMANDS, Key};
    use std::collections::HashSet;

    #[test]
    fn no_key_does_two_commands() {
        let mut seen = HashSet::new();
        for command in COMMANDS {
            assert!(!command.keys.is_empty(), "{:?} has no key", command.name);
            for &key in command.keys {
                assert!(seen.insert(key), "{key:?} is bound twice");
            }
        }
        // The keys the menu and palette came with are among them.
        for key in [
            Key::Char('M'),
            Key::Ctrl('p'),
            Key::Char('/'),
            Key::Char(','),
        ] {
            assert!(seen.contains(&key), "{key:?}");
        }
    }
}

//! What [`App::update`](crate::tui::state::app::App::update) asks the loop to do ([`Effect`]): `update`
//! only decides; the loop writes files, suspends and quits, and hands what came of it back as
//! an [`Action`](crate::tui::state::action::Action).

use crate::tui::state::computer::annotation::AnnotateRequest;
use crate::tui::state::computer::search::Request;
use crate::tui::store::library::Shared;
use crate::tui::store::progress::Progress;
use std::path::PathBuf;
use xiangqi_records::pgn::GameIndex;

/// Something `update` wants done outside the app's own state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Write `pgn` to `path` atomically. Unless `replace`, an existing `path` is left alone and
    /// reported as [`SaveReport::Exists`] (the app then asks). The loop answers with
    /// `Action::SaveDone`.
    Save {
        /// The file, as typed (relative to the current folder).
        path: PathBuf,
        /// The whole file: PGN text, or an XQF file's bytes.
        contents: Vec<u8>,
        /// Replace an existing file (the player said yes).
        replace: bool,
    },
    /// Keep the game as it stands in the autosave file, the one `--resume` reads. A failure
    /// comes back as `Action::AutosaveFailed`.
    Autosave(String),
    /// Ctrl-Z: give the terminal back and stop; on `fg` the screen is set up and redrawn.
    Suspend,
    /// Leave the game: the loop ends and the terminal is restored.
    Quit,
    /// Index the game file at this path as typed (`~/` is the home folder); the loop answers
    /// with `Action::Found(Found::Index ..)`.
    Index(String),
    /// Read game `n` of an indexed file; answered with `Action::Found(Found::Game ..)`.
    ReadGame {
        /// The file.
        path: PathBuf,
        /// Its index.
        index: Shared<GameIndex>,
        /// Which game, from 1.
        n: usize,
    },
    /// Complete the file name typed so far; answered with `Action::Found(Found::Names ..)`.
    Complete(String),
    /// Start a search on the engine's worker; it reports back as `Action::Engine`.
    Think(Box<Request>),
    /// Stop the search with this id.
    StopThinking(u64),
    /// Keep the solved puzzles in the state folder.
    KeepPuzzles(Progress),
    /// Annotate a game on the annotator's thread; it reports back as `Action::Annotation`.
    Annotate(Box<AnnotateRequest>),
    /// Stop the annotating run with this id.
    StopAnnotating(u64),
    /// Put this text on the clipboard: the loop writes it to the terminal as OSC 52.
    Clipboard(String),
    /// Send this message to the other player of a network game.
    Net(xiangqi_net::message::Message),
    /// Write these settings into `config.toml`, keeping the rest of it; answered with
    /// `Action::Door(DoorReport::ConfigWritten ..)`.
    SaveSettings(Vec<crate::tui::store::config_write::Entry>),
    /// Put a new `config.toml` holding these settings in the place of the broken one (kept
    /// beside it); answered with `Action::Door(DoorReport::ConfigReplaced ..)`.
    ReplaceConfig(Vec<crate::tui::store::config_write::Entry>),
    /// Ring the terminal's bell.
    Bell,
    /// Continue the newest unfinished game from before; answered with
    /// `Action::Door(DoorReport::Resumed ..)` or `ResumeFailed`.
    Resume,
    /// Runs a Jieqi game on its own screen until the player leaves it.
    PlayJieqi,
    /// Play across the network as chosen on the menu; answered with
    /// `Action::Door(DoorReport::NetStarted ..)` or `NetFailed`.
    Network(NetChoice),
    /// Our engine searches on this many threads from now on (`None`: one a core).
    Threads(Option<usize>),
}

/// A network game chosen on the start menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetChoice {
    /// Wait for the other player.
    Host {
        /// Where to listen, `ADDR:PORT`.
        listen: String,
        /// This end's side.
        side: xiangqi_rules::Color,
    },
    /// Join a host.
    Join {
        /// Its address, `HOST:PORT` (its form checked).
        address: String,
        /// Its join code.
        code: xiangqi_net::code::JoinCode,
    },
    /// The lobby of a club server (`xiangqi online`), until the player leaves it.
    Club {
        /// Its address, `HOST:PORT` (its form checked).
        address: String,
        /// The name to play under.
        name: String,
    },
}

/// How a save went, handed back to the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveReport {
    /// The file exists and replacing it was not asked for: nothing written.
    Exists,
    /// Written to this file (the absolute path, to show).
    Written(PathBuf),
    /// Not written to this file, for this reason.
    Failed(PathBuf, String),
}

//! The program's integration tests, one binary: the real `xiangqi` command run as a user runs
//! it — its subcommands and their output, the record formats it reads and writes, the engine
//! behind `uci` and `--engine`, the game screen in a pseudo-terminal, and network play between
//! two real processes; and the README's and the user guide's links.

mod common;

/// The deterministic generator the records tests and development examples share.
#[path = "../../crates/xiangqi-records/tests/records/rng.rs"]
mod rng;

mod commands {
    mod annotate_cli;
    mod cli;
    mod cli_looks;
    mod opening_cli;
    mod pgn_cli;
    mod puzzles_cli;
    mod repetition;
}

mod records {
    mod ccbridge;
    mod dhtmlxq;
    mod xqf;
}

mod engine {
    mod external;
    mod ours;
    mod uci;
    mod uci_levels;
    mod uci_threads;
}

mod screen {
    mod basics;
    mod desks;
    mod door;
    mod editor;
    mod engine;
    mod hardening;
    mod jieqi;
    mod looks;
    mod openings;
    mod record;
    mod review;
    mod unsaved;
}

mod plain {
    mod game;
    mod questions;
    mod resume;
}

mod network {
    mod club;
    mod club_keys;
    mod club_live;
    mod club_support;
    mod door;
    mod lobby_screen;
    mod play;
    mod slots;
    mod ssh;
    mod table;
}

mod docs {
    mod links;
}

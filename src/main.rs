//! The `xiangqi` command: a thin entry point that hands the arguments to [`cli`].

mod cli;
mod tui;

use std::process::ExitCode;

/// Exit code for bad command-line input (a bad FEN, an unknown option, an unreadable record).
const USAGE_ERROR: u8 = 2;
/// Exit code when the terminal cannot be used or fails during a game.
const TERMINAL_ERROR: u8 = 1;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli::run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::Failure::Usage(msg)) => {
            eprintln!("xiangqi: {msg}");
            ExitCode::from(USAGE_ERROR)
        }
        Err(cli::Failure::Terminal(msg)) => {
            eprintln!("xiangqi: {msg}");
            ExitCode::from(TERMINAL_ERROR)
        }
    }
}

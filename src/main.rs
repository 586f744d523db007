//! The `xiangqi` command: a thin entry point that hands the arguments to [`cli`].

mod cli;
mod tui;

use std::process::ExitCode;

/// Exit code for bad command-line input (a bad FEN, an unknown option).
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli::run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("xiangqi: {msg}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}

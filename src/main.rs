//! The `xiangqi` command: a thin entry point that hands the arguments to [`cli`].

mod cli;
mod plain;
#[cfg(feature = "server")]
mod ssh;
mod tui;

fn main() -> std::process::ExitCode {
    cli::main(std::env::args_os())
}

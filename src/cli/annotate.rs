//! `annotate`: each game of a file analysed by an engine and written back as PGN with its
//! evaluations, judgements, better lines and a summary per side.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use xiangqi_engine::analysis::{analyse, annotate_tree, summary, summary_tags};
use xiangqi_engine::{Engine, External, Limits, OurEngine};
use xiangqi_records::pgn::{GameReader, write_pgn};
use xiangqi_rules::{Game, Notation, NotationStyle};

use super::output::{Failure, each_game};
use crate::tui;

/// The moves of the better line written beside a judged move.
const LINE_PLIES: usize = 6;

/// What `annotate` was asked.
pub struct Request<'a> {
    pub input: &'a Path,
    pub game: Option<usize>,
    pub movetime: u64,
    pub depth: Option<u32>,
    /// The threads our engine may search with (see [`OurEngine`]).
    pub threads: usize,
    pub engine: Option<&'a str>,
    pub notation: Notation,
}

/// Runs `annotate`. Unreadable games are named on standard error, left out, and make the
/// exit code 2; an engine that cannot start or fails stops it.
pub fn run(request: &Request<'_>, input: Box<dyn std::io::BufRead>) -> Result<(), Failure> {
    let shown = tui::store::files::shown(request.input);
    let mut engine: Box<dyn Engine> = match request.engine {
        Some(command) => Box::new(
            External::spawn(command)
                .map_err(|e| Failure::Usage(format!("annotate: --engine: {e}")))?,
        ),
        None => Box::new(OurEngine::new(64, request.threads)),
    };
    let limits = match request.depth {
        Some(depth) => Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        None => Limits {
            movetime: Some(Duration::from_millis(request.movetime)),
            ..Limits::default()
        },
    };
    each_game(
        GameReader::new(input),
        request.game,
        ("annotate", &shown),
        |number, pgn| {
            annotate_one(pgn, engine.as_mut(), &limits, number, request.notation)
                .map_err(|e| Failure::Run(format!("annotate: the engine failed: {e}")))
        },
    )
}

/// One game analysed and written as PGN.
fn annotate_one(
    pgn: &xiangqi_records::pgn::PgnGame,
    engine: &mut dyn Engine,
    limits: &Limits,
    number: usize,
    notation: Notation,
) -> Result<String, xiangqi_engine::ExternalError> {
    let game = pgn.to_game();
    engine.new_game()?;
    let bar = progress_bar(number, game.main_line().len() + 1);
    let analysed = analyse(&game, engine, limits, &AtomicBool::new(false), |done, _| {
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    let mut tree = game.tree().clone();
    annotate_tree(&mut tree, &analysed, LINE_PLIES);
    let added = summary_tags(&summary(&analysed));
    let mut tags: Vec<(String, String)> = pgn
        .stated_tags()
        .into_iter()
        .filter(|(name, _)| !added.iter().any(|(n, _)| n == name) && name != "Annotator")
        .collect();
    tags.push((
        "Annotator".into(),
        format!("xiangqi {}", env!("CARGO_PKG_VERSION")),
    ));
    tags.extend(added);
    Ok(write_pgn(
        &Game::from_tree(tree),
        &tags,
        notation,
        &NotationStyle::default(),
    ))
}

/// A bar of the positions searched, on standard error when it is a terminal.
fn progress_bar(number: usize, positions: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(positions as u64);
    if let Ok(style) =
        ProgressStyle::with_template("game {prefix} [{bar:32}] {pos}/{len} positions, {eta} left")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(number.to_string());
    bar
}

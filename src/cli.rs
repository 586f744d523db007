//! Command-line parsing and the non-interactive commands (`perft`, `legal`).

use std::io::Read;
use xiangqi::{BlackDigits, Glyphs, Notation, NotationStyle, Position, perft, perft_divide};

/// Reads `--fen FEN` (the FEN may come as one argument or as its separate fields) and the
/// remaining arguments.
fn take_fen(args: &[String]) -> Result<(Position, Vec<String>), String> {
    let mut rest = Vec::new();
    let mut fen: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--fen" {
            let mut parts = Vec::new();
            i += 1;
            while i < args.len() && !args[i].starts_with("--") {
                parts.push(args[i].clone());
                i += 1;
            }
            if parts.is_empty() {
                return Err("--fen needs a FEN".into());
            }
            fen = Some(parts.join(" "));
        } else {
            rest.push(args[i].clone());
            i += 1;
        }
    }
    let pos = match fen {
        Some(f) => Position::from_fen(&f).map_err(|e| e.to_string())?,
        None => Position::start(),
    };
    Ok((pos, rest))
}

pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("perft") => {
            let (pos, rest) = take_fen(&args[1..])?;
            let mut depth = None;
            let mut divide = false;
            for a in &rest {
                match a.as_str() {
                    "--divide" => divide = true,
                    d if depth.is_none() => {
                        depth = Some(d.parse::<u32>().map_err(|_| {
                            format!("perft depth must be a whole number, found {d:?}")
                        })?)
                    }
                    other => return Err(format!("perft: unexpected argument {other:?}")),
                }
            }
            let depth = depth.ok_or("usage: xiangqi perft <DEPTH> [--fen FEN] [--divide]")?;
            if divide {
                let mut total = 0;
                for (m, n) in perft_divide(&pos, depth) {
                    println!("{m}: {n}");
                    total += n;
                }
                println!("{total}");
            } else {
                println!("{}", perft(&pos, depth));
            }
            Ok(())
        }
        Some("legal") => {
            let (pos, rest) = take_fen(&args[1..])?;
            if let Some(a) = rest.first() {
                return Err(format!("legal: unexpected argument {a:?}"));
            }
            let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            moves.sort();
            println!("{}", moves.join(" "));
            Ok(())
        }
        Some("convert") => convert(&args[1..]),
        _ => Err("the terminal game is not built yet".into()),
    }
}

const CONVERT_USAGE: &str = "usage: xiangqi convert <FILE|-> --to chinese|wxf|iccs [--game N] \
                             [--traditional] [--ascii-digits]";

/// `convert`: reads a game file (any encoding and notation), writes PGN to stdout. Errors
/// name the game, move number and text; any error makes the exit code 2.
fn convert(args: &[String]) -> Result<(), String> {
    let mut input: Option<&str> = None;
    let mut notation: Option<Notation> = None;
    let mut game = None;
    let mut style = NotationStyle::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--to" => {
                let v = it.next().ok_or(CONVERT_USAGE)?;
                notation = Some(v.parse().map_err(|e| format!("convert: {e}"))?);
            }
            "--game" => {
                let v = it.next().ok_or(CONVERT_USAGE)?;
                let n = v.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    format!("convert: --game needs a game number from 1, found {v:?}")
                })?;
                game = Some(n);
            }
            "--traditional" => style.glyphs = Glyphs::Traditional,
            "--ascii-digits" => style.black_digits = BlackDigits::Ascii,
            s if input.is_none() && (s == "-" || !s.starts_with("--")) => input = Some(s),
            other => {
                return Err(format!(
                    "convert: unexpected argument {other:?}\n{CONVERT_USAGE}"
                ));
            }
        }
    }
    let (Some(input), Some(notation)) = (input, notation) else {
        return Err(CONVERT_USAGE.into());
    };
    let bytes = if input == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("convert: cannot read standard input: {e}"))?;
        buf
    } else {
        std::fs::read(input).map_err(|e| format!("convert: cannot read {input}: {e}"))?
    };
    let (pgn, errors) = xiangqi::pgn::convert(&bytes, game, notation, &style);
    print!("{pgn}");
    if !errors.is_empty() {
        let lines: Vec<String> = errors.iter().map(|e| format!("{input}: {e}")).collect();
        return Err(lines.join("\nxiangqi: "));
    }
    if pgn.is_empty() {
        return Err(format!("convert: no games found in {input}"));
    }
    Ok(())
}

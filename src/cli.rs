//! Command-line parsing and the non-interactive commands (`perft`, `legal`).

use xiangqi::{Position, perft, perft_divide};

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
        _ => Err("the terminal game is not built yet".into()),
    }
}

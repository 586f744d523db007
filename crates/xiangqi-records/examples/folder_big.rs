//! Measures indexing a big folder of one-game files, as the picker does for `--load FOLDER`
//! and `o`, for the figures in docs/guide/records.md (peak memory with `/usr/bin/time -v`):
//!
//! ```sh
//! cargo run --release --example folder_big -- make 12000 /tmp/12k   # from tests/data/games
//! /usr/bin/time -v target/release/examples/folder_big index /tmp/12k
//! ```

use std::path::Path;
use std::time::Instant;

/// Writes `count` one-game files into `dir`: the real one-game records of `tests/data/games`
/// (PGN and XQF) in turn, each under a name of its own.
fn make(count: usize, dir: &Path) -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut sources = Vec::new();
    for sub in ["ccpd", "xqf"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(sub))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.extension().map_or_else(String::new, |x| {
                format!(".{}", x.to_string_lossy().to_ascii_lowercase())
            });
            sources.push((std::fs::read(&path)?, name));
        }
    }
    std::fs::create_dir_all(dir)?;
    for i in 0..count {
        let (bytes, ext) = &sources[i % sources.len()];
        std::fs::write(dir.join(format!("{i:06}{ext}")), bytes)?;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["make", n, dir] => {
            make(n.parse()?, Path::new(dir))?;
            println!("{n} files in {dir}");
        }
        ["index", dir] => {
            let t = Instant::now();
            let index = xiangqi_records::pgn::index_folder(Path::new(dir))?;
            println!(
                "{} games, {} files passed over, in {:.2?}",
                index.len(),
                index.files_passed_over(),
                t.elapsed()
            );
        }
        _ => return Err("usage: folder_big make N DIR | index DIR".into()),
    }
    Ok(())
}

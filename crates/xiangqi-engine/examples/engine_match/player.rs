//! One side of a match: our searcher (at full strength or at a level) or an external
//! engine, and what bounds each of its moves.

use super::Failure;
use std::time::Duration;
use xiangqi_engine::{Engine, External, Level, Limits, Pick, Searcher};

/// Who plays one side and how each move is bounded.
pub struct Player {
    /// An external engine's command; `None` for our searcher, run in this process.
    pub command: Option<String>,
    /// Our searcher at this level (`None`: full strength, bounded by `bound` alone).
    pub level: Option<Level>,
    /// Our searcher with limits of its own (`search:…`), for trying a level's settings.
    pub custom: Option<Limits>,
    /// The bound of every move: a move time, or a fixed depth or node count.
    pub bound: Bound,
    /// Threads of our searcher when only time bounds it.
    pub threads: usize,
}

/// What ends each move's search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Milliseconds a move.
    Movetime(u64),
    /// A fixed depth: the same search, however busy the machine.
    Depth(u32),
    /// A fixed node count.
    Nodes(u64),
}

impl Player {
    /// The side `spec` names — a command, `level:N` for our searcher at level N (1 to 10),
    /// or `search:depth=D,nodes=N,lines=K,margin=M,temperature=T` for our searcher with
    /// those limits and that choice (any of them; a level's settings on trial) — bounded by
    /// `bound`. A side limited by depth or nodes of its own keeps them (no time cuts it
    /// short, so a busy machine does not weaken it); level 10 takes `bound`.
    pub fn new(spec: Option<&str>, bound: Bound, threads: usize) -> Result<Player, Failure> {
        let mut player = Player {
            command: None,
            level: None,
            custom: None,
            bound,
            threads,
        };
        let Some(s) = spec else {
            return Ok(player);
        };
        if let Some(n) = s.strip_prefix("level:") {
            let level = n.parse::<u8>().ok().and_then(Level::new);
            player.level = Some(level.ok_or_else(|| format!("{s}: a level is 1 to 10"))?);
        } else if let Some(settings) = s.strip_prefix("search:") {
            player.custom = Some(custom(settings).map_err(|e| format!("{s}: {e}"))?);
        } else {
            player.command = Some(s.to_string());
        }
        Ok(player)
    }

    /// How results and logs name this side: `level 4`, `eleeye depth 3`, `ours 200 ms`.
    pub fn name(&self) -> String {
        if let Some(l) = self.level.filter(|_| self.level_bounds_itself()) {
            return format!("level {l}");
        }
        if let Some(c) = &self.custom {
            let pick = c.pick.map_or(String::new(), |p| {
                format!(" lines {} margin {} t {}", p.lines, p.margin, p.temperature)
            });
            let depth = c.depth.map_or(String::new(), |d| format!(" depth {d}"));
            let nodes = c.nodes.map_or(String::new(), |n| format!(" nodes {n}"));
            return format!("search{depth}{nodes}{pick}");
        }
        let who = match (&self.command, self.level) {
            (Some(c), _) => c.clone(),
            (None, Some(l)) => format!("level {l}"),
            (None, None) => "ours".to_string(),
        };
        match self.bound {
            Bound::Movetime(ms) => format!("{who} {ms} ms"),
            Bound::Depth(d) => format!("{who} depth {d}"),
            Bound::Nodes(n) => format!("{who} nodes {n}"),
        }
    }

    /// Does this side's level bound every move by itself (depth or nodes)?
    fn level_bounds_itself(&self) -> bool {
        let own = self.custom.or(self.level.map(|l| l.limits(0)));
        own.is_some_and(|limits| limits.depth.is_some() || limits.nodes.is_some())
    }

    /// The engine that plays this side, with tables of `hash` MiB.
    pub fn engine(&self, hash: usize) -> Result<Box<dyn Engine>, Failure> {
        match &self.command {
            None => {
                let mut s = Searcher::new(hash);
                // A level limited by depth or nodes searches on one thread, as the program
                // runs it.
                let own = self.level.is_some() || self.custom.is_some();
                s.set_threads(if own { 1 } else { self.threads });
                Ok(Box::new(s))
            }
            Some(c) => External::spawn(c)
                .map(|e| Box::new(e) as Box<dyn Engine>)
                .map_err(|e| e.to_string().into()),
        }
    }

    /// The limits of one move; `seed` draws a level's choice.
    pub fn limits(&self, seed: u64) -> Limits {
        let mut limits = match (self.level, self.custom) {
            (Some(l), _) => l.limits(seed),
            (None, Some(c)) => Limits { seed, ..c },
            (None, None) => Limits::default(),
        };
        if !self.level_bounds_itself() {
            match self.bound {
                Bound::Movetime(ms) => limits.movetime = Some(Duration::from_millis(ms)),
                Bound::Depth(d) => limits.depth = Some(d),
                Bound::Nodes(n) => limits.nodes = Some(n),
            }
        }
        limits
    }
}

/// A seed for move `ply` of game `game` of a match seeded `base`: every move of every game
/// draws afresh, and the same match plays the same games again.
pub fn move_seed(base: u64, game: usize, ply: usize) -> u64 {
    let mut z = base ^ (game as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z ^= (ply as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    z ^ (z >> 29)
}

/// `depth=D,nodes=N,lines=K,margin=M,temperature=T` (any of them, in any order) as limits.
fn custom(settings: &str) -> Result<Limits, Failure> {
    let mut limits = Limits::default();
    let mut pick = Pick {
        lines: 1,
        margin: 0,
        temperature: 1,
    };
    for part in settings.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("{part}: expected name=number"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("{part}: {value} is not a number"))?;
        let small = || u32::try_from(n).map_err(|_| format!("{part}: too large"));
        match key {
            "depth" => limits.depth = Some(small()?),
            "nodes" => limits.nodes = Some(n),
            "lines" => pick.lines = n as usize,
            "margin" => pick.margin = small()?,
            "temperature" | "t" => pick.temperature = small()?,
            _ => return Err(format!("{key}: depth, nodes, lines, margin or temperature").into()),
        }
    }
    limits.pick = (pick.lines > 1).then_some(pick);
    Ok(limits)
}

//! What a line typed in the plain mode asks for: a question about the board, something to do
//! in the game, the answer to a question asked — in English or in Chinese words — or else a
//! move, in any notation or in simple words.

use xiangqi_rules::{Color, Square};

/// A point, or a whole file, named in a question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A point, by its ICCS name (`e5`).
    Point(Square),
    /// A file as this side numbers it, 1–9 from its right (`五路`, `file 5`).
    File(Color, u8),
}

/// What a line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help`: the commands.
    Help,
    /// `again`: what was said last, once more.
    Again,
    /// `pieces`, `pieces red`: where a side's pieces (or both sides') stand.
    Pieces(Option<Color>),
    /// `e5`, `五路`: what stands there.
    At(Place),
    /// `moves h2`: where the piece there can go.
    Moves(Square),
    /// `attackers e5`: the pieces that attack the point.
    Attackers(Square),
    /// `defenders e5`: the pieces that defend it.
    Defenders(Square),
    /// `last`, `last 10`: the last moves.
    Last(usize),
    /// `material`: the pieces each side has, and their worth.
    Material,
    /// `clock`: both clocks.
    Clock,
    /// `turn`: whose turn, at which move, check.
    Turn,
    /// `fen`: the position, to copy.
    Fen,
    /// `new`: a new game (asked first).
    New,
    /// `undo`: take a move back.
    Undo,
    /// `redo`: play a move taken back again.
    Redo,
    /// `draw`: offer a draw.
    Draw,
    /// `resign`: resign (asked first).
    Resign,
    /// `hint`: the computer's best move.
    Hint,
    /// `computer`: the computer takes the side to move, or gives it back.
    Computer,
    /// `pause`: pause or resume the clocks.
    Pause,
    /// `puzzle`: a mate puzzle; in one, its solution, then the next.
    Puzzle,
    /// `back`: back to the played game from a record or puzzle, or out of a file's list.
    Back,
    /// `quit`: leave (asked first while a game goes on).
    Quit,
    /// `save FILE`: save the game.
    Save(String),
    /// `open FILE [N]`: open a game file (its game N).
    Open(String, Option<usize>),
    /// `yes`, `no`: the answer to the question asked.
    Answer(bool),
    /// A number alone: which game of a file's list to open.
    Number(usize),
    /// Anything else: a move.
    Move(String),
}

/// Why a command's line is not complete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The command (as typed) needs a point.
    NeedsPoint(String),
    /// The command (as typed) needs a file name.
    NeedsFile(String),
    /// This text was given for a point, and is none.
    BadPoint(String),
}

/// How many moves `last` says without a number.
pub const LAST_MOVES: usize = 6;

/// The command words, each with what it asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Word {
    Help,
    Again,
    Pieces,
    Moves,
    Attackers,
    Defenders,
    Last,
    Material,
    Clock,
    Turn,
    Fen,
    New,
    Undo,
    Redo,
    Draw,
    Resign,
    Hint,
    Computer,
    Pause,
    Puzzle,
    Back,
    Quit,
    Save,
    Open,
    Yes,
    No,
}

/// Every word a command may start with, in English and in both Chinese scripts (whatever
/// the language spoken: a player may type either).
const WORDS: &[(&str, Word)] = &[
    ("help", Word::Help),
    ("?", Word::Help),
    ("帮助", Word::Help),
    ("幫助", Word::Help),
    ("again", Word::Again),
    ("repeat", Word::Again),
    ("重复", Word::Again),
    ("重複", Word::Again),
    ("pieces", Word::Pieces),
    ("board", Word::Pieces),
    ("棋子", Word::Pieces),
    ("moves", Word::Moves),
    ("着法", Word::Moves),
    ("著法", Word::Moves),
    ("attackers", Word::Attackers),
    ("攻击", Word::Attackers),
    ("攻擊", Word::Attackers),
    ("defenders", Word::Defenders),
    ("保护", Word::Defenders),
    ("保護", Word::Defenders),
    ("last", Word::Last),
    ("最近", Word::Last),
    ("material", Word::Material),
    ("子力", Word::Material),
    ("clock", Word::Clock),
    ("clocks", Word::Clock),
    ("time", Word::Clock),
    ("棋钟", Word::Clock),
    ("棋鐘", Word::Clock),
    ("turn", Word::Turn),
    ("轮到", Word::Turn),
    ("輪到", Word::Turn),
    ("fen", Word::Fen),
    ("局面", Word::Fen),
    ("new", Word::New),
    ("新局", Word::New),
    ("undo", Word::Undo),
    ("takeback", Word::Undo),
    ("悔棋", Word::Undo),
    ("redo", Word::Redo),
    ("还原", Word::Redo),
    ("還原", Word::Redo),
    ("draw", Word::Draw),
    ("提和", Word::Draw),
    ("resign", Word::Resign),
    ("认输", Word::Resign),
    ("認輸", Word::Resign),
    ("hint", Word::Hint),
    ("提示", Word::Hint),
    ("computer", Word::Computer),
    ("电脑", Word::Computer),
    ("電腦", Word::Computer),
    ("pause", Word::Pause),
    ("暂停", Word::Pause),
    ("暫停", Word::Pause),
    ("puzzle", Word::Puzzle),
    ("杀法", Word::Puzzle),
    ("殺法", Word::Puzzle),
    ("back", Word::Back),
    ("返回", Word::Back),
    ("quit", Word::Quit),
    ("exit", Word::Quit),
    ("退出", Word::Quit),
    ("save", Word::Save),
    ("保存", Word::Save),
    ("儲存", Word::Save),
    ("open", Word::Open),
    ("打开", Word::Open),
    ("打開", Word::Open),
    ("開啟", Word::Open),
    ("yes", Word::Yes),
    ("y", Word::Yes),
    ("是", Word::Yes),
    ("no", Word::No),
    ("n", Word::No),
    ("否", Word::No),
];

/// The command word `line` starts with, and the rest of the line. An English word is a
/// whole first word (any case); a Chinese one may run straight into what follows (`攻击e5`).
fn split(line: &str) -> Option<(Word, &str, &str)> {
    let first = line.split_whitespace().next()?;
    for &(name, word) in WORDS {
        if name.is_ascii() {
            if first.eq_ignore_ascii_case(name) {
                return Some((word, first, line[first.len()..].trim()));
            }
        } else if let Some(rest) = line.strip_prefix(name) {
            return Some((word, name, rest.trim()));
        }
    }
    None
}

/// What `line` asks for; `turn` is the side to move, whose numbering `file 5` follows.
///
/// # Errors
/// A command that needs a point or a file name without one, or with a point that is none.
pub fn read(line: &str, turn: Color) -> Result<Command, Problem> {
    let line = line.trim();
    let Some((word, typed, rest)) = split(line) else {
        if let Some(at) = place(line, turn) {
            return Ok(Command::At(at));
        }
        if !line.is_empty() && line.chars().all(|c| c.is_ascii_digit()) {
            return Ok(Command::Number(line.parse().unwrap_or(usize::MAX)));
        }
        return Ok(Command::Move(line.to_string()));
    };
    let point = |make: fn(Square) -> Command| match place(rest, turn) {
        _ if rest.is_empty() => Err(Problem::NeedsPoint(typed.to_string())),
        Some(Place::Point(sq)) => Ok(make(sq)),
        _ => Err(Problem::BadPoint(rest.to_string())),
    };
    let file = |rest: &str| {
        if rest.is_empty() {
            Err(Problem::NeedsFile(typed.to_string()))
        } else {
            Ok(rest.to_string())
        }
    };
    Ok(match word {
        Word::Help => Command::Help,
        Word::Again => Command::Again,
        Word::Pieces => Command::Pieces(side(rest)),
        Word::Moves => return point(Command::Moves),
        Word::Attackers => return point(Command::Attackers),
        Word::Defenders => return point(Command::Defenders),
        Word::Last => Command::Last(rest.parse().unwrap_or(LAST_MOVES)),
        Word::Material => Command::Material,
        Word::Clock => Command::Clock,
        Word::Turn => Command::Turn,
        Word::Fen => Command::Fen,
        Word::New => Command::New,
        Word::Undo => Command::Undo,
        Word::Redo => Command::Redo,
        Word::Draw => Command::Draw,
        Word::Resign => Command::Resign,
        Word::Hint => Command::Hint,
        Word::Computer => Command::Computer,
        Word::Pause => Command::Pause,
        Word::Puzzle => Command::Puzzle,
        Word::Back => Command::Back,
        Word::Quit => Command::Quit,
        Word::Save => Command::Save(file(rest)?),
        Word::Open => {
            // A number after the name chooses the game: `open games.pgn 3`.
            match rest.rsplit_once(char::is_whitespace) {
                Some((name, n)) if n.parse::<usize>().is_ok() => {
                    Command::Open(file(name.trim())?, n.parse().ok())
                }
                _ => Command::Open(file(rest)?, None),
            }
        }
        Word::Yes => Command::Answer(true),
        Word::No => Command::Answer(false),
    })
}

/// A side named in words: `red`, `black`, 红, 黑.
fn side(text: &str) -> Option<Color> {
    match text.to_lowercase().as_str() {
        "red" | "r" | "红" | "紅" | "红方" | "紅方" => Some(Color::Red),
        "black" | "b" | "黑" | "黑方" => Some(Color::Black),
        _ => None,
    }
}

/// A number 1–9 as `color` writes it in Chinese notation, or as an English word or digit:
/// red's Chinese numerals, black's digits (ASCII or full-width); `None` for English, whose
/// side the caller decides.
fn number(text: &str) -> Option<(u8, Option<Color>)> {
    const RED: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
    const WIDE: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
    const ENGLISH: [&str; 9] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let at = |list: [&str; 9]| list.iter().position(|&w| w == text).map(|i| i as u8 + 1);
    if let Some(n) = at(RED) {
        return Some((n, Some(Color::Red)));
    }
    if let Some(n) = at(WIDE) {
        return Some((n, Some(Color::Black)));
    }
    if let Some(n) = at(ENGLISH) {
        return Some((n, None));
    }
    match text.parse::<u8>() {
        Ok(n) if (1..=9).contains(&n) => Some((n, None)),
        _ => None,
    }
}

/// A point or a file named in `text`: `e5`; `file 5`, `red file 2`, `black file 2` (the side
/// to move's numbering unless a side is named); `五路` (red's: Chinese numerals), `5路`
/// (black's: digits), as the Chinese notation numbers the files.
#[must_use]
pub fn place(text: &str, turn: Color) -> Option<Place> {
    let text = text.trim().to_lowercase();
    if let Ok(sq) = text.parse::<Square>() {
        return Some(Place::Point(sq));
    }
    if let Some(n) = text.strip_suffix('路') {
        let (n, side) = number(n.trim())?;
        return Some(Place::File(side.unwrap_or(Color::Black), n));
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let (side, rest) = match words.as_slice() {
        [s, rest @ ..] if side(s).is_some() => (side(s), rest),
        rest => (None, rest),
    };
    match rest {
        ["file", n] => {
            let (n, _) = number(n)?;
            Some(Place::File(side.unwrap_or(turn), n))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    #[test]
    fn commands_read_in_english_and_chinese() {
        let red = Color::Red;
        assert_eq!(read("help", red), Ok(Command::Help));
        assert_eq!(read("HELP", red), Ok(Command::Help));
        assert_eq!(read("帮助", red), Ok(Command::Help));
        assert_eq!(
            read("pieces black", red),
            Ok(Command::Pieces(Some(Color::Black)))
        );
        assert_eq!(read("棋子 红", red), Ok(Command::Pieces(Some(Color::Red))));
        assert_eq!(read("pieces", red), Ok(Command::Pieces(None)));
        assert_eq!(read("moves h2", red), Ok(Command::Moves(sq("h2"))));
        assert_eq!(read("攻击e5", red), Ok(Command::Attackers(sq("e5"))));
        assert_eq!(read("defenders E5", red), Ok(Command::Defenders(sq("e5"))));
        assert_eq!(read("last", red), Ok(Command::Last(LAST_MOVES)));
        assert_eq!(read("last 2", red), Ok(Command::Last(2)));
        assert_eq!(read("e5", red), Ok(Command::At(Place::Point(sq("e5")))));
        assert_eq!(
            read("五路", red),
            Ok(Command::At(Place::File(Color::Red, 5)))
        );
        assert_eq!(
            read("2路", red),
            Ok(Command::At(Place::File(Color::Black, 2)))
        );
        assert_eq!(
            read("file two", Color::Black),
            Ok(Command::At(Place::File(Color::Black, 2)))
        );
        assert_eq!(
            read("red file 2", Color::Black),
            Ok(Command::At(Place::File(Color::Red, 2)))
        );
        assert_eq!(
            read("open my games.pgn 3", red),
            Ok(Command::Open("my games.pgn".into(), Some(3)))
        );
        assert_eq!(
            read("open game.pgn", red),
            Ok(Command::Open("game.pgn".into(), None))
        );
        assert_eq!(read("保存 a.pgn", red), Ok(Command::Save("a.pgn".into())));
        assert_eq!(read("y", red), Ok(Command::Answer(true)));
        assert_eq!(read("否", red), Ok(Command::Answer(false)));
        assert_eq!(read("3", red), Ok(Command::Number(3)));
        assert_eq!(read("h2e2", red), Ok(Command::Move("h2e2".into())));
        assert_eq!(read("炮二平五", red), Ok(Command::Move("炮二平五".into())));
        assert_eq!(
            read("cannon 2 to 5", red),
            Ok(Command::Move("cannon 2 to 5".into()))
        );
    }

    #[test]
    fn a_command_without_what_it_needs_says_so() {
        let red = Color::Red;
        assert_eq!(read("moves", red), Err(Problem::NeedsPoint("moves".into())));
        assert_eq!(
            read("attackers z9", red),
            Err(Problem::BadPoint("z9".into()))
        );
        assert_eq!(
            read("moves file 5", red),
            Err(Problem::BadPoint("file 5".into()))
        );
        assert_eq!(read("save", red), Err(Problem::NeedsFile("save".into())));
        assert_eq!(read("打开", red), Err(Problem::NeedsFile("打开".into())));
    }
}

//! Chinese moves (`炮二平五`, `馬８進７`, `前炮退二`, `中兵平四`, `二兵进一`), as xqbase and
//! ElephantEye write them, read with every common glyph variant.

use super::parts::{Motion, MoveParts, PieceNamed};
use super::{
    BlackDigits, Direction, Glyphs, Named, Notation, NotationError, NotationErrorKind,
    NotationStyle, Squares, across_files, file_column, pick, resolve, tandem_soldiers,
};
use crate::{Color, Move, Role};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const ASCII_DIGITS: [char; 9] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/// The glyph of a piece in a written move (not the board's: records use 馬車炮 for both sides).
pub(crate) fn glyph(glyphs: Glyphs, color: Color, role: Role) -> char {
    match (glyphs, color, role) {
        (Glyphs::Simplified, Color::Red, Role::General) => '帅',
        (Glyphs::Traditional, Color::Red, Role::General) => '帥',
        (Glyphs::Simplified, Color::Black, Role::General) => '将',
        (Glyphs::Traditional, Color::Black, Role::General) => '將',
        (_, Color::Red, Role::Advisor) => '仕',
        (_, Color::Black, Role::Advisor) => '士',
        (_, Color::Red, Role::Elephant) => '相',
        (_, Color::Black, Role::Elephant) => '象',
        (Glyphs::Simplified, _, Role::Horse) => '马',
        (Glyphs::Traditional, _, Role::Horse) => '馬',
        (Glyphs::Simplified, _, Role::Chariot) => '车',
        (Glyphs::Traditional, _, Role::Chariot) => '車',
        (_, _, Role::Cannon) => '炮',
        (_, Color::Red, Role::Soldier) => '兵',
        (_, Color::Black, Role::Soldier) => '卒',
    }
}

/// A file or step number (1–9) as the side writes it: red 一…九, black digits.
pub(super) fn numeral(color: Color, style: &NotationStyle, n: u8) -> char {
    let table = match (color, style.black_digits) {
        (Color::Red, _) => &RED_NUMERALS,
        (Color::Black, BlackDigits::FullWidth) => &FULL_WIDTH_DIGITS,
        (Color::Black, BlackDigits::Ascii) => &ASCII_DIGITS,
    };
    table[usize::from(n.clamp(1, 9)) - 1]
}

pub(super) fn write(pos: &impl Named, mv: Move, style: &NotationStyle) -> String {
    let parts = MoveParts::of_legal(pos, mv);
    let color = parts.color;
    let g = glyph(style.glyphs, color, parts.role);
    let rear = match style.glyphs {
        Glyphs::Simplified => '后',
        Glyphs::Traditional => '後',
    };
    let mut out = String::with_capacity(16);
    // The counted soldiers' numbers are always Chinese, for black too.
    let mark = match parts.piece {
        PieceNamed::File(f) => {
            out.push(g);
            out.push(numeral(color, style, f));
            None
        }
        PieceNamed::Front => Some('前'),
        PieceNamed::Middle => Some('中'),
        PieceNamed::Rear => Some(rear),
        PieceNamed::Ordinal(n) => Some(RED_NUMERALS[usize::from(n.clamp(1, 5)) - 1]),
    };
    if let Some(mark) = mark {
        out.push(mark);
        out.push(g);
    }
    out.push(match (parts.motion, style.glyphs) {
        (Motion::Forward, Glyphs::Simplified) => '进',
        (Motion::Forward, Glyphs::Traditional) => '進',
        (Motion::Backward, _) => '退',
        (Motion::Sideways, _) => '平',
    });
    out.push(numeral(color, style, parts.number));
    out
}

/// One character of a Chinese move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Token {
    Piece(Role),
    Number(u8),
    Direction(Direction),
    Front,
    Middle,
    Rear,
}

fn token(c: char) -> Option<Token> {
    Some(match c {
        '帥' | '帅' | '將' | '将' => Token::Piece(Role::General),
        '仕' | '士' => Token::Piece(Role::Advisor),
        '相' | '象' => Token::Piece(Role::Elephant),
        '傌' | '馬' | '马' => Token::Piece(Role::Horse),
        '俥' | '車' | '车' => Token::Piece(Role::Chariot),
        '炮' | '砲' | '包' => Token::Piece(Role::Cannon),
        '兵' | '卒' => Token::Piece(Role::Soldier),
        '進' | '进' => Token::Direction(Direction::Forward),
        '退' => Token::Direction(Direction::Backward),
        '平' => Token::Direction(Direction::Sideways),
        '前' => Token::Front,
        '中' => Token::Middle,
        '後' | '后' => Token::Rear,
        _ => {
            let n = RED_NUMERALS
                .iter()
                .chain(&FULL_WIDTH_DIGITS)
                .chain(&ASCII_DIGITS)
                .position(|&d| d == c)?;
            Token::Number((n % 9) as u8 + 1)
        }
    })
}

/// The kind of piece a glyph of a written move names (any of the variants read).
pub(crate) fn role_of_glyph(c: char) -> Option<Role> {
    match token(c)? {
        Token::Piece(role) => Some(role),
        _ => None,
    }
}

/// Can `c` stand in a Chinese move (in any of the glyph variants read)? The encoding guess
/// keeps its own sorted copy for speed; its tests hold it to this.
pub fn is_move_char(c: char) -> bool {
    token(c).is_some()
}

/// Which pieces a move names before its direction.
enum Which {
    File(u8),
    Front,
    Middle,
    Rear,
    Nth(u8),
    OnFile(u8, Token),
}

pub(super) fn parse(pos: &impl Named, text: &str) -> Result<Move, NotationError> {
    let syntax = || NotationError::new(text, NotationErrorKind::Syntax(Notation::Chinese));
    let mut toks = [Token::Front; 5];
    let mut len = 0;
    // Check and quality marks (`+`, `!`, `?`) sometimes follow a move; they name nothing.
    let body = text.trim_end_matches(['+', '#', '!', '?', '！', '？']);
    for c in body.chars().filter(|c| !c.is_whitespace()) {
        if len == toks.len() {
            return Err(syntax());
        }
        toks[len] = token(c).ok_or_else(syntax)?;
        len += 1;
    }
    use Token as T;
    let (role, which, direction, number) = match toks[..len] {
        [T::Piece(r), T::Number(f), T::Direction(d), T::Number(n)] => (r, Which::File(f), d, n),
        [T::Front, T::Piece(r), T::Direction(d), T::Number(n)]
        | [T::Piece(r), T::Front, T::Direction(d), T::Number(n)] => (r, Which::Front, d, n),
        [T::Middle, T::Piece(r), T::Direction(d), T::Number(n)]
        | [T::Piece(r), T::Middle, T::Direction(d), T::Number(n)] => (r, Which::Middle, d, n),
        [T::Rear, T::Piece(r), T::Direction(d), T::Number(n)]
        | [T::Piece(r), T::Rear, T::Direction(d), T::Number(n)] => (r, Which::Rear, d, n),
        [T::Number(k), T::Piece(r), T::Direction(d), T::Number(n)] => (r, Which::Nth(k), d, n),
        [
            p @ (T::Front | T::Middle | T::Rear),
            T::Piece(r),
            T::Number(f),
            T::Direction(d),
            T::Number(n),
        ] => (r, Which::OnFile(f, p), d, n),
        _ => return Err(syntax()),
    };
    let color = pos.mover();
    let candidates = candidates(pos, color, role, which);
    resolve(pos, text, role, candidates.as_slice(), direction, number)
}

/// The pieces of `role` that `which` could mean.
fn candidates(pos: &impl Named, color: Color, role: Role, which: Which) -> Squares {
    // 前 is the front piece of its file, 后 the rearmost, 中 any between.
    let fits = |mark: Token| {
        move |i: usize, n: usize| match mark {
            Token::Front => i == 0,
            Token::Rear => i + 1 == n,
            _ => i != 0 && i + 1 != n,
        }
    };
    match which {
        Which::File(f) => file_column(pos, color, role, f),
        Which::OnFile(f, mark) => pick(&file_column(pos, color, role, f), fits(mark)),
        Which::Front => across_files(pos, color, role, fits(Token::Front)),
        Which::Middle => across_files(pos, color, role, fits(Token::Middle)),
        Which::Rear => across_files(pos, color, role, fits(Token::Rear)),
        // Soldiers are numbered across all their tandem files, other pieces within their file.
        Which::Nth(k) if role == Role::Soldier => {
            let (all, _) = tandem_soldiers(pos, color);
            pick(&all, |i, _| i + 1 == usize::from(k))
        }
        Which::Nth(k) => across_files(pos, color, role, |i, _| i + 1 == usize::from(k)),
    }
}

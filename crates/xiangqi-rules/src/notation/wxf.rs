//! WXF moves (`C2.5`, `H8+7`, `R+.3`, `C--1`), including the WXF page's scheme for three or
//! more soldiers on a file (`++.4`, `P+.4`, `P3.4`, `P-.4`, `--.4`) and on two files (`3+.4`,
//! `33.4`, `3-.4`).

use super::{
    Direction, Named, Notation, NotationError, NotationErrorKind, Place, across_files, file_column,
    motion, pick, place, resolve,
};
use crate::{Move, Role};

fn digit(n: u8) -> char {
    char::from(b'0' + n.clamp(1, 9))
}

pub(super) fn write(pos: &impl Named, mv: Move) -> String {
    let color = pos.mover();
    let role = pos.named_piece(mv.from).map_or(Role::General, |p| p.role);
    let l = role.wxf_char();
    let mut out = String::with_capacity(4);
    match place(pos, color, role, mv.from) {
        Place::File(f) => {
            out.push(l);
            out.push(digit(f));
        }
        Place::Tandem { index, count, file } => {
            let pair = match (count, index) {
                // Two or three on a file: front `+`, rear `-`, and the middle one by its file.
                (..=3, 0) => [l, '+'],
                (..=3, i) if i + 1 == count => [l, '-'],
                (..=3, _) => [l, digit(file)],
                // Four or five: the outermost are `++` and `--`, the next ones in `P+`, `P-`,
                // and a fifth in the middle goes by its file.
                (_, 0) => ['+', '+'],
                (_, i) if i + 1 == count => ['-', '-'],
                (_, 1) => [l, '+'],
                (_, i) if i + 2 == count => [l, '-'],
                _ => [l, digit(file)],
            };
            out.extend(pair);
        }
        Place::Across {
            index, count, file, ..
        } => {
            // Soldiers on two files: the file replaces the letter, then front/middle/rear.
            out.push(digit(file));
            out.push(match index {
                0 => '+',
                i if i + 1 == count => '-',
                _ => digit(file),
            });
        }
    }
    let (direction, number) = motion(color, role, mv);
    out.push(match direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '.',
    });
    out.push(digit(number));
    out
}

fn role_of(c: char) -> Option<Role> {
    Some(match c {
        'K' | 'G' => Role::General,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' | 'S' => Role::Soldier,
        _ => return None,
    })
}

fn number_of(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

/// `folded` is `original` with full-width characters made ASCII and spaces removed.
pub(super) fn parse(pos: &impl Named, folded: &str, original: &str) -> Result<Move, NotationError> {
    let syntax = || NotationError::new(original, NotationErrorKind::Syntax(Notation::Wxf));
    let mut chars = [' '; 4];
    let mut len = 0;
    for c in folded.chars() {
        if len == 4 {
            return Err(syntax());
        }
        chars[len] = c.to_ascii_uppercase();
        len += 1;
    }
    if len != 4 {
        return Err(syntax());
    }
    let direction = match chars[2] {
        '+' => Direction::Forward,
        '-' => Direction::Backward,
        '.' | '=' => Direction::Sideways,
        _ => return Err(syntax()),
    };
    let number = number_of(chars[3]).ok_or_else(syntax)?;
    let color = pos.mover();
    // The first two characters: a piece letter and its file, a piece letter and a tandem
    // mark, or (soldiers only) two marks or a file and a mark.
    let (role, candidates) = match (role_of(chars[0]), number_of(chars[1]), chars[0], chars[1]) {
        (Some(role), Some(f), _, _) => {
            let col = file_column(pos, color, role, f);
            // With three or five soldiers on a file, `P3` is the one in the middle.
            let picked = if role == Role::Soldier && col.len() % 2 == 1 && col.len() >= 3 {
                pick(&col, |i, _| i == col.len() / 2)
            } else {
                col
            };
            (role, picked)
        }
        (Some(role), None, _, mark @ ('+' | '-')) => {
            let front = mark == '+';
            let out = across_files(pos, color, role, |i, n| {
                // With four or five soldiers, `P+`/`P-` are the second from each end.
                let inner = usize::from(role == Role::Soldier && n >= 4);
                if front {
                    i == inner
                } else {
                    i + 1 + inner == n
                }
            });
            (role, out)
        }
        (None, _, '+', '+') => (
            Role::Soldier,
            across_files(pos, color, Role::Soldier, |i, _| i == 0),
        ),
        (None, _, '-', '-') => (
            Role::Soldier,
            across_files(pos, color, Role::Soldier, |i, n| i + 1 == n),
        ),
        (None, second, lead, mark) => {
            let Some(f) = number_of(lead) else {
                return Err(syntax());
            };
            let col = file_column(pos, color, Role::Soldier, f);
            let out = match mark {
                '+' => pick(&col, |i, _| i == 0),
                '-' => pick(&col, |i, n| i + 1 == n),
                _ if second == Some(f) => pick(&col, |i, n| i != 0 && i + 1 != n),
                _ => return Err(syntax()),
            };
            (Role::Soldier, out)
        }
        _ => return Err(syntax()),
    };
    resolve(
        pos,
        original,
        role,
        candidates.as_slice(),
        direction,
        number,
    )
}

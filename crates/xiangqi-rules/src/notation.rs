//! Move notations: ICCS (`h2e2`), Chinese (`炮二平五`) and WXF (`C2.5`), read and written in
//! the position the move is played from.
//!
//! ```
//! use xiangqi_rules::{Notation, NotationStyle, Position};
//! let pos = Position::start();
//! let mv = Notation::Chinese.parse(&pos, "炮二平五").unwrap();
//! assert_eq!(mv.to_string(), "h2e2");
//! assert_eq!(Notation::Wxf.write(&pos, mv, &NotationStyle::default()).unwrap(), "C2.5");
//! assert_eq!(xiangqi_rules::parse_move(&pos, "C2.5").unwrap(), mv);
//! ```

pub(crate) mod chinese;
mod iccs;
mod parts;
mod wxf;

pub use chinese::is_move_char;
pub use parts::{Motion, MoveParts, PieceNamed};

use crate::{Color, File, IllegalMove, Move, Piece, Position, Role, Square};
use std::fmt;
use std::str::FromStr;

/// What the writers and readers of moves need of a position: whose move it is, the pieces a
/// move may name, and whether a move is legal. A xiangqi [`Position`] names all its pieces;
/// a Jieqi position names its covered pieces and its revealed ones apart.
pub(crate) trait Named {
    /// The side to move.
    fn mover(&self) -> Color;
    /// The piece on `sq` a move may name, as the piece it moves as.
    fn named_piece(&self, sq: Square) -> Option<Piece>;
    /// Is `mv` legal, and if not, why?
    fn check_named(&self, mv: Move) -> Result<(), IllegalMove>;
    /// Do advisors and elephants roam the whole board (so that two on a file need 前/后)?
    fn guards_roam(&self) -> bool {
        false
    }
}

impl Named for Position {
    fn mover(&self) -> Color {
        self.turn()
    }

    fn named_piece(&self, sq: Square) -> Option<Piece> {
        self.piece_at(sq)
    }

    fn check_named(&self, mv: Move) -> Result<(), IllegalMove> {
        self.check_move(mv)
    }
}

/// One of the three ways of writing a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `炮二平五 马８进７`: piece, file, direction, steps or file, counted from each side's right.
    Chinese,
    /// `C2.5 H8+7`: the World Xiangqi Federation's transcription of the Chinese notation.
    Wxf,
    /// `h2e2` or `H2-E2`: the two points in ICCS coordinates.
    Iccs,
}

impl Notation {
    /// All three, in the order a display would cycle through them.
    pub const ALL: [Notation; 3] = [Notation::Chinese, Notation::Wxf, Notation::Iccs];

    /// Writes the legal move `mv` of `pos` in this notation.
    ///
    /// # Errors
    /// [`NotationErrorKind::Illegal`] if `mv` is not legal in `pos`.
    pub fn write(
        self,
        pos: &Position,
        mv: Move,
        style: &NotationStyle,
    ) -> Result<String, NotationError> {
        pos.check_move(mv)
            .map_err(|e| NotationError::new(&mv.to_string(), NotationErrorKind::Illegal(e)))?;
        Ok(self.write_named(pos, mv, style))
    }

    /// Writes `mv`, already known to be legal, as a move of the pieces `pos` names.
    pub(crate) fn write_named(self, pos: &impl Named, mv: Move, style: &NotationStyle) -> String {
        match self {
            Notation::Chinese => chinese::write(pos, mv, style),
            Notation::Wxf => wxf::write(pos, mv),
            Notation::Iccs => iccs::write(mv, style),
        }
    }

    /// Reads `text` as a move of this notation and finds the legal move of `pos` it names.
    ///
    /// # Errors
    /// The text does not read as this notation, names no piece, names more than one move, or
    /// names a move that is illegal here.
    pub fn parse(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        self.parse_named(pos, text)
    }

    /// Reads `text` as a move of this notation among the pieces `pos` names.
    pub(crate) fn parse_named(self, pos: &impl Named, text: &str) -> Result<Move, NotationError> {
        match self {
            Notation::Chinese => chinese::parse(pos, text),
            Notation::Wxf => wxf::parse(pos, &ascii_fold(text), text),
            Notation::Iccs => iccs::parse(pos, &ascii_fold(text), text),
        }
    }

    /// Which notation `text` is written in, judged by its characters alone: Chinese if it holds
    /// a CJK character, ICCS if it has the shape of two points, WXF otherwise.
    #[must_use]
    pub fn detect(text: &str) -> Notation {
        if text.chars().any(is_cjk) {
            Notation::Chinese
        } else if ascii_fold(text).parse::<Move>().is_ok() {
            Notation::Iccs
        } else {
            Notation::Wxf
        }
    }

    /// The lower-case name used on the command line: `chinese`, `wxf`, `iccs`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Chinese => "chinese",
            Notation::Wxf => "wxf",
            Notation::Iccs => "iccs",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Chinese => "Chinese",
            Notation::Wxf => "WXF",
            Notation::Iccs => "ICCS",
        })
    }
}

/// A notation name that is not `chinese`, `wxf` or `iccs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNotationError(pub String);

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation {:?}: expected chinese, wxf or iccs",
            self.0
        )
    }
}

impl std::error::Error for ParseNotationError {}

impl FromStr for Notation {
    type Err = ParseNotationError;
    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "chinese" | "cn" | "zh" => Ok(Notation::Chinese),
            "wxf" => Ok(Notation::Wxf),
            "iccs" | "uci" => Ok(Notation::Iccs),
            _ => Err(ParseNotationError(s.to_string())),
        }
    }
}

/// Reads a move typed in any of the three notations (see [`Notation::detect`]).
///
/// # Errors
/// As [`Notation::parse`] for the detected notation.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    Notation::detect(text).parse(pos, text)
}

/// Which characters name the pieces and directions in written Chinese moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Glyphs {
    /// Mainland forms, as xqbase writes them: 帅仕相马车炮兵 / 将士象马车炮卒, 进退平, 前中后.
    #[default]
    Simplified,
    /// Traditional forms, as Taiwanese and Hong Kong records write them: 帥仕相馬車炮兵 /
    /// 將士象馬車炮卒, 進退平, 前中後.
    Traditional,
}

/// How black's file and step numbers are written in Chinese moves (red always uses 一…九).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum BlackDigits {
    /// Full-width `１`…`９`, which line up with the Chinese characters.
    #[default]
    FullWidth,
    /// ASCII `1`…`9`.
    Ascii,
}

/// Choices a writer makes that do not change which move is meant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NotationStyle {
    /// Simplified or traditional characters for Chinese moves.
    pub glyphs: Glyphs,
    /// Full-width or ASCII digits for black's Chinese moves.
    pub black_digits: BlackDigits,
    /// ICCS as `H2-E2` (as ICCS PGN files write it) rather than `h2e2` (as engines do).
    pub iccs_hyphenated: bool,
}

impl Default for NotationStyle {
    fn default() -> Self {
        NotationStyle {
            glyphs: Glyphs::Simplified,
            black_digits: BlackDigits::FullWidth,
            iccs_hyphenated: true,
        }
    }
}

/// Why a written move could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub kind: NotationErrorKind,
}

/// What is wrong with a written move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationErrorKind {
    /// The text does not have the shape of a move in the notation.
    Syntax(Notation),
    /// No piece of the side to move stands where the text says.
    NoPiece,
    /// The direction and number do not describe any move that piece could make.
    Impossible,
    /// More than one legal move fits the text.
    Ambiguous,
    /// The move the text names breaks a rule.
    Illegal(IllegalMove),
}

impl NotationError {
    pub(crate) fn new(text: &str, kind: NotationErrorKind) -> NotationError {
        NotationError {
            text: text.to_string(),
            kind,
        }
    }
}

impl fmt::Display for NotationErrorKind {
    /// What is wrong with the text, without the text itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationErrorKind::Syntax(Notation::Chinese) => f.write_str(
                "not a Chinese move (expected piece, file, 进/退/平, number, like 炮二平五)",
            ),
            NotationErrorKind::Syntax(Notation::Wxf) => {
                f.write_str("not a WXF move (expected piece, file, + - or ., number, like C2.5)")
            }
            NotationErrorKind::Syntax(Notation::Iccs) => {
                f.write_str("not an ICCS move (expected two points, like h2e2 or H2-E2)")
            }
            NotationErrorKind::NoPiece => f.write_str("names no piece of the side to move"),
            NotationErrorKind::Impossible => f.write_str("that piece cannot move that way"),
            NotationErrorKind::Ambiguous => f.write_str("more than one move fits"),
            NotationErrorKind::Illegal(e) => write!(f, "illegal here: {e}"),
        }
    }
}

impl fmt::Display for NotationError {
    /// The text, quoted, and what is wrong with it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.text, self.kind)
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            NotationErrorKind::Illegal(e) => Some(e),
            _ => None,
        }
    }
}

/// Which way a piece goes, seen from its own side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// 进 / `+`: towards the opponent.
    Forward,
    /// 退 / `-`: towards its own side.
    Backward,
    /// 平 / `.`: along the rank.
    Sideways,
}

/// Pieces that move along lines count steps after 进/退; the others (advisor, elephant, horse)
/// move diagonally, so the number after 进/退 is the file they land on.
const fn moves_in_lines(role: Role) -> bool {
    matches!(
        role,
        Role::General | Role::Chariot | Role::Cannon | Role::Soldier
    )
}

/// +1 if `color` moves forward by going up the ranks (red), -1 otherwise.
const fn forward(color: Color) -> i8 {
    match color {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// How `color` names `file` in Chinese notation, and along its edge of the board: red 一…九,
/// black digits (in the style's width), each side counting from its own right.
///
/// ```
/// use xiangqi_rules::{Color, File, NotationStyle, file_name};
/// let h = File::from_char('h').unwrap();
/// assert_eq!(file_name(Color::Red, h, &NotationStyle::default()), '二');
/// assert_eq!(file_name(Color::Black, h, &NotationStyle::default()), '８');
/// ```
#[must_use]
pub fn file_name(color: Color, file: File, style: &NotationStyle) -> char {
    chinese::numeral(color, style, file_number(color, file))
}

/// The file number 1–9 a side gives to `file`: each side counts from its own right, so red's 1
/// is ICCS `i` and black's 1 is ICCS `a`.
///
/// ```
/// use xiangqi_rules::{Color, File, file_number};
/// let a = File::from_char('a').unwrap();
/// assert_eq!((file_number(Color::Red, a), file_number(Color::Black, a)), (9, 1));
/// ```
#[must_use]
pub const fn file_number(color: Color, file: File) -> u8 {
    match color {
        Color::Red => 9 - file.index(),
        Color::Black => file.index() + 1,
    }
}

/// Inverse of [`file_number`]; `None` outside 1–9.
pub(crate) const fn file_index(color: Color, number: u8) -> Option<u8> {
    if number < 1 || number > 9 {
        return None;
    }
    Some(match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    })
}

/// The direction and number that describe `mv` for a piece of `role` and `color`.
pub(crate) fn motion(color: Color, role: Role, mv: Move) -> (Direction, u8) {
    let dr = (i16::from(mv.to.rank().index()) - i16::from(mv.from.rank().index()))
        * i16::from(forward(color));
    let direction = match dr {
        0 => Direction::Sideways,
        d if d > 0 => Direction::Forward,
        _ => Direction::Backward,
    };
    let number = if direction != Direction::Sideways && moves_in_lines(role) {
        dr.unsigned_abs() as u8
    } else {
        file_number(color, mv.to.file())
    };
    (direction, number)
}

/// Where a piece of `role` and `color` standing on `from` lands when told `direction` and
/// `number`; `None` if no such point exists.
pub(crate) fn target(
    color: Color,
    role: Role,
    from: Square,
    direction: Direction,
    number: u8,
) -> Option<Square> {
    let (file, rank) = (from.file().index() as i8, from.rank().index() as i8);
    let up = forward(color);
    let sign = match direction {
        Direction::Forward => up,
        Direction::Backward => -up,
        Direction::Sideways => 0,
    };
    if moves_in_lines(role) {
        if direction == Direction::Sideways {
            let to_file = file_index(color, number)?;
            return Square::from_coords(to_file, rank as u8);
        }
        let to_rank = rank + sign * number as i8;
        if !(0..10).contains(&to_rank) || number == 0 {
            return None;
        }
        return Square::from_coords(file as u8, to_rank as u8);
    }
    if direction == Direction::Sideways {
        return None;
    }
    let to_file = file_index(color, number)? as i8;
    let df = (to_file - file).abs();
    let dr = match (role, df) {
        (Role::Advisor, 1) | (Role::Horse, 2) => 1,
        (Role::Elephant, 2) | (Role::Horse, 1) => 2,
        _ => return None,
    };
    let to_rank = rank + sign * dr;
    if !(0..10).contains(&to_rank) {
        return None;
    }
    Square::from_coords(to_file as u8, to_rank as u8)
}

/// At most five squares (a side has at most five pieces of one kind), kept without allocating.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Squares {
    buf: [Square; 5],
    len: usize,
}

impl Squares {
    pub fn push(&mut self, sq: Square) {
        if self.len < self.buf.len() {
            self.buf[self.len] = sq;
            self.len += 1;
        }
    }
    pub(crate) fn as_slice(&self) -> &[Square] {
        &self.buf[..self.len]
    }
    pub(crate) fn len(&self) -> usize {
        self.len
    }
    pub(crate) fn position(&self, sq: Square) -> Option<usize> {
        self.as_slice().iter().position(|&s| s == sq)
    }
}

/// The pieces of `color` and `role` on the file with index `file`, the one nearest the
/// opponent first.
pub(crate) fn column(pos: &impl Named, color: Color, role: Role, file: u8) -> Squares {
    let mut out = Squares::default();
    let piece = Piece::new(color, role);
    let mut push = |rank: u8| {
        if let Some(sq) = Square::from_coords(file, rank)
            && pos.named_piece(sq) == Some(piece)
        {
            out.push(sq);
        }
    };
    match color {
        Color::Red => (0..10).rev().for_each(&mut push),
        Color::Black => (0..10).for_each(&mut push),
    }
    out
}

/// File indexes in the order a side counts them, from its own right (file number 1) leftwards.
pub(crate) fn files_right_to_left(color: Color) -> impl Iterator<Item = u8> {
    (1..=9).filter_map(move |n| file_index(color, n))
}

/// The pieces of `role` on the file `color` numbers `number`, front first.
pub(crate) fn file_column(pos: &impl Named, color: Color, role: Role, number: u8) -> Squares {
    file_index(color, number).map_or_else(Squares::default, |f| column(pos, color, role, f))
}

/// The squares of `col` whose index (from the front) and the column's length satisfy `keep`.
pub(crate) fn pick(col: &Squares, keep: impl Fn(usize, usize) -> bool) -> Squares {
    let mut out = Squares::default();
    for (i, &sq) in col.as_slice().iter().enumerate() {
        if keep(i, col.len()) {
            out.push(sq);
        }
    }
    out
}

/// `pick` applied to every file holding two or more pieces of `role`.
pub(crate) fn across_files(
    pos: &impl Named,
    color: Color,
    role: Role,
    keep: impl Fn(usize, usize) -> bool,
) -> Squares {
    let mut out = Squares::default();
    for f in files_right_to_left(color) {
        let col = column(pos, color, role, f);
        if col.len() >= 2 {
            for &sq in pick(&col, &keep).as_slice() {
                out.push(sq);
            }
        }
    }
    out
}

/// The soldiers of `color` that share a file with another soldier, numbered as xqbase does
/// when two files each hold several: files from the side's right to its left, and on each
/// file from the front back. With one such file this is simply that file front to back.
pub(crate) fn tandem_soldiers(pos: &impl Named, color: Color) -> (Squares, usize) {
    let mut out = Squares::default();
    let mut files = 0;
    for f in files_right_to_left(color) {
        let col = column(pos, color, Role::Soldier, f);
        if col.len() >= 2 {
            files += 1;
            for &sq in col.as_slice() {
                out.push(sq);
            }
        }
    }
    (out, files)
}

/// Where the moving piece stands, as the Chinese and WXF writers need to name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// Alone on its file (or an advisor or elephant, which never need more): the file number.
    File(u8),
    /// One of `count` pieces of its kind on file number `file`, `index` from the front.
    Tandem {
        index: usize,
        count: usize,
        file: u8,
    },
    /// A soldier on a file with others while another file also holds several: its number
    /// `ordinal` (from 0) in xqbase's order, and its `index` among the `count` on its `file`.
    Across {
        ordinal: usize,
        index: usize,
        count: usize,
        file: u8,
    },
}

/// How the piece on `from` must be named so that no other piece of its kind fits.
pub(crate) fn place(pos: &impl Named, color: Color, role: Role, from: Square) -> Place {
    let file = file_number(color, from.file());
    // Advisors and elephants on one file never need 前/后 in xiangqi: the direction tells
    // them apart, since only the front one can retreat and only the rear one advance. Free
    // of the palace and the river (Jieqi), both may go either way.
    let guard = matches!(role, Role::Advisor | Role::Elephant);
    if role == Role::General || (guard && !pos.guards_roam()) {
        return Place::File(file);
    }
    let col = column(pos, color, role, from.file().index());
    let (Some(index), count) = (col.position(from), col.len()) else {
        return Place::File(file);
    };
    if count < 2 {
        return Place::File(file);
    }
    if role == Role::Soldier {
        let (all, files) = tandem_soldiers(pos, color);
        if files >= 2
            && let Some(ordinal) = all.position(from)
        {
            return Place::Across {
                ordinal,
                index,
                count,
                file,
            };
        }
    }
    Place::Tandem { index, count, file }
}

/// Finds the one legal move among the pieces on `candidates` told `direction` and `number`.
pub(crate) fn resolve(
    pos: &impl Named,
    text: &str,
    role: Role,
    candidates: &[Square],
    direction: Direction,
    number: u8,
) -> Result<Move, NotationError> {
    let err = |kind| Err(NotationError::new(text, kind));
    if candidates.is_empty() {
        return err(NotationErrorKind::NoPiece);
    }
    let color = pos.mover();
    let mut found: Option<Move> = None;
    let mut illegal: Option<IllegalMove> = None;
    for &from in candidates {
        let Some(to) = target(color, role, from, direction, number) else {
            continue;
        };
        let mv = Move::new(from, to);
        match pos.check_named(mv) {
            Ok(()) if found.is_some_and(|f| f != mv) => return err(NotationErrorKind::Ambiguous),
            Ok(()) => found = Some(mv),
            Err(e) => illegal = illegal.or(Some(e)),
        }
    }
    match (found, illegal) {
        (Some(mv), _) => Ok(mv),
        (None, Some(e)) => err(NotationErrorKind::Illegal(e)),
        (None, None) => err(NotationErrorKind::Impossible),
    }
}

/// Is `c` a CJK ideograph (the characters of Chinese moves)?
pub fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// Full-width ASCII (`Ｈ２－Ｅ２`, as some Chinese input methods type) folded to ASCII, and
/// spaces removed.
pub(crate) fn ascii_fold(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '—' | '–' => '-',
            _ => c,
        })
        .collect()
}

//! Jieqi (揭棋): xiangqi whose fifteen pieces a side other than the general start face down,
//! shuffled over that side's usual starting points.
//!
//! A covered piece moves, for its first move, as the piece whose starting point it stands on
//! (a covered piece on a chariot's point moves as a chariot); that move turns it over, and from
//! then on it moves as what it is, wherever it stands. Revealed advisors and elephants are
//! free of the palace and the river; the general stays in its palace; soldiers keep their
//! rule. Covered pieces capture and are captured as usual, and a covered piece that is
//! captured is not turned over: nobody learns what it was. Check, mate, the flying general
//! and the repetition rules are xiangqi's.
//!
//! The game keeps hidden information apart from what the players see:
//! - [`JieqiPosition`] is the board as both players see it: covered pieces are only
//!   covered, and the [`Pool`] lists the pieces of each side nobody has seen yet (on the
//!   board face down, or captured face down). The engine reasons over it alone.
//! - [`Deal`] is what the dealer knows: which piece lies under each covered one.
//! - [`JieqiGame`] is the dealer's game: a position, a deal, the moves with their reveals.
//!
//! ```
//! use xiangqi_rules::jieqi::{JieqiGame, JieqiPosition};
//! let start = JieqiPosition::start();
//! assert_eq!(start.legal_moves().len(), 44);
//! let mut game = JieqiGame::dealt(0x5eed);
//! let played = game.play("a0a1".parse().unwrap()).unwrap();
//! assert!(played.reveal.is_some()); // the chariot's point turned over as whatever it hid
//! assert!(!game.position().is_covered("a1".parse().unwrap()));
//! let fen = game.position().fen();
//! assert_eq!(JieqiPosition::from_fen(&fen).unwrap().fen(), fen);
//! ```

mod deal;
mod fen;
mod game;
mod movegen;
mod moves;
mod notation;
mod pool;
mod position;
mod referee;

pub use deal::{Deal, DealError, DealRng};
pub use fen::{JIEQI_START_FEN, JieqiFenError, PoolFault};
pub use game::{JieqiGame, JieqiPlayError};
pub use moves::{JieqiMove, ParseJieqiMoveError};
pub use notation::{JieqiNotationError, parse_jieqi_move, write_jieqi_move};
pub use pool::Pool;
pub use position::{JieqiPiece, JieqiPosition, JieqiPositionError, JieqiUndo, RevealError};

use crate::{Color, Piece, Role, Square};

/// The code of the piece each point holds at the start of a xiangqi game, 0 elsewhere: what a
/// covered piece on that point moves as.
pub(crate) static START_CODES: [u8; 90] = build_start_codes();

const fn build_start_codes() -> [u8; 90] {
    // A side's back rank, file a to i, is the start of the set's usual order.
    let back = &crate::role::SET_ORDER;
    let mut out = [0u8; 90];
    let mut side = 0;
    while side < 2 {
        let color = if side == 0 { Color::Red } else { Color::Black };
        // This side's back, cannon and soldier ranks.
        let (back_rank, cannons, soldiers) = if side == 0 { (0, 2, 3) } else { (9, 7, 6) };
        let mut file = 0;
        while file < 9 {
            out[back_rank * 9 + file] = Piece::new(color, back[file]).code();
            if file % 2 == 0 {
                out[soldiers * 9 + file] = Piece::new(color, Role::Soldier).code();
            }
            file += 1;
        }
        out[cannons * 9 + 1] = Piece::new(color, Role::Cannon).code();
        out[cannons * 9 + 7] = Piece::new(color, Role::Cannon).code();
        side += 1;
    }
    out
}

/// The piece whose starting point `sq` is, if it is a point a covered piece may stand on (any
/// starting point but the generals'): what a covered piece there moves as.
///
/// ```
/// use xiangqi_rules::jieqi::start_piece;
/// use xiangqi_rules::{Color, Piece, Role};
/// assert_eq!(start_piece("b2".parse().unwrap()), Some(Piece::new(Color::Red, Role::Cannon)));
/// assert_eq!(start_piece("e0".parse().unwrap()), None); // the general is never covered
/// assert_eq!(start_piece("e4".parse().unwrap()), None);
/// ```
#[must_use]
pub fn start_piece(sq: Square) -> Option<Piece> {
    Piece::from_code(START_CODES[sq.index()]).filter(|p| p.role != Role::General)
}

//! The messages of a game, and their encoding: a tag byte, then the fields — numbers
//! big-endian, a text as a two-byte length and UTF-8, a move as its four ICCS letters. A
//! decoder reads only within the message it was given and refuses anything left over, so
//! a malformed message is an error, never a guess.

use crate::net::NetError;
use crate::{Color, Move};

/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 200;

/// The longest player's name, in bytes.
pub const MAX_NAME: usize = 64;

/// How a game was ended by a player rather than on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Declared {
    /// This side resigned.
    Resigned(Color),
    /// The players agreed a draw.
    Drawn,
    /// This side's time ran out.
    Flagged(Color),
}

/// The clocks as the host has them: the time control (its PGN text, `300+3`), each side's
/// time at the start of the current turn (for byo-yomi the base time left), and what the
/// side to move has used of its turn, in milliseconds, when the message was sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The time control as a PGN `[TimeControl]` tag writes it.
    pub control: String,
    /// Red's time at the start of the turn.
    pub red_ms: u64,
    /// Black's time at the start of the turn.
    pub black_ms: u64,
    /// Used of the current turn.
    pub used_ms: u64,
}

/// The game so far, as the host sends it when a guest has joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sync {
    /// The start position.
    pub fen: String,
    /// The moves played from it.
    pub moves: Vec<Move>,
    /// The side the guest plays.
    pub guest: Color,
    /// Red's name (may be empty).
    pub red: String,
    /// Black's name (may be empty).
    pub black: String,
    /// A result declared by a player, if the game ended so.
    pub declared: Option<Declared>,
    /// The clocks, in a timed game.
    pub clocks: Option<Clocks>,
}

/// One message of the game, either way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Host to guest, first: the game so far.
    Sync(Box<Sync>),
    /// A move, the `ply`-th of the game (from 0), so both ends know they are in step.
    Move {
        /// How many moves were played before it.
        ply: u16,
        /// The move.
        mv: Move,
    },
    /// Host to guest: the clocks after a move.
    Clocks(Clocks),
    /// Take back my last move, please.
    TakebackAsk,
    /// The answer to a takeback request.
    TakebackAnswer(bool),
    /// A draw, please.
    DrawOffer,
    /// The answer to a draw offer.
    DrawAnswer(bool),
    /// I resign.
    Resign,
    /// Host to guest: the guest's time ran out.
    Flag(Color),
    /// A line of chat.
    Chat(String),
    /// Still here (sent when there is nothing else to say, and at once as the answer to a
    /// [`Message::Probe`]).
    Ping,
    /// I am leaving.
    Bye,
    /// Host to guest: are you still there? Someone else with the code wants the seat, and
    /// gets it only if no answer comes.
    Probe,
    /// Host to a guest who proved the code, first and last: another guest holds the seat
    /// and answered for it.
    SeatTaken,
}

/// A message after the game was sent, with what its sender had seen when it sent it: how
/// many of the other end's game-changing messages (see [`Message::changes_game`]) it had
/// taken in. Two players who act at the same moment each act on a game without the other's
/// act; the stamp lets both ends see that the two crossed, and agree which one counts (the
/// [`crate::net::table`] says how).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamped {
    /// The other end's game-changing messages taken in before this one was sent.
    pub seen: u16,
    /// The message.
    pub message: Message,
}

impl Stamped {
    /// A message that changes nothing of the game (a ping, a goodbye): what was seen does
    /// not matter.
    #[must_use]
    pub fn unstamped(message: Message) -> Stamped {
        Stamped { seen: 0, message }
    }

    /// The stamp (two bytes, big-endian), then the message.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = self.seen.to_be_bytes().to_vec();
        out.extend(self.message.encode());
        out
    }

    /// Reads a stamped message from `bytes`, all of them.
    ///
    /// # Errors
    /// [`NetError::Malformed`], saying what was wrong.
    pub fn decode(bytes: &[u8]) -> Result<Stamped, NetError> {
        let Some((stamp, rest)) = bytes.split_first_chunk::<2>() else {
            return Err(malformed("a message without its stamp"));
        };
        Ok(Stamped {
            seen: u16::from_be_bytes(*stamp),
            message: Message::decode(rest)?,
        })
    }
}

const SYNC: u8 = 1;
const MOVE: u8 = 2;
const CLOCKS: u8 = 3;
const TAKEBACK_ASK: u8 = 4;
const TAKEBACK_ANSWER: u8 = 5;
const DRAW_OFFER: u8 = 6;
const DRAW_ANSWER: u8 = 7;
const RESIGN: u8 = 8;
const FLAG: u8 = 9;
const CHAT: u8 = 10;
const PING: u8 = 11;
const BYE: u8 = 12;
const PROBE: u8 = 13;
const SEAT_TAKEN: u8 = 14;

impl Message {
    /// Whether the message changes the game both ends hold: a move, a resignation, a flag
    /// or a request granted. Requests, refusals, clocks and chat do not.
    #[must_use]
    pub fn changes_game(&self) -> bool {
        matches!(
            self,
            Message::Move { .. }
                | Message::Resign
                | Message::Flag(_)
                | Message::TakebackAnswer(true)
                | Message::DrawAnswer(true)
        )
    }

    /// Whether the message is about the game (a change, a request or an answer), and so
    /// counts for nothing when it crosses a change made by the end whose word wins.
    #[must_use]
    pub fn is_about_the_game(&self) -> bool {
        self.changes_game()
            || matches!(
                self,
                Message::TakebackAsk
                    | Message::DrawOffer
                    | Message::TakebackAnswer(false)
                    | Message::DrawAnswer(false)
            )
    }

    /// The message's bytes.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Message::Sync(s) => {
                out.push(SYNC);
                put_text(&mut out, &s.fen);
                put_u16(&mut out, u16::try_from(s.moves.len()).unwrap_or(u16::MAX));
                for mv in &s.moves {
                    out.extend_from_slice(mv.to_string().as_bytes());
                }
                out.push(color_byte(s.guest));
                put_text(&mut out, &s.red);
                put_text(&mut out, &s.black);
                match s.declared {
                    None => out.push(0),
                    Some(Declared::Resigned(c)) => out.extend([1, color_byte(c)]),
                    Some(Declared::Drawn) => out.push(2),
                    Some(Declared::Flagged(c)) => out.extend([3, color_byte(c)]),
                }
                match &s.clocks {
                    None => out.push(0),
                    Some(c) => {
                        out.push(1);
                        put_clocks(&mut out, c);
                    }
                }
            }
            Message::Move { ply, mv } => {
                out.push(MOVE);
                put_u16(&mut out, *ply);
                out.extend_from_slice(mv.to_string().as_bytes());
            }
            Message::Clocks(c) => {
                out.push(CLOCKS);
                put_clocks(&mut out, c);
            }
            Message::TakebackAsk => out.push(TAKEBACK_ASK),
            Message::TakebackAnswer(yes) => out.extend([TAKEBACK_ANSWER, u8::from(*yes)]),
            Message::DrawOffer => out.push(DRAW_OFFER),
            Message::DrawAnswer(yes) => out.extend([DRAW_ANSWER, u8::from(*yes)]),
            Message::Resign => out.push(RESIGN),
            Message::Flag(c) => out.extend([FLAG, color_byte(*c)]),
            Message::Chat(text) => {
                out.push(CHAT);
                put_text(&mut out, text);
            }
            Message::Ping => out.push(PING),
            Message::Bye => out.push(BYE),
            Message::Probe => out.push(PROBE),
            Message::SeatTaken => out.push(SEAT_TAKEN),
        }
        out
    }

    /// Reads a message from `bytes`, all of them.
    ///
    /// # Errors
    /// [`NetError::Malformed`], saying what was wrong.
    pub fn decode(bytes: &[u8]) -> Result<Message, NetError> {
        let mut r = Reader { bytes, at: 0 };
        let message = match r.u8("tag")? {
            SYNC => {
                let fen = r.text("FEN", 120)?;
                let count = r.u16("move count")?;
                let mut moves = Vec::new();
                for _ in 0..count {
                    moves.push(r.mv()?);
                }
                let guest = r.color()?;
                let red = r.text("red's name", MAX_NAME)?;
                let black = r.text("black's name", MAX_NAME)?;
                let declared = match r.u8("result")? {
                    0 => None,
                    1 => Some(Declared::Resigned(r.color()?)),
                    2 => Some(Declared::Drawn),
                    3 => Some(Declared::Flagged(r.color()?)),
                    _ => return Err(malformed("an unknown result")),
                };
                let clocks = match r.u8("clocks")? {
                    0 => None,
                    1 => Some(r.clocks()?),
                    _ => return Err(malformed("an unknown clock flag")),
                };
                Message::Sync(Box::new(Sync {
                    fen,
                    moves,
                    guest,
                    red,
                    black,
                    declared,
                    clocks,
                }))
            }
            MOVE => Message::Move {
                ply: r.u16("ply")?,
                mv: r.mv()?,
            },
            CLOCKS => Message::Clocks(r.clocks()?),
            TAKEBACK_ASK => Message::TakebackAsk,
            TAKEBACK_ANSWER => Message::TakebackAnswer(r.flag()?),
            DRAW_OFFER => Message::DrawOffer,
            DRAW_ANSWER => Message::DrawAnswer(r.flag()?),
            RESIGN => Message::Resign,
            FLAG => Message::Flag(r.color()?),
            CHAT => {
                let text = r.text("chat", MAX_CHAT * 4)?;
                if text.chars().count() > MAX_CHAT {
                    return Err(malformed("a chat line too long"));
                }
                Message::Chat(text)
            }
            PING => Message::Ping,
            BYE => Message::Bye,
            PROBE => Message::Probe,
            SEAT_TAKEN => Message::SeatTaken,
            _ => return Err(malformed("an unknown message")),
        };
        if r.at != bytes.len() {
            return Err(malformed("bytes after the message"));
        }
        Ok(message)
    }
}

fn malformed(what: &str) -> NetError {
    NetError::Malformed(what.to_string())
}

fn color_byte(c: Color) -> u8 {
    match c {
        Color::Red => 0,
        Color::Black => 1,
    }
}

fn put_u16(out: &mut Vec<u8>, n: u16) {
    out.extend_from_slice(&n.to_be_bytes());
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    // Texts are bounded by their senders far below this; cut at a character if not.
    let mut end = text.len().min(usize::from(u16::MAX));
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    put_u16(out, u16::try_from(end).unwrap_or(0));
    out.extend_from_slice(&text.as_bytes()[..end]);
}

fn put_clocks(out: &mut Vec<u8>, c: &Clocks) {
    put_text(out, &c.control);
    out.extend_from_slice(&c.red_ms.to_be_bytes());
    out.extend_from_slice(&c.black_ms.to_be_bytes());
    out.extend_from_slice(&c.used_ms.to_be_bytes());
}

/// Reads fields from a message, never past its end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], NetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(NetError::Malformed(format!(
                "the message ends inside {what}"
            )));
        };
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self, what: &str) -> Result<u8, NetError> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, NetError> {
        let b = self.take(2, what)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    fn u64(&mut self, what: &str) -> Result<u64, NetError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_be_bytes(a))
    }

    fn flag(&mut self) -> Result<bool, NetError> {
        match self.u8("an answer")? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(malformed("an answer that is neither yes nor no")),
        }
    }

    fn color(&mut self) -> Result<Color, NetError> {
        match self.u8("a side")? {
            0 => Ok(Color::Red),
            1 => Ok(Color::Black),
            _ => Err(malformed("a side that is neither red nor black")),
        }
    }

    fn text(&mut self, what: &str, max: usize) -> Result<String, NetError> {
        let len = usize::from(self.u16(what)?);
        if len > max {
            return Err(NetError::Malformed(format!(
                "{what} too long ({len} bytes)"
            )));
        }
        let bytes = self.take(len, what)?;
        let text = String::from_utf8(bytes.to_vec())
            .map_err(|_| NetError::Malformed(format!("{what} is not UTF-8")))?;
        // Control characters (an escape sequence) would reach the terminal as they are.
        if text.chars().any(char::is_control) {
            return Err(NetError::Malformed(format!(
                "{what} with control characters"
            )));
        }
        Ok(text)
    }

    fn mv(&mut self) -> Result<Move, NetError> {
        let bytes = self.take(4, "a move")?;
        std::str::from_utf8(bytes)
            .ok()
            .and_then(|t| t.parse::<Move>().ok())
            .ok_or_else(|| malformed("a move that is not two points"))
    }

    fn clocks(&mut self) -> Result<Clocks, NetError> {
        Ok(Clocks {
            control: self.text("the time control", 32)?,
            red_ms: self.u64("red's time")?,
            black_ms: self.u64("black's time")?,
            used_ms: self.u64("the time used")?,
        })
    }
}

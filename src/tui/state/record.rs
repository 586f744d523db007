//! What the message line says about editing the record (comments, marks, lines), copying
//! to the clipboard and the FEN shown; the words are in the view.

use xiangqi_rules::EditKind;

/// A message about editing the record or the clipboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordNote {
    /// The current move's comment is now this text.
    Commented,
    /// The current move's comment was removed.
    CommentRemoved,
    /// The current move now has this mark (`!?`), or none.
    Marked(Option<&'static str>),
    /// The variation holding the current move is the main line now.
    Promoted,
    /// The current move is on the main line already: nothing to promote.
    AlreadyMain,
    /// This many moves were deleted.
    Deleted(usize),
    /// At the start there is no move to edit.
    NoMove,
    /// A puzzle's moves are not edited.
    NotHere,
    /// An edit of this kind was taken back.
    Undone(EditKind),
    /// The move the comment was for is gone (deleted while the prompt was open).
    Gone,
    /// The position's FEN was put on the clipboard.
    FenCopied,
    /// The game's PGN, this many bytes, was put on the clipboard.
    PgnCopied(usize),
    /// The game as a DhtmlXQ block, this many bytes, was put on the clipboard, without so
    /// many things the format cannot hold.
    DhtmlxqCopied { bytes: usize, left_out: usize },
    /// Nothing was copied, for this reason.
    NotCopied(String),
    /// The FEN of the position shown, to select and copy with the mouse.
    Fen(String),
}

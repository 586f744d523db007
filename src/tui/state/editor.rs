//! The set-up editor (摆棋): a [`Setup`] being built, the cursor and the point picked up,
//! and what the editor last had to say. It changes only through [`Editor::apply`]; whether
//! the position can be played is the library's answer ([`Setup::position`]), asked by the
//! router on Enter.

use crate::tui::state::action::{Dir, EditorKey};
use xiangqi_rules::setup::{Setup, SetupError};
use xiangqi_rules::{Piece, Square};

/// What the editor says on the message line, until the next key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorNote {
    /// Enter was refused: every reason the position cannot be played.
    Refused(Vec<SetupError>),
    /// A piece was to be picked up from an empty point.
    NothingThere(Square),
}

/// The position being set up and how it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    setup: Setup,
    cursor: Square,
    /// The point whose piece was picked up, to be put down by the next click or Space.
    picked: Option<Square>,
    flipped: bool,
    note: Option<EditorNote>,
}

impl Editor {
    /// An editor on `setup`, the cursor on `cursor`, black at the bottom if `flipped`.
    #[must_use]
    pub fn new(setup: Setup, cursor: Square, flipped: bool) -> Editor {
        Editor {
            setup,
            cursor,
            picked: None,
            flipped,
            note: None,
        }
    }

    /// The position being built.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The point under the cursor.
    #[must_use]
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The point whose piece is picked up, if any.
    #[must_use]
    pub fn picked(&self) -> Option<Square> {
        self.picked
    }

    /// Black at the bottom?
    #[must_use]
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// What the editor says, if anything.
    #[must_use]
    pub fn note(&self) -> Option<&EditorNote> {
        self.note.as_ref()
    }

    /// Enter was refused for these reasons: they show until the next key.
    pub fn refuse(&mut self, reasons: Vec<SetupError>) {
        self.note = Some(EditorNote::Refused(reasons));
    }

    /// Makes the edit `key` asks for. [`EditorKey::Play`] and [`EditorKey::Leave`] are the
    /// router's; here they only clear the note, as every key does.
    pub fn apply(&mut self, key: EditorKey) {
        self.note = None;
        match key {
            EditorKey::Cursor(dir) => self.move_cursor(dir),
            EditorKey::Place(piece) => {
                // The letter of the piece already there switches its colour: `c` is the
                // clearing key, so a black cannon is `C` twice.
                let piece = if self.setup.piece_at(self.cursor) == Some(piece) {
                    Piece::new(piece.color.other(), piece.role)
                } else {
                    piece
                };
                self.setup.place(self.cursor, piece);
                self.drop_pick_at(self.cursor);
            }
            EditorKey::Empty => {
                self.setup.remove(self.cursor);
                self.drop_pick_at(self.cursor);
            }
            EditorKey::Clear => {
                self.setup.clear_but_generals();
                self.picked = None;
            }
            EditorKey::Start => {
                self.setup = Setup::start();
                self.picked = None;
            }
            EditorKey::SwitchSide => self.setup.switch_turn(),
            EditorKey::Handicap(h) => {
                self.setup = Setup::handicap(h);
                self.picked = None;
            }
            EditorKey::Activate => self.click(self.cursor),
            EditorKey::Click(sq) => self.click(sq),
            EditorKey::Flip => self.flipped = !self.flipped,
            EditorKey::Play | EditorKey::Leave => {}
        }
    }

    /// A piece picked up from `sq` is gone once `sq` is changed by hand.
    fn drop_pick_at(&mut self, sq: Square) {
        if self.picked == Some(sq) {
            self.picked = None;
        }
    }

    /// The cursor goes to `sq`; with nothing picked up, its piece (if any) is picked up; with a piece
    /// picked up, it is put down there (over whatever stood there), or, on its own point,
    /// put back.
    fn click(&mut self, sq: Square) {
        self.cursor = sq;
        match self.picked.take() {
            Some(from) => {
                if let Err(e) = self.setup.move_piece(from, sq) {
                    self.note = Some(EditorNote::NothingThere(e.square));
                }
            }
            // On an empty point the cursor only goes there (to type a piece).
            None => self.picked = self.setup.piece_at(sq).map(|_| sq),
        }
    }

    /// One point in a screen direction; flipping mirrors both axes. The edges stop it.
    fn move_cursor(&mut self, dir: Dir) {
        let (df, dr) = dir.board_step(self.flipped);
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }
}

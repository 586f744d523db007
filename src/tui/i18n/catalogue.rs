//! The screen's words in every language: the Project Fluent catalogues `assets/i18n/*/`,
//! built into the binary, and [`tr`] / [`tr_args`] to format one of their messages.

use super::lang::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

/// One file of a language's catalogue, as shipped.
macro_rules! part {
    ($lang:literal, $file:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/i18n/",
            $lang,
            "/",
            $file
        ))
    };
}

/// The club's part of a language's catalogue, in a program built with its client.
#[cfg(feature = "online")]
macro_rules! club_part {
    ($lang:literal) => {
        concat!("\n", part!($lang, "club.ftl"))
    };
}

/// Nothing of the club in a program built without its client.
#[cfg(not(feature = "online"))]
macro_rules! club_part {
    ($lang:literal) => {
        ""
    };
}

/// A language's catalogue as shipped: the files of its folder in `assets/i18n/`, one text.
macro_rules! catalogue {
    ($lang:literal) => {
        concat!(
            part!($lang, "play.ftl"),
            "\n",
            part!($lang, "network.ftl"),
            "\n",
            part!($lang, "errors.ftl"),
            "\n",
            part!($lang, "door.ftl"),
            "\n",
            part!($lang, "plain.ftl"),
            "\n",
            part!($lang, "jieqi.ftl"),
            club_part!($lang),
        )
    };
}

/// The text of a language's catalogue, as shipped.
const fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => catalogue!("en"),
        Lang::ZhHans => catalogue!("zh-Hans"),
        Lang::ZhHant => catalogue!("zh-Hant"),
    }
}

/// A message's id in the catalogues. Only the constants in [`id`] make one, so every id the
/// code can ask for is in `id::ALL`, which a test checks against every catalogue. `ALL`
/// exists only in tests, so an id no code uses is a dead-code warning in the build.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Id(&'static str);

impl Id {
    /// The id as the catalogues spell it: `to-move`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.0
    }
}

/// Declares each id as a constant and lists them all in `ALL`.
macro_rules! ids {
    ($($name:ident = $id:literal,)*) => {
        $(
            #[doc = concat!("`", $id, "`")]
            pub const $name: Id = Id($id);
        )*
        /// Every id, in the order of the English catalogue.
        #[cfg(test)]
        pub const ALL: &[Id] = &[$($name,)*];
    };
}

/// The ids of the messages, one constant each (see the catalogues for what they say).
pub mod id {
    use super::Id;

    ids! {
        TITLE = "title",
        TITLE_ASCII = "title-ascii",
        GAME_ASIDE = "game-aside",
        SIDE_RED = "side-red",
        SIDE_BLACK = "side-black",
        TO_MOVE = "to-move",
        CHECK = "check",
        MOVES_HEADING = "moves-heading",
        NOTATION_CHINESE = "notation-chinese",
        NOTATION_WXF = "notation-wxf",
        NOTATION_ICCS = "notation-iccs",
        PAUSED = "paused",
        PAUSED_HINT = "paused-hint",
        CLOCK_BYOYOMI = "clock-byoyomi",
        CLOCK_PAUSED = "clock-paused",
        OUTCOME_RED_WINS = "outcome-red-wins",
        OUTCOME_BLACK_WINS = "outcome-black-wins",
        OUTCOME_DRAW = "outcome-draw",
        REASON_CHECKMATE = "reason-checkmate",
        REASON_NO_LEGAL_MOVE = "reason-no-legal-move",
        REASON_PERPETUAL_CHECK = "reason-perpetual-check",
        REASON_PERPETUAL_CHASE = "reason-perpetual-chase",
        REASON_REPETITION = "reason-repetition",
        REASON_MOVE_LIMIT = "reason-move-limit",
        REASON_INSUFFICIENT_MATERIAL = "reason-insufficient-material",
        REASON_RESIGNATION = "reason-resignation",
        REASON_AGREEMENT = "reason-agreement",
        REASON_TIME_FORFEIT = "reason-time-forfeit",
        REASON_TIME_FORFEIT_DRAW = "reason-time-forfeit-draw",
        TERMINATION_CHECKMATE = "termination-checkmate",
        TERMINATION_NO_LEGAL_MOVE = "termination-no-legal-move",
        TERMINATION_PERPETUAL_CHECK = "termination-perpetual-check",
        TERMINATION_PERPETUAL_CHASE = "termination-perpetual-chase",
        TERMINATION_REPETITION = "termination-repetition",
        TERMINATION_MOVE_LIMIT = "termination-move-limit",
        TERMINATION_INSUFFICIENT_MATERIAL = "termination-insufficient-material",
        TERMINATION_RESIGNATION = "termination-resignation",
        TERMINATION_AGREEMENT = "termination-agreement",
        TERMINATION_TIME_FORFEIT = "termination-time-forfeit",
        RECORDED = "recorded",
        RECORDED_WHY = "recorded-why",
        REPETITION_WINS = "repetition-wins",
        REPETITION_LOSES = "repetition-loses",
        REPETITION_DRAWS = "repetition-draws",
        MORE_WARNINGS = "more-warnings",
        MOVE_LIMIT = "move-limit",
        QUESTION_NEW_GAME = "question-new-game",
        QUESTION_NEW_GAME_BEHIND = "question-new-game-behind",
        QUESTION_RESIGN = "question-resign",
        QUESTION_DRAW = "question-draw",
        QUESTION_OVERWRITE = "question-overwrite",
        QUESTION_QUIT = "question-quit",
        QUESTION_OPEN_PASTED_GAME = "question-open-pasted-game",
        QUESTION_OPEN_PASTED_POSITION = "question-open-pasted-position",
        PASTE_IGNORED = "paste-ignored",
        PASTE_UNREAD = "paste-unread",
        NO_COMMENT = "no-comment",
        COMMENT_TITLE = "comment-title",
        COMMENT_KEYS = "comment-keys",
        COMMENT_MORE = "comment-more",
        QUESTION_QUIT_UNSAVED = "question-quit-unsaved",
        NOT_SAVED = "not-saved",
        ILLEGAL_NO_PIECE = "illegal-no-piece",
        ILLEGAL_NOT_YOUR_PIECE = "illegal-not-your-piece",
        ILLEGAL_NULL_MOVE = "illegal-null-move",
        ILLEGAL_OWN_PIECE = "illegal-own-piece",
        ILLEGAL_SHAPE_GENERAL = "illegal-shape-general",
        ILLEGAL_SHAPE_ADVISOR = "illegal-shape-advisor",
        ILLEGAL_SHAPE_ELEPHANT = "illegal-shape-elephant",
        ILLEGAL_SHAPE_HORSE = "illegal-shape-horse",
        ILLEGAL_SHAPE_CHARIOT = "illegal-shape-chariot",
        ILLEGAL_SHAPE_CANNON = "illegal-shape-cannon",
        ILLEGAL_SHAPE_SOLDIER = "illegal-shape-soldier",
        ILLEGAL_LEAVES_PALACE = "illegal-leaves-palace",
        ILLEGAL_HORSE_LEG = "illegal-horse-leg",
        ILLEGAL_ELEPHANT_EYE = "illegal-elephant-eye",
        ILLEGAL_ELEPHANT_RIVER = "illegal-elephant-river",
        ILLEGAL_PATH_BLOCKED = "illegal-path-blocked",
        ILLEGAL_CANNON_SCREEN = "illegal-cannon-screen",
        ILLEGAL_SOLDIER_BACKWARD = "illegal-soldier-backward",
        ILLEGAL_SOLDIER_SIDEWAYS = "illegal-soldier-sideways",
        ILLEGAL_GENERALS_FACE = "illegal-generals-face",
        ILLEGAL_LEAVES_CHECK = "illegal-leaves-check",
        BAD_MOVE_CHINESE = "bad-move-chinese",
        BAD_MOVE_WXF = "bad-move-wxf",
        BAD_MOVE_ICCS = "bad-move-iccs",
        BAD_MOVE_NO_PIECE = "bad-move-no-piece",
        BAD_MOVE_IMPOSSIBLE = "bad-move-impossible",
        BAD_MOVE_AMBIGUOUS = "bad-move-ambiguous",
        BAD_MOVE_ILLEGAL = "bad-move-illegal",
        HINT = "hint",
        REFUSED = "refused",
        SELECT_FIRST = "select-first",
        NOT_YOUR_TURN = "not-your-turn",
        GAME_OVER = "game-over",
        NOTHING_TO_UNDO = "nothing-to-undo",
        NOTHING_TO_REDO = "nothing-to-redo",
        UNDONE = "undone",
        REDONE = "redone",
        WITHDRAWN_RESIGNATION = "withdrawn-resignation",
        WITHDRAWN_DRAW = "withdrawn-draw",
        WITHDRAWN_TIME = "withdrawn-time",
        NEW_GAME_STARTED = "new-game-started",
        DRAW_DECLINED = "draw-declined",
        DECLINED = "declined",
        NOTATION_SHOWN = "notation-shown",
        SAVED = "saved",
        SAVED_XQF = "saved-xqf",
        SAVE_FAILED = "save-failed",
        RESUME_AVAILABLE = "resume-available",
        RESUMED = "resumed",
        NO_CLOCK = "no-clock",
        BACK_TO_GAME = "back-to-game",
        NOT_THE_GAME = "not-the-game",
        PUT_AWAY = "put-away",
        NO_GAME_BEHIND = "no-game-behind",
        RECORD_ENDED = "record-ended",
        OTHER_GAME_RUNNING = "other-game-running",
        NET_KEPT_APART = "net-kept-apart",
        STATE_FOLDER_UNUSABLE = "state-folder-unusable",
        WIDE_BOX_LINES = "wide-box-lines",
        AUTOSAVE_FAILED = "autosave-failed",
        RESUME_NO_HOME = "resume-no-home",
        RESUME_NO_GAME = "resume-no-game",
        RESUME_ENDED = "resume-ended",
        RESUME_IN_USE = "resume-in-use",
        RESUME_SLOT = "resume-slot",
        RESUME_CLOCK = "resume-clock",
        CLOCK_TAG_MISSING = "clock-tag-missing",
        CLOCK_TAG_CONTROL = "clock-tag-control",
        CLOCK_TAG_FORM = "clock-tag-form",
        CLOCK_TAG_START = "clock-tag-start",
        CLOCK_TAG_COUNT = "clock-tag-count",
        CLOCK_TAG_TIME = "clock-tag-time",
        CLOCK_TAG_USED = "clock-tag-used",
        CLOCK_COMMENT_NO_CONTROL = "clock-comment-no-control",
        CLOCK_COMMENT_MISSING = "clock-comment-missing",
        CLOCK_COMMENT_FORM = "clock-comment-form",
        CLOCK_COMMENT_TIME = "clock-comment-time",
        CLOCK_PASSED_OVER = "clock-passed-over",
        LOADED = "loaded",
        LOADED_RESULT = "loaded-result",
        HINT_THINKING = "hint-thinking",
        HINT_FOUND = "hint-found",
        HINT_BOOK = "hint-book",
        ANALYSIS_ON = "analysis-on",
        ANALYSIS_LINES = "analysis-lines",
        ANALYSIS_OFF = "analysis-off",
        COMPUTER_PLAYS = "computer-plays",
        YOU_PLAY = "you-play",
        COMPUTER_TO_MOVE = "computer-to-move",
        COMPUTER_DECLINES_DRAW = "computer-declines-draw",
        COMPUTER_PLAYS_BOTH = "computer-plays-both",
        ENGINE_FAILED = "engine-failed",
        PUZZLE_START = "puzzle-start",
        PUZZLE_SOLVED = "puzzle-solved",
        PUZZLE_FAILED = "puzzle-failed",
        PUZZLE_SHOWN = "puzzle-shown",
        PUZZLE_DEFENDS = "puzzle-defends",
        PROGRESS_FAILED = "progress-failed",
        PANEL_PUZZLE = "panel-puzzle",
        PUZZLE_STATE_TO_GO = "puzzle-state-to-go",
        PUZZLE_STATE_SOLVED = "puzzle-state-solved",
        PUZZLE_STATE_FAILED = "puzzle-state-failed",
        PUZZLE_STATE_SHOWN = "puzzle-state-shown",
        TACTIC_START = "tactic-start",
        TACTIC_WRONG = "tactic-wrong",
        TACTIC_SOLVED = "tactic-solved",
        TACTIC_SHOWN = "tactic-shown",
        TACTIC_NONE = "tactic-none",
        TACTIC_FILTER_BAD = "tactic-filter-bad",
        TACTIC_FILTER_PROMPT = "tactic-filter-prompt",
        TACTIC_FILTER_HINT = "tactic-filter-hint",
        PANEL_TACTIC = "panel-tactic",
        PANEL_TACTIC_RATING = "panel-tactic-rating",
        PANEL_TACTIC_THEMES = "panel-tactic-themes",
        PANEL_COMPUTER = "panel-computer",
        PANEL_COMPUTER_THINKING = "panel-computer-thinking",
        PANEL_ANALYSIS = "panel-analysis",
        PANEL_ANALYSIS_LINES = "panel-analysis-lines",
        PANEL_ANALYSIS_OVER = "panel-analysis-over",
        PANEL_ANALYSIS_THINKING = "panel-analysis-thinking",
        SCORE_MATED = "score-mated",
        MOVE_PROMPT_HINT = "move-prompt-hint",
        MOVE_PROMPT_HINT_ASCII = "move-prompt-hint-ascii",
        SAVE_PROMPT = "save-prompt",
        SAVE_PROMPT_HINT = "save-prompt-hint",
        OPEN_PROMPT = "open-prompt",
        OPEN_PROMPT_HINT = "open-prompt-hint",
        RED_PROMPT = "red-prompt",
        BLACK_PROMPT = "black-prompt",
        NAME_PROMPT_HINT = "name-prompt-hint",
        AT_START = "at-start",
        AT_END = "at-end",
        NO_OTHER_LINE = "no-other-line",
        ALREADY_THERE = "already-there",
        AT_MOVE = "at-move",
        AT_START_POSITION = "at-start-position",
        CLOCK_RUNNING = "clock-running",
        CANNOT_OPEN = "cannot-open",
        COMPLETIONS_MORE = "completions-more",
        NO_COMPLETION = "no-completion",
        OPENED = "opened",
        PICKER_TITLE = "picker-title",
        PICKER_HEADINGS = "picker-headings",
        PICKER_FILES_PASSED = "picker-files-passed",
        PICKER_PASSED_OVER = "picker-passed-over",
        LIST_SEPARATOR = "list-separator",
        COLUMN_RED = "column-red",
        COLUMN_BLACK = "column-black",
        COLUMN_RESULT = "column-result",
        COLUMN_EVENT = "column-event",
        COLUMN_DATE = "column-date",
        COLUMN_MOVES = "column-moves",
        PICKER_TYPING = "picker-typing",
        PICKER_KEYS = "picker-keys",
        PICKER_FILTERED = "picker-filtered",
        HELP_TITLE = "help-title",
        HELP_CLOSE = "help-close",
        SUMMARY_CURSOR = "summary-cursor",
        SUMMARY_MOVE = "summary-move",
        SUMMARY_UNDO = "summary-undo",
        SUMMARY_END = "summary-end",
        SUMMARY_OPENINGS = "summary-openings",
        TOO_SMALL = "too-small",
        TOO_SMALL_NEED = "too-small-need",
        TOO_SMALL_NOW = "too-small-now",
        EXPLORER_TITLE = "explorer-title",
        EXPLORER_UNKNOWN = "explorer-unknown",
        EXPLORER_START = "explorer-start",
        EXPLORER_MOVE = "explorer-move",
        EXPLORER_GAMES = "explorer-games",
        EXPLORER_SCORE = "explorer-score",
        EXPLORER_EMPTY = "explorer-empty",
        EXPLORER_KEYS = "explorer-keys",
        ANNOTATE_PROGRESS = "annotate-progress",
        ANNOTATE_STOPPED = "annotate-stopped",
        ANNOTATE_DISCARDED = "annotate-discarded",
        ANNOTATE_DONE = "annotate-done",
        ANNOTATE_FAILED = "annotate-failed",
        ANNOTATE_NO_MOVES = "annotate-no-moves",
        ANNOTATE_NO_NEXT = "annotate-no-next",
        ANNOTATE_NO_PREVIOUS = "annotate-no-previous",
        GRAPH_HEADING = "graph-heading",
        RECORD_COMMENTED = "record-commented",
        RECORD_COMMENT_REMOVED = "record-comment-removed",
        RECORD_MARKED = "record-marked",
        RECORD_UNMARKED = "record-unmarked",
        RECORD_PROMOTED = "record-promoted",
        RECORD_ALREADY_MAIN = "record-already-main",
        RECORD_DELETED = "record-deleted",
        RECORD_NO_MOVE = "record-no-move",
        RECORD_NOT_HERE = "record-not-here",
        RECORD_UNDONE_COMMENT = "record-undone-comment",
        RECORD_UNDONE_MARK = "record-undone-mark",
        RECORD_UNDONE_PROMOTE = "record-undone-promote",
        RECORD_UNDONE_DELETE = "record-undone-delete",
        RECORD_GONE = "record-gone",
        RECORD_FEN_COPIED = "record-fen-copied",
        RECORD_PGN_COPIED = "record-pgn-copied",
        RECORD_DHTMLXQ_COPIED = "record-dhtmlxq-copied",
        RECORD_NOT_COPIED = "record-not-copied",
        COMMENT_PROMPT = "comment-prompt",
        COMMENT_PROMPT_HINT = "comment-prompt-hint",
        QUESTION_DELETE_MOVES = "question-delete-moves",
        EDITOR_TITLE = "editor-title",
        EDITOR_TO_MOVE = "editor-to-move",
        EDITOR_FEN = "editor-fen",
        EDITOR_KEY_RED = "editor-key-red",
        EDITOR_KEY_BLACK = "editor-key-black",
        EDITOR_KEY_EMPTY = "editor-key-empty",
        EDITOR_KEY_START = "editor-key-start",
        EDITOR_KEY_MOVE = "editor-key-move",
        EDITOR_KEY_PLAY = "editor-key-play",
        EDITOR_HANDICAPS_HEADING = "editor-handicaps-heading",
        EDITOR_HANDICAPS = "editor-handicaps",
        EDITOR_REFUSED_HEADING = "editor-refused-heading",
        EDITOR_REFUSED = "editor-refused",
        EDITOR_HINT = "editor-hint",
        EDITOR_NOTHING_THERE = "editor-nothing-there",
        QUESTION_PLAY_SETUP = "question-play-setup",
        SETUP_STARTED = "setup-started",
        SETUP_PIECE = "setup-piece",
        SETUP_MISSING_GENERAL = "setup-missing-general",
        SETUP_GENERAL_OUTSIDE = "setup-general-outside",
        SETUP_TOO_MANY = "setup-too-many",
        SETUP_UNREACHABLE = "setup-unreachable",
        SETUP_SOLDIERS_SHARE_FILE = "setup-soldiers-share-file",
        SETUP_OPPONENT_IN_CHECK = "setup-opponent-in-check",
        SETUP_GENERALS_FACING = "setup-generals-facing",
        NET_WAITING = "net-waiting",
        NET_NEW_CODE = "net-new-code",
        NET_WRONG_CODE_HOST = "net-wrong-code-host",
        NET_WRONG_CODE_GUEST = "net-wrong-code-guest",
        NET_CONNECTED = "net-connected",
        NET_NOT_CONNECTED = "net-not-connected",
        NET_THEIR_TURN = "net-their-turn",
        NET_NOT_AT_END = "net-not-at-end",
        NET_ASKED = "net-asked",
        NET_QUESTION = "net-question",
        NET_ANSWERED = "net-answered",
        NET_CROSSED = "net-crossed",
        NET_OVERRULED = "net-overruled",
        NET_HELD = "net-held",
        NET_NO_TAKEBACK = "net-no-takeback",
        NET_NOT_IN_GAME = "net-not-in-game",
        NET_THEY_RESIGNED = "net-they-resigned",
        NET_GAME_OVER = "net-game-over",
        NET_CHAT = "net-chat",
        NET_LOST_HOST = "net-lost-host",
        NET_LOST_GUEST = "net-lost-guest",
        NET_LEFT = "net-left",
        NET_NOT_SENT = "net-not-sent",
        NET_ERROR_SILENT = "net-error-silent",
        NET_ERROR_CLOSED = "net-error-closed",
        NET_ERROR_IO = "net-error-io",
        NET_ERROR_TOO_LONG = "net-error-too-long",
        NET_ERROR_MESSAGE_TOO_LONG = "net-error-message-too-long",
        NET_ERROR_NOT_XIANGQI = "net-error-not-xiangqi",
        NET_ERROR_VERSION = "net-error-version",
        NET_ERROR_WRONG_CODE = "net-error-wrong-code",
        NET_ERROR_BUSY = "net-error-busy",
        NET_ERROR_SEAT_TAKEN = "net-error-seat-taken",
        NET_ERROR_FORGED = "net-error-forged",
        NET_ERROR_MALFORMED = "net-error-malformed",
        NET_ERROR_WRONG_STATE = "net-error-wrong-state",
        NET_ERROR_ILLEGAL = "net-error-illegal",
        NET_ERROR_OUT_OF_TURN = "net-error-out-of-turn",
        NET_ERROR_EXHAUSTED = "net-error-exhausted",
        CHAT_PROMPT = "chat-prompt",
        NET_PANEL_HOST = "net-panel-host",
        NET_PANEL_GUEST = "net-panel-guest",
        NET_PANEL_CONNECTED = "net-panel-connected",
        NET_PANEL_WAITING = "net-panel-waiting",
        NET_PANEL_CLUB = "net-panel-club",
        NET_PANEL_CLUB_HERE = "net-panel-club-here",
        NET_PANEL_CLUB_AWAY = "net-panel-club-away",
        NET_CLUB_GAME_OVER = "net-club-game-over",
        NET_CLUB_GAME = "net-club-game",
        NET_PANEL_CODE = "net-panel-code",
        NET_PANEL_JOIN = "net-panel-join",
        NET_PANEL_HEARD = "net-panel-heard",
        NET_CHAT_ONLY = "net-chat-only",
        FEN_INVALID = "fen-invalid",
        FEN_EMPTY = "fen-empty",
        FEN_RANK_COUNT = "fen-rank-count",
        FEN_RANK_WIDTH = "fen-rank-width",
        FEN_UNKNOWN_CHAR = "fen-unknown-char",
        FEN_BAD_SIDE = "fen-bad-side",
        FEN_BAD_NUMBER = "fen-bad-number",
        FEN_TRAILING = "fen-trailing",
        POSITION_OPPONENT_IN_CHECK = "position-opponent-in-check",
        FEN_JIEQI_UNKNOWN_CHAR = "fen-jieqi-unknown-char",
        FEN_JIEQI_MISSING_POOL = "fen-jieqi-missing-pool",
        FEN_JIEQI_SIDE_BEFORE_POOL = "fen-jieqi-side-before-pool",
        FEN_JIEQI_TRAILING = "fen-jieqi-trailing",
        FEN_JIEQI_POOL = "fen-jieqi-pool",
        JIEQI_POOL_NOT_A_PIECE = "jieqi-pool-not-a-piece",
        JIEQI_POOL_NO_COUNT = "jieqi-pool-no-count",
        JIEQI_POOL_GENERAL = "jieqi-pool-general",
        JIEQI_POOL_REPEATED = "jieqi-pool-repeated",
        JIEQI_POOL_TOO_MANY = "jieqi-pool-too-many",
        JIEQI_COVERED_OFF_START = "jieqi-covered-off-start",
        JIEQI_POOL_SHORT = "jieqi-pool-short",
        JIEQI_TOO_MANY = "jieqi-too-many",
        RECORD_FEN = "record-fen",
        RECORD_MOVE = "record-move",
        RECORD_MOVE_NUMBER = "record-move-number",
        RECORD_NO_SUCH_GAME = "record-no-such-game",
        RECORD_UNCLOSED_COMMENT = "record-unclosed-comment",
        RECORD_UNCLOSED_VARIATION = "record-unclosed-variation",
        RECORD_VARIATION_WITHOUT_MOVE = "record-variation-without-move",
        RECORD_TOO_LARGE = "record-too-large",
        RECORD_READ = "record-read",
        RECORD_FORMAT = "record-format",
        XQF_TRUNCATED = "xqf-truncated",
        XQF_VERSION = "xqf-version",
        XQF_START = "xqf-start",
        XQF_RECORD_CUT = "xqf-record-cut",
        XQF_COMMENT_LENGTH = "xqf-comment-length",
        XQF_OFF_BOARD = "xqf-off-board",
        XQF_ILLEGAL = "xqf-illegal",
        XQF_TOO_MANY = "xqf-too-many",
        DHTML_UNCLOSED = "dhtml-unclosed",
        DHTML_FEN = "dhtml-fen",
        START_TWO_PIECES = "start-two-pieces",
        DHTML_BINIT = "dhtml-binit",
        DHTML_START = "dhtml-start",
        DHTML_MOVES = "dhtml-moves",
        DHTML_BRANCH = "dhtml-branch",
        DHTML_ILLEGAL = "dhtml-illegal",
        CBR_TRUNCATED = "cbr-truncated",
        CBR_START = "cbr-start",
        CBR_MOVE_CUT = "cbr-move-cut",
        CBR_OFF_BOARD = "cbr-off-board",
        CBR_ILLEGAL = "cbr-illegal",
        CBR_TOO_MANY = "cbr-too-many",
        CBR_EMPTY = "cbr-empty",
        CBR_VERSION = "cbr-version",
        CBR_OTHER_KIND = "cbr-other-kind",
        CUT_MAIN = "cut-main",
        CUT_VARIATION = "cut-variation",
        LINES_CUT = "lines-cut",
        FILE_NOT_A_FILE = "file-not-a-file",
        FILE_CANNOT_READ = "file-cannot-read",
        FILE_RECORD = "file-record",
        FILE_NO_GAMES = "file-no-games",
        CONFIG_BAD_VALUE = "config-bad-value",
        CONFIG_TAKES_ONE_OF = "config-takes-one-of",
        CONFIG_TAKES_ONE_TO = "config-takes-one-to",
        CONFIG_TAKES_TRUE_OR_FALSE = "config-takes-true-or-false",
        CONFIG_TAKES_TIME_CONTROL = "config-takes-time-control",
        CONFIG_TAKES_ADDRESS = "config-takes-address",
        CONFIG_TAKES_NAME = "config-takes-name",
        CONFIG_UNKNOWN_KEY = "config-unknown-key",
        CONFIG_NOT_TOML = "config-not-toml",
        CONFIG_NOT_A_FILE = "config-not-a-file",
        CONFIG_TOO_LARGE = "config-too-large",
        CONFIG_NOT_TEXT = "config-not-text",
        CONFIG_LINK_TO_NOTHING = "config-link-to-nothing",
        CONFIG_CANNOT_READ = "config-cannot-read",
    }
    pub use super::door::*;
    pub use super::jieqi_id::*;
}

/// The ids of the front door's messages: the start menu, the settings, the palette and the
/// names of the commands (`door.ftl`).
pub mod door;

/// The ids of the club's lobby and its games (`club.ftl`).
#[cfg(feature = "online")]
pub mod club_id;
/// The ids of the Jieqi screen's messages (`jieqi.ftl`).
pub mod jieqi_id;

/// The ids of what the plain mode says and of the board screen's blindfold (`plain.ftl`).
pub mod plain_id;

/// The bundle of `lang`'s messages, loaded the first time any is asked for.
fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();
    let all = BUNDLES.get_or_init(|| [Lang::En, Lang::ZhHans, Lang::ZhHant].map(load));
    match lang {
        Lang::En => &all[0],
        Lang::ZhHans => &all[1],
        Lang::ZhHant => &all[2],
    }
}

/// `lang`'s catalogue as a bundle. A catalogue with a syntax error still gives the messages
/// that parse (the tests check the shipped ones have none), so a broken line shows its id
/// on the screen instead of stopping the game.
fn load(lang: Lang) -> FluentBundle<FluentResource> {
    // "en", "zh-Hans" and "zh-Hant" all parse (tested); the tag picks the plural rules.
    let tag: LanguageIdentifier = lang.name().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // Isolation marks (U+2068, U+2069) around each variable would be drawn as cells of
    // their own and move the screen's columns; the terminal does no bidirectional text.
    bundle.set_use_isolating(false);
    let resource = FluentResource::try_new(source(lang).to_string())
        .unwrap_or_else(|(partial, _errors)| partial);
    bundle.add_resource_overriding(resource);
    bundle
}

/// The message `id` in `lang`, for a message without variables.
#[must_use]
pub fn tr(lang: Lang, id: Id) -> String {
    format(lang, id, None)
}

/// The message `id` in `lang` with its variables: `tr_args(lang, id::UNDONE, &[("move",
/// "h2e2".into())])`. Numbers go in as numbers, so that plurals are chosen by them.
#[must_use]
pub fn tr_args(lang: Lang, id: Id, args: &[(&'static str, FluentValue<'_>)]) -> String {
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    format(lang, id, Some(&fluent_args))
}

/// Formats `id`; a message missing from the catalogue shows as its id.
fn format(lang: Lang, id: Id, args: Option<&FluentArgs<'_>>) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(id.name()).and_then(|m| m.value()) else {
        return id.name().to_string();
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    // A variable the code did not pass shows as `{$name}`: a mistake in the code, which
    // the screen tests would otherwise only catch if a snapshot covers it.
    debug_assert!(errors.is_empty(), "{} in {lang}: {errors:?}", id.name());
    text.into_owned()
}

/// How the catalogues name a side in a selector: `red`, `black`.
#[must_use]
pub const fn side_key(color: xiangqi_rules::Color) -> &'static str {
    match color {
        xiangqi_rules::Color::Red => "red",
        xiangqi_rules::Color::Black => "black",
    }
}

#[cfg(test)]
mod tests;

//! The lobby's and the club game's words: each line of the lists, the message line, the
//! reasons the server gives, in the screen's language. Every text a peer chose (a name, a
//! chat line, a code) is made safe for the terminal here, again, though the client has
//! cleaned it already.

use crate::tui::i18n::catalogue::club_id as id;
use crate::tui::i18n::catalogue::{Id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::lobby::state::{LobbyNote, NoReview, category_slot};
use fluent_bundle::FluentValue;
use xiangqi_club::client::CloseReason;
use xiangqi_club::protocol::{
    ArchiveEntry, ClockSpec, ColourChoice, Denial, GameSummary, How, PlayerTag, RatingShown,
    Refusal, SeekEntry, Variant, Verdict,
};
use xiangqi_rating::Category;
use xiangqi_rules::sanitize::defuse;

/// A peer's text as one line of the terminal: control characters replaced.
#[must_use]
pub fn safe(text: &str) -> String {
    defuse(text, false).into_owned()
}

/// A word of the catalogue chosen by a selector.
fn pick(lang: Lang, id: Id, name: &'static str, key: &'static str) -> String {
    tr_args(lang, id, &[(name, FluentValue::from(key))])
}

/// A rating category's word.
#[must_use]
pub fn category(lang: Lang, c: Category) -> String {
    let key = ["bullet", "blitz", "rapid", "classical"][category_slot(c)];
    pick(lang, id::CLUB_CATEGORY, "category", key)
}

/// Rated or casual.
#[must_use]
pub fn rated(lang: Lang, rated: bool) -> String {
    pick(
        lang,
        id::CLUB_RATED,
        "rated",
        if rated { "yes" } else { "no" },
    )
}

/// The side a seek asks for.
#[must_use]
pub fn colour(lang: Lang, colour: ColourChoice) -> String {
    let key = match colour {
        ColourChoice::Red => "red",
        ColourChoice::Black => "black",
        ColourChoice::Random => "random",
    };
    pick(lang, id::CLUB_COLOUR, "colour", key)
}

/// The game a form asks for: `xiangqi`, `Jieqi 揭棋`.
#[must_use]
pub fn variant(lang: Lang, variant: Variant) -> String {
    pick(lang, id::CLUB_VARIANT, "variant", variant.name())
}

/// A clock as the lists show it, a Jieqi game's marked beside it (`5+3 Jieqi`): a seek or
/// game of the other variant is never taken for xiangqi.
#[must_use]
pub fn clock_of(lang: Lang, clock: ClockSpec, variant: Variant) -> String {
    match variant {
        Variant::Xiangqi => clock.to_string(),
        Variant::Jieqi => format!("{clock} {}", tr(lang, id::CLUB_JIEQI_MARK)),
    }
}

/// A player's name and rating, `alice 1500?`, a bot marked.
fn tag_words(lang: Lang, tag: &PlayerTag) -> (String, String) {
    let name = if tag.bot {
        format!("{} [{}]", safe(&tag.name), tr(lang, id::CLUB_BOT))
    } else {
        safe(&tag.name)
    };
    (name, tag.rating.to_string())
}

/// One open seek.
#[must_use]
pub fn seek_line(lang: Lang, seek: &SeekEntry) -> String {
    let (name, rating) = tag_words(lang, &seek.by);
    tr_args(
        lang,
        id::CLUB_SEEK_LINE,
        &[
            ("clock", clock_of(lang, seek.clock, seek.variant).into()),
            ("rated", rated(lang, seek.rated).into()),
            ("colour", colour(lang, seek.colour).into()),
            ("name", name.into()),
            ("rating", rating.into()),
        ],
    )
}

/// One game in progress (or the game on the board): its players, clock and spectators.
#[must_use]
pub fn game_line(lang: Lang, game: &GameSummary, message: Id) -> String {
    let (red, red_rating) = tag_words(lang, &game.red);
    let (black, black_rating) = tag_words(lang, &game.black);
    tr_args(
        lang,
        message,
        &[
            ("red", red.into()),
            ("red-rating", red_rating.into()),
            ("black", black.into()),
            ("black-rating", black_rating.into()),
            ("clock", clock_of(lang, game.clock, game.variant).into()),
            ("rated", rated(lang, game.rated).into()),
            ("watchers", game.spectators.into()),
        ],
    )
}

/// One player online, with the rating `shown` and idle or playing.
#[must_use]
pub fn player_line(lang: Lang, name: &str, bot: bool, shown: RatingShown, idle: bool) -> String {
    let state = tr(
        lang,
        if idle {
            id::CLUB_IDLE
        } else {
            id::CLUB_PLAYING
        },
    );
    let bot = if bot {
        format!(" [{}]", tr(lang, id::CLUB_BOT))
    } else {
        String::new()
    };
    format!("{}{bot} {shown} · {state}", safe(name))
}

/// One finished game of the archive.
#[must_use]
pub fn archive_line(lang: Lang, entry: &ArchiveEntry) -> String {
    tr_args(
        lang,
        id::CLUB_ARCHIVE_LINE,
        &[
            ("date", safe(&entry.date).into()),
            ("red", safe(&entry.red).into()),
            ("black", safe(&entry.black).into()),
            ("result", safe(&entry.result).into()),
            ("clock", clock_of(lang, entry.clock, entry.variant).into()),
            ("rated", rated(lang, entry.rated).into()),
            ("plies", entry.plies.into()),
        ],
    )
}

/// The catalogue's key for a refusal of a request.
#[must_use]
pub const fn denial_key(denial: &Denial) -> &'static str {
    match denial {
        Denial::IllegalMove { .. } => "illegal_move",
        Denial::NotAMove { .. } => "not_a_move",
        Denial::NotYourTurn => "not_your_turn",
        Denial::Stale { .. } => "stale",
        Denial::NotAPlayer => "not_a_player",
        Denial::NoSuchGame => "no_such_game",
        Denial::NoSuchSeek => "no_such_seek",
        Denial::NoSuchChallenge => "no_such_challenge",
        Denial::NoSuchPlayer => "no_such_player",
        Denial::NoSuchCode => "no_such_code",
        Denial::GameOver => "game_over",
        Denial::Busy { .. } => "busy",
        Denial::OwnOffer => "own_offer",
        Denial::TooMany => "too_many",
        Denial::RateLimited => "rate_limited",
        Denial::BadClock => "bad_clock",
        Denial::NothingToAnswer => "nothing_to_answer",
        Denial::NothingToTakeBack => "nothing_to_take_back",
        Denial::TooLateToAbort => "too_late_to_abort",
        Denial::CannotClaim => "cannot_claim",
        Denial::NotNow => "not_now",
        Denial::Empty => "empty",
        Denial::Storage => "storage",
        Denial::GuestsCasual => "guests_casual",
        Denial::JieqiCasual => "jieqi_casual",
        Denial::BotsXiangqiOnly => "bots_xiangqi_only",
    }
}

/// A request refused, in words.
#[must_use]
pub fn denied(lang: Lang, denial: &Denial) -> String {
    pick(lang, id::CLUB_DENIED, "why", denial_key(denial))
}

/// The catalogue's key for why a session ended.
const fn closed_key(reason: &CloseReason) -> &'static str {
    match reason {
        CloseReason::Left => "left",
        CloseReason::Lost(_) => "lost",
        CloseReason::Refused(refusal) => match refusal {
            Refusal::Version { .. } => "version",
            Refusal::BadName { .. } => "bad_name",
            Refusal::NameTaken { .. } => "name_taken",
            Refusal::KeyHasName { .. } => "key_has_name",
            Refusal::Banned => "banned",
            Refusal::Full => "full",
            Refusal::LoggedInElsewhere => "logged_in_elsewhere",
            Refusal::Protocol { .. } => "protocol",
            Refusal::Timeout => "timeout",
            Refusal::Stopping => "stopping",
            Refusal::TooSlow => "too_slow",
            Refusal::Unavailable => "unavailable",
        },
    }
}

/// How a game ended, in words: `Red wins (resignation)`.
#[must_use]
pub fn ending(lang: Lang, verdict: Verdict, how: How) -> String {
    let verdict = match verdict {
        Verdict::RedWins => "red_wins",
        Verdict::BlackWins => "black_wins",
        Verdict::Draw => "draw",
        Verdict::Aborted => "aborted",
    };
    let how = match how {
        How::Checkmate => "checkmate",
        How::NoLegalMove => "no_legal_move",
        How::PerpetualCheck => "perpetual_check",
        How::PerpetualChase => "perpetual_chase",
        How::Repetition => "repetition",
        How::MoveLimit => "move_limit",
        How::InsufficientMaterial => "insufficient_material",
        How::Resignation => "resignation",
        How::Agreement => "agreement",
        How::TimeForfeit => "time_forfeit",
        How::Abandoned => "abandoned",
        How::Aborted => "aborted",
        How::NoStart => "no_start",
        How::Other => "other",
    };
    tr_args(
        lang,
        id::CLUB_BOARD_ENDED,
        &[("verdict", verdict.into()), ("how", how.into())],
    )
}

/// What the lobby's message line says.
#[must_use]
pub fn note(lang: Lang, note: &LobbyNote) -> String {
    match note {
        LobbyNote::Denied(denial) => denied(lang, denial),
        LobbyNote::BadClock(typed) => {
            tr_args(lang, id::CLUB_BAD_CLOCK, &[("clock", safe(typed).into())])
        }
        LobbyNote::PrivateOpened { code, clock } => tr_args(
            lang,
            id::CLUB_PRIVATE_OPENED,
            &[
                ("clock", clock.to_string().into()),
                ("code", safe(code).into()),
            ],
        ),
        LobbyNote::Challenged(c) => {
            let (name, rating) = tag_words(lang, &c.from);
            tr_args(
                lang,
                id::CLUB_CHALLENGED,
                &[
                    ("name", name.into()),
                    ("rating", rating.into()),
                    ("clock", clock_of(lang, c.clock, c.variant).into()),
                    ("rated", rated(lang, c.rated).into()),
                ],
            )
        }
        LobbyNote::ChallengeSent(name, game) => tr_args(
            lang,
            id::CLUB_CHALLENGE_SENT,
            &[("name", safe(name).into()), ("variant", game.name().into())],
        ),
        LobbyNote::ChallengeGone { .. } => tr(lang, id::CLUB_CHALLENGE_DECLINED),
        LobbyNote::NothingSelected => tr(lang, id::CLUB_NOTHING_SELECTED),
        LobbyNote::OwnSeek => tr(lang, id::CLUB_OWN_SEEK),
        LobbyNote::GameGoesOn => tr(lang, id::CLUB_GAME_GOES_ON),
        LobbyNote::Closed(reason) => pick(lang, id::CLUB_CLOSED, "why", closed_key(reason)),
        LobbyNote::Reconnecting => tr(lang, id::CLUB_RECONNECTING),
        LobbyNote::Fetching => tr(lang, id::CLUB_FETCHING),
        LobbyNote::NoReview(why) => {
            let key = match why {
                NoReview::Jieqi => "jieqi",
                NoReview::Unreadable => "unreadable",
            };
            pick(lang, id::CLUB_NO_REVIEW, "why", key)
        }
    }
}

//! `xiangqi online ADDR:PORT`: a session on a club server. In a terminal it opens the lobby
//! screen (`tui::lobby`); with `--lines`, or when standard input or output is not a
//! terminal, it runs in line mode — commands read from standard input, one a line, and every
//! event the server sends printed as one line of JSON (its text already cleaned of control
//! characters by the client), for scripts and tests.

use super::output::Failure;
use crate::tui::lobby::run::{Reconnect, sink};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use xiangqi_club::client::{Client, ClientEvent, CloseReason, ConnectError, Connected, Login};
use xiangqi_club::identity::KnownServers;
use xiangqi_club::protocol::codec::encode_event;
use xiangqi_club::protocol::{ClockSpec, ColourChoice, Event, GameId, Room, Variant};

use crate::tui::lobby::login::{KNOWN_FILE, LoginError, login};

/// The game this client plays, as the events tell it: which, and the moves made so far.
#[derive(Debug, Default)]
struct Playing {
    game: Option<GameId>,
    ply: u32,
}

/// The name to log in with: `--name`, else the login name of the account.
fn login_name(given: Option<String>) -> Result<String, Failure> {
    given
        .or_else(|| std::env::var("USER").ok())
        .filter(|n| !n.trim().is_empty())
        .ok_or_else(|| Failure::Usage("online: --name NAME is needed (no $USER to use)".into()))
}

/// `xiangqi online ADDR:PORT [--name NAME] [--lines]`: the lobby screen in a terminal,
/// else (or with `--lines`) the line mode.
///
/// # Errors
/// The key or the pins cannot be read or written, the server cannot be reached, its key is
/// not the one pinned for it, or it refuses the login; the terminal fails.
pub fn online(
    addr: &str,
    name: Option<String>,
    lines: bool,
    look: &super::NetLook,
) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let (folder, login, known) = log_in_as(name)?;
    if lines || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return online_lines(addr, &folder, &login, known);
    }
    online_screen(addr, &folder, login, known, look)
}

/// The state folder, the login (name and key pair) and the servers' pins.
fn log_in_as(name: Option<String>) -> Result<(PathBuf, Login, KnownServers), Failure> {
    login(login_name(name)?).map_err(|e| match e {
        LoginError::NoHome => Failure::Usage(format!("online: {e}")),
        LoginError::Key(_) => Failure::Run(format!("online: {e}")),
    })
}

/// Says on standard error that the server's key was pinned on this first contact.
fn say_first_contact(addr: &str, folder: &std::path::Path, connected: &Connected) {
    if let Some(key) = connected.server_key.filter(|_| connected.first_contact) {
        eprintln!(
            "online: first contact with {addr}: its key {} is pinned in {}",
            key.fingerprint(),
            folder.join(KNOWN_FILE).display()
        );
    }
}

/// The line mode: connects, logs in, then carries commands and events until standard
/// input ends (`quit`) or the server closes the session.
fn online_lines(
    addr: &str,
    folder: &std::path::Path,
    login: &Login,
    mut known: KnownServers,
) -> Result<(), Failure> {
    let (connected, events) = Client::connect(addr, login, &mut known)
        .map_err(|e: ConnectError| Failure::Run(format!("online: {e}")))?;
    say_first_contact(addr, folder, &connected);
    print_event(&Event::Welcome(connected.welcome.clone()));
    let playing = Arc::new(Mutex::new(Playing::default()));
    for game in &connected.welcome.games {
        lock(&playing).game = Some(*game);
    }
    let client = connected.client;
    {
        let (client, playing) = (client.clone(), Arc::clone(&playing));
        std::thread::Builder::new()
            .name("online-input".into())
            .spawn(move || read_commands(&client, &playing))
            .map_err(|e| Failure::Run(format!("online: {e}")))?;
    }
    for event in events {
        match event {
            ClientEvent::Server(event) => {
                follow(&mut lock(&playing), &event);
                print_event(&event);
            }
            ClientEvent::Closed(reason) => {
                return match reason {
                    CloseReason::Left => Ok(()),
                    CloseReason::Refused(r) => Err(Failure::Run(format!("online: {r}"))),
                    CloseReason::Lost(why) => Err(Failure::Run(format!("online: {why}"))),
                };
            }
        }
    }
    Ok(())
}

fn lock(playing: &Mutex<Playing>) -> std::sync::MutexGuard<'_, Playing> {
    playing.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One event as a line of JSON on standard output.
fn print_event(event: &Event) {
    if let Ok(bytes) = encode_event(event) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(&bytes);
        let _ = out.write_all(b"\n");
        let _ = out.flush();
    }
}

/// Keeps the game one plays and its ply up to date.
fn follow(playing: &mut Playing, event: &Event) {
    match event {
        Event::Started(state) if state.you.is_some() => {
            playing.game = Some(state.summary.id);
            playing.ply = u32::try_from(state.moves.len()).unwrap_or(u32::MAX);
        }
        Event::Moved { game, ply, .. } | Event::TakenBack { game, ply, .. }
            if playing.game == Some(*game) =>
        {
            playing.ply = *ply;
        }
        Event::Ended { game, .. } if playing.game == Some(*game) => *playing = Playing::default(),
        _ => {}
    }
}

/// Reads commands until standard input ends or says `quit`, then closes the session.
fn read_commands(client: &Client, playing: &Mutex<Playing>) {
    let stdin = std::io::stdin();
    for (number, line) in stdin.lock().lines().enumerate() {
        let Ok(line) = line else { break };
        let (game, ply) = {
            let p = lock(playing);
            (p.game, p.ply)
        };
        match command(client, line.trim(), game, ply) {
            Ok(true) => {}
            Ok(false) => break,
            Err(why) => eprintln!("online: line {}: {why}", number + 1),
        }
    }
    client.close();
}

/// Why a command line is not one.
#[derive(Debug, thiserror::Error)]
enum CommandError {
    #[error("{0}")]
    Bad(&'static str),
    #[error(
        "not a command: {0:?} (seek, accept, cancel, challenge, answer, private, join, watch, unwatch, move, draw, nodraw, takeback, notakeback, resign, abort, claim, chat, lobby, archive, pgn, quit)"
    )]
    Unknown(String),
}

/// What a seek, challenge or private game asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Terms {
    clock: ClockSpec,
    rated: bool,
    colour: ColourChoice,
    variant: Variant,
}

/// `5+3` (minutes and seconds added a move), then `rated`/`casual`, a colour and the game
/// (`xiangqi`/`jieqi`), in any order, each optional (casual, random, xiangqi).
fn clock_words<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Terms, CommandError> {
    let bad = || CommandError::Bad("a clock as MINUTES+SECONDS, like 5+3");
    let clock = words.next().ok_or_else(bad)?;
    let (base, inc) = clock.split_once('+').ok_or_else(bad)?;
    let spec = ClockSpec::minutes(
        base.parse().map_err(|_| bad())?,
        inc.parse().map_err(|_| bad())?,
    );
    let (mut rated, mut colour) = (false, ColourChoice::Random);
    let mut variant = Variant::Xiangqi;
    for word in words {
        match word {
            "xiangqi" => variant = Variant::Xiangqi,
            "jieqi" => variant = Variant::Jieqi,
            "rated" => rated = true,
            "casual" => rated = false,
            "red" => colour = ColourChoice::Red,
            "black" => colour = ColourChoice::Black,
            "random" => colour = ColourChoice::Random,
            _ => {
                return Err(CommandError::Bad(
                    "after the clock: rated or casual, red, black or random, xiangqi or jieqi",
                ));
            }
        }
    }
    Ok(Terms {
        clock: spec,
        rated,
        colour,
        variant,
    })
}

fn number<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<u64, CommandError> {
    words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or(CommandError::Bad("a number is needed"))
}

/// Carries out one command line; false to end the session.
fn command(
    client: &Client,
    line: &str,
    game: Option<GameId>,
    ply: u32,
) -> Result<bool, CommandError> {
    let mut words = line.split_whitespace();
    let Some(verb) = words.next() else {
        return Ok(true);
    };
    let in_game = || game.ok_or(CommandError::Bad("no game in progress"));
    match verb {
        "quit" => return Ok(false),
        "lobby" => client.follow_lobby(true),
        "seek" => {
            let t = clock_words(&mut words)?;
            client.seek_in(t.variant, t.clock, t.rated, t.colour)
        }
        "cancel" => client.cancel_seek(number(&mut words)?),
        "accept" => client.accept_seek(number(&mut words)?),
        "challenge" => {
            let to = words
                .next()
                .ok_or(CommandError::Bad("a player's name is needed"))?;
            let t = clock_words(&mut words)?;
            client.challenge_in(t.variant, to, t.clock, t.rated, t.colour)
        }
        "answer" => {
            let id = number(&mut words)?;
            client.answer_challenge(id, words.next() == Some("yes"))
        }
        "private" => {
            let t = clock_words(&mut words)?;
            client.open_private_in(t.variant, t.clock, t.rated, t.colour)
        }
        "join" => client.join_private(words.next().ok_or(CommandError::Bad("a code is needed"))?),
        "watch" => client.watch(number(&mut words)?),
        "unwatch" => client.unwatch(number(&mut words)?),
        "move" => client.play(
            in_game()?,
            ply,
            words
                .next()
                .ok_or(CommandError::Bad("a move is needed, like h2e2"))?,
        ),
        "draw" => client.offer_draw(in_game()?),
        "nodraw" => client.decline_draw(in_game()?),
        "takeback" => client.ask_takeback(in_game()?),
        "notakeback" => client.decline_takeback(in_game()?),
        "resign" => client.resign(in_game()?),
        "abort" => client.abort(in_game()?),
        "claim" => client.claim(in_game()?, words.next() == Some("draw")),
        "chat" => {
            let text = line
                .trim_start()
                .strip_prefix("chat")
                .unwrap_or_default()
                .trim();
            let room = game.map_or(Room::Lobby, |game| Room::Game { game });
            client.chat(room, text)
        }
        "archive" => client.archive(words.next(), None),
        "pgn" => client.fetch_pgn(number(&mut words)?),
        other => return Err(CommandError::Unknown(other.to_string())),
    };
    Ok(true)
}

/// Connects as `login`, then runs the lobby screen.
///
/// # Errors
/// The server cannot be reached, its key changed, the login is refused (said before the
/// screen opens); the terminal fails.
fn online_screen(
    addr: &str,
    folder: &Path,
    login: Login,
    mut known: KnownServers,
    look: &super::NetLook,
) -> Result<(), Failure> {
    let (tx, rx) = mpsc::channel();
    let connected = Client::connect_with(addr, &login, &mut known, sink(tx.clone()))
        .map_err(|e| Failure::Run(format!("online: {e}")))?;
    say_first_contact(addr, folder, &connected);
    let options = super::net::options(look);
    let server = addr.to_string();
    let reconnect: Reconnect =
        Box::new(move |tx| Client::connect_with(&server, &login, &mut known, sink(tx)));
    crate::tui::lobby::run::run(addr, connected, (tx, rx), options, reconnect)
        .map_err(|e| Failure::Run(format!("online: {e}")))
}

#[cfg(test)]
mod tests {
    use super::{Terms, clock_words};
    use xiangqi_club::protocol::{ClockSpec, ColourChoice, Variant};

    #[test]
    fn a_seek_may_ask_for_jieqi_and_asks_for_xiangqi_unless_said() {
        let terms = |line: &str| clock_words(&mut line.split_whitespace()).ok();
        assert_eq!(
            terms("5+3 jieqi black"),
            Some(Terms {
                clock: ClockSpec::minutes(5, 3),
                rated: false,
                colour: ColourChoice::Black,
                variant: Variant::Jieqi,
            })
        );
        assert_eq!(
            terms("10+0 rated").map(|t| (t.variant, t.rated)),
            Some((Variant::Xiangqi, true))
        );
        assert!(terms("5+3 chess").is_none());
    }
}

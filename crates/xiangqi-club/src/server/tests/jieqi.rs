//! Jieqi at the club, end to end: seeks paired by variant, the server's deal told one reveal
//! at a time to players and spectators alike, a game kept across a restart without its deal,
//! the archive's Jieqi PGN, and bots kept to xiangqi.

use super::{Player, config, runtime};
use crate::protocol::{ClockSpec, ColourChoice, Denial, Event, GameId, GameState, Variant};
use crate::protocol::{SeekEntry, Verdict};
use crate::server::{DATABASE_FILE, Server};
use crate::store::{SqliteStore, Store};
use std::collections::HashSet;
use std::time::Duration;
use xiangqi_records::jieqi::{JieqiRecord, read_jieqi_pgn};
use xiangqi_rules::jieqi::{Deal, JieqiGame, JieqiMove, JieqiPosition};

const DEAL: u64 = 0x00c1_0b5e;

fn clock() -> ClockSpec {
    ClockSpec::minutes(5, 3)
}

async fn started(p: &mut Player) -> GameState {
    p.wait("the game's start", |e| match e {
        Event::Started(s) => Some((**s).clone()),
        _ => None,
    })
    .await
}

async fn denied(p: &mut Player) -> Denial {
    p.wait("a denial", |e| match e {
        Event::Denied { reason, .. } => Some(reason.clone()),
        _ => None,
    })
    .await
}

/// Alice (red) and Bob seek Jieqi and are paired: the game's number.
async fn pair(alice: &mut Player, bob: &mut Player) -> GameId {
    alice
        .client
        .seek_in(Variant::Jieqi, clock(), false, ColourChoice::Red);
    alice
        .wait("alice's seek", |e| {
            matches!(e, Event::SeekOpen { .. }).then_some(())
        })
        .await;
    bob.client
        .seek_in(Variant::Jieqi, clock(), false, ColourChoice::Random);
    let a = started(alice).await;
    let b = started(bob).await;
    assert_eq!(a.summary.id, b.summary.id);
    assert_eq!(a.summary.variant, Variant::Jieqi);
    assert_eq!(a.summary.red.name, "alice");
    a.summary.id
}

/// The move the test picks for the side to move in `mirror`: any legal one, spread over the
/// list so that covered pieces of every kind of point move.
fn pick(mirror: &JieqiGame) -> String {
    let legal = mirror.legal_moves();
    let i = (mirror.moves().len() * 7 + 3) % legal.len();
    legal[i].to_string()
}

/// `mover` plays `mv` as move `ply`; every one of `all` hears the same move, with what it
/// turned over, which is what `mirror` (the same deal) turns over.
async fn play(
    game: GameId,
    ply: u32,
    mv: &str,
    mirror: &mut JieqiGame,
    all: &mut [&mut Player],
    mover: usize,
) {
    all[mover].client.play(game, ply - 1, mv);
    let expected = mirror.play(mv.parse().expect("a move")).expect("legal");
    for p in all.iter_mut() {
        let heard = p
            .wait(&format!("move {ply}"), |e| match e {
                Event::Moved { ply: n, mv, .. } if *n == ply => Some(mv.clone()),
                _ => None,
            })
            .await;
        assert_eq!(heard, expected.to_string(), "move {ply}");
    }
}

/// Plays moves `plies` of `game`, each picked in `mirror` (Alice, `all[0]`, red), until the
/// last or the game's end.
async fn play_picked(
    game: GameId,
    plies: std::ops::RangeInclusive<u32>,
    mirror: &mut JieqiGame,
    all: &mut [&mut Player],
) {
    for ply in plies {
        if mirror.outcome().is_some() {
            break;
        }
        let mv = pick(mirror);
        play(game, ply, &mv, mirror, all, usize::from(ply % 2 == 0)).await;
    }
}

/// The archive's PGN of `game`, as `p` fetches it, read as Jieqi.
async fn archived(p: &mut Player, game: GameId) -> JieqiRecord {
    p.client.fetch_pgn(game);
    let pgn = p
        .wait("the PGN", |e| match e {
            Event::Pgn { pgn, .. } => Some(pgn.clone()),
            _ => None,
        })
        .await;
    read_jieqi_pgn(&pgn).expect("a Jieqi PGN")
}

/// Checks that `heard` gives nothing of `deal` away before its time: each move told (in a
/// game's start or as played) turns over what the deal has at its point if it moves a
/// covered piece, and nothing if not; no other text of any event is a move with a reveal
/// (but those in `own`, which the player sent and hears back refused), and none holds the
/// deal. Returns how many reveals were told.
fn tells_nothing_early(heard: &[Event], deal: &Deal, who: &str, own: &[&str]) -> usize {
    let mut pos = JieqiPosition::start();
    let mut told: HashSet<String> = own.iter().map(ToString::to_string).collect();
    let mut reveals = 0;
    let mut see = |pos: &mut JieqiPosition, text: &str, told: &mut HashSet<String>| {
        let m: JieqiMove = text.parse().expect("a move");
        assert!(pos.check_move(m.mv).is_ok(), "{who}: {text} is legal");
        let wanted = pos.is_covered(m.mv.from).then(|| deal.piece_at(m.mv.from));
        assert_eq!(
            m.reveal,
            wanted.flatten(),
            "{who}: {text} turns over the deal's piece"
        );
        reveals += usize::from(m.reveal.is_some());
        pos.make_move(m.mv, m.reveal_role());
        told.insert(text.to_string());
    };
    for event in heard {
        match event {
            Event::Started(state) => {
                pos = JieqiPosition::start();
                for text in &state.moves {
                    see(&mut pos, text, &mut told);
                }
            }
            Event::Moved { mv, .. } => see(&mut pos, mv, &mut told),
            _ => {}
        }
    }
    let secret = deal.to_string();
    for event in heard {
        let json = serde_json::to_value(event).expect("an event");
        assert!(
            !json.to_string().contains(&secret),
            "{who}: the deal in {json}"
        );
        let mut texts = vec![&json];
        while let Some(v) = texts.pop() {
            match v {
                serde_json::Value::String(s) => {
                    let reveal = s.parse::<JieqiMove>().ok().and_then(|m| m.reveal);
                    let early = reveal.is_some() && !told.contains(s);
                    assert!(!early, "{who}: {s} told outside a move in {json}");
                }
                serde_json::Value::Array(a) => texts.extend(a),
                serde_json::Value::Object(o) => texts.extend(o.values()),
                _ => {}
            }
        }
    }
    reveals
}

#[test]
fn a_jieqi_seek_pairs_only_with_a_jieqi_seek_and_is_never_rated() {
    let data = tempfile::tempdir().expect("a folder");
    runtime().block_on(async {
        let server = Server::start(config(data.path(), DEAL))
            .await
            .expect("a server");
        let mut alice = Player::join(&server, "alice").await;
        let mut bob = Player::join(&server, "bob").await;
        let mut carol = Player::join(&server, "carol").await;
        carol.client.follow_lobby(true);
        carol
            .wait("the lobby", |e| {
                matches!(e, Event::LobbyReady).then_some(())
            })
            .await;
        // A xiangqi seek and a Jieqi seek on the same clock are not a pair.
        alice.client.seek(clock(), false, ColourChoice::Red);
        bob.client
            .seek_in(Variant::Jieqi, clock(), false, ColourChoice::Random);
        let mut open: Vec<SeekEntry> = Vec::new();
        while open.len() < 2 {
            let seek = carol
                .wait("a seek", |e| match e {
                    Event::SeekOpen { seek } => Some(seek.clone()),
                    _ => None,
                })
                .await;
            open.push(seek);
        }
        let variants: HashSet<Variant> = open.iter().map(|s| s.variant).collect();
        assert_eq!(variants, HashSet::from([Variant::Xiangqi, Variant::Jieqi]));
        // A rated Jieqi seek is refused in words.
        carol
            .client
            .seek_in(Variant::Jieqi, clock(), true, ColourChoice::Random);
        assert_eq!(denied(&mut carol).await, Denial::JieqiCasual);
        // Alice's Jieqi seek takes Bob's.
        alice
            .client
            .seek_in(Variant::Jieqi, clock(), false, ColourChoice::Red);
        let a = started(&mut alice).await;
        let b = started(&mut bob).await;
        let game = a.summary.id;
        assert_eq!((b.summary.id, a.summary.variant), (game, Variant::Jieqi));
        assert_eq!(a.summary.red.name, "alice");
        // A private Jieqi game, joined by its code, is Jieqi too.
        carol
            .client
            .open_private_in(Variant::Jieqi, clock(), false, ColourChoice::Black);
        let code = carol
            .wait("the code", |e| match e {
                Event::PrivateOpened { code, .. } => Some(code.clone()),
                _ => None,
            })
            .await;
        let mut dave = Player::join(&server, "dave").await;
        dave.client.join_private(&code);
        let d = started(&mut dave).await;
        assert_eq!(
            (d.summary.variant, d.summary.red.name.as_str()),
            (Variant::Jieqi, "dave")
        );
        assert_eq!(started(&mut carol).await.summary.id, d.summary.id);
    });
}

#[test]
fn every_reveal_reaches_players_and_spectators_alike_and_no_sooner() {
    let data = tempfile::tempdir().expect("a folder");
    runtime().block_on(async {
        let server = Server::start(config(data.path(), DEAL))
            .await
            .expect("a server");
        let mut alice = Player::join(&server, "alice").await;
        let mut bob = Player::join(&server, "bob").await;
        let mut carol = Player::join(&server, "carol").await;
        let game = pair(&mut alice, &mut bob).await;
        let mut mirror = JieqiGame::dealt(DEAL);
        let deal = mirror.deal().clone();
        play(game, 1, "h2e2", &mut mirror, &mut [&mut alice, &mut bob], 0).await;
        play(game, 2, "h9g7", &mut mirror, &mut [&mut alice, &mut bob], 1).await;
        // A spectator comes in: the moves so far, with their reveals, and then the same.
        carol.client.watch(game);
        let watched = started(&mut carol).await;
        assert_eq!((watched.you, watched.moves.len()), (None, 2));
        // Alice cannot say what her piece turns out to be.
        let under = deal
            .piece_at("a0".parse().expect("a point"))
            .expect("dealt");
        let told = format!("a0a1{}", under.fen_char());
        alice.client.play(game, 2, &told);
        assert_eq!(
            denied(&mut alice).await,
            Denial::NotAMove { mv: told.clone() }
        );
        // Nothing in progress is in the archive.
        bob.client.fetch_pgn(game);
        assert_eq!(denied(&mut bob).await, Denial::NoSuchGame);
        let mut all = [&mut alice, &mut bob, &mut carol];
        play_picked(game, 3..=16, &mut mirror, &mut all).await;
        // A spectator who comes late hears every move so far at once, and no more.
        let mut dave = Player::join(&server, "dave").await;
        dave.client.watch(game);
        let late = started(&mut dave).await;
        assert_eq!(late.moves.len(), mirror.moves().len());
        let plain = mirror.moves().iter().filter(|m| m.reveal.is_none()).count();
        assert!(
            plain >= 2,
            "only {plain} moves turned nothing over: the game checks too little"
        );
        alice.client.resign(game);
        for p in [&mut alice, &mut bob, &mut carol, &mut dave] {
            let verdict = p
                .wait("the end", |e| match e {
                    Event::Ended { ending, .. } => Some(ending.verdict),
                    _ => None,
                })
                .await;
            assert_eq!(verdict, Verdict::BlackWins);
        }
        let mut reveals = 0;
        let sent = [told.as_str()];
        for (p, who, own) in [
            (&alice, "alice", &sent[..]),
            (&bob, "bob", &[]),
            (&carol, "carol", &[]),
            (&dave, "dave", &[]),
        ] {
            reveals = tells_nothing_early(&p.heard, &deal, who, own);
        }
        assert!(
            reveals >= 6,
            "only {reveals} reveals: the game checks too little"
        );
        // The archive lists it as Jieqi, and its PGN reads back to the same moves.
        bob.client.archive(None, None);
        let listed = bob
            .wait("the archive", |e| match e {
                Event::ArchivePage { games, .. } => Some(games.clone()),
                _ => None,
            })
            .await;
        assert_eq!(listed.len(), 1);
        assert_eq!((listed[0].game, listed[0].variant), (game, Variant::Jieqi));
        let record = archived(&mut bob, game).await;
        assert_eq!(record.moves, mirror.moves());
        let result = ("Result".to_string(), "0-1".to_string());
        assert!(record.tags.contains(&result), "{:?}", record.tags);
    });
}

#[test]
fn a_jieqi_game_goes_on_after_a_restart_with_its_reveals_and_no_deal_kept() {
    let data = tempfile::tempdir().expect("a folder");
    let mut mirror = JieqiGame::dealt(DEAL);
    let (game, before) = runtime().block_on(async {
        let server = Server::start(config(data.path(), DEAL))
            .await
            .expect("a server");
        let mut alice = Player::join(&server, "alice").await;
        let mut bob = Player::join(&server, "bob").await;
        let game = pair(&mut alice, &mut bob).await;
        play_picked(game, 1..=6, &mut mirror, &mut [&mut alice, &mut bob]).await;
        (game, alice.heard)
    });
    // The store keeps the moves with their reveals, and nothing of the deal.
    let path = data.path().join(DATABASE_FILE);
    let mut store = SqliteStore::open(&path, "test").expect("the store");
    let kept = store.unfinished_games().expect("the games");
    assert_eq!((kept.len(), kept[0].variant), (1, Variant::Jieqi));
    let moves: Vec<JieqiMove> = kept[0].moves.iter().map(|&(m, _)| m).collect();
    assert_eq!(moves, mirror.moves());
    drop(store);
    let secret = mirror.deal().to_string();
    for file in std::fs::read_dir(data.path()).expect("the folder") {
        let bytes = std::fs::read(file.expect("a file").path()).expect("readable");
        let found = bytes.windows(secret.len()).any(|w| w == secret.as_bytes());
        assert!(!found, "the deal is kept on disk");
    }
    tells_nothing_early(&before, mirror.deal(), "alice", &[]);
    // Brought back, the pieces nobody saw are dealt anew (here from another number).
    let again = DEAL ^ 0xffff;
    let mut mirror = JieqiGame::replay(JieqiPosition::start(), &moves, again).expect("replays");
    runtime().block_on(async {
        let server = Server::start(config(data.path(), again))
            .await
            .expect("a server");
        let mut alice = Player::join(&server, "alice").await;
        let mut bob = Player::join(&server, "bob").await;
        for p in [&mut alice, &mut bob] {
            let state = started(p).await;
            assert_eq!(state.summary.id, game);
            assert_eq!(state.summary.variant, Variant::Jieqi);
            let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
            assert_eq!(state.moves, texts);
        }
        play_picked(game, 7..=10, &mut mirror, &mut [&mut alice, &mut bob]).await;
        tells_nothing_early(&alice.heard, mirror.deal(), "alice after the restart", &[]);
        bob.client.resign(game);
        bob.wait("the end", |e| {
            matches!(e, Event::Ended { .. }).then_some(())
        })
        .await;
        let record = archived(&mut bob, game).await;
        assert_eq!(record.moves, mirror.moves());
        assert_eq!(record.moves.len(), 10);
    });
}

#[test]
fn no_bot_takes_a_jieqi_seek_or_a_jieqi_challenge_though_it_takes_xiangqi_at_once() {
    let data = tempfile::tempdir().expect("a folder");
    runtime().block_on(async {
        let mut config = config(data.path(), DEAL);
        config.bots = vec![xiangqi_engine::Level::new(1).expect("a level")];
        config.bot_patience = Duration::ZERO;
        let server = Server::start(config).await.expect("a server");
        let mut alice = Player::join(&server, "alice").await;
        alice.client.follow_lobby(true);
        let is_bot = |e: &Event| match e {
            Event::Players { players } => players.iter().any(|p| p.bot),
            Event::PlayerOnline { player } => player.bot,
            _ => false,
        };
        if !alice.heard.iter().any(is_bot) {
            alice.wait("the bot", |e| is_bot(e).then_some(())).await;
        }
        alice
            .client
            .challenge_in(Variant::Jieqi, "Bot-1", clock(), false, ColourChoice::Red);
        assert_eq!(denied(&mut alice).await, Denial::BotsXiangqiOnly);
        alice
            .client
            .seek_in(Variant::Jieqi, clock(), false, ColourChoice::Red);
        let seek = alice
            .wait("the seek", |e| match e {
                Event::SeekOpen { seek } => Some(seek.id),
                _ => None,
            })
            .await;
        // The bot looks at the seeks twice a second and is patient for no time at all.
        let taken = alice
            .hears_within(Duration::from_secs(3), |e| matches!(e, Event::Started(_)))
            .await;
        assert!(!taken, "a bot took a Jieqi seek");
        alice.client.cancel_seek(seek);
        alice.client.seek(clock(), false, ColourChoice::Red);
        let game = started(&mut alice).await;
        assert_eq!(game.summary.variant, Variant::Xiangqi);
        assert!(game.summary.black.bot);
        alice.client.abort(game.summary.id);
        alice
            .wait("the end", |e| {
                matches!(e, Event::Ended { .. }).then_some(())
            })
            .await;
    });
}

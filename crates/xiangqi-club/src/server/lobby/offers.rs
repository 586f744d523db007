//! Offers of a game: seeks open to anyone (a seek matching one already open is paired at
//! once), challenges to a named player, and private games joined by a code. Each player has
//! only a few open at once; a player's go when they leave.

use super::{Lobby, tag};
use crate::protocol::names::name_key;
use crate::protocol::{
    ChallengeEntry, ClockSpec, ColourChoice, Denial, Event, Request, SeekEntry, Variant,
};
use crate::server::messages::SessionTx;
use crate::store::PlayerId;
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};
use xiangqi_net::code::JoinCode;

/// Open seeks a player may have at once.
const SEEKS_EACH: usize = 3;
/// Challenges a player may have out at once.
const CHALLENGES_EACH: usize = 5;
/// Private games a player may have open at once.
const PRIVATES_EACH: usize = 3;
/// How long a private game's code stays good.
const PRIVATE_LIFE: Duration = Duration::from_secs(30 * 60);

#[derive(Clone, Debug)]
struct Terms {
    player: PlayerId,
    clock: ClockSpec,
    rated: bool,
    colour: ColourChoice,
    variant: Variant,
}

#[derive(Clone, Debug)]
struct Challenge {
    terms: Terms,
    to: PlayerId,
}

#[derive(Clone, Debug)]
struct Private {
    terms: Terms,
    opened: Instant,
}

/// The open offers.
#[derive(Debug, Default)]
pub(super) struct Offers {
    seeks: BTreeMap<u64, Terms>,
    challenges: HashMap<u64, Challenge>,
    privates: HashMap<String, Private>,
    next: u64,
}

impl Offers {
    fn number(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    /// The open seeks as listed.
    pub(super) fn seek_entries(&self, lobby: &Lobby) -> Vec<SeekEntry> {
        self.seeks
            .iter()
            .filter_map(|(&id, t)| seek_entry(lobby, id, t))
            .collect()
    }
}

fn seek_entry(lobby: &Lobby, id: u64, t: &Terms) -> Option<SeekEntry> {
    let owner = lobby.online.get(&t.player)?;
    Some(SeekEntry {
        id,
        by: tag(&owner.account, t.clock),
        clock: t.clock,
        rated: t.rated,
        colour: t.colour,
        variant: t.variant,
    })
}

impl Lobby {
    /// The requests about offers.
    pub(super) fn offer_request(
        &mut self,
        player: PlayerId,
        session: &SessionTx,
        req: Request,
    ) -> Result<(), Denial> {
        let rated = matches!(
            &req,
            Request::Seek { rated: true, .. }
                | Request::Challenge { rated: true, .. }
                | Request::OpenPrivate { rated: true, .. }
        );
        if rated && self.guest(player) {
            return Err(Denial::GuestsCasual);
        }
        let jieqi = matches!(
            &req,
            Request::Seek {
                variant: Variant::Jieqi,
                ..
            } | Request::Challenge {
                variant: Variant::Jieqi,
                ..
            } | Request::OpenPrivate {
                variant: Variant::Jieqi,
                ..
            }
        );
        if rated && jieqi {
            return Err(Denial::JieqiCasual);
        }
        match req {
            Request::Seek {
                clock,
                rated,
                colour,
                variant,
            } => self.seek(
                session,
                Terms {
                    player,
                    clock,
                    rated,
                    colour,
                    variant,
                },
            ),
            Request::CancelSeek { seek } => {
                match self.offers.seeks.get(&seek) {
                    Some(t) if t.player == player => self.drop_seek(seek),
                    _ => return Err(Denial::NoSuchSeek),
                }
                Ok(())
            }
            Request::AcceptSeek { seek } => {
                let t = self
                    .offers
                    .seeks
                    .get(&seek)
                    .ok_or(Denial::NoSuchSeek)?
                    .clone();
                if t.player == player {
                    return Err(Denial::OwnOffer);
                }
                self.start_game(
                    (t.player, t.colour),
                    (player, ColourChoice::Random),
                    t.clock,
                    t.rated,
                    t.variant,
                )?;
                self.drop_seek(seek);
                Ok(())
            }
            Request::Challenge {
                to,
                clock,
                rated,
                colour,
                variant,
            } => self.challenge(
                &to,
                Terms {
                    player,
                    clock,
                    rated,
                    colour,
                    variant,
                },
            ),
            Request::AnswerChallenge { challenge, accept } => {
                self.answer(player, challenge, accept)
            }
            Request::OpenPrivate {
                clock,
                rated,
                colour,
                variant,
            } => self.open_private(
                session,
                Terms {
                    player,
                    clock,
                    rated,
                    colour,
                    variant,
                },
            ),
            Request::JoinPrivate { code } => self.join_private(player, &code),
            _ => Ok(()),
        }
    }

    fn seek(&mut self, session: &SessionTx, terms: Terms) -> Result<(), Denial> {
        if !terms.clock.is_valid() {
            return Err(Denial::BadClock);
        }
        if self.busy(terms.player) {
            return Err(self.busy_denial(terms.player));
        }
        let matching = self.offers.seeks.iter().find(|(_, s)| {
            s.player != terms.player
                && s.clock == terms.clock
                && s.rated == terms.rated
                && s.variant == terms.variant
                && s.colour.fits(terms.colour)
                && !self.busy(s.player)
        });
        if let Some((&id, other)) = matching {
            let other = other.clone();
            self.start_game(
                (other.player, other.colour),
                (terms.player, terms.colour),
                terms.clock,
                terms.rated,
                terms.variant,
            )?;
            self.drop_seek(id);
            return Ok(());
        }
        let own = self
            .offers
            .seeks
            .values()
            .filter(|s| s.player == terms.player);
        if own.count() >= SEEKS_EACH {
            return Err(Denial::TooMany);
        }
        let id = self.offers.number();
        self.offers.seeks.insert(id, terms.clone());
        if let Some(seek) = seek_entry(self, id, &terms) {
            self.tell_followers_and(&Event::SeekOpen { seek }, session);
        }
        Ok(())
    }

    fn drop_seek(&mut self, id: u64) {
        if let Some(t) = self.offers.seeks.remove(&id) {
            let event = Event::SeekGone { seek: id };
            match self.online.get(&t.player) {
                Some(o) => self.tell_followers_and(&event, &o.session),
                None => self.tell_followers(&event),
            }
        }
    }

    /// Withdraws `player`'s seeks (they started a game, or left).
    pub(super) fn withdraw_seeks(&mut self, player: PlayerId) {
        let own: Vec<u64> = self
            .offers
            .seeks
            .iter()
            .filter(|(_, t)| t.player == player)
            .map(|(&id, _)| id)
            .collect();
        for id in own {
            self.drop_seek(id);
        }
    }

    /// Withdraws every offer of `player`, and the challenges to them (they left).
    pub(super) fn withdraw_offers(&mut self, player: PlayerId) {
        self.withdraw_seeks(player);
        let theirs: Vec<u64> = self
            .offers
            .challenges
            .iter()
            .filter(|(_, c)| c.terms.player == player || c.to == player)
            .map(|(&id, _)| id)
            .collect();
        for id in theirs {
            self.drop_challenge(id, false);
        }
        self.offers.privates.retain(|_, p| p.terms.player != player);
    }

    fn challenge(&mut self, to: &str, terms: Terms) -> Result<(), Denial> {
        if !terms.clock.is_valid() {
            return Err(Denial::BadClock);
        }
        let &target = self.names.get(&name_key(to)).ok_or(Denial::NoSuchPlayer)?;
        if target == terms.player {
            return Err(Denial::OwnOffer);
        }
        let out = self.offers.challenges.values();
        if out.filter(|c| c.terms.player == terms.player).count() >= CHALLENGES_EACH {
            return Err(Denial::TooMany);
        }
        let (Some(from), Some(whom)) = (self.online.get(&terms.player), self.online.get(&target))
        else {
            return Err(Denial::NoSuchPlayer);
        };
        if whom.account.bot && terms.variant != Variant::Xiangqi {
            return Err(Denial::BotsXiangqiOnly);
        }
        let id = self.offers.number();
        let entry = ChallengeEntry {
            id,
            from: tag(&from.account, terms.clock),
            to: tag(&whom.account, terms.clock),
            clock: terms.clock,
            rated: terms.rated,
            colour: terms.colour,
            variant: terms.variant,
        };
        for s in [&from.session, &whom.session] {
            s.event(Event::Challenged {
                challenge: entry.clone(),
            });
        }
        self.offers
            .challenges
            .insert(id, Challenge { terms, to: target });
        Ok(())
    }

    fn drop_challenge(&mut self, id: u64, declined: bool) {
        if let Some(c) = self.offers.challenges.remove(&id) {
            for p in [c.terms.player, c.to] {
                if let Some(o) = self.online.get(&p) {
                    o.session.event(Event::ChallengeGone {
                        challenge: id,
                        declined,
                    });
                }
            }
        }
    }

    fn answer(&mut self, player: PlayerId, id: u64, accept: bool) -> Result<(), Denial> {
        let c = self
            .offers
            .challenges
            .get(&id)
            .ok_or(Denial::NoSuchChallenge)?
            .clone();
        if player == c.to && accept {
            self.start_game(
                (c.terms.player, c.terms.colour),
                (player, ColourChoice::Random),
                c.terms.clock,
                c.terms.rated,
                c.terms.variant,
            )?;
            self.drop_challenge(id, false);
        } else if player == c.to || player == c.terms.player {
            self.drop_challenge(id, player == c.to);
        } else {
            return Err(Denial::NoSuchChallenge);
        }
        Ok(())
    }

    fn open_private(&mut self, session: &SessionTx, terms: Terms) -> Result<(), Denial> {
        if !terms.clock.is_valid() {
            return Err(Denial::BadClock);
        }
        let now = Instant::now();
        self.offers
            .privates
            .retain(|_, p| now.duration_since(p.opened) < PRIVATE_LIFE);
        let own = self.offers.privates.values();
        if own.filter(|p| p.terms.player == terms.player).count() >= PRIVATES_EACH {
            return Err(Denial::TooMany);
        }
        let code = loop {
            let code = JoinCode::random().map_err(|_| Denial::NotNow)?.to_string();
            if !self.offers.privates.contains_key(&code) {
                break code;
            }
        };
        session.event(Event::PrivateOpened {
            code: code.clone(),
            clock: terms.clock,
            rated: terms.rated,
        });
        self.offers
            .privates
            .insert(code, Private { terms, opened: now });
        Ok(())
    }

    fn join_private(&mut self, player: PlayerId, typed: &str) -> Result<(), Denial> {
        let code = typed
            .parse::<JoinCode>()
            .map_err(|_| Denial::NoSuchCode)?
            .to_string();
        let p = self.offers.privates.get(&code).ok_or(Denial::NoSuchCode)?;
        if p.opened.elapsed() >= PRIVATE_LIFE {
            self.offers.privates.remove(&code);
            return Err(Denial::NoSuchCode);
        }
        if p.terms.player == player {
            return Err(Denial::OwnOffer);
        }
        let t = p.terms.clone();
        self.start_game(
            (t.player, t.colour),
            (player, ColourChoice::Random),
            t.clock,
            t.rated,
            t.variant,
        )?;
        self.offers.privates.remove(&code);
        Ok(())
    }
}

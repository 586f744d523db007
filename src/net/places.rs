//! The host's handshake places: at most [`MAX_HANDSHAKES`] run at once, at most
//! [`PER_NETWORK`] of them from one network — an IPv4 /24 or an IPv6 /64, since one machine
//! commonly holds many addresses of its network (every IPv6 host, and 127/8 on any). A
//! newcomer that finds no place takes the one of the oldest handshake whose peer has not yet
//! sent its hello (first in its own network, when that network has its share), so
//! connections that say nothing cannot keep a guest out. Handshakes whose peer has spoken
//! keep their places: they end within the handshake's time, each one a guess.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Handshakes that may run at once.
pub const MAX_HANDSHAKES: usize = 8;

/// Handshakes that may run at once from one network.
pub const PER_NETWORK: usize = 3;

/// The network an address belongs to, as far as places go: its /24 (IPv4, also when
/// written as IPv6) or its /64 (IPv6).
#[must_use]
pub fn network(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            IpAddr::V4(Ipv4Addr::new(a, b, c, 0))
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
    }
}

/// A place, by the number it was given.
pub type PlaceId = u64;

/// What a newcomer gets.
#[derive(Debug, PartialEq, Eq)]
pub enum Admission<T> {
    /// A place, and the handle of the handshake that gave its place up (to be told the host
    /// was busy and closed).
    Admitted {
        /// The newcomer's place.
        id: PlaceId,
        /// Who had to leave for it.
        evicted: Option<T>,
    },
    /// No place: every one that could be given up is held by a handshake under way.
    Busy,
}

#[derive(Debug)]
struct Place<T> {
    id: PlaceId,
    network: IpAddr,
    /// The peer has sent its hello.
    heard: bool,
    handle: T,
}

/// The places taken, oldest first; `T` is what the host needs to turn a handshake away
/// (its connection).
#[derive(Debug)]
pub struct Places<T> {
    held: Vec<Place<T>>,
    next: PlaceId,
}

impl<T> Default for Places<T> {
    fn default() -> Places<T> {
        Places {
            held: Vec::new(),
            next: 0,
        }
    }
}

impl<T> Places<T> {
    /// A place for a connection from `address`, if one is free or can be given up.
    pub fn admit(&mut self, address: IpAddr, handle: T) -> Admission<T> {
        let network = network(address);
        let ours = self.held.iter().filter(|p| p.network == network).count();
        let evicted = if ours >= PER_NETWORK {
            match self.oldest_silent(|p| p.network == network) {
                Some(at) => Some(self.held.remove(at).handle),
                None => return Admission::Busy,
            }
        } else if self.held.len() >= MAX_HANDSHAKES {
            match self.oldest_silent(|_| true) {
                Some(at) => Some(self.held.remove(at).handle),
                None => return Admission::Busy,
            }
        } else {
            None
        };
        let id = self.next;
        self.next += 1;
        self.held.push(Place {
            id,
            network,
            heard: false,
            handle,
        });
        Admission::Admitted { id, evicted }
    }

    /// The peer of place `id` has sent its hello: its place is no longer given up. False
    /// if it was already given up (its handshake must stop, saying nothing more).
    pub fn heard(&mut self, id: PlaceId) -> bool {
        match self.held.iter_mut().find(|p| p.id == id) {
            Some(place) => {
                place.heard = true;
                true
            }
            None => false,
        }
    }

    /// Place `id` is free again; its handle, unless it was given up.
    pub fn leave(&mut self, id: PlaceId) -> Option<T> {
        let at = self.held.iter().position(|p| p.id == id)?;
        Some(self.held.remove(at).handle)
    }

    /// How many places are taken.
    #[must_use]
    pub fn taken(&self) -> usize {
        self.held.len()
    }

    fn oldest_silent(&self, among: impl Fn(&Place<T>) -> bool) -> Option<usize> {
        self.held.iter().position(|p| !p.heard && among(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    fn admitted(
        places: &mut Places<&'static str>,
        address: &str,
        who: &'static str,
    ) -> (PlaceId, Option<&'static str>) {
        match places.admit(ip(address), who) {
            Admission::Admitted { id, evicted } => (id, evicted),
            Admission::Busy => panic!("{who} from {address} was turned away"),
        }
    }

    #[test]
    fn addresses_group_by_their_24_or_64() {
        assert_eq!(network(ip("127.0.0.2")), network(ip("127.0.0.200")));
        assert_ne!(network(ip("127.0.0.2")), network(ip("127.0.1.2")));
        assert_eq!(network(ip("::ffff:10.1.2.3")), network(ip("10.1.2.99")));
        assert_eq!(
            network(ip("2001:db8:1:2:aaaa::1")),
            network(ip("2001:db8:1:2:ffff:1:2:3"))
        );
        assert_ne!(
            network(ip("2001:db8:1:2::1")),
            network(ip("2001:db8:1:3::1"))
        );
    }

    #[test]
    fn silent_handshakes_of_one_network_give_their_places_up_oldest_first() {
        let mut places = Places::default();
        let attack = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
        let mut evicted = Vec::new();
        for (i, who) in attack.iter().enumerate() {
            let address = format!("127.0.0.{}", 2 + i % 3);
            evicted.extend(admitted(&mut places, &address, who).1);
        }
        assert_eq!(evicted, ["a", "b", "c", "d", "e", "f"]);
        assert_eq!(places.taken(), PER_NETWORK);
        // The guest on the same machine takes the oldest silent place, and once it has
        // spoken no newcomer takes its place.
        let (guest, out) = admitted(&mut places, "127.0.0.1", "guest");
        assert_eq!(out, Some("g"));
        assert!(places.heard(guest));
        for who in ["j", "k", "l", "m"] {
            admitted(&mut places, "127.0.0.3", who);
        }
        assert!(places.heard(guest), "the guest kept its place");
    }

    #[test]
    fn handshakes_under_way_are_not_given_up_and_a_newcomer_is_told_busy() {
        let mut places = Places::default();
        let ids: Vec<_> = ["a", "b", "c"]
            .iter()
            .map(|who| admitted(&mut places, "10.0.0.1", who).0)
            .collect();
        for &id in &ids {
            assert!(places.heard(id));
        }
        assert_eq!(places.admit(ip("10.0.0.77"), "d"), Admission::Busy);
        // Another network still has places.
        admitted(&mut places, "10.0.1.1", "e");
        places.leave(ids[0]);
        assert_eq!(admitted(&mut places, "10.0.0.77", "f").1, None);
    }

    #[test]
    fn when_every_place_is_taken_the_oldest_silent_one_anywhere_gives_way() {
        let mut places = Places::default();
        let mut ids = Vec::new();
        for n in 0..MAX_HANDSHAKES {
            let address = format!("10.0.{n}.1");
            ids.push(admitted(&mut places, &address, "silent").0);
        }
        assert!(places.heard(ids[0]));
        // The first spoke; the second is the oldest silent one.
        let (guest, out) = admitted(&mut places, "192.168.1.5", "guest");
        assert_eq!(out, Some("silent"));
        assert!(!places.heard(ids[1]), "given up");
        for &id in ids[2..].iter().chain([&guest]) {
            assert!(places.heard(id));
        }
        assert_eq!(places.admit(ip("192.168.2.5"), "late"), Admission::Busy);
    }
}

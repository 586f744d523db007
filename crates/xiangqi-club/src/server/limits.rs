//! The bounds a server keeps to against clients that ask too much: how often each may ask
//! (token buckets), and how many connections and handshakes one address may have at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A token bucket: `burst` requests at once, then one every `every`.
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    burst: f64,
    per_sec: f64,
    last: Instant,
}

impl Bucket {
    pub(crate) fn new(burst: u32, every: Duration) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            per_sec: 1.0 / every.as_secs_f64().max(1e-6),
            last: Instant::now(),
        }
    }

    /// Takes a token at `now` if there is one.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_sec).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Counts per address, shared by the accepting loop and the connections; a [`Slot`] holds
/// one place and gives it back when dropped.
#[derive(Clone, Debug, Default)]
pub(crate) struct PerAddress {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One place taken in a [`PerAddress`] count.
#[derive(Debug)]
pub(crate) struct Slot {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    addr: IpAddr,
}

impl PerAddress {
    /// A place for `addr` if it has fewer than `max`; and the total of all addresses is
    /// under `total`.
    pub(crate) fn take(&self, addr: IpAddr, max: usize, total: usize) -> Option<Slot> {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let all: usize = counts.values().sum();
        let n = counts.entry(addr).or_insert(0);
        if *n >= max || all >= total {
            if *n == 0 {
                counts.remove(&addr);
            }
            return None;
        }
        *n += 1;
        Some(Slot {
            counts: Arc::clone(&self.counts),
            addr,
        })
    }

    /// Places taken by all addresses.
    #[cfg(test)]
    pub(crate) fn total(&self) -> usize {
        self.counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .sum()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = counts.get_mut(&self.addr) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_one_a_period() {
        let t0 = Instant::now();
        let mut b = Bucket::new(3, Duration::from_secs(1));
        assert!((0..3).all(|_| b.take(t0)));
        assert!(!b.take(t0));
        assert!(!b.take(t0 + Duration::from_millis(500)));
        assert!(b.take(t0 + Duration::from_millis(1000)));
        assert!(!b.take(t0 + Duration::from_millis(1100)));
    }

    #[test]
    fn an_address_gets_its_places_back_when_connections_end() {
        let counts = PerAddress::default();
        let a: IpAddr = "127.0.0.1".parse().expect("slot");
        let b: IpAddr = "::1".parse().expect("slot");
        let first = counts.take(a, 2, 10).expect("slot");
        let _second = counts.take(a, 2, 10).expect("slot");
        assert!(counts.take(a, 2, 10).is_none());
        assert!(counts.take(b, 2, 3).is_some_and(|s| {
            drop(s);
            true
        }));
        assert!(counts.take(b, 2, 2).is_none(), "the total is full");
        drop(first);
        assert!(counts.take(a, 2, 10).is_some());
        assert_eq!(counts.total(), 1);
    }
}

//! Who may open another connection: at most `max` in all and `per_address` from one client
//! address, so neither a flood nor one greedy address can take every connection (trusted proxies,
//! which carry many visitors, count only against the total).

use std::{
    collections::HashMap,
    net::IpAddr,
    sync::{Arc, Mutex, PoisonError},
};

use crate::{client_address::TrustedProxies, metrics};

#[derive(Debug)]
pub struct Admission {
    max: usize,
    per_address: usize,
    proxies: TrustedProxies,
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Why a connection was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Full,
    AddressFull,
}

impl Refusal {
    /// Its name in the metrics.
    pub fn reason(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::AddressFull => "address_full",
        }
    }
}

impl Admission {
    pub fn new(max: usize, per_address: usize, proxies: TrustedProxies) -> Arc<Self> {
        Arc::new(Self { max, per_address, proxies, open: Mutex::default() })
    }

    /// Counts a connection from `peer` in, or says why not. The pass counts it out when dropped.
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<Pass, Refusal> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= self.max {
            return Err(Refusal::Full);
        }
        let proxy = self.proxies.trusts(peer);
        if !proxy {
            let from_peer = open.by_address.entry(peer).or_default();
            if *from_peer >= self.per_address {
                return Err(Refusal::AddressFull);
            }
            *from_peer += 1;
        }
        open.total += 1;
        metrics::connection_opened();
        Ok(Pass { admission: Arc::clone(self), peer: (!proxy).then_some(peer) })
    }
}

/// One admitted connection; dropping it frees its place.
#[derive(Debug)]
pub struct Pass {
    admission: Arc<Admission>,
    /// The address it counts against, unless it came from a trusted proxy.
    peer: Option<IpAddr>,
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut open = self.admission.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.total -= 1;
        metrics::connection_closed();
        if let Some(peer) = self.peer
            && let Some(count) = open.by_address.get_mut(&peer)
        {
            *count -= 1;
            if *count == 0 {
                open.by_address.remove(&peer);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn one_address_gets_its_share_and_others_still_get_in() {
        let admission = Admission::new(10, 2, TrustedProxies::default());
        let first = admission.admit(ip("203.0.113.9")).unwrap();
        let _second = admission.admit(ip("203.0.113.9")).unwrap();
        assert_eq!(admission.admit(ip("203.0.113.9")).unwrap_err(), Refusal::AddressFull);
        let _other = admission.admit(ip("198.51.100.7")).unwrap();
        drop(first);
        assert!(admission.admit(ip("203.0.113.9")).is_ok(), "a closed connection frees its place");
    }

    #[test]
    fn past_the_total_everyone_waits_and_places_come_back() {
        let admission = Admission::new(2, 5, TrustedProxies::default());
        let passes = [admission.admit(ip("10.0.0.1")).unwrap(), admission.admit(ip("10.0.0.2")).unwrap()];
        assert_eq!(admission.admit(ip("10.0.0.3")).unwrap_err(), Refusal::Full);
        drop(passes);
        assert_eq!(admission.open.lock().unwrap().total, 0);
        assert!(admission.open.lock().unwrap().by_address.is_empty(), "no address is remembered");
    }

    #[test]
    fn a_trusted_proxy_counts_only_against_the_total() {
        let admission = Admission::new(5, 1, TrustedProxies::parse("127.0.0.1").unwrap());
        let passes: Vec<_> = (0..5).map(|_| admission.admit(ip("127.0.0.1")).unwrap()).collect();
        assert_eq!(admission.admit(ip("127.0.0.1")).unwrap_err(), Refusal::Full);
        drop(passes);
        assert_eq!(admission.open.lock().unwrap().total, 0);
    }
}

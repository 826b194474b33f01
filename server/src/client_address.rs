//! The visitor's address: the connection's peer, or, when the peer is a trusted reverse proxy
//! (`--trusted-proxies`), the address the proxies report in `X-Forwarded-For`. The booking rate
//! limit, sign-in throttling and the audit log all use it.

use std::{convert::Infallible, net::IpAddr};

use anyhow::Context as _;
use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, request::Parts},
};
use ipnet::IpNet;

/// Addresses and networks whose `X-Forwarded-For` is believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Comma-separated addresses (`10.0.0.2`, `::1`) or networks (`10.0.0.0/8`).
    pub fn parse(list: &str) -> anyhow::Result<Self> {
        let proxies = list
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(|item| {
                item.parse::<IpNet>()
                    .or_else(|_| item.parse::<IpAddr>().map(IpNet::from))
                    .with_context(|| format!("--trusted-proxies: {item:?} is not an address or a network"))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Self(proxies))
    }

    pub fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(&address))
    }

    /// The client's address. Behind trusted proxies it is the last address in
    /// `X-Forwarded-For` that is not itself a trusted proxy: each proxy appends the address it
    /// was reached from, and only what trusted proxies appended can be believed.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer;
        if !self.trusts(peer) {
            return client;
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .collect();
        for hop in forwarded.iter().rev() {
            match parse_hop(hop) {
                Some(address) => {
                    client = address;
                    if !self.trusts(address) {
                        break;
                    }
                }
                // A malformed entry was written by the client itself: believe no further.
                None => break,
            }
        }
        client
    }
}

/// An `X-Forwarded-For` entry: an address, possibly with a port (`203.0.113.9:4711`,
/// `[2001:db8::1]:4711`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse().ok().or_else(|| {
        let host = hop.strip_prefix('[').and_then(|rest| rest.split_once(']')).map(|(host, _)| host);
        host.or_else(|| hop.rsplit_once(':').map(|(host, _)| host)).and_then(|host| host.parse().ok())
    })
}

/// The client's address of a request, as the server loop found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Infallible> {
        Ok(parts.extensions.get::<Self>().copied().unwrap_or(Self(IpAddr::from([0, 0, 0, 0]))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_the_headers_say() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("198.51.100.7"), &forwarded(&["203.0.113.9"])), ip("198.51.100.7"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_last_untrusted_hop_is_the_client() {
        let proxies = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").unwrap();
        let headers = forwarded(&["1.2.3.4, 203.0.113.9", "10.0.0.5"]);
        assert_eq!(
            proxies.client(ip("127.0.0.1"), &headers),
            ip("203.0.113.9"),
            "1.2.3.4 was made up by the client"
        );
        assert_eq!(proxies.client(ip("127.0.0.1"), &forwarded(&["[2001:db8::1]:4711"])), ip("2001:db8::1"));
        assert_eq!(proxies.client(ip("127.0.0.1"), &forwarded(&["203.0.113.9:4711"])), ip("203.0.113.9"));
        assert_eq!(proxies.client(ip("127.0.0.1"), &HeaderMap::new()), ip("127.0.0.1"));
        assert_eq!(proxies.client(ip("127.0.0.1"), &forwarded(&["203.0.113.9, junk"])), ip("127.0.0.1"));
        assert_eq!(proxies.client(ip("198.51.100.7"), &forwarded(&["203.0.113.9"])), ip("198.51.100.7"));
    }

    #[test]
    fn a_bad_list_names_the_bad_item() {
        let error = TrustedProxies::parse("10.0.0.1, nginx").unwrap_err();
        assert!(format!("{error:#}").contains("\"nginx\""));
        assert!(TrustedProxies::parse("").unwrap().0.is_empty());
    }
}

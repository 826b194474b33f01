//! Who a request comes from, as Insights counts it: a number for the day (never an address or a
//! browser), the kind of device, how the visitor arrived, and whether to count them at all.

use std::{hash::Hasher as _, net::IpAddr};

use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use axum::http::{HeaderMap, header};
use siphasher::sip::SipHasher13;

use crate::domain::one_line;

/// The day's random key: visitors are numbered with it, so a number is the same all day and says
/// nothing the next. Kept only in memory; a new one is made at the shop's midnight.
pub struct Salt {
    key: [u8; 16],
}

impl Salt {
    pub fn new() -> Self {
        let mut key = [0; 16];
        OsRng.fill_bytes(&mut key);
        Self { key }
    }

    /// The visitor at `address` with the browser `agent`, on `site`, today.
    pub fn visitor(&self, site: &str, address: IpAddr, agent: &str) -> i64 {
        let mut hasher = SipHasher13::new_with_key(&self.key);
        hasher.write(site.as_bytes());
        hasher.write_u8(0);
        match address {
            IpAddr::V4(v4) => hasher.write(&v4.octets()),
            IpAddr::V6(v6) => hasher.write(&v6.octets()),
        }
        hasher.write_u8(0);
        hasher.write(agent.as_bytes());
        i64::from_ne_bytes(hasher.finish().to_ne_bytes())
    }
}

/// The kind of device, from the user agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    Phone,
    Tablet,
    Desktop,
}

impl Device {
    pub fn of(agent: &str) -> Self {
        if agent.contains("iPad")
            || agent.contains("Tablet")
            || (agent.contains("Android") && !agent.contains("Mobile"))
        {
            Self::Tablet
        } else if agent.contains("Mobi") || agent.contains("iPhone") {
            Self::Phone
        } else {
            Self::Desktop
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Phone => "phone",
            Self::Tablet => "tablet",
            Self::Desktop => "desktop",
        }
    }
}

/// Words in the user agents of crawlers, link previews, monitors and HTTP tools.
const BOT_WORDS: [&str; 16] = [
    "bot",
    "Bot",
    "crawl",
    "Crawl",
    "spider",
    "Spider",
    "Slurp",
    "HeadlessChrome",
    "Lighthouse",
    "facebookexternalhit",
    "preview",
    "Preview",
    "monitor",
    "Monitor",
    "Pingdom",
    "python",
];

/// A crawler or a tool, not a person's browser: every browser's user agent starts with
/// `Mozilla/`; crawlers that pretend to be one name themselves.
pub fn is_bot(agent: &str) -> bool {
    !agent.starts_with("Mozilla/") || BOT_WORDS.iter().any(|word| agent.contains(word))
}

/// The browser asks not to be tracked (`DNT: 1`) or sends Global Privacy Control (`Sec-GPC: 1`).
pub fn declines(headers: &HeaderMap) -> bool {
    let says_one = |name: &str| headers.get(name).is_some_and(|value| value.as_bytes() == b"1");
    says_one("dnt") || says_one("sec-gpc")
}

/// How a visitor arrived: the host of the page that linked here (not this site) and the landing
/// page's campaign tags; empty when none.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Arrival {
    pub referrer: Box<str>,
    pub utm_source: Box<str>,
    pub utm_medium: Box<str>,
    pub utm_campaign: Box<str>,
}

/// The longest campaign tag kept.
const LONGEST_TAG: usize = 100;

impl Arrival {
    /// From the `Referer` header (unless it is this site, `headers`' own host) and `query`.
    pub fn of(headers: &HeaderMap, query: Option<&str>) -> Self {
        let mut arrival = Self::default();
        if let Some(referrer) = headers.get(header::REFERER).and_then(|value| value.to_str().ok())
            && let Ok(url) = url::Url::parse(referrer)
            && let Some(host) = url.host_str()
        {
            let own = headers.get(header::HOST).and_then(|value| value.to_str().ok()).unwrap_or_default();
            let own = own.rsplit_once(':').map_or(own, |(name, _)| name);
            if !host.eq_ignore_ascii_case(own) {
                arrival.referrer = host.to_ascii_lowercase().into();
            }
        }
        if let Some(query) = query.filter(|query| query.contains("utm_")) {
            for (name, value) in url::form_urlencoded::parse(query.as_bytes()) {
                let tag = || one_line(&value, LONGEST_TAG).unwrap_or_default().into();
                match &*name {
                    "utm_source" => arrival.utm_source = tag(),
                    "utm_medium" => arrival.utm_medium = tag(),
                    "utm_campaign" => arrival.utm_campaign = tag(),
                    _ => {}
                }
            }
        }
        arrival
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
    const ANDROID_PHONE: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
    const ANDROID_TABLET: &str = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const DESKTOP: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

    #[test]
    fn a_visitor_is_the_same_all_day_and_another_with_the_next_salt() {
        let today = Salt::new();
        let address: IpAddr = "203.0.113.7".parse().unwrap();
        let key = today.visitor("https://shop.example", address, DESKTOP);
        assert_eq!(today.visitor("https://shop.example", address, DESKTOP), key);
        assert_ne!(today.visitor("https://shop.example", address, PHONE), key);
        assert_ne!(today.visitor("https://shop.example", "203.0.113.8".parse().unwrap(), DESKTOP), key);
        assert_ne!(Salt::new().visitor("https://shop.example", address, DESKTOP), key);
    }

    #[test]
    fn devices_are_told_apart_by_the_user_agent() {
        assert_eq!(Device::of(PHONE), Device::Phone);
        assert_eq!(Device::of(ANDROID_PHONE), Device::Phone);
        assert_eq!(Device::of(ANDROID_TABLET), Device::Tablet);
        assert_eq!(Device::of("Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) Mobile/15E148"), Device::Tablet);
        assert_eq!(Device::of(DESKTOP), Device::Desktop);
    }

    #[test]
    fn crawlers_and_tools_are_bots_and_browsers_are_not() {
        for bot in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0)",
            "curl/8.5.0",
            "python-requests/2.32",
            "Go-http-client/1.1",
            "",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
            "facebookexternalhit/1.1",
        ] {
            assert!(is_bot(bot), "{bot}");
        }
        for browser in [PHONE, ANDROID_PHONE, ANDROID_TABLET, DESKTOP] {
            assert!(!is_bot(browser), "{browser}");
        }
    }

    #[test]
    fn do_not_track_and_global_privacy_control_are_honoured() {
        let mut headers = HeaderMap::new();
        assert!(!declines(&headers));
        headers.insert("dnt", "0".parse().unwrap());
        assert!(!declines(&headers));
        headers.insert("dnt", "1".parse().unwrap());
        assert!(declines(&headers));
        let mut headers = HeaderMap::new();
        headers.insert("sec-gpc", "1".parse().unwrap());
        assert!(declines(&headers));
    }

    #[test]
    fn an_arrival_is_another_sites_host_and_the_campaign_tags() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, "shop.example:8080".parse().unwrap());
        headers.insert(header::REFERER, "https://www.Google.com/search?q=trailer".parse().unwrap());
        let arrival =
            Arrival::of(&headers, Some("utm_source=news%20letter&utm_medium=email&utm_campaign=spring&x=1"));
        assert_eq!(&*arrival.referrer, "www.google.com");
        assert_eq!(&*arrival.utm_source, "news letter");
        assert_eq!(&*arrival.utm_medium, "email");
        assert_eq!(&*arrival.utm_campaign, "spring");
        headers.insert(header::REFERER, "http://shop.example:8080/services".parse().unwrap());
        assert_eq!(Arrival::of(&headers, None), Arrival::default());
    }
}

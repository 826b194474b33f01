//! Every request's id: taken from a trusted proxy's `X-Request-Id`, else made here. It is
//! returned in the answer's `X-Request-Id`, written in the request's log line and in the log of
//! whatever went wrong while answering, and named in a 500 answer, so a visitor's report of an
//! error can be found in the log.

use std::sync::{
    LazyLock,
    atomic::{AtomicU64, Ordering},
};

use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use axum::http::{HeaderMap, HeaderName, HeaderValue};

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");
/// The longest id taken from a proxy.
const MAX_LEN: usize = 128;

/// This process's part of the ids it makes, so that two instances never make the same one.
static PREFIX: LazyLock<u32> = LazyLock::new(|| OsRng.next_u32());
static NEXT: AtomicU64 = AtomicU64::new(1);

tokio::task_local! {
    static CURRENT: RequestId;
}

#[derive(Clone, Debug)]
pub struct RequestId(HeaderValue);

impl RequestId {
    /// The id a trusted proxy gave (`trusted`), when it is one (1-128 letters, digits, and
    /// `-_.:`); else a new one.
    pub fn for_request(headers: &HeaderMap, trusted: bool) -> Self {
        trusted
            .then(|| headers.get(HEADER))
            .flatten()
            .filter(|value| well_formed(value.as_bytes()))
            .map_or_else(Self::new, |value| Self(value.clone()))
    }

    fn new() -> Self {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let text = format!("{:08x}-{n:x}", *PREFIX);
        Self(HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("unknown")))
    }

    pub fn header(&self) -> HeaderValue {
        self.0.clone()
    }

    pub fn as_str(&self) -> &str {
        // Only visible ASCII gets in (`well_formed`, or made above).
        self.0.to_str().unwrap_or("unknown")
    }

    /// Runs `future` as the request with this id (see `current`).
    pub async fn scope<F: Future>(self, future: F) -> F::Output {
        CURRENT.scope(self, future).await
    }
}

fn well_formed(value: &[u8]) -> bool {
    (1..=MAX_LEN).contains(&value.len())
        && value.iter().all(|byte| byte.is_ascii_alphanumeric() || b"-_.:".contains(byte))
}

/// The id of the request being answered, if this runs inside one.
pub fn current() -> Option<String> {
    CURRENT.try_with(|id| id.as_str().to_owned()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trusted_proxys_id_is_kept_when_well_formed() {
        let mut headers = HeaderMap::new();
        headers.insert(HEADER, HeaderValue::from_static("edge-42.abc"));
        assert_eq!(RequestId::for_request(&headers, true).as_str(), "edge-42.abc");
        let made = RequestId::for_request(&headers, false);
        assert_ne!(made.as_str(), "edge-42.abc", "only a trusted proxy's id is taken");
        headers.insert(HEADER, HeaderValue::from_static("a b"));
        assert_ne!(RequestId::for_request(&headers, true).as_str(), "a b");
        let (first, second) = (RequestId::new(), RequestId::new());
        assert_ne!(first.as_str(), second.as_str());
    }
}

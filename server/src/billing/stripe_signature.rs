//! The signature Stripe puts on the events it posts to us (`Stripe-Signature`):
//! `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, where each v1 is the HMAC-SHA256, keyed by the
//! endpoint's signing secret, of the timestamp, a full stop and the body as sent. A signature
//! older (or newer) than `TOLERANCE` is refused, so a recorded event cannot be replayed later.

use hmac::{Hmac, KeyInit as _, Mac as _};
use sha2::Sha256;

/// How far an event's timestamp may be from our clock, as Stripe's own libraries allow.
pub const TOLERANCE_SECONDS: i64 = 300;

/// Why an event's signature was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Unsigned {
    /// No header, or one without a timestamp or a v1 signature.
    Missing,
    /// Signed more than five minutes from now.
    Stale,
    /// No v1 signature is ours.
    Wrong,
}

/// The header Stripe would send for `payload` signed with `secret` at `timestamp`.
pub fn sign(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    let digest = mac(secret, timestamp, payload).finalize().into_bytes();
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

/// Whether `header` signs `payload` with `secret` within the tolerance of `now` (unix seconds);
/// each signature is compared in constant time.
pub fn verify(secret: &str, header: &str, payload: &[u8], now: i64) -> Result<(), Unsigned> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.extend(from_hex(value)),
            _ => {}
        }
    }
    let Some(timestamp) = timestamp else { return Err(Unsigned::Missing) };
    if signatures.is_empty() {
        return Err(Unsigned::Missing);
    }
    if (now - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(Unsigned::Stale);
    }
    let expected = mac(secret, timestamp, payload);
    if signatures.iter().any(|given| expected.clone().verify_slice(given).is_ok()) {
        Ok(())
    } else {
        Err(Unsigned::Wrong)
    }
}

fn mac(secret: &str, timestamp: i64, payload: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac
}

/// The bytes of lower- or upper-case hexadecimal `text`; none when it is not.
fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| text.get(at..at + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const PAYLOAD: &[u8] = br#"{"id":"evt_1","type":"checkout.session.completed"}"#;

    #[test]
    fn a_signature_made_now_verifies() {
        let header = sign(SECRET, 1_700_000_000, PAYLOAD);
        assert_eq!(verify(SECRET, &header, PAYLOAD, 1_700_000_000), Ok(()));
        assert_eq!(verify(SECRET, &header, PAYLOAD, 1_700_000_000 + TOLERANCE_SECONDS), Ok(()));
    }

    /// HMAC-SHA256 computed apart (Python's hmac) for this secret, time and body.
    #[test]
    fn the_digest_is_stripes() {
        assert_eq!(
            sign("whsec_abc", 1_614_556_800, b"{}"),
            "t=1614556800,v1=c11c66ac441149169e97e9843f7042147973ef74edb4d20eb107b414792ace37"
        );
    }

    #[test]
    fn stale_wrong_and_missing_signatures_are_refused() {
        let header = sign(SECRET, 1_700_000_000, PAYLOAD);
        assert_eq!(verify(SECRET, &header, PAYLOAD, 1_700_000_000 + 360), Err(Unsigned::Stale));
        assert_eq!(verify(SECRET, &header, PAYLOAD, 1_700_000_000 - 360), Err(Unsigned::Stale));
        assert_eq!(verify("whsec_other", &header, PAYLOAD, 1_700_000_000), Err(Unsigned::Wrong));
        assert_eq!(verify(SECRET, &header, b"{}", 1_700_000_000), Err(Unsigned::Wrong));
        assert_eq!(verify(SECRET, "", PAYLOAD, 1_700_000_000), Err(Unsigned::Missing));
        assert_eq!(verify(SECRET, "t=1700000000", PAYLOAD, 1_700_000_000), Err(Unsigned::Missing));
        assert_eq!(verify(SECRET, "t=1700000000,v1=zz", PAYLOAD, 1_700_000_000), Err(Unsigned::Missing));
    }

    #[test]
    fn any_of_several_signatures_may_be_ours() {
        let ours = sign(SECRET, 1_700_000_000, PAYLOAD);
        let theirs = sign("whsec_rolled", 1_700_000_000, PAYLOAD);
        let both = format!("{theirs},{}", ours.split_once(',').map(|(_, v1)| v1).unwrap_or_default());
        assert_eq!(verify(SECRET, &both, PAYLOAD, 1_700_000_000), Ok(()));
    }
}

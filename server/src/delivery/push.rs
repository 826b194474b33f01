//! Web Push (RFC 8030): a notification encrypted for one browser (RFC 8291, aes128gcm) and
//! signed with the server's VAPID key (RFC 8292), posted to the browser's push service with the
//! same HTTP client as the webhook. The key pair is made at first start and kept in the
//! database, so every instance signs with it and browsers subscribed through any of them work.

use std::time::Duration;

use anyhow::Context as _;
use argon2::password_hash::rand_core::OsRng;
use base64ct::{Base64UrlUnpadded, Encoding as _};
use p256::{
    PublicKey,
    ecdsa::{Signature, SigningKey, signature::Signer as _},
};
use serde::Serialize;
use web_push_native::{Auth, WebPushBuilder};

use super::{BookingMessage, Purpose, devices::Target};
use crate::{
    clock::Clock,
    db::Db,
    domain::clipped,
    on_call::steps::{Beat, LONGEST},
    site::content::{Asks, Chat, Given},
    with_db,
};

/// How long a push service keeps trying to reach the device (the TTL header), and how long the
/// VAPID signature is valid (RFC 8292 allows 24 hours at most).
const KEEP_FOR: Duration = Duration::from_secs(12 * 60 * 60);
const VAPID_KEY: &str = "vapid-private-key";

/// What the notification shows. Nothing of the customer's contact details: a lock screen is
/// read by whoever holds the phone.
#[derive(Debug, Serialize)]
pub struct Notice {
    pub title: String,
    pub body: String,
    /// The page a tap opens (`/dbadmin/bookings/12`).
    pub url: String,
    /// A later notice with the same tag replaces the earlier one on the device.
    pub tag: String,
    /// Stays on screen until the owner acts (emergencies and urgent requests).
    pub urgent: bool,
    /// Offers 'I've got it' (a new urgent request, or its escalation).
    pub take: bool,
    /// Alerts again though it replaces a notice with the same tag (an escalation's step).
    pub renotify: bool,
}

impl Notice {
    /// What the owner's devices show of booking `message` for `purpose`: the kind of request,
    /// the trailer and the city, the service; never the customer's name, phone or e-mail.
    pub fn for_booking(message: &BookingMessage, answers: &[Given], chat: &Chat, purpose: Purpose) -> Self {
        let id = message.booking_id;
        let url = format!("/dbadmin/bookings/{id}");
        let tag = format!("booking-{id}");
        let urgent = message.urgent;
        match purpose {
            Purpose::Changed(_) => Self {
                title: format!("Request #{id}: another time asked for"),
                body: "The customer picked another time with their link. Confirm it or set one.".to_owned(),
                url,
                tag,
                urgent,
                take: false,
                renotify: false,
            },
            Purpose::Text(_) => Self {
                title: format!("Request #{id}: a text from the customer"),
                body: "Open the request to read it and answer.".to_owned(),
                url,
                tag,
                urgent,
                take: false,
                renotify: false,
            },
            Purpose::Escalation(step) => {
                let kind = if message.emergency { "emergency" } else { "urgent request" };
                let (title, body) = match Beat::of(step) {
                    Beat::LastAlert => (
                        format!("Last alert: {kind} #{id}"),
                        format!(
                            "The {LONGEST}-minute promise runs out soon and nobody has answered the customer. Call them now."
                        ),
                    ),
                    Beat::PastPromise { minutes } => (
                        format!("Past the promise: {kind} #{id}"),
                        format!("Nobody has answered the customer in {minutes} minutes. Call them now."),
                    ),
                    Beat::First | Beat::Second | Beat::Everyone => (
                        format!("Still waiting: {kind} #{id}"),
                        format!("Nobody has answered this {kind} yet. Open it and tap I've got it."),
                    ),
                };
                Self { title, body, url, tag, urgent: true, take: true, renotify: true }
            }
            Purpose::Cancelled => Self {
                title: format!("Request #{id} was cancelled"),
                body: "The customer cancelled with their link.".to_owned(),
                url,
                tag,
                urgent,
                take: false,
                renotify: false,
            },
            _ => {
                let picked = chat.summary(answers);
                let kind = match (message.emergency, message.urgent) {
                    (true, _) => "Emergency",
                    (false, true) => "Urgent",
                    (false, false) => "New request",
                };
                let what = picked.first().copied().unwrap_or("Service request");
                let title = match &message.location_city {
                    Some(city) => format!("{kind}: {what}, {city}"),
                    None => format!("{kind}: {what}"),
                };
                // What is wrong in the customer's words, short, then the rest of the answers.
                let words = chat
                    .answer_to(Asks::Job, answers)
                    .map(|words| format!("\u{201c}{}\u{201d}", clipped(words, 60)));
                let mut body: Vec<String> = words.into_iter().collect();
                body.extend(picked.iter().skip(1).map(|answer| (*answer).to_owned()));
                body.push(format!("Request #{id}"));
                Self { title, body: body.join(" · "), url, tag, urgent, take: urgent, renotify: false }
            }
        }
    }

    /// The test the owner sends a device from the account page.
    pub fn test(shop: &str) -> Self {
        Self {
            title: "Test notification".to_owned(),
            body: format!("Notifications from {shop} reach this device."),
            url: "/dbadmin/account".to_owned(),
            tag: "test".to_owned(),
            urgent: false,
            take: false,
            renotify: false,
        }
    }
}

/// How a push service answered.
pub enum Pushed {
    Delivered,
    /// 404 or 410: the browser unsubscribed; the device is to be forgotten.
    Gone,
}

pub struct PushSender {
    client: reqwest::Client,
    key: SigningKey,
    /// The public key as browsers take it (`applicationServerKey`): uncompressed, base64url.
    public_key: String,
    /// Whose "now" the tokens' expiry counts from.
    clock: Clock,
}

impl PushSender {
    /// The server's VAPID key pair from the database, made and stored first if there is none
    /// (instances starting at once agree: the first insert wins and everyone reads it back).
    pub async fn load(db: &Db) -> anyhow::Result<Self> {
        let made = Base64UrlUnpadded::encode_string(&SigningKey::random(&mut OsRng).to_bytes());
        let stored: String = with_db!(db, |pool| {
            sqlx::query(
                "INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
            )
            .bind(VAPID_KEY)
            .bind(&made)
            .bind(db.clock.stamp())
            .execute(pool)
            .await?;
            sqlx::query_scalar("SELECT value FROM server_keys WHERE name = $1")
                .bind(VAPID_KEY)
                .fetch_one(pool)
                .await?
        });
        let bytes =
            Base64UrlUnpadded::decode_vec(&stored).context("The stored VAPID key is not base64url")?;
        let key = SigningKey::from_slice(&bytes).context("The stored VAPID key is invalid")?;
        let public_key =
            Base64UrlUnpadded::encode_string(key.verifying_key().to_encoded_point(false).as_bytes());
        // A push service answers where it is asked; a redirect is not followed (it could point
        // the server at an address of its own network).
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("Failed to build the push client")?;
        Ok(Self { client, key, public_key, clock: db.clock.clone() })
    }

    pub fn public_key(&self) -> &str {
        &self.public_key
    }

    /// Sends `notice` to `target`; `contact` is the VAPID subject (a mailto: or https: address
    /// the push service may reach the shop at), `topic` lets the push service replace a copy it
    /// still holds (so a retry after a crash is not shown twice).
    pub async fn send(
        &self,
        target: &Target,
        notice: &Notice,
        contact: &str,
        topic: &str,
    ) -> anyhow::Result<Pushed> {
        let endpoint = target.endpoint.parse().context("The device's push endpoint is not an address")?;
        let public = Base64UrlUnpadded::decode_vec(&target.p256dh)
            .ok()
            .and_then(|bytes| PublicKey::from_sec1_bytes(&bytes).ok())
            .context("The device's key is not a P-256 public key")?;
        let auth: [u8; 16] = Base64UrlUnpadded::decode_vec(&target.auth)
            .ok()
            .and_then(|auth| auth.try_into().ok())
            .context("The device's secret is not 16 bytes")?;
        let mut request = WebPushBuilder::new(endpoint, public, Auth::from(auth))
            .with_valid_duration(KEEP_FOR)
            .build(serde_json::to_vec(notice)?)
            .map_err(|e| anyhow::anyhow!("The push could not be encrypted: {e}"))?;
        let authorization = self.vapid(&target.endpoint, contact)?;
        request.headers_mut().insert("authorization", axum::http::HeaderValue::from_str(&authorization)?);
        let urgency = if notice.urgent { "high" } else { "normal" };
        request.headers_mut().insert("urgency", axum::http::HeaderValue::from_static(urgency));
        request.headers_mut().insert("topic", axum::http::HeaderValue::from_str(&topic_of(topic))?);
        let request = reqwest::Request::try_from(request).context("The push request could not be made")?;
        let response = self.client.execute(request).await.context("The push service could not be reached")?;
        match response.status().as_u16() {
            200..=299 => Ok(Pushed::Delivered),
            404 | 410 => Ok(Pushed::Gone),
            // Only the status is kept: the body is the push service's, not ours to show.
            status => anyhow::bail!("The push service answered {status}"),
        }
    }
}

impl PushSender {
    /// The VAPID authorization for `endpoint` (RFC 8292): a JWT for the push service's origin
    /// (its port included), valid as long as the push, naming `contact`, signed with ES256, and
    /// the public key to check it with.
    fn vapid(&self, endpoint: &str, contact: &str) -> anyhow::Result<String> {
        let audience = url::Url::parse(endpoint)?.origin().ascii_serialization();
        let expires = self.clock.now().as_second() + i64::try_from(KEEP_FOR.as_secs())?;
        let header = Base64UrlUnpadded::encode_string(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({ "aud": audience, "exp": expires, "sub": contact });
        let signed = format!("{header}.{}", Base64UrlUnpadded::encode_string(&serde_json::to_vec(&claims)?));
        let signature: Signature = self.key.sign(signed.as_bytes());
        let signature = Base64UrlUnpadded::encode_string(&signature.to_bytes());
        Ok(format!("vapid t={signed}.{signature}, k={}", self.public_key))
    }
}

/// A Topic header value (RFC 8030: at most 32 characters of the base64url alphabet).
fn topic_of(key: &str) -> String {
    key.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').take(32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(emergency: bool, urgent: bool, city: Option<&str>) -> BookingMessage {
        BookingMessage {
            booking_id: 12,
            key: "k".into(),
            name: "Dana Hill".into(),
            email: "dana@example.com".into(),
            phone: "(303) 555-0100".into(),
            message: String::new(),
            urgent,
            emergency,
            location_city: city.map(Into::into),
        }
    }

    #[test]
    fn a_notice_names_the_kind_trailer_and_city_and_no_contact_detail() {
        let content = crate::site::content::Content::load(None).expect("the built-in content");
        let chat = &content.chat;
        let questions: Vec<&str> = chat.steps.iter().map(|step| step.question.as_str()).collect();
        let answers = chat.given(&[
            (questions[0], "Enclosed Trailer"),
            (questions[1], "Emergency service"),
            (questions[2], "Need mobile service"),
            (questions[3], "Emergency (need immediate help)"),
        ]);
        let notice =
            Notice::for_booking(&message(true, true, Some("Aurora")), &answers, chat, Purpose::Request);
        assert_eq!(notice.title, "Emergency: Enclosed Trailer, Aurora");
        assert_eq!(notice.body, "Need mobile service · Request #12");
        assert_eq!(notice.url, "/dbadmin/bookings/12");
        for detail in ["Dana", "555", "dana@"] {
            assert!(!notice.title.contains(detail) && !notice.body.contains(detail), "{detail}");
        }
        let plain = Notice::for_booking(&message(false, false, None), &answers[..1], chat, Purpose::Request);
        assert_eq!(plain.title, "New request: Enclosed Trailer");
        assert!(!plain.urgent);
    }

    #[test]
    fn topics_keep_to_the_base64url_alphabet_and_32_characters() {
        assert_eq!(topic_of("b12-request@3"), "b12-request3");
        assert_eq!(topic_of(&"x".repeat(40)).len(), 32);
    }
}

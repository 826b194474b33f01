//! The browsers that get push notifications: each one's push service endpoint and keys (as the
//! browser's `PushSubscription.toJSON()` gives them), its name, what it wants to hear of and its
//! quiet hours, and the choice of which devices a new request or a customer's change goes to.

use std::future::Future;

use base64ct::{Base64UrlUnpadded, Encoding as _};
use serde::Deserialize;

mod store;

pub use store::{Device, Settings, Target, add, any, get, list, remove, remove_endpoint, target, update};

use super::message::{Channel, DeliveryState, Purpose};
use crate::{clock::At, for_both_connections};

/// `PushSubscription.toJSON()` as the browser makes it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    /// The push service's address for this browser: https (http only on a loopback address).
    #[schema(max_length = 2048)]
    pub endpoint: String,
    /// When the push service ends it (milliseconds since 1970), if it says.
    #[serde(default)]
    pub expiration_time: Option<f64>,
    pub keys: SubscriptionKeys,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SubscriptionKeys {
    /// The browser's P-256 public key, uncompressed, base64url.
    #[schema(min_length = 86, max_length = 88)]
    pub p256dh: String,
    /// The browser's 16-byte authentication secret, base64url.
    #[schema(min_length = 22, max_length = 24)]
    pub auth: String,
}

impl Subscription {
    /// The endpoint and keys, checked: an https endpoint of a public host (or http on loopback, for
    /// local stand-ins), a P-256 point and a 16-byte secret.
    pub fn check(&self) -> Result<Target, (&'static str, &'static str)> {
        let endpoint = self.endpoint.trim();
        let url =
            url::Url::parse(endpoint).map_err(|_| ("endpoint", "The push endpoint is not an address"))?;
        let loopback = matches!(url.host(), Some(url::Host::Domain("localhost")))
            || match url.host() {
                Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
                Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
                _ => false,
            };
        // A push service is on the internet: an address of a private network is refused.
        let private = match url.host() {
            Some(url::Host::Ipv4(ip)) => ip.is_private() || ip.is_link_local() || ip.is_unspecified(),
            Some(url::Host::Ipv6(ip)) => {
                ip.is_unique_local() || ip.is_unicast_link_local() || ip.is_unspecified()
            }
            _ => false,
        };
        let allowed = url.scheme() == "https" || (url.scheme() == "http" && loopback);
        if endpoint.len() > 2048 || private || !allowed {
            return Err(("endpoint", "The push endpoint must be an https address"));
        }
        let key = Base64UrlUnpadded::decode_vec(self.keys.p256dh.trim_end_matches('='))
            .ok()
            .filter(|key| p256::PublicKey::from_sec1_bytes(key).is_ok());
        if key.is_none() {
            return Err(("keys.p256dh", "The browser's key is not a P-256 public key"));
        }
        let auth = Base64UrlUnpadded::decode_vec(self.keys.auth.trim_end_matches('=')).ok();
        if auth.is_none_or(|auth| auth.len() != 16) {
            return Err(("keys.auth", "The browser's secret must be 16 bytes"));
        }
        Ok(Target {
            endpoint: endpoint.to_owned(),
            p256dh: self.keys.p256dh.trim_end_matches('=').to_owned(),
            auth: self.keys.auth.trim_end_matches('=').to_owned(),
        })
    }
}

/// A short name for the device of `member` (their name; empty: none) behind `user_agent`, for
/// the whole team to tell it apart: "Ana's phone (Chrome on Android)", or without a name
/// "Safari on iPhone".
pub fn device_name(member: &str, user_agent: &str) -> String {
    let browser = browser_name(user_agent);
    let Some(first) = member.split_whitespace().next() else { return browser };
    let kind = if ["iPhone", "Android"].iter().any(|phone| user_agent.contains(phone)) {
        "phone"
    } else if user_agent.contains("iPad") {
        "tablet"
    } else {
        "computer"
    };
    format!("{first}'s {kind} ({browser})")
}

/// The browser and system behind `user_agent`: "Chrome on Android", "Safari on iPhone".
fn browser_name(user_agent: &str) -> String {
    let browser = [
        ("Edg/", "Edge"),
        ("Firefox/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map_or("Browser", |(_, name)| name);
    let system = [
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android"),
        ("Windows", "Windows"),
        ("Mac OS X", "Mac"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map(|(_, name)| name);
    match system {
        Some(system) => format!("{browser} on {system}"),
        None => browser.to_owned(),
    }
}

/// What a push is about, for choosing the devices that hear of it.
#[derive(Debug, Clone, Copy)]
pub struct Occasion {
    /// A request that is urgent (emergencies included).
    pub urgent: bool,
    /// An emergency: quiet hours do not hold it back.
    pub emergency: bool,
    /// A change the customer made with their link (not a new request).
    pub customer_change: bool,
    /// The minute of the day on the shop's clock now, for quiet hours.
    pub shop_minute: u16,
}

/// The minute of the day on the shop's clock now.
pub fn shop_minute(now: jiff::Timestamp, zone: &jiff::tz::TimeZone) -> u16 {
    let now = now.to_zoned(zone.clone());
    u16::try_from(i32::from(now.hour()) * 60 + i32::from(now.minute())).unwrap_or(0)
}

#[derive(sqlx::FromRow)]
struct Choice {
    id: i64,
    notify: String,
    customer_changes: bool,
    quiet_from: Option<String>,
    quiet_to: Option<String>,
}

/// How a device takes a push.
#[derive(Debug, PartialEq, Eq)]
enum Takes {
    Now,
    /// Its quiet hours hold it back (the delivery is kept, marked so).
    Quiet,
    Not,
}

impl Choice {
    fn takes(&self, occasion: Occasion) -> Takes {
        let wants = if occasion.customer_change {
            self.customer_changes
        } else {
            self.notify == "all" || occasion.urgent
        };
        if !wants {
            return Takes::Not;
        }
        let quiet = match (&self.quiet_from, &self.quiet_to) {
            (Some(from), Some(to)) => within(occasion.shop_minute, minute(from), minute(to)),
            _ => false,
        };
        if quiet && !occasion.emergency { Takes::Quiet } else { Takes::Now }
    }
}

/// "22:00" as the minute of the day.
fn minute(clock: &str) -> u16 {
    clock
        .split_once(':')
        .and_then(|(h, m)| Some(h.parse::<u16>().ok()? * 60 + m.parse::<u16>().ok()?))
        .unwrap_or(0)
}

/// Whether `now` falls in the quiet hours from `from` to `to` (which may run past midnight).
fn within(now: u16, from: u16, to: u16) -> bool {
    if from <= to { (from..to).contains(&now) } else { now >= from || now < to }
}

/// "HH:MM" on the 24-hour clock.
pub fn is_clock(text: &str) -> bool {
    text.len() == 5
        && text.split_once(':').is_some_and(|(h, m)| {
            h.parse::<u8>().is_ok_and(|h| h < 24) && m.parse::<u8>().is_ok_and(|m| m < 60)
        })
}

/// Pushes written inside the caller's transaction, so a request (or the customer's change) and
/// its pushes commit together.
pub trait PushWrites {
    /// One push of `purpose` per device that wants to hear of `occasion` for booking
    /// `booking_id`; one a device's quiet hours hold back is kept as cancelled, saying so.
    fn enqueue_pushes(
        &mut self,
        booking_id: i64,
        purpose: &str,
        occasion: Occasion,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// One push of `purpose` to each device of member `user_id`, about booking `booking_id`, due
    /// `now` (an escalation's page: quiet hours do not hold it back).
    fn enqueue_member_pushes(
        &mut self,
        booking_id: i64,
        purpose: Purpose,
        user_id: i64,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Forgets member `user_id`'s devices: they left the team.
    fn forget_devices_of(&mut self, user_id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl PushWrites {
    async fn enqueue_pushes(&mut self, booking_id: i64, purpose: &str, occasion: Occasion, now: &At) -> sqlx::Result<()> {
        let devices: Vec<Choice> =
            sqlx::query_as("SELECT id, notify, customer_changes, quiet_from, quiet_to FROM push_devices")
                .fetch_all(&mut *self)
                .await?;
        let pushes: Vec<(i64, DeliveryState, Option<&str>)> = devices
            .iter()
            .filter_map(|device| match device.takes(occasion) {
                Takes::Now => Some((device.id, DeliveryState::Pending, None)),
                Takes::Quiet => Some((device.id, DeliveryState::Cancelled, Some("held back: the device's quiet hours"))),
                Takes::Not => None,
            })
            .collect();
        if pushes.is_empty() {
            return Ok(());
        }
        // One statement for every device's push: each is a trip to the database inside the write.
        let rows = (0..pushes.len())
            .map(|n| format!("($1, $4, ${}, $2, ${}, ${}, $3, $3)", 3 * n + 5, 3 * n + 6, 3 * n + 7))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "INSERT INTO deliveries (booking_id, channel, device_id, purpose, state, last_error, next_attempt_at, created_at)
             VALUES {rows}
             ON CONFLICT DO NOTHING"
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(booking_id).bind(purpose).bind(now).bind(Channel::Push);
        for (device, state, note) in pushes {
            query = query.bind(device).bind(state).bind(note);
        }
        query.execute(&mut *self).await?;
        Ok(())
    }

    async fn enqueue_member_pushes(&mut self, booking_id: i64, purpose: Purpose, user_id: i64, now: &At) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO deliveries (booking_id, channel, device_id, purpose, next_attempt_at, created_at)
             SELECT $1, $5, id, $2, $3, $3 FROM push_devices WHERE user_id = $4
             ON CONFLICT DO NOTHING",
        )
        .bind(booking_id)
        .bind(purpose.key())
        .bind(now)
        .bind(user_id)
        .bind(Channel::Push)
        .execute(&mut *self)
        .await?;
        Ok(())
    }

    async fn forget_devices_of(&mut self, user_id: i64) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM push_devices WHERE user_id = $1").bind(user_id).execute(&mut *self).await?;
        Ok(())
    }
});

#[cfg(test)]
mod tests;

//! Texts (SMS) through a provider speaking Twilio's Programmable Messaging API (Twilio itself,
//! or SignalWire's compatible API through its base URL): sending, the signature on what the
//! provider posts back to us, how many parts a text takes, and what a customer's reply asks for.

pub mod consent;
pub mod conversation;
pub mod handover;
mod inbound;
pub mod keywords;
pub(super) mod outgoing;
pub(super) mod received;
pub mod routes;
pub mod segments;
pub mod signature;
pub mod status;
pub mod thread;

use std::time::Duration;

use anyhow::Context as _;
use serde::Deserialize;

use jiff::{ToSpan as _, civil::Time};

use crate::{clock::At, secret::Secret};

/// Twilio's API, unless `--sms-api-url` names another.
pub const TWILIO_API: &str = "https://api.twilio.com";
/// Texts to one number in a day on the shop's clock, at most (beyond it a text is not sent, and
/// says why); the answers to its keywords are not counted.
pub const DAILY_LIMIT: u32 = 8;
/// Why a text was not sent, kept as its error code beside the provider's: the customer did not
/// agree or stopped; the day's limit was reached.
pub const NOT_AGREED: &str = "not-agreed";
pub const OVER_THE_LIMIT: &str = "over-the-limit";
/// The provider's code for a number that opted out at the carrier (it replied STOP to it).
pub const CARRIER_OPTED_OUT: &str = "21610";
/// The public page of the texts' policy, linked from the request form's box.
pub const TERMS_PATH: &str = "/sms-terms";
/// Where the provider posts a customer's text, and each sent text's status, on our site.
pub const INBOUND_PATH: &str = "/api/sms/inbound";
pub const STATUS_PATH: &str = "/api/sms/status";

/// Texts that are not about an emergency go out between these hours on the shop's clock.
const DAY_STARTS: Time = Time::constant(8, 0, 0, 0);
const DAY_ENDS: Time = Time::constant(21, 0, 0, 0);

/// When texts that are not about an emergency may go out again, if `now` is night on the shop's
/// clock (`zone`): the next 8 AM.
pub fn quiet_until(now: jiff::Timestamp, zone: &jiff::tz::TimeZone) -> anyhow::Result<Option<At>> {
    let now = now.to_zoned(zone.clone());
    if now.time() >= DAY_STARTS && now.time() < DAY_ENDS {
        return Ok(None);
    }
    let day = if now.time() < DAY_STARTS { now.date() } else { now.date() + 1.day() };
    Ok(Some(At::from(day.to_datetime(DAY_STARTS).to_zoned(zone.clone())?.timestamp())))
}

/// When today began on the shop's clock (`zone`): the day the texts' limit counts.
pub fn today_began(now: jiff::Timestamp, zone: &jiff::tz::TimeZone) -> anyhow::Result<At> {
    Ok(At::from(now.to_zoned(zone.clone()).start_of_day()?.timestamp()))
}

/// Whose thread a customer's text goes into, answered by the feature that knows the customers.
pub trait Threads: Send + Sync {
    /// The request whose thread a text from `phone` (E.164) goes into: the newest request of the
    /// number's customer; None for a number no customer has.
    fn thread_of<'a>(
        &'a self,
        phone: &'a str,
    ) -> futures_util::future::BoxFuture<'a, anyhow::Result<Option<i64>>>;
}

/// What a text is sent from: a number of the account, or a Messaging Service (which picks one).
#[derive(Clone, Debug)]
pub enum SendFrom {
    Number(String),
    MessagingService(String),
}

#[derive(Clone, Debug)]
pub struct TextSettings {
    pub account_sid: String,
    pub auth_token: Secret,
    pub from: SendFrom,
    /// The API's base URL, without a trailing slash.
    pub api_url: String,
    /// The site's public origin: the provider posts status callbacks and replies to it, and
    /// signs them for that URL.
    pub public_url: String,
}

impl TextSettings {
    /// The URL the provider signs a callback to `path` for.
    pub fn callback_url(&self, path: &str) -> String {
        format!("{}{path}", self.public_url)
    }
}

/// A text the provider took: its id, which its status callbacks name, and its first status.
#[derive(Debug, Deserialize)]
pub struct Accepted {
    pub sid: String,
    pub status: String,
}

/// Why the provider refused a text, in its words.
#[derive(Debug, Deserialize)]
struct Refusal {
    code: Option<i64>,
    message: Option<String>,
}

/// A refusal that retrying cannot change: the number cannot take texts, or has opted out at the
/// provider. The delivery ends at once.
#[derive(Debug, thiserror::Error)]
#[error("The text provider refused the number (error {code}): {message}")]
pub struct Undeliverable {
    pub code: i64,
    pub message: String,
}

/// Error codes of Twilio's that no retry changes: not a valid or mobile number (21211, 21614),
/// the number opted out (`CARRIER_OPTED_OUT`), a landline (21612), blocked (21408).
const PERMANENT: [i64; 5] = [21211, 21408, 21610, 21612, 21614];

pub struct TextSender {
    client: reqwest::Client,
    settings: TextSettings,
}

impl TextSender {
    pub fn new(settings: TextSettings) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .context("Failed to build the text provider's client")?;
        Ok(Self { client, settings })
    }

    pub fn settings(&self) -> &TextSettings {
        &self.settings
    }

    /// Sends `body` to `to` (E.164), asking for status callbacks.
    pub async fn send(&self, to: &str, body: &str) -> anyhow::Result<Accepted> {
        let settings = &self.settings;
        let url = format!("{}/2010-04-01/Accounts/{}/Messages.json", settings.api_url, settings.account_sid);
        let callback = settings.callback_url(STATUS_PATH);
        let mut form = vec![("To", to), ("Body", body), ("StatusCallback", callback.as_str())];
        match &settings.from {
            SendFrom::Number(number) => form.push(("From", number)),
            SendFrom::MessagingService(sid) => form.push(("MessagingServiceSid", sid)),
        }
        let response = self
            .client
            .post(url)
            .basic_auth(&settings.account_sid, Some(settings.auth_token.expose()))
            .form(&form)
            .send()
            .await
            .context("The text provider could not be reached")?;
        let status = response.status();
        if status.is_success() {
            return response.json().await.context("The text provider's answer was not understood");
        }
        let refusal: Refusal =
            response.json().await.unwrap_or(Refusal { code: None, message: Some(status.to_string()) });
        let message = refusal.message.unwrap_or_else(|| status.to_string());
        match refusal.code {
            Some(code) if PERMANENT.contains(&code) => Err(Undeliverable { code, message }.into()),
            Some(code) => anyhow::bail!("The text provider answered {status} (error {code}): {message}"),
            None => anyhow::bail!("The text provider answered {status}: {message}"),
        }
    }
}

/// A text the provider has, as its list of messages shows it.
#[derive(Debug, Deserialize)]
pub struct Listed {
    pub sid: String,
    pub body: String,
    pub status: String,
}

#[derive(Debug, Deserialize)]
struct Listing {
    messages: Vec<Listed>,
}

impl TextSender {
    /// The provider's newest texts to `to` (E.164), newest first: what an earlier try that got
    /// no answer may have sent.
    pub async fn recent_to(&self, to: &str) -> anyhow::Result<Vec<Listed>> {
        let settings = &self.settings;
        let url = format!("{}/2010-04-01/Accounts/{}/Messages.json", settings.api_url, settings.account_sid);
        let listing: Listing = self
            .client
            .get(url)
            .query(&[("To", to), ("PageSize", "20")])
            .basic_auth(&settings.account_sid, Some(settings.auth_token.expose()))
            .send()
            .await
            .context("The text provider could not be reached")?
            .error_for_status()?
            .json()
            .await
            .context("The text provider's answer was not understood")?;
        Ok(listing.messages)
    }
}

/// What the provider says of the account, for `doctor`.
#[derive(Debug, Deserialize)]
struct Account {
    friendly_name: String,
    status: String,
}

/// The account's numbers that match the one asked for.
#[derive(Debug, Deserialize)]
struct Numbers {
    incoming_phone_numbers: Vec<serde_json::Value>,
}

impl TextSender {
    /// Asks the provider for the account (the SID and token must be accepted and the account
    /// active) and, when texts go from a number, whether the account has it. Sends nothing.
    pub async fn check(&self) -> anyhow::Result<String> {
        let settings = &self.settings;
        let base = format!("{}/2010-04-01/Accounts/{}", settings.api_url, settings.account_sid);
        let get = |url: String| {
            self.client.get(url).basic_auth(&settings.account_sid, Some(settings.auth_token.expose())).send()
        };
        let answer = get(format!("{base}.json")).await.context("The text provider could not be reached")?;
        anyhow::ensure!(
            answer.status() != reqwest::StatusCode::UNAUTHORIZED,
            "the provider does not accept this account SID and auth token"
        );
        let account: Account = answer
            .error_for_status()?
            .json()
            .await
            .context("The text provider's answer was not understood")?;
        anyhow::ensure!(
            account.status == "active",
            "the account {} is {}",
            account.friendly_name,
            account.status
        );
        let from = match &settings.from {
            SendFrom::Number(number) => {
                let found: Numbers = get(format!(
                    "{base}/IncomingPhoneNumbers.json?PhoneNumber={}",
                    number.replace('+', "%2B")
                ))
                .await?
                .error_for_status()?
                .json()
                .await
                .context("The text provider's answer was not understood")?;
                anyhow::ensure!(
                    !found.incoming_phone_numbers.is_empty(),
                    "the account {} has no number {number}",
                    account.friendly_name
                );
                format!("from {number}")
            }
            SendFrom::MessagingService(sid) => format!("through the Messaging Service {sid}"),
        };
        Ok(format!("the account {} is active and texts go {from}", account.friendly_name))
    }
}

/// The words a person reads for a provider's error code on a text that did not arrive.
pub fn explain(code: &str) -> &'static str {
    match code {
        NOT_AGREED => "Not sent: the customer has not agreed to texts, or stopped them.",
        OVER_THE_LIMIT => "Not sent: today's limit of 8 texts to this number is reached.",
        CARRIER_OPTED_OUT => "The customer has opted out of texts from this number.",
        "21211" | "21614" => "This is not a number that can take texts.",
        "21612" => "This number is a landline or cannot take texts.",
        "21408" | "30007" => "The carrier blocked the text as unwanted.",
        "30003" => "The phone is off or out of reach.",
        "30004" => "The customer's phone blocks texts from this number.",
        "30005" => "The number does not exist, or is no longer in service.",
        "30006" => "This is a landline or a number that cannot take texts.",
        "30008" => "The carrier could not deliver it, for a reason it did not give.",
        "30034" => "The sending number is not registered for texting (A2P 10DLC) yet.",
        _ => "The text could not be delivered.",
    }
}

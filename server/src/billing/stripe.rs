//! Payments through the shop's own Stripe account: the server makes a Checkout Session for what
//! the customer pays (form-encoded, with an `Idempotency-Key`, so a second tap makes no second
//! session), and Stripe posts what happened to `WEBHOOK_PATH`, signed (`stripe_signature`).

use std::time::Duration;

use anyhow::Context as _;
use serde::Deserialize;

use super::payment::PaidFor;
use crate::domain::Money;
use crate::secret::Secret;

/// Stripe's API, unless `--stripe-api-url` names another.
pub const STRIPE_API: &str = "https://api.stripe.com";
/// Where Stripe posts its events on our site.
pub const WEBHOOK_PATH: &str = "/api/stripe/webhook";
/// The events the webhook acts on (the endpoint in Stripe's dashboard must send them).
pub const EVENTS: [&str; 4] = [
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
    "charge.refunded",
];

/// The account's keys and the API they are used with.
#[derive(Debug, Clone)]
pub struct StripeSettings {
    pub secret_key: Secret,
    pub webhook_secret: Secret,
    /// Without a trailing slash.
    pub api_url: String,
}

/// A payment page to make: what for, how much, and where the customer goes after it.
pub struct CheckoutRequest<'a> {
    /// What the payment page and the receipt name: "Deposit for quote Q-2026-0001".
    pub name: &'a str,
    pub amount: Money,
    /// What it pays (`metadata[quote]` or `metadata[invoice]`, and `client_reference_id` quote-N
    /// or invoice-N).
    pub paid_for: PaidFor,
    /// The customer's address, filled in on the page.
    pub email: Option<&'a str>,
    /// Their own page, where they come back to (paid or not).
    pub back_url: &'a str,
    /// The same for the same payment asked again: Stripe then answers with the same session.
    pub idempotency_key: &'a str,
}

/// A Checkout Session Stripe made.
#[derive(Debug, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    /// The payment page.
    pub url: String,
}

/// The account, as `doctor` shows it.
#[derive(Debug, Deserialize)]
pub struct Account {
    pub id: String,
    #[serde(default)]
    pub charges_enabled: bool,
}

#[derive(Deserialize)]
struct Endpoints {
    data: Vec<Endpoint>,
}

/// A webhook endpoint of the account.
#[derive(Debug, Deserialize)]
pub struct Endpoint {
    pub url: String,
    pub status: String,
    pub enabled_events: Vec<String>,
}

#[derive(Deserialize)]
struct Refusal {
    error: RefusalError,
}

#[derive(Deserialize)]
struct RefusalError {
    message: Option<String>,
}

/// Stripe's API with the account's secret key.
pub struct StripeClient {
    client: reqwest::Client,
    settings: StripeSettings,
}

impl StripeClient {
    pub fn new(settings: StripeSettings) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .context("Failed to build Stripe's client")?;
        Ok(Self { client, settings })
    }

    pub fn settings(&self) -> &StripeSettings {
        &self.settings
    }

    /// Makes the payment page of `request`.
    pub async fn checkout(&self, request: &CheckoutRequest<'_>) -> anyhow::Result<CheckoutSession> {
        let kind = request.paid_for.kind();
        let id = request.paid_for.id().to_string();
        let reference = format!("{kind}-{id}");
        let (metadata, intent_metadata) =
            (format!("metadata[{kind}]"), format!("payment_intent_data[metadata][{kind}]"));
        let amount = request.amount.cents().to_string();
        let joint = if request.back_url.contains('?') { '&' } else { '?' };
        // Back on their page, it waits for this payment: `paid=quote-3` or `paid=invoice-7`.
        let back = format!("{}{joint}paid={reference}", request.back_url);
        let mut form = vec![
            ("mode", "payment"),
            ("line_items[0][quantity]", "1"),
            ("line_items[0][price_data][currency]", "usd"),
            ("line_items[0][price_data][unit_amount]", amount.as_str()),
            ("line_items[0][price_data][product_data][name]", request.name),
            ("success_url", back.as_str()),
            ("cancel_url", request.back_url),
            ("client_reference_id", reference.as_str()),
            (metadata.as_str(), id.as_str()),
            (intent_metadata.as_str(), id.as_str()),
        ];
        if let Some(email) = request.email {
            form.push(("customer_email", email));
        }
        let response = self
            .client
            .post(format!("{}/v1/checkout/sessions", self.settings.api_url))
            .bearer_auth(self.settings.secret_key.expose())
            .header("Idempotency-Key", request.idempotency_key)
            .form(&form)
            .send()
            .await
            .context("Stripe could not be reached")?;
        Self::read(response).await
    }

    /// Gives `amount` of the payment through `payment_intent` back to the customer's card.
    pub async fn refund(
        &self,
        payment_intent: &str,
        amount: Money,
        idempotency_key: &str,
    ) -> anyhow::Result<()> {
        let amount = amount.cents().to_string();
        let response = self
            .client
            .post(format!("{}/v1/refunds", self.settings.api_url))
            .bearer_auth(self.settings.secret_key.expose())
            .header("Idempotency-Key", idempotency_key)
            .form(&[("payment_intent", payment_intent), ("amount", amount.as_str())])
            .send()
            .await
            .context("Stripe could not be reached")?;
        Self::read::<serde_json::Value>(response).await.map(drop)
    }

    /// The account the secret key is of.
    pub async fn account(&self) -> anyhow::Result<Account> {
        self.get("/v1/account").await
    }

    /// The account's webhook endpoints.
    pub async fn endpoints(&self) -> anyhow::Result<Vec<Endpoint>> {
        Ok(self.get::<Endpoints>("/v1/webhook_endpoints?limit=100").await?.data)
    }

    async fn get<T: serde::de::DeserializeOwned>(&self, path: &str) -> anyhow::Result<T> {
        let response = self
            .client
            .get(format!("{}{path}", self.settings.api_url))
            .bearer_auth(self.settings.secret_key.expose())
            .send()
            .await
            .context("Stripe could not be reached")?;
        Self::read(response).await
    }

    /// The answer's body, or Stripe's reason for refusing (never the key).
    async fn read<T: serde::de::DeserializeOwned>(response: reqwest::Response) -> anyhow::Result<T> {
        let status = response.status();
        if status.is_success() {
            return response.json().await.context("Stripe's answer was not understood");
        }
        let message = response.json::<Refusal>().await.ok().and_then(|refusal| refusal.error.message);
        anyhow::bail!("Stripe answered {status}: {}", message.unwrap_or_else(|| "no reason given".to_owned()))
    }
}

//! Online payments: the secret key opens the account, and the account has a webhook endpoint at
//! our public URL that sends the events the shop acts on.

use super::{NETWORK_WAIT, Outcome};
use crate::billing::stripe::{EVENTS, StripeClient, StripeSettings, WEBHOOK_PATH};

/// Asks Stripe for the account and its webhook endpoints with the secret key.
pub(super) async fn stripe(settings: Option<StripeSettings>, public_url: &str) -> Outcome {
    let Some(settings) = settings else {
        return Outcome::Skip(
            "not set up (--stripe-secret-key and --stripe-webhook-secret): payments are recorded by hand"
                .to_owned(),
        );
    };
    let fix = "check --stripe-secret-key (Stripe's dashboard, Developers, API keys)";
    let client = match StripeClient::new(settings) {
        Ok(client) => client,
        Err(error) => return Outcome::Fail(format!("{error:#}"), fix.to_owned()),
    };
    let asked = async { Ok::<_, anyhow::Error>((client.account().await?, client.endpoints().await?)) };
    let (account, endpoints) = match tokio::time::timeout(NETWORK_WAIT, asked).await {
        Ok(Ok(found)) => found,
        Ok(Err(error)) => return Outcome::Fail(format!("{error:#}"), fix.to_owned()),
        Err(_) => {
            return Outcome::Fail(
                format!("Stripe did not answer within {} s", NETWORK_WAIT.as_secs()),
                "check that this machine can reach Stripe (or --stripe-api-url)".to_owned(),
            );
        }
    };
    let webhook = format!("{public_url}{WEBHOOK_PATH}");
    let events = EVENTS.join(", ");
    let add = format!(
        "add an endpoint at {webhook} sending {events} (Developers, Webhooks), and give its signing secret as --stripe-webhook-secret"
    );
    let Some(endpoint) = endpoints.iter().find(|endpoint| endpoint.url == webhook) else {
        return Outcome::Fail(format!("account {} has no webhook endpoint at {webhook}", account.id), add);
    };
    if endpoint.status != "enabled" {
        return Outcome::Fail(
            format!("the endpoint at {webhook} is {}", endpoint.status),
            "enable it in Stripe's dashboard".to_owned(),
        );
    }
    let sends =
        |event: &str| endpoint.enabled_events.iter().any(|enabled| enabled == event || enabled == "*");
    let missing: Vec<&str> = EVENTS.into_iter().filter(|event| !sends(event)).collect();
    if !missing.is_empty() {
        return Outcome::Fail(
            format!("the endpoint at {webhook} does not send {}", missing.join(", ")),
            "add those events to it in Stripe's dashboard".to_owned(),
        );
    }
    if !account.charges_enabled {
        return Outcome::Fail(
            format!("account {} cannot take payments yet", account.id),
            "finish the account's activation in Stripe's dashboard".to_owned(),
        );
    }
    Outcome::Pass(format!("account {} takes payments; events arrive at {webhook}", account.id))
}

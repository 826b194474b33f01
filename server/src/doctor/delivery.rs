//! The checks of what the server sends through: the SMTP server, the webhook and the text
//! provider, each asked something that sends nothing.

use lettre::transport::smtp::{
    authentication::{Credentials, Mechanism},
    client::{AsyncSmtpConnection, TlsParameters},
    commands::Mail,
    extension::ClientId,
};

use super::{NETWORK_WAIT, Outcome};
use crate::{
    db,
    delivery::{
        EmailSettings, WebhookSettings,
        text::{INBOUND_PATH, TextSender, TextSettings},
    },
};

pub(super) async fn email(settings: Option<&EmailSettings>) -> Outcome {
    let Some(settings) = settings else {
        return Outcome::Skip(
            "not set up (--smtp-url, --mail-from): booking e-mails are not sent".to_owned(),
        );
    };
    let fix = "check --smtp-url (host, port, user and password) and that the server lets this sender send";
    let smtp_url = settings.smtp_url.expose();
    match tokio::time::timeout(NETWORK_WAIT, smtp_accepts(smtp_url, settings.from.email.as_ref())).await {
        Ok(Ok(())) => Outcome::Pass(format!(
            "{} answers and accepts the sender {}",
            db::without_password(smtp_url),
            settings.from.email
        )),
        Ok(Err(error)) => {
            Outcome::Fail(format!("{}: {error:#}", db::without_password(smtp_url)), fix.to_owned())
        }
        Err(_) => Outcome::Fail(
            format!("{} did not answer within {} s", db::without_password(smtp_url), NETWORK_WAIT.as_secs()),
            fix.to_owned(),
        ),
    }
}

/// Connects as lettre does for `smtp_url` (smtp://, smtp://...?tls=required|opportunistic,
/// smtps://; user and password), signs in, and asks the server to take mail from `from`
/// (MAIL FROM), then leaves without sending.
async fn smtp_accepts(smtp_url: &str, from: &str) -> anyhow::Result<()> {
    let url = url::Url::parse(smtp_url)?;
    let host = url.host_str().ok_or_else(|| anyhow::anyhow!("the URL names no host"))?.to_owned();
    let tls = url.query_pairs().find(|(key, _)| key == "tls").map(|(_, value)| value.into_owned());
    let (port, wrapped, starttls) = match (url.scheme(), tls.as_deref()) {
        ("smtp", None) => (url.port().unwrap_or(25), false, None),
        ("smtp", Some(mode @ ("required" | "opportunistic"))) => {
            (url.port().unwrap_or(587), false, Some(mode == "required"))
        }
        ("smtps", _) => (url.port().unwrap_or(465), true, None),
        (scheme, tls) => anyhow::bail!("unknown scheme {scheme} or tls={tls:?}"),
    };
    let hello = ClientId::default();
    let wrapper = if wrapped { Some(TlsParameters::new(host.clone())?) } else { None };
    let mut connection =
        AsyncSmtpConnection::connect_tokio1((host.as_str(), port), Some(NETWORK_WAIT), &hello, wrapper, None)
            .await?;
    if let Some(required) = starttls {
        if connection.can_starttls() {
            connection.starttls(TlsParameters::new(host.clone())?, &hello).await?;
        } else if required {
            anyhow::bail!("the server does not offer STARTTLS, which tls=required asks for");
        }
    }
    if let Some(user) = (!url.username().is_empty()).then(|| url.username()) {
        let decode = |text: &str| percent_encoding::percent_decode_str(text).decode_utf8_lossy().into_owned();
        let credentials = Credentials::new(decode(user), decode(url.password().unwrap_or("")));
        connection.auth(&[Mechanism::Plain, Mechanism::Login], &credentials).await?;
    }
    let sender = from.parse().map_err(|_| anyhow::anyhow!("{from} is not an e-mail address"))?;
    connection.command(Mail::new(Some(sender), vec![])).await?;
    let _ = connection.quit().await;
    Ok(())
}

pub(super) async fn webhook(settings: Option<&WebhookSettings>) -> Outcome {
    let Some(settings) = settings else {
        return Outcome::Skip(
            "not set up (--webhook-url): bookings are not sent to a form service".to_owned(),
        );
    };
    let fix = "check --webhook-url, and that this machine can reach it";
    let client = match reqwest::Client::builder().timeout(NETWORK_WAIT).build() {
        Ok(client) => client,
        Err(error) => return Outcome::Fail(format!("{error}"), fix.to_owned()),
    };
    // A GET sends nothing: any answer short of a server error shows the address is served.
    match client.get(&settings.url).send().await {
        Ok(answer) if !answer.status().is_server_error() => {
            Outcome::Pass(format!("{} answers ({})", settings.url, answer.status()))
        }
        Ok(answer) => Outcome::Fail(format!("{} answers {}", settings.url, answer.status()), fix.to_owned()),
        Err(error) => Outcome::Fail(format!("{} cannot be reached: {error}", settings.url), fix.to_owned()),
    }
}

/// Asks the provider for the account and the sending number with the credentials: a wrong SID
/// or token, or a number the account does not have, fails here instead of on a customer's text.
pub(super) async fn texts(settings: Option<TextSettings>) -> Outcome {
    let Some(settings) = settings else {
        return Outcome::Skip(
            "not set up (--sms-account-sid and the rest): no texts to customers".to_owned(),
        );
    };
    let fix = "check --sms-account-sid, --sms-auth-token and --sms-from (a number of that account)";
    let inbound = settings.callback_url(INBOUND_PATH);
    let sender = match TextSender::new(settings) {
        Ok(sender) => sender,
        Err(error) => return Outcome::Fail(format!("{error:#}"), fix.to_owned()),
    };
    match tokio::time::timeout(NETWORK_WAIT, sender.check()).await {
        Ok(Ok(account)) => {
            Outcome::Pass(format!("{account}; the number's incoming messages must go to {inbound} (POST)"))
        }
        Ok(Err(error)) => Outcome::Fail(format!("{error:#}"), fix.to_owned()),
        Err(_) => Outcome::Fail(
            format!("the provider did not answer within {} s", NETWORK_WAIT.as_secs()),
            "check that this machine can reach --sms-api-url".to_owned(),
        ),
    }
}

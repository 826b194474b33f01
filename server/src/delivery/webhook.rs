//! Booking delivery to a form service compatible with the one the original site used: a
//! multipart POST with access_key, name, email, phone and message, answering `{"success": bool}`.
//! The admin's test is the same POST with `test` set and a message saying what it is.

use std::time::Duration;

use anyhow::{Context as _, bail};
use reqwest::multipart::Form;
use serde::Deserialize;

use super::message::{BookingMessage, TestMessage};
use crate::secret::Secret;

pub struct WebhookSettings {
    pub url: String,
    /// Sent with every delivery; never sent to the browser.
    pub access_key: Secret,
}

pub struct WebhookSender {
    client: reqwest::Client,
    settings: WebhookSettings,
}

#[derive(Deserialize)]
struct Answer {
    success: bool,
    #[serde(default)]
    message: Option<String>,
}

impl WebhookSender {
    pub fn new(settings: WebhookSettings) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .context("Failed to build the webhook client")?;
        Ok(Self { client, settings })
    }

    pub async fn send(&self, outgoing: &BookingMessage) -> anyhow::Result<()> {
        let form = Form::new()
            .text("access_key", self.settings.access_key.expose().to_owned())
            .text("name", outgoing.name.clone())
            .text("email", outgoing.email.clone())
            .text("phone", outgoing.phone.clone())
            .text("message", outgoing.message.clone());
        self.post(form, &outgoing.key).await
    }

    pub async fn test(&self, test: &TestMessage) -> anyhow::Result<()> {
        let form = Form::new()
            .text("access_key", self.settings.access_key.expose().to_owned())
            .text("test", "true")
            .text("name", "Test from the admin")
            .text("email", test.by.clone())
            .text("phone", "")
            .text(
                "message",
                format!("Test #{} of the booking webhook, sent by {} from the admin.", test.id, test.by),
            );
        self.post(form, &format!("test-{}", test.id)).await
    }

    async fn post(&self, form: Form, key: &str) -> anyhow::Result<()> {
        let response = self
            .client
            .post(&self.settings.url)
            .header("Accept", "application/json")
            .header("Webhook-Id", key)
            .multipart(form)
            .send()
            .await
            .context("The webhook could not be reached")?;
        let status = response.status();
        let answer: Option<Answer> = response.json().await.ok();
        match answer {
            Some(Answer { success: true, .. }) if status.is_success() => Ok(()),
            Some(Answer { message, .. }) => {
                bail!("The webhook answered {status}: {}", message.unwrap_or_else(|| "success false".into()))
            }
            None => bail!("The webhook answered {status} without a JSON success flag"),
        }
    }
}

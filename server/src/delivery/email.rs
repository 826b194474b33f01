//! Booking e-mails to the business inbox over SMTP, with Reply-To the visitor.

use std::time::Duration;

use anyhow::Context as _;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor, message::Mailbox,
    message::header::ContentType,
};

use super::Outgoing;

pub struct EmailSettings {
    /// e.g. `smtp://127.0.0.1:2525`, or `smtps://user:pass@mail.example.com`.
    pub smtp_url: String,
    pub from: Mailbox,
    pub to: Mailbox,
}

pub struct EmailSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    to: Mailbox,
}

impl EmailSender {
    pub fn new(settings: EmailSettings) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&settings.smtp_url)
            .context("The SMTP URL is invalid")?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Self { transport, from: settings.from, to: settings.to })
    }

    pub async fn send(&self, outgoing: &Outgoing) -> anyhow::Result<()> {
        let reply_to = Mailbox::new(
            Some(outgoing.name.clone()),
            outgoing.email.parse().context("The visitor's e-mail address is not deliverable")?,
        );
        let body = format!(
            "New service request #{}\n\nName: {}\nE-mail: {}\nPhone: {}\n\n{}\n",
            outgoing.booking_id, outgoing.name, outgoing.email, outgoing.phone, outgoing.message
        );
        // The same Message-ID for every attempt, so the inbox can drop a repeat.
        let message_id = format!("<booking-{}@{}>", outgoing.key, self.from.email.domain());
        let message = Message::builder()
            .message_id(Some(message_id))
            .from(self.from.clone())
            .to(self.to.clone())
            .reply_to(reply_to)
            .subject(format!("New service request from {}", outgoing.name))
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .context("Failed to build the booking e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the booking e-mail")?;
        Ok(())
    }
}

//! Booking e-mails over SMTP: the notification to the business inbox (Reply-To the visitor), the
//! visitor's confirmation with the request number (Reply-To the business inbox), and the test
//! the admin sends to see that e-mail arrives.

use std::time::Duration;

use anyhow::Context as _;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor, message::Mailbox,
    message::header::ContentType,
};

use super::{BookingMessage, TestMessage, confirmation::Confirmation};
use crate::content::Business;

pub struct EmailSettings {
    /// e.g. `smtp://127.0.0.1:2525`, or `smtps://user:pass@mail.example.com`.
    pub smtp_url: String,
    pub from: Mailbox,
    /// Who gets the shop's e-mail while the owner has set nobody in the admin.
    pub to: Option<Mailbox>,
}

pub struct EmailSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl EmailSender {
    pub fn new(settings: EmailSettings) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&settings.smtp_url)
            .context("The SMTP URL is invalid")?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Self { transport, from: settings.from })
    }

    /// The new request, to the business inbox `to`; an emergency says so first in the subject.
    pub async fn notify_shop(&self, to: &[Mailbox], outgoing: &BookingMessage) -> anyhow::Result<()> {
        let body = format!(
            "New service request #{}\n\nName: {}\nE-mail: {}\nPhone: {}\n\n{}\n",
            outgoing.booking_id, outgoing.name, outgoing.email, outgoing.phone, outgoing.message
        );
        let urgent = if outgoing.urgent { "URGENT: " } else { "" };
        let mut message = Message::builder().message_id(Some(self.message_id("booking", &outgoing.key)));
        for recipient in to {
            message = message.to(recipient.clone());
        }
        let message = message
            .from(self.from.clone())
            .reply_to(self.visitor(outgoing)?)
            .subject(format!("{urgent}New service request from {}", outgoing.name))
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .context("Failed to build the booking e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the booking e-mail")?;
        Ok(())
    }

    /// The visitor's copy: the request number, what happens next and the answers they picked,
    /// signed with the shop's name and phone; replies go to `reply_to` (the shop's public
    /// address). Nothing the visitor typed is in it (not even their name), so the form cannot be
    /// used to send someone else words of the sender's choosing; nor anything of the admin area.
    pub async fn confirm_to_visitor(
        &self,
        outgoing: &BookingMessage,
        confirmation: &Confirmation,
        reply_to: Option<Mailbox>,
        business: &Business,
    ) -> anyhow::Result<()> {
        let message = Message::builder()
            .message_id(Some(self.message_id("confirmation", &outgoing.key)))
            .from(self.from.clone())
            .to(Mailbox::new(
                None,
                outgoing.email.parse().context("The visitor's e-mail address is not deliverable")?,
            ))
            .reply_to(reply_to.unwrap_or_else(|| self.from.clone()))
            .subject(format!("Your service request #{} with {}", outgoing.booking_id, business.name))
            .header(ContentType::TEXT_PLAIN)
            .body(confirmation.body(outgoing.booking_id, business))
            .context("Failed to build the confirmation e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the confirmation e-mail")?;
        Ok(())
    }

    /// The admin's test: to the same addresses as a booking's e-mail.
    pub async fn test(&self, to: &[Mailbox], test: &TestMessage, shop_name: &str) -> anyhow::Result<()> {
        let body = format!(
            "This is test #{id} of the booking e-mails of {shop_name}, sent by {by} from the admin.\n\n\
             New service requests arrive at this address the same way. Nothing needs doing.\n",
            id = test.id,
            by = test.by,
        );
        let mut message = Message::builder().message_id(Some(self.message_id("test", &test.id.to_string())));
        for recipient in to {
            message = message.to(recipient.clone());
        }
        let message = message
            .from(self.from.clone())
            .subject(format!("Test: booking e-mails from {shop_name} arrive here"))
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .context("Failed to build the test e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the test e-mail")?;
        Ok(())
    }

    fn visitor(&self, outgoing: &BookingMessage) -> anyhow::Result<Mailbox> {
        Ok(Mailbox::new(
            Some(outgoing.name.clone()),
            outgoing.email.parse().context("The visitor's e-mail address is not deliverable")?,
        ))
    }

    /// The same Message-ID for every attempt of one e-mail, so an inbox can drop a repeat.
    fn message_id(&self, kind: &str, key: &str) -> String {
        format!("<{kind}-{key}@{}>", self.from.email.domain())
    }
}

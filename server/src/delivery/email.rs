//! Booking e-mails over SMTP: the notification to the business inbox (Reply-To the visitor) and
//! the visitor's confirmation with the request number (Reply-To the business inbox).

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
    /// The business name and phone the visitor's confirmation is signed with.
    pub shop_name: String,
    pub shop_phone: String,
}

pub struct EmailSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    to: Mailbox,
    shop_name: String,
    shop_phone: String,
}

impl EmailSender {
    pub fn new(settings: EmailSettings) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&settings.smtp_url)
            .context("The SMTP URL is invalid")?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Self {
            transport,
            from: settings.from,
            to: settings.to,
            shop_name: settings.shop_name,
            shop_phone: settings.shop_phone,
        })
    }

    /// The new request, to the business inbox; an emergency says so first in the subject.
    pub async fn notify_shop(&self, outgoing: &Outgoing) -> anyhow::Result<()> {
        let body = format!(
            "New service request #{}\n\nName: {}\nE-mail: {}\nPhone: {}\n\n{}\n",
            outgoing.booking_id, outgoing.name, outgoing.email, outgoing.phone, outgoing.message
        );
        let urgent = if outgoing.urgent { "URGENT: " } else { "" };
        let message = Message::builder()
            .message_id(Some(self.message_id("booking", outgoing)))
            .from(self.from.clone())
            .to(self.to.clone())
            .reply_to(self.visitor(outgoing)?)
            .subject(format!("{urgent}New service request from {}", outgoing.name))
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .context("Failed to build the booking e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the booking e-mail")?;
        Ok(())
    }

    /// The visitor's copy: the request number and everything they told us.
    pub async fn confirm_to_visitor(&self, outgoing: &Outgoing) -> anyhow::Result<()> {
        let body = format!(
            "Hi {name},\n\nThanks for your service request. Your request number is #{id}.\n\n\
             We'll call or e-mail you within 1 business day to confirm the details (sooner for\n\
             emergencies). If it can't wait, call us any time at {phone}.\n\n\
             What you told us:\n\n{message}\n\n\
             Phone we'll call: {visitor_phone}\n\n\
             {shop}\n{phone}\n",
            name = outgoing.name,
            id = outgoing.booking_id,
            phone = self.shop_phone,
            message = outgoing.message,
            visitor_phone = outgoing.phone,
            shop = self.shop_name,
        );
        let message = Message::builder()
            .message_id(Some(self.message_id("confirmation", outgoing)))
            .from(self.from.clone())
            .to(self.visitor(outgoing)?)
            .reply_to(self.to.clone())
            .subject(format!("Your service request #{} with {}", outgoing.booking_id, self.shop_name))
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .context("Failed to build the confirmation e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the confirmation e-mail")?;
        Ok(())
    }

    fn visitor(&self, outgoing: &Outgoing) -> anyhow::Result<Mailbox> {
        Ok(Mailbox::new(
            Some(outgoing.name.clone()),
            outgoing.email.parse().context("The visitor's e-mail address is not deliverable")?,
        ))
    }

    /// The same Message-ID for every attempt of one e-mail, so an inbox can drop a repeat.
    fn message_id(&self, kind: &str, outgoing: &Outgoing) -> String {
        format!("<{kind}-{}@{}>", outgoing.key, self.from.email.domain())
    }
}

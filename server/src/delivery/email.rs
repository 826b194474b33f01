//! Booking e-mails over SMTP: the notification to the business inbox (Reply-To the visitor) and
//! its notices of changes, the visitor's e-mails (Reply-To the shop's public address, a calendar
//! file attached when they are about a time), and the test the admin sends to see that e-mail
//! arrives.

use std::time::Duration;

use anyhow::Context as _;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType},
};

/// An e-mail to the visitor, as `visitor` makes it.
pub struct VisitorMail {
    pub subject: String,
    pub body: String,
    /// A calendar file (`.ics`) to attach.
    pub calendar: Option<String>,
}

use super::message::{BookingMessage, ComposedMessage, TestMessage};
use crate::secret::Secret;

pub struct EmailSettings {
    /// e.g. `smtp://127.0.0.1:2525`, or `smtps://user:pass@mail.example.com`.
    pub smtp_url: Secret,
    pub from: Mailbox,
    /// Who gets the shop's e-mail while the owner has set nobody in the admin.
    pub to: Option<Mailbox>,
    /// Where the admin shows requests (`https://trailers.example.com/dbadmin/bookings`): each
    /// request's page is this and its number.
    pub requests_url: String,
}

pub struct EmailSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    requests_url: String,
}

impl EmailSender {
    pub fn new(settings: EmailSettings) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(settings.smtp_url.expose())
            .context("The SMTP URL is invalid")?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Self { transport, from: settings.from, requests_url: settings.requests_url })
    }

    /// The new request, to the business inbox `to`; an emergency says so first in the subject.
    pub async fn notify_shop(&self, to: &[Mailbox], outgoing: &BookingMessage) -> anyhow::Result<()> {
        let body = format!(
            "New service request #{id}\nOpen it: {url}/{id}\n\nName: {}\nE-mail: {}\nPhone: {}\n\n{}\n",
            outgoing.name,
            outgoing.email,
            outgoing.phone,
            outgoing.message,
            id = outgoing.booking_id,
            url = self.requests_url,
        );
        let urgent = match (outgoing.emergency, outgoing.urgent) {
            (true, _) => "EMERGENCY: ",
            (false, true) => "URGENT: ",
            (false, false) => "",
        };
        let mut message = Message::builder().message_id(Some(self.message_id("booking", &outgoing.key)));
        for recipient in to {
            message = message.to(recipient.clone());
        }
        let message = message
            .from(self.from.clone())
            .reply_to(self.visitor(outgoing)?)
            .subject(format!("{urgent}New service request from {}", outgoing.name))
            .singlepart(SinglePart::plain(body))
            .context("Failed to build the booking e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the booking e-mail")?;
        Ok(())
    }

    /// An e-mail to the visitor (the address alone: no name they typed), replies to `reply_to`
    /// (the shop's public address), with a calendar file when it is about a time.
    pub async fn to_visitor(
        &self,
        outgoing: &BookingMessage,
        id_kind: &str,
        mail: VisitorMail,
        reply_to: Option<Mailbox>,
    ) -> anyhow::Result<()> {
        let to = Mailbox::new(
            None,
            outgoing.email.parse().context("The visitor's e-mail address is not deliverable")?,
        );
        let builder = Message::builder()
            .message_id(Some(self.message_id(id_kind, &outgoing.key)))
            .from(self.from.clone())
            .to(to)
            .reply_to(reply_to.unwrap_or_else(|| self.from.clone()))
            .subject(mail.subject);
        let message = match mail.calendar {
            None => builder.singlepart(SinglePart::plain(mail.body)),
            Some(calendar) => {
                // The part's method is the file's own (PUBLISH, or CANCEL for a cancelled time).
                let method =
                    calendar.lines().find_map(|line| line.strip_prefix("METHOD:")).unwrap_or("PUBLISH");
                let kind = ContentType::parse(&format!("text/calendar; charset=utf-8; method={method}"))?;
                builder.multipart(MultiPart::mixed().singlepart(SinglePart::plain(mail.body)).singlepart(
                    Attachment::new(format!("request-{}.ics", outgoing.booking_id)).body(calendar, kind),
                ))
            }
        }
        .context("Failed to build the visitor's e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the visitor's e-mail")?;
        Ok(())
    }

    /// What the shop hears when the visitor changed their request with their link: `subject`
    /// and `body`, to the business inbox `to`.
    pub async fn notice_to_shop(
        &self,
        to: &[Mailbox],
        outgoing: &BookingMessage,
        id_kind: &str,
        subject: String,
        body: String,
    ) -> anyhow::Result<()> {
        let mut message = Message::builder().message_id(Some(self.message_id(id_kind, &outgoing.key)));
        for recipient in to {
            message = message.to(recipient.clone());
        }
        let message = message
            .from(self.from.clone())
            .subject(subject)
            .singlepart(SinglePart::plain(body))
            .context("Failed to build the shop's notice")?;
        self.transport.send(message).await.context("The SMTP server refused the shop's notice")?;
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
            .singlepart(SinglePart::plain(body))
            .context("Failed to build the test e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the test e-mail")?;
        Ok(())
    }

    /// A message composed when it was queued (the weekly report), to the shop's addresses `to`.
    pub async fn composed(&self, to: &[Mailbox], composed: &ComposedMessage) -> anyhow::Result<()> {
        let mut message = Message::builder().message_id(Some(self.message_id("message", &composed.key)));
        for recipient in to {
            message = message.to(recipient.clone());
        }
        let message = message
            .from(self.from.clone())
            .subject(composed.subject.clone())
            .singlepart(SinglePart::plain(composed.body.clone()))
            .context("Failed to build the e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the e-mail")?;
        Ok(())
    }

    /// A plain e-mail to one address, sent at once (a password reset link, which is never stored).
    pub async fn direct(&self, to: &str, subject: &str, body: String) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, to.parse().context("The account's e-mail address is not deliverable")?))
            .subject(subject)
            .singlepart(SinglePart::plain(body))
            .context("Failed to build the e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the e-mail")?;
        Ok(())
    }

    /// A plain e-mail made by a job (a quote to its customer, a customer's answer to the shop),
    /// to `to`, replies to `reply_to` (else the sender), with the Message-ID of `key` for every try.
    pub async fn plain(
        &self,
        to: &[Mailbox],
        reply_to: Option<Mailbox>,
        key: &str,
        subject: String,
        body: String,
    ) -> anyhow::Result<()> {
        let mut message = Message::builder().message_id(Some(self.message_id("job", key)));
        for recipient in to {
            message = message.to(recipient.clone());
        }
        let message = message
            .from(self.from.clone())
            .reply_to(reply_to.unwrap_or_else(|| self.from.clone()))
            .subject(subject)
            .singlepart(SinglePart::plain(body))
            .context("Failed to build the e-mail")?;
        self.transport.send(message).await.context("The SMTP server refused the e-mail")?;
        Ok(())
    }

    /// Request `id`'s page in the admin.
    pub fn request_url(&self, id: i64) -> String {
        format!("{}/{id}", self.requests_url)
    }

    /// The visitor as the shop's notice replies to them (their name as they typed it).
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

//! What the outbox sends: the channels, what each delivery is for, and the messages, with the
//! trait through which the features that know (the schedule) write the visitor's e-mails.

use futures_util::future::BoxFuture;

/// A text handed to the provider: its id in the thread and its words.
pub struct Handed {
    pub id: i64,
    pub body: String,
}

/// An e-mail to the visitor, or why it must not go out any more.
pub enum Mail {
    Send {
        subject: String,
        body: String,
        calendar: Option<String>,
    },
    /// The time it was about changed or was cancelled since.
    Stale(&'static str),
}

/// What the outbox sends besides the first notice to the shop, made by the features that know
/// (the schedule): the visitor's e-mails, and the shop's notices of what the visitor changed.
pub trait Messages: Send + Sync {
    fn visitor_mail(&self, booking_id: i64, purpose: Purpose) -> BoxFuture<'_, anyhow::Result<Mail>>;
    /// Writes the site's text of `purpose` to request `booking_id` at `phone` into its thread as
    /// it is handed to the provider, with the link it carries, in one transaction (in place of the
    /// unsent one `replacing` an earlier try wrote). Or why it must not go out any more.
    fn hand_over_text<'a>(
        &'a self,
        booking_id: i64,
        purpose: Purpose,
        phone: &'a str,
        replacing: Option<i64>,
    ) -> BoxFuture<'a, anyhow::Result<Result<Handed, &'static str>>>;
    /// Subject and body.
    fn shop_notice<'a>(
        &'a self,
        message: &'a BookingMessage,
        purpose: Purpose,
    ) -> BoxFuture<'a, anyhow::Result<(String, String)>>;
}

crate::text_enum! {
    /// Where a delivery goes.
    pub enum Channel {
        /// The shop's notification e-mail.
        Email => "email",
        Webhook => "webhook",
        /// The visitor's copy, with the request number.
        Confirmation => "confirmation",
        /// A push notification to one of the owner's devices (the delivery names the device).
        Push => "push",
        /// A text (SMS) to the customer of a request who agreed to texts.
        Text => "text",
    }
}

crate::text_enum! {
    /// Where a delivery stands in the outbox.
    pub enum DeliveryState {
        /// Waiting to be sent (again, after a failed try).
        Pending => "pending",
        Sent => "sent",
        /// Given up after its last try.
        Dead => "dead",
        /// Not to be sent any more (replaced by a later change, or its booking was spam).
        Cancelled => "cancelled",
    }
}

impl Channel {
    /// How many deliveries of this channel one instance sends at once: a slow SMTP server or
    /// webhook holds up only its own channel, never the owner's push.
    pub fn at_once(self) -> usize {
        match self {
            Self::Email | Self::Confirmation | Self::Webhook | Self::Text => 2,
            Self::Push => 4,
        }
    }
}

crate::text_enum! {
    /// Where a booking's message goes as such (its pushes name their devices:
    /// `devices::PushWrites`), so no push is queued without one.
    pub enum BookingChannel {
        Email => "email",
        Webhook => "webhook",
        Confirmation => "confirmation",
        Text => "text",
    }
}

/// Where a test the admin asks for goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestTarget {
    Email,
    Webhook,
    /// One of the owner's devices.
    Push(i64),
}

impl TestTarget {
    /// Its channel, and the device a push goes to.
    pub fn channel(self) -> (Channel, Option<i64>) {
        match self {
            Self::Email => (Channel::Email, None),
            Self::Webhook => (Channel::Webhook, None),
            Self::Push(device) => (Channel::Push, Some(device)),
        }
    }
}

/// What a delivery is for, besides where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The first notice of a new booking: the shop's e-mail, the webhook, the visitor's copy.
    Request,
    /// The visitor's time as the shop confirmed or moved it (the time's version).
    Time(i64),
    /// The visitor's reminder the day before (the version of the time it reminds of).
    Reminder(i64),
    /// The shop hears the visitor asked for another time (the new time's version).
    Changed(i64),
    /// The shop hears the visitor cancelled.
    Cancelled,
    /// The visitor's thank-you with the review link.
    Review,
    /// The owner's weekly report of the site's figures.
    Report,
    /// A text written before it was queued (a person's, or the answer to a keyword): the text's id.
    Text(i64),
    /// A push of an emergency's escalation step (1 to 3) that nobody answered yet.
    Escalation(i64),
    /// A member's text (or e-mail) of an escalation step.
    Page { step: i64, member: i64 },
}

crate::text_enum! {
    /// A purpose without its numbers: the first part of its key, stored as the deliveries'
    /// computed `purpose_kind`, which queries bind in place of matching keys.
    pub enum PurposeKind {
        Request => "request",
        Time => "time",
        Reminder => "reminder",
        Changed => "changed",
        Cancelled => "cancelled",
        Review => "review",
        Report => "report",
        Text => "text",
        Escalation => "escalate",
        Page => "page",
    }
}

impl Purpose {
    pub fn kind(self) -> PurposeKind {
        match self {
            Self::Request => PurposeKind::Request,
            Self::Time(_) => PurposeKind::Time,
            Self::Reminder(_) => PurposeKind::Reminder,
            Self::Changed(_) => PurposeKind::Changed,
            Self::Cancelled => PurposeKind::Cancelled,
            Self::Review => PurposeKind::Review,
            Self::Report => PurposeKind::Report,
            Self::Text(_) => PurposeKind::Text,
            Self::Escalation(_) => PurposeKind::Escalation,
            Self::Page { .. } => PurposeKind::Page,
        }
    }

    /// As stored: its kind, then its numbers after a '-' each: "request", "time-3",
    /// "reminder-3", "changed-4", "cancelled", "review", "escalate-1", "page-1-7".
    pub fn key(self) -> String {
        let kind = self.kind();
        match self {
            Self::Request | Self::Cancelled | Self::Review | Self::Report => kind.as_str().to_owned(),
            Self::Time(number)
            | Self::Reminder(number)
            | Self::Changed(number)
            | Self::Text(number)
            | Self::Escalation(number) => format!("{kind}-{number}"),
            Self::Page { step, member } => format!("{kind}-{step}-{member}"),
        }
    }

    /// The purpose stored as `key`; None for a key no purpose has.
    pub fn parse(key: &str) -> Option<Self> {
        let mut parts = key.split('-');
        let kind: PurposeKind = parts.next()?.parse().ok()?;
        let mut number = || parts.next().and_then(|n| n.parse::<i64>().ok());
        let purpose = match kind {
            PurposeKind::Request => Self::Request,
            PurposeKind::Cancelled => Self::Cancelled,
            PurposeKind::Review => Self::Review,
            PurposeKind::Report => Self::Report,
            PurposeKind::Time => Self::Time(number()?),
            PurposeKind::Reminder => Self::Reminder(number()?),
            PurposeKind::Changed => Self::Changed(number()?),
            PurposeKind::Text => Self::Text(number()?),
            PurposeKind::Escalation => Self::Escalation(number()?),
            PurposeKind::Page => Self::Page { step: number()?, member: number()? },
        };
        parts.next().is_none().then_some(purpose)
    }

    /// The member an escalation's page stored as `key` went to; None for any other purpose.
    pub fn paged_member(key: &str) -> Option<i64> {
        match Self::parse(key) {
            Some(Self::Page { member, .. }) => Some(member),
            _ => None,
        }
    }
}

/// What a delivery sends, by the channel it goes to: each carries only what its channel can.
/// Only the shop's e-mail takes a message composed when it was queued, the visitor's copy is
/// always of a booking, and a push names its device.
pub enum Delivery {
    Email(ToShop),
    Confirmation(BookingMessage),
    Webhook(Notified),
    Push {
        device: i64,
        what: Notified,
    },
    /// A text to the booking's customer: made from its purpose when sent, or written before.
    Text(BookingMessage),
}

/// What the shop's e-mail carries.
pub enum ToShop {
    Booking(BookingMessage),
    Test(TestMessage),
    /// The weekly report.
    Composed(ComposedMessage),
}

/// What a webhook or a push carries.
pub enum Notified {
    Booking(BookingMessage),
    Test(TestMessage),
}

impl Delivery {
    pub fn channel(&self) -> Channel {
        match self {
            Self::Email(_) => Channel::Email,
            Self::Confirmation(_) => Channel::Confirmation,
            Self::Webhook(_) => Channel::Webhook,
            Self::Push { .. } => Channel::Push,
            Self::Text(_) => Channel::Text,
        }
    }

    /// The booking, or the test, it is about (neither for a composed message).
    pub fn about(&self) -> (Option<i64>, Option<i64>) {
        match self {
            Self::Email(ToShop::Booking(message))
            | Self::Confirmation(message)
            | Self::Text(message)
            | Self::Webhook(Notified::Booking(message))
            | Self::Push { what: Notified::Booking(message), .. } => (Some(message.booking_id), None),
            Self::Email(ToShop::Test(test))
            | Self::Webhook(Notified::Test(test))
            | Self::Push { what: Notified::Test(test), .. } => (None, Some(test.id)),
            Self::Email(ToShop::Composed(_)) => (None, None),
        }
    }

    /// The device a push went to.
    pub fn device(&self) -> Option<i64> {
        match self {
            Self::Push { device, .. } => Some(*device),
            _ => None,
        }
    }
}

impl TryFrom<ToShop> for Notified {
    type Error = ComposedMessage;

    /// A booking or a test; a composed message goes by e-mail only.
    fn try_from(what: ToShop) -> Result<Self, ComposedMessage> {
        match what {
            ToShop::Booking(message) => Ok(Self::Booking(message)),
            ToShop::Test(test) => Ok(Self::Test(test)),
            ToShop::Composed(message) => Err(message),
        }
    }
}

/// A message to the shop composed when it was queued (the weekly report).
pub struct ComposedMessage {
    /// The same for every attempt (e.g. `report-2026-11-16`): the e-mail's Message-ID.
    pub key: String,
    pub subject: String,
    pub body: String,
}

/// A test from the admin: it says what it is, and who asked.
pub struct TestMessage {
    /// The delivery's id (the test's number).
    pub id: i64,
    /// The admin's e-mail.
    pub by: String,
}

/// A booking's contact details and composed message.
pub struct BookingMessage {
    pub booking_id: i64,
    /// The same for every attempt of one booking (its submission id): sent as the webhook's
    /// `Webhook-Id` and in the e-mail's Message-ID, so a receiver can drop a repeat.
    pub key: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
    /// The visitor gave an emergency or urgent answer: the shop's subject says so.
    pub urgent: bool,
    /// The visitor gave an emergency answer.
    pub emergency: bool,
    /// The service-area city the trailer is in, if it said where and that is in the area.
    pub location_city: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_purpose_is_read_back_from_its_key_which_starts_with_its_kind() {
        let purposes = [
            Purpose::Request,
            Purpose::Time(3),
            Purpose::Reminder(3),
            Purpose::Changed(4),
            Purpose::Cancelled,
            Purpose::Review,
            Purpose::Report,
            Purpose::Text(12),
            Purpose::Escalation(2),
            Purpose::Page { step: 1, member: 7 },
        ];
        for purpose in purposes {
            let key = purpose.key();
            assert_eq!(Purpose::parse(&key), Some(purpose), "{key}");
            assert_eq!(key.split('-').next(), Some(purpose.kind().as_str()), "{key}");
        }
        assert_eq!(Purpose::Page { step: 1, member: 7 }.key(), "page-1-7");
        for stray in ["time", "time-3-4", "page-1", "request-1", "escalation-1", "time-x", ""] {
            assert_eq!(Purpose::parse(stray), None, "{stray}");
        }
    }
}

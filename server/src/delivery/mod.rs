//! The outbox worker: sends each booking's pending deliveries (e-mail, webhook), and the tests
//! the admin asks for, retrying with exponential backoff. Rows live in the database, so nothing
//! is lost to a restart or an outage.

pub mod admin_routes;
pub mod devices;
mod email;
mod escalate;
pub mod health;
mod message;
mod outcome;
pub mod push;
pub mod push_routes;
pub mod recipients;
pub mod store;
pub mod text;
pub mod told;
mod webhook;
mod worker;

use std::{
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use anyhow::Context as _;
use lettre::message::Mailbox;
use tokio::sync::{Notify, watch};

pub use email::EmailSettings;
pub use message::{
    BookingChannel, BookingMessage, Channel, ComposedMessage, Delivery, DeliveryState, Handed, Mail,
    Messages, Notified, Purpose, PurposeKind, TestMessage, TestTarget, ToShop,
};
pub use webhook::WebhookSettings;

use crate::{booking::shared_store, changes::Changes, clock, db::Db, site::SiteDetails};
use email::VisitorMail;
use push::{Notice, PushSender, Pushed};

pub struct DeliverySettings {
    pub email: Option<EmailSettings>,
    pub webhook: Option<WebhookSettings>,
    pub text: Option<text::TextSettings>,
    /// The wait before the first retry; each later retry waits twice as long.
    pub retry_base: Duration,
    /// After this many failed attempts a delivery is marked dead.
    pub max_attempts: u32,
    /// How long a claimed delivery is reserved for the instance that claimed it; if that
    /// instance dies mid-send, another sends it once the lease is over.
    pub lease: Duration,
    /// The channel whose sender panics (`ServeConfig::planted_panic`).
    #[cfg(feature = "test-clock")]
    pub planted_panic: Option<Channel>,
}

pub struct Outbox {
    db: Db,
    /// The same database for what the sending reads (the booking, its answers, the device): on
    /// SQLite, read-only connections, so those reads never wait for the one writer.
    reader: Db,
    /// The shop's name and phone, which the visitor's confirmation is signed with.
    site: Arc<SiteDetails>,
    /// Makes the messages besides the first notice.
    messages: Arc<dyn Messages>,
    /// Whose thread a customer's text goes into.
    threads: Arc<dyn text::Threads>,
    email: Option<email::EmailSender>,
    /// Who gets the shop's e-mail when the owner has set nobody.
    default_recipient: Option<Mailbox>,
    webhook: Option<webhook::WebhookSender>,
    /// Texts to customers who agreed to them.
    text: Option<text::TextSender>,
    /// Push notifications to the owner's devices (always on: a device subscribes from the admin).
    push: PushSender,
    retry_base: Duration,
    max_attempts: u32,
    lease: Duration,
    wake: Notify,
    /// The runner of the `jobs` queue, woken with the worker (the owner's answers are jobs).
    jobs: crate::queue::Queue,
    /// Becomes true when the server is told to stop.
    stopping: watch::Sender<bool>,
    /// How many deliveries this instance is claiming or sending now (`settle` waits for none).
    sending: watch::Sender<usize>,
    /// How many visitors' requests this instance is storing now (the worker yields to them).
    intake: AtomicUsize,
    /// Told when an escalation step fired, so Today shows it at once.
    changes: Changes,
    #[cfg(feature = "test-clock")]
    planted_panic: Option<Channel>,
}

impl Outbox {
    pub fn new(
        (db, reader): (Db, Db),
        settings: DeliverySettings,
        site: Arc<SiteDetails>,
        (messages, threads): (Arc<dyn Messages>, Arc<dyn text::Threads>),
        (push, changes, jobs): (PushSender, Changes, crate::queue::Queue),
    ) -> anyhow::Result<Self> {
        let default_recipient = settings.email.as_ref().and_then(|email| email.to.clone());
        Ok(Self {
            db,
            reader,
            site,
            messages,
            threads,
            default_recipient,
            email: settings.email.map(email::EmailSender::new).transpose()?,
            webhook: settings.webhook.map(webhook::WebhookSender::new).transpose()?,
            text: settings.text.map(text::TextSender::new).transpose()?,
            push,
            retry_base: settings.retry_base,
            max_attempts: settings.max_attempts.max(1),
            lease: settings.lease,
            wake: Notify::new(),
            jobs,
            stopping: watch::Sender::new(false),
            sending: watch::Sender::new(0),
            intake: AtomicUsize::new(0),
            changes,
            #[cfg(feature = "test-clock")]
            planted_panic: settings.planted_panic,
        })
    }

    /// The channels a new booking is delivered to: the shop's e-mail while it has somebody to
    /// go to, the visitor's copy whenever the server can send e-mail, the webhook, and a text
    /// whenever the server can send texts (to a visitor who agreed to them).
    pub async fn channels(&self) -> anyhow::Result<Vec<BookingChannel>> {
        let mut channels = Vec::new();
        if self.email.is_some() {
            if !self.recipients().await?.is_empty() {
                channels.push(BookingChannel::Email);
            }
            channels.push(BookingChannel::Confirmation);
        }
        if self.webhook.is_some() {
            channels.push(BookingChannel::Webhook);
        }
        if self.text.is_some() {
            channels.push(BookingChannel::Text);
        }
        Ok(channels)
    }

    /// Who gets the shop's e-mail: the owner's addresses, else the server's `--notify-email`.
    pub async fn recipients(&self) -> anyhow::Result<Vec<Mailbox>> {
        let set = recipients::list(&self.db).await?;
        if set.is_empty() {
            return Ok(self.default_recipient.iter().cloned().collect());
        }
        set.iter()
            .map(|email| email.parse().map_err(|_| anyhow::anyhow!("{email} is not an e-mail address")))
            .collect()
    }

    /// The text provider's settings, when texts are on.
    pub fn text_settings(&self) -> Option<&text::TextSettings> {
        self.text.as_ref().map(text::TextSender::settings)
    }

    /// The VAPID public key browsers subscribe with (`applicationServerKey`).
    pub fn push_key(&self) -> &str {
        self.push.public_key()
    }

    /// Whether the server can send e-mail (SMTP settings, so the visitor hears of every change)
    /// and webhooks: known from the settings, without a query.
    pub fn configured(&self) -> (bool, bool) {
        (self.email.is_some(), self.webhook.is_some())
    }

    /// Sends `body` to `to` at once, outside the outbox (a password reset link must not be
    /// stored; a lost one is asked for again).
    pub async fn send_now(&self, to: &str, subject: &str, body: String) -> anyhow::Result<()> {
        let sender =
            self.email.as_ref().ok_or_else(|| anyhow::anyhow!("e-mail delivery is not configured"))?;
        sender.direct(to, subject, body).await
    }

    /// Where a customer's replies reach the shop: its public address, never a private one of the
    /// owner's; none while that is still a placeholder (they go to the sender's, an address the
    /// shop set up).
    fn shop_reply_to(&self) -> Option<Mailbox> {
        let content = self.site.content();
        let email = content.business.real_email()?.parse().ok()?;
        Some(Mailbox::new(Some(content.business.name.clone()), email))
    }

    /// Sends a job's e-mail to a customer at `to` now (the job retries it), replies to the shop.
    pub async fn email_customer(
        &self,
        to: &str,
        key: &str,
        subject: String,
        body: String,
    ) -> anyhow::Result<()> {
        let sender =
            self.email.as_ref().ok_or_else(|| anyhow::anyhow!("e-mail delivery is not configured"))?;
        let to = Mailbox::new(None, to.parse().context("The customer's e-mail address is not deliverable")?);
        sender.plain(&[to], self.shop_reply_to(), key, subject, body).await
    }

    /// Sends a job's e-mail about request `booking` to the shop's addresses now, with the
    /// request's address in the admin after `body`; nothing when the shop has no address.
    pub async fn email_shop(
        &self,
        booking: i64,
        key: &str,
        subject: String,
        body: String,
    ) -> anyhow::Result<()> {
        let sender =
            self.email.as_ref().ok_or_else(|| anyhow::anyhow!("e-mail delivery is not configured"))?;
        let to = self.recipients().await?;
        if to.is_empty() {
            return Ok(());
        }
        let body = format!("{body}\nOpen the request: {}\n", sender.request_url(booking));
        sender.plain(&to, None, key, subject, body).await
    }

    /// The server's `--notify-email`, if given.
    pub fn default_recipient(&self) -> Option<String> {
        self.default_recipient.as_ref().map(|mailbox| mailbox.email.to_string())
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Counts a visitor's request as being stored while the answer lives: the worker claims
    /// nothing meanwhile (for a while at most), so a burst of requests is taken at full speed and
    /// their messages follow it.
    pub fn taking(self: &Arc<Self>) -> Taking {
        self.intake.fetch_add(1, Ordering::Relaxed);
        Taking(Arc::clone(self))
    }

    /// Tells the worker and the job runner that new deliveries or jobs are waiting: called after
    /// the transaction that wrote them committed.
    pub fn wake(&self) {
        self.wake.notify_one();
        self.jobs.wake();
    }

    /// Tells the worker to stop: a delivery it is sending is cut off and released at once, so
    /// another instance sends it (it hears of the release on PostgreSQL), and nothing more is
    /// claimed. `run` returns after that.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Completes once `stop` was called.
    async fn stopped(&self) {
        let mut stopping = self.stopping.subscribe();
        let _ = stopping.wait_for(|stopping| *stopping).await;
    }
}

/// A visitor's request being stored (see `Outbox::taking`).
pub struct Taking(Arc<Outbox>);

impl Drop for Taking {
    fn drop(&mut self) {
        self.0.intake.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How a delivery ended, short of an error.
enum Sent {
    Delivered,
    /// A text the provider took: its thread records it as the delivery is marked sent.
    Texted(text::handover::Taken),
    /// It must not go out any more (its time changed, or was cancelled, meanwhile).
    Stale(&'static str),
    /// It will not get through, and no retry changes that (the provider refused the number, or a
    /// person's text is over the day's limit): it is dead at once, and Today says why.
    Undelivered(&'static str),
    /// Not now: it waits until then without counting as a try (a text at night).
    Later(clock::At),
}

impl Outbox {
    async fn send(&self, claimed: &store::Claimed) -> anyhow::Result<Sent> {
        #[cfg(feature = "test-clock")]
        if self.planted_panic == Some(claimed.delivery.channel()) {
            panic!("a panic planted in the {} sender", claimed.delivery.channel().as_str());
        }
        let purpose = claimed.purpose;
        let not_configured =
            || anyhow::anyhow!("{} delivery is not configured", claimed.delivery.channel().as_str());
        if let Purpose::Page { member, .. } = purpose {
            return match &claimed.delivery {
                Delivery::Text(message) => self.page(message, purpose, member, true).await,
                Delivery::Email(ToShop::Booking(message)) => self.page(message, purpose, member, false).await,
                _ => anyhow::bail!("a member's page goes by text or e-mail"),
            };
        }
        match &claimed.delivery {
            Delivery::Email(what) => {
                let sender = self.email.as_ref().ok_or_else(not_configured)?;
                let to = self.recipients().await?;
                anyhow::ensure!(!to.is_empty(), "Nobody is set to get the e-mails of new bookings");
                match what {
                    ToShop::Booking(message) if purpose == Purpose::Request => {
                        sender.notify_shop(&to, message).await?
                    }
                    ToShop::Booking(message) => {
                        let (subject, body) = self.messages.shop_notice(message, purpose).await?;
                        let id_kind = format!("notice-{}", purpose.key());
                        sender.notice_to_shop(&to, message, &id_kind, subject, body).await?;
                    }
                    ToShop::Test(test) => sender.test(&to, test, &self.site.content().business.name).await?,
                    ToShop::Composed(message) => sender.composed(&to, message).await?,
                }
            }
            Delivery::Confirmation(message) => {
                let sender = self.email.as_ref().ok_or_else(not_configured)?;
                // Replies reach the shop at its public address, never a private one of the owner's;
                // while that is still a placeholder, the sender's (an address the shop set up).
                let reply_to = self.shop_reply_to();
                let (subject, body, calendar) =
                    match self.messages.visitor_mail(message.booking_id, purpose).await? {
                        Mail::Send { subject, body, calendar } => (subject, body, calendar),
                        Mail::Stale(why) => return Ok(Sent::Stale(why)),
                    };
                // The first confirmation keeps the Message-ID it always had.
                let id_kind = match purpose {
                    Purpose::Request => "confirmation".to_owned(),
                    other => format!("confirmation-{}", other.key()),
                };
                sender
                    .to_visitor(message, &id_kind, VisitorMail { subject, body, calendar }, reply_to)
                    .await?;
            }
            Delivery::Webhook(what) => {
                let sender = self.webhook.as_ref().ok_or_else(not_configured)?;
                match what {
                    Notified::Booking(message) => sender.send(message).await?,
                    Notified::Test(test) => sender.test(test).await?,
                }
            }
            Delivery::Push { device, what } => return self.push(*device, what, purpose).await,
            Delivery::Text(message) => return self.text(message, purpose).await,
        }
        Ok(Sent::Delivered)
    }

    /// A push of `what` to `device`; a device its push service says is gone is forgotten (with
    /// the pushes still waiting for it).
    async fn push(&self, device: i64, what: &Notified, purpose: Purpose) -> anyhow::Result<Sent> {
        let Some(target) = devices::target(&self.reader, device).await? else {
            return Ok(Sent::Stale("the device was removed"));
        };
        let content = self.site.content();
        let (notice, topic) = match what {
            Notified::Booking(message) => {
                let answers = shared_store::answers(&self.reader, message.booking_id).await?;
                let notice = Notice::for_booking(message, &answers, &content.chat, purpose);
                (notice, format!("b{}-{}", message.booking_id, purpose.key()))
            }
            Notified::Test(test) => (Notice::test(&content.business.name), format!("test-{}", test.id)),
        };
        let contact = format!("mailto:{}", content.business.email);
        match self.push.send(&target, &notice, &contact, &topic).await? {
            Pushed::Delivered => Ok(Sent::Delivered),
            Pushed::Gone => {
                devices::remove_endpoint(&self.db, &target.endpoint).await?;
                Ok(Sent::Stale("the device no longer takes notifications; it was removed"))
            }
        }
    }
}

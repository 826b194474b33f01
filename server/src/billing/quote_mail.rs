//! The messages of a sent quote, as jobs of the queue: the e-mail to the customer with a fresh
//! link to their own page (made when it is sent, so no link is ever stored in the clear), and the
//! e-mail that tells the shop the customer answered. The text to the customer is written when the
//! quote is sent (`text_body`), with the request's other texts.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::payment::PaidFor;
use super::quote::QuoteState;
use super::quote_mail_store;
use super::quote_sending::QuoteAnswerKind;
use super::quote_store::{self, StoredQuote};
use super::stripe::StripeClient;
use crate::{
    blog::model::long_date,
    booking::texting,
    delivery::{Outbox, text::quiet_until},
    domain::Money,
    error::ApiError,
    queue::{Job, Ran},
    schedule::links::{self, Purpose as Link, SentBy, Unsaved},
    site::SiteDetails,
};

/// What sending quotes and their jobs work with.
pub struct QuoteDesk {
    pub outbox: Arc<Outbox>,
    pub site: Arc<SiteDetails>,
    /// The site's address, which the customer's link starts with.
    pub public_url: String,
    /// The shop's Stripe account, when deposits can be paid online.
    pub stripe: Option<StripeClient>,
}

/// E-mails sent quote `quote` to its request's address.
#[derive(Serialize, Deserialize)]
pub struct QuoteToCustomer {
    pub quote: i64,
}

impl Job for QuoteToCustomer {
    const KIND: &'static str = "quote-to-customer";
    type Context = Arc<QuoteDesk>;

    async fn run(self, mail: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        mail.to_customer(self.quote).await?;
        Ok(Ran::Done)
    }

    async fn given_up(self, mail: Arc<QuoteDesk>, error: String) -> anyhow::Result<()> {
        quote_mail_store::email_failed(mail.outbox.db(), PaidFor::Quote(self.quote), &error).await
    }
}

/// How long after it was sent an unanswered quote's one reminder goes.
pub const REMINDER_AFTER: jiff::SignedDuration = jiff::SignedDuration::from_hours(72);

/// Reminds the customer of sent quote `quote` that it waits for their answer.
#[derive(Serialize, Deserialize)]
pub struct QuoteReminder {
    pub quote: i64,
}

impl Job for QuoteReminder {
    const KIND: &'static str = "quote-reminder";
    type Context = Arc<QuoteDesk>;

    async fn run(self, desk: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        desk.remind(self.quote).await
    }
}

/// Tells the shop by e-mail of answer `answer` to quote `quote`.
#[derive(Serialize, Deserialize)]
pub struct QuoteAnswered {
    pub quote: i64,
    pub answer: i64,
}

impl Job for QuoteAnswered {
    const KIND: &'static str = "quote-answered";
    type Context = Arc<QuoteDesk>;

    async fn run(self, mail: Arc<QuoteDesk>) -> anyhow::Result<Ran> {
        mail.to_shop(self.quote, self.answer).await?;
        Ok(Ran::Done)
    }
}

/// What `quote` asks for, in a line per option: "Total: $1,250.00 (a deposit of $312.50 when you
/// approve)", or "Good: $980.00; Better: $1,250.00".
fn asks(quote: &StoredQuote) -> String {
    let figures = quote.form.figures(&quote.rates);
    let several = quote.form.options.len() > 1;
    let lines: Vec<String> = quote
        .form
        .options
        .iter()
        .zip(&figures)
        .filter_map(|(option, figures)| {
            let totals = figures.totals?;
            let label = if several { option.title.as_str() } else { "Total" };
            let deposit = if totals.deposit > Money::ZERO {
                format!(" (a deposit of {} when you approve)", totals.deposit)
            } else {
                String::new()
            };
            Some(format!("{label}: {}{deposit}", totals.total))
        })
        .collect();
    lines.join("\n")
}

/// The reminder text of quote `number`, with the customer's link `url`.
fn reminder_text(shop: &str, number: &str, url: &str) -> String {
    format!("{shop}: a reminder that your quote {number} waits for your answer: {url}")
}

/// The text that carries sent quote `number` and the customer's link `url`.
pub fn text_body(shop: &str, number: &str, url: &str) -> String {
    format!("{shop}: your quote {number} is ready. Read it and approve it here: {url}")
}

impl QuoteDesk {
    async fn to_customer(&self, id: i64) -> anyhow::Result<()> {
        let db = self.outbox.db();
        let Some(quote) = quote_store::find(db, id).await? else { return Ok(()) };
        // Withdrawn (or answered, or expired) before it went: nothing to send.
        if !QuoteState::WAITING.contains(&quote.state) {
            return Ok(());
        }
        if self.email_quote(&quote, false).await? {
            quote_mail_store::emailed(db, PaidFor::Quote(id)).await?;
        }
        Ok(())
    }

    /// E-mails `quote` (or a reminder of it) to its request's address with a fresh link to the
    /// customer's page; false when the request has no address to write to.
    async fn email_quote(&self, quote: &StoredQuote, reminder: bool) -> anyhow::Result<bool> {
        let db = self.outbox.db();
        let Some(sending) = &quote.sending else { return Ok(false) };
        let Some(contact) = quote_mail_store::contact(db, quote.booking_id).await? else { return Ok(false) };
        let url = self.link(quote.booking_id).await?;
        let content = self.site.content();
        let business = &content.business;
        let zone = business.zone();
        let until = long_date(sending.expires_at, &zone);
        let optional = quote.form.options.iter().flat_map(|option| &option.lines).any(|line| line.optional);
        let mut body = format!("Hello {},\n\n", contact.name);
        if reminder {
            body.push_str(&format!(
                "A reminder: on {} we sent you our quote {} for your request #{}, and it waits for your answer.\n\n",
                long_date(sending.sent_at, &zone),
                quote.number,
                quote.booking_id
            ));
        } else {
            body.push_str(&format!(
                "Here is our quote {} for your request #{}.\n\n",
                quote.number, quote.booking_id
            ));
            if !quote.form.message.is_empty() {
                body.push_str(&format!("{}\n\n", quote.form.message));
            }
        }
        body.push_str(&format!("{}\n", asks(quote)));
        if optional {
            body.push_str("You may add the optional items on the quote's page.\n");
        }
        body.push_str(&format!(
            "\nRead every line and our terms, then approve it or ask for changes:\n{url}\n\nThis quote is good until {until}.\n\n{}\n",
            business.name
        ));
        if let Some(phone) = business.real_phone() {
            body.push_str(&format!("{phone}\n"));
        }
        let (subject, key) = if reminder {
            (
                format!("Reminder: your quote {} from {}", quote.number, business.name),
                format!("quote-reminder-{}", quote.id),
            )
        } else {
            (format!("Your quote {} from {}", quote.number, business.name), format!("quote-{}", quote.id))
        };
        self.outbox.email_customer(&contact.email, &key, subject, body).await?;
        Ok(true)
    }

    /// A fresh link to the page of request `booking`.
    pub(super) async fn link(&self, booking: i64) -> anyhow::Result<String> {
        let token = links::mint(self.outbox.db(), booking, Link::Manage).await?;
        Ok(format!("{}{}", self.public_url, Link::Manage.path(&token)))
    }

    /// The end of an e-mail to a customer: a fresh link to the page of request `booking` (at the
    /// part `fragment` names, "#invoice-7", or its top) under `page`, a `closing` paragraph (or
    /// none), and the shop's name and phone.
    pub(super) async fn signed(
        &self,
        booking: i64,
        fragment: &str,
        page: &str,
        closing: &str,
    ) -> anyhow::Result<String> {
        let url = self.link(booking).await?;
        let business = &self.site.content().business;
        let mut end = format!("\n{page}:\n{url}{fragment}\n\n{closing}{}\n", business.name);
        if let Some(phone) = business.real_phone() {
            end.push_str(&format!("{phone}\n"));
        }
        Ok(end)
    }

    /// Reminds the customer of quote `id` the ways it was sent, once, while it waits for their
    /// answer; in the morning when it is night at the shop.
    async fn remind(&self, id: i64) -> anyhow::Result<Ran> {
        let db = self.outbox.db();
        let Some(quote) = quote_store::find(db, id).await? else { return Ok(Ran::Done) };
        let Some(sending) = &quote.sending else { return Ok(Ran::Done) };
        let unanswered = [QuoteState::Sent, QuoteState::Viewed]
            .contains(&sending.state_at(quote.state, &db.clock.stamp()));
        if !unanswered || sending.reminded_at.is_some() {
            return Ok(Ran::Done);
        }
        let content = self.site.content();
        if let Some(morning) = quiet_until(db.clock.now(), &content.business.zone())? {
            return Ok(Ran::Later(morning));
        }
        if sending.emailed_at.is_some() {
            self.email_quote(&quote, true).await?;
        }
        if sending.texted_at.is_some() {
            let shop = &content.business.name;
            self.text_reminder(PaidFor::Quote(id), quote.booking_id, |url| {
                reminder_text(shop, &quote.number, url)
            })
            .await?;
        }
        quote_mail_store::reminded(db, PaidFor::Quote(id)).await?;
        Ok(Ran::Done)
    }

    /// Texts the customer of request `booking` the reminder of `document` (its words made from the
    /// link's address) when they can be texted now.
    pub(super) async fn text_reminder(
        &self,
        document: PaidFor,
        booking: i64,
        words: impl FnOnce(&str) -> String,
    ) -> anyhow::Result<()> {
        let db = self.outbox.db();
        match texting::textable_now(db, &self.outbox, &self.site, booking).await {
            Ok(number) => {
                let link = Unsaved::new(Link::Manage, Some(SentBy::Text));
                let body = words(&link.url(&self.public_url));
                quote_mail_store::text_reminder(db, document, booking, &number, &body, &link).await?;
                self.outbox.wake();
                Ok(())
            }
            Err(ApiError::Internal(error)) => Err(error),
            // Texts off, stopped or today's limit reached: the e-mail (if any) is the reminder.
            Err(_) => Ok(()),
        }
    }

    async fn to_shop(&self, id: i64, answer_id: i64) -> anyhow::Result<()> {
        let db = self.outbox.db();
        let Some(quote) = quote_store::find(db, id).await? else { return Ok(()) };
        let Some(answer) = quote.answers.iter().find(|answer| answer.id == answer_id) else { return Ok(()) };
        let (subject, body) = match answer.answer {
            QuoteAnswerKind::Approved => {
                let option = answer.option.and_then(|n| quote.form.options.get(n));
                let chosen = option
                    .filter(|_| quote.form.options.len() > 1)
                    .map(|option| format!("Option: {}\n", option.title))
                    .unwrap_or_default();
                let deposit = answer
                    .deposit
                    .filter(|deposit| *deposit > Money::ZERO)
                    .map(|deposit| format!("Deposit asked: {deposit}\n"))
                    .unwrap_or_default();
                (
                    format!(
                        "Quote {} approved by {}",
                        quote.number,
                        answer.name.as_deref().unwrap_or_default()
                    ),
                    format!(
                        "{} approved quote {} for request #{}, signed \"{}\".\n\n{chosen}Total: {}\n{deposit}",
                        quote.name,
                        quote.number,
                        quote.booking_id,
                        answer.name.as_deref().unwrap_or_default(),
                        answer.total.unwrap_or(Money::ZERO),
                    ),
                )
            }
            QuoteAnswerKind::ChangesAsked => (
                format!("Changes asked to quote {}", quote.number),
                format!(
                    "{} asked for changes to quote {} for request #{}:\n\n{}\n",
                    quote.name,
                    quote.number,
                    quote.booking_id,
                    answer.message.as_deref().unwrap_or_default()
                ),
            ),
        };
        self.outbox.email_shop(quote.booking_id, &format!("quote-answer-{answer_id}"), subject, body).await
    }
}

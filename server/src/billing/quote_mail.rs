//! The messages of a sent quote, as jobs of the queue: the e-mail to the customer with a fresh
//! link to their own page (made when it is sent, so no link is ever stored in the clear), and the
//! e-mail that tells the shop the customer answered. The text to the customer is written when the
//! quote is sent (`text_body`), with the request's other texts.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::quote::QuoteState;
use super::quote_sending::QuoteAnswerKind;
use super::quote_store::{self, StoredQuote};
use crate::{
    blog::model::long_date,
    delivery::Outbox,
    domain::Money,
    queue::{Job, Ran},
    schedule::links::{self, Purpose as Link},
    site::SiteDetails,
};

/// What sending quotes and their jobs work with.
pub struct QuoteDesk {
    pub outbox: Arc<Outbox>,
    pub site: Arc<SiteDetails>,
    /// The site's address, which the customer's link starts with.
    pub public_url: String,
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
        quote_store::email_failed(mail.outbox.db(), self.quote, &error).await
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

/// The text that carries sent quote `number` and the customer's link `url`.
pub fn text_body(shop: &str, number: &str, url: &str) -> String {
    format!("{shop}: your quote {number} is ready. Read it and approve it here: {url}")
}

impl QuoteDesk {
    async fn to_customer(&self, id: i64) -> anyhow::Result<()> {
        let db = self.outbox.db();
        let Some(quote) = quote_store::find(db, id).await? else { return Ok(()) };
        let Some(sending) = &quote.sending else { return Ok(()) };
        // Withdrawn (or answered, or expired) before it went: nothing to send.
        if !QuoteState::WAITING.contains(&quote.state) {
            return Ok(());
        }
        let Some(contact) = quote_store::contact(db, quote.booking_id).await? else { return Ok(()) };
        let token = links::mint(db, quote.booking_id, Link::Manage).await?;
        let url = format!("{}{}", self.public_url, Link::Manage.path(&token));
        let content = self.site.content();
        let business = &content.business;
        let until = long_date(sending.expires_at, &business.zone());
        let optional = quote.form.options.iter().flat_map(|option| &option.lines).any(|line| line.optional);
        let mut body = format!(
            "Hello {},\n\nHere is our quote {} for your request #{}.\n\n",
            contact.name, quote.number, quote.booking_id
        );
        if !quote.form.message.is_empty() {
            body.push_str(&format!("{}\n\n", quote.form.message));
        }
        body.push_str(&format!("{}\n", asks(&quote)));
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
        let subject = format!("Your quote {} from {}", quote.number, business.name);
        self.outbox.email_customer(&contact.email, &format!("quote-{id}"), subject, body).await?;
        quote_store::emailed(db, id).await
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

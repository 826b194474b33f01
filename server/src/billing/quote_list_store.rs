//! Quotes as lists show them (the team's list of quotes, Today's quotes waiting, a request's
//! quotes): one line each with its customer, where it stands and its total.

use super::quote::QuoteState;
use super::quote_store::{self, StoredQuote};
use crate::clock::At;
use crate::db::{self, Db};
use crate::domain::Money;
use crate::{text_enum, with_db};

/// A quote in a list.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ListedQuote {
    pub id: i64,
    /// Q-2026-0001.
    pub number: String,
    pub booking_id: i64,
    /// The customer's name (and company).
    pub name: String,
    /// Where it stands now (a quote waiting past its date has expired).
    pub state: QuoteState,
    pub updated_at: At,
    pub sent_at: Option<At>,
    pub expires_at: Option<At>,
    /// What the customer approved (with the optional lines they ticked); before, the first
    /// option's total without optional lines; none while it does not add up.
    pub total: Option<Money>,
    pub options: usize,
}

/// `quote` as a list shows it at `now`.
pub fn listed(quote: StoredQuote, now: &At) -> ListedQuote {
    let figures = quote.form.figures(&quote.rates);
    let approved = quote.approved().and_then(|answer| answer.total);
    ListedQuote {
        id: quote.id,
        state: quote.state_at(now),
        sent_at: quote.sending.as_ref().map(|sending| sending.sent_at),
        expires_at: quote.sending.as_ref().map(|sending| sending.expires_at),
        total: approved.or_else(|| figures.first().and_then(|first| first.totals).map(|totals| totals.total)),
        options: figures.len(),
        number: quote.number,
        booking_id: quote.booking_id,
        name: quote.name,
        updated_at: quote.updated_at,
    }
}

text_enum! {
    /// Which quotes a list shows.
    pub enum QuoteShown {
        All => "all",
        Drafts => "drafts",
        /// Sent and not answered, or with changes asked, and not past their date.
        Waiting => "waiting",
        Approved => "approved",
        /// Past their date without an answer.
        Expired => "expired",
        Withdrawn => "withdrawn",
    }
}

impl QuoteShown {
    /// The condition on `quotes`, with `now` the parameter of the time now, and the order: waiting
    /// ones with changes asked first (the shop's turn), then the soonest to expire; the others
    /// newest first.
    fn sql(self, now: &str) -> (String, String) {
        let waiting = db::in_names(&QuoteState::WAITING);
        let one = |state: QuoteState| format!("state = {}", db::name(state));
        let newest = || "id DESC".to_owned();
        match self {
            Self::All => ("TRUE".into(), newest()),
            Self::Drafts => (one(QuoteState::Draft), newest()),
            Self::Waiting => (
                format!("state {waiting} AND expires_at >= {now}"),
                format!("{} DESC, expires_at, id", one(QuoteState::ChangesAsked)),
            ),
            Self::Approved => (one(QuoteState::Approved), newest()),
            Self::Expired => (
                format!("({} OR (state {waiting} AND expires_at < {now}))", one(QuoteState::Expired)),
                newest(),
            ),
            Self::Withdrawn => (one(QuoteState::Withdrawn), newest()),
        }
    }

    /// Whether its condition reads the time now.
    fn at_now(self) -> bool {
        matches!(self, Self::Waiting | Self::Expired)
    }
}

/// The quotes `shown` at `now`, `limit` at most, and how many there are in all.
pub async fn list(
    db: &Db,
    shown: QuoteShown,
    now: &At,
    limit: i64,
) -> anyhow::Result<(Vec<ListedQuote>, i64)> {
    let (condition, order) = shown.sql("$2");
    let listed_sql =
        sqlx::AssertSqlSafe(format!("SELECT id FROM quotes WHERE {condition} ORDER BY {order} LIMIT $1"));
    let (condition, _) = shown.sql("$1");
    let counted_sql = sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM quotes WHERE {condition}"));
    let (ids, total): (Vec<i64>, i64) = with_db!(db, |pool| {
        let mut ids = sqlx::query_scalar(listed_sql).bind(limit);
        let mut total = sqlx::query_scalar(counted_sql);
        if shown.at_now() {
            ids = ids.bind(now);
            total = total.bind(now);
        }
        (ids.fetch_all(pool).await?, total.fetch_one(pool).await?)
    });
    let mut quotes = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(quote) = quote_store::find(db, id).await? {
            quotes.push(listed(quote, now));
        }
    }
    Ok((quotes, total))
}

//! Consent to texts, kept append-only: each time a number agreed (the request form's box, a
//! START) or stopped (a keyword, a plain "stop texting me", the manage page), with the words it
//! was given with. A request's number may be texted about it while the request was agreed on and
//! the number's newest row is an agreement: a stop, however given, ends texts about every request.

use std::future::Future;

use sqlx::{Database, Encode, Type, query::Query};

use crate::{
    booking::shared_store::BookingStatements as _,
    clock::At,
    db::{Db, Dialect},
    delivery::{Channel, DeliveryState, PurposeKind, text::status::TextStatus},
    for_both_connections, with_db,
};

/// What a number that texted the shop first is recorded as having agreed with, when the team
/// makes a request of its texts or files them under one.
pub const TEXTED_WORDING: &str = "Texted the shop first; the team made a request of the texts.";

/// The words beside the request form's box, kept with each agreement given there.
pub const FORM_WORDING: &str = "Text me about this request: a confirmation, my appointment time and a reminder, \
     and messages from the shop (about 1 to 5 texts a request). Msg & data rates may apply. Reply STOP to opt \
     out, HELP for help.";

crate::text_enum! {
    /// How a number agreed or stopped.
    pub enum How {
        /// The request form's box.
        Form => "form",
        /// The request's manage page.
        Manage => "manage",
        /// A keyword: STOP and its like, START and its like.
        Keyword => "keyword",
        /// A text asking to stop in other words.
        Reply => "reply",
        /// The number texted the shop first, and the team made a request of its texts.
        Texted => "texted",
    }
}

/// One agreement or stop.
pub struct Consent<'a> {
    /// E.164.
    pub phone: &'a str,
    pub booking_id: Option<i64>,
    pub given: bool,
    pub how: How,
    /// The words shown (the form's box) or received (the text).
    pub wording: &'a str,
    pub client_ip: &'a str,
}

/// A consent row written inside the caller's transaction (the booking it came with, the text that
/// stopped it); a stop also ends the texts still waiting for that number.
pub trait ConsentWrites {
    fn record_consent(
        &mut self,
        consent: &Consent<'_>,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// An agreement by texting the shop first (`How::Texted`), unless the number's newest row is
    /// a stop: a number that said STOP is never texted again but after its START.
    fn record_texted_unless_stopped(
        &mut self,
        consent: &Consent<'_>,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// An agreement given with its request (`consent.booking_id`), whose "received" text the
    /// outbox worker is left to queue (`received`).
    fn record_consent_with_text(
        &mut self,
        consent: &Consent<'_>,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

/// A consent's row: its fields bound as $1 to $6 by `bind_consent`, the time as $7.
const INSERT_CONSENT: &str =
    "INSERT INTO text_consents (phone, booking_id, given, how, wording, client_ip, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)";
/// The request's "received" text left to queue, after its agreement's row.
const RECEIVED_DUE: &str = "INSERT INTO received_texts_due (booking_id) VALUES ($2)";

/// `query` with `consent` bound as `INSERT_CONSENT` reads it, and `now`.
fn bind_consent<'q, DB: Database>(
    query: Query<'q, DB, DB::Arguments>,
    consent: &Consent<'_>,
    now: &At,
) -> Query<'q, DB, DB::Arguments>
where
    for<'t> &'t str: Encode<'t, DB> + Type<DB>,
    for<'t> Option<i64>: Encode<'t, DB> + Type<DB>,
    for<'t> bool: Encode<'t, DB> + Type<DB>,
    for<'t> At: Encode<'t, DB> + Type<DB>,
{
    query
        .bind(consent.phone)
        .bind(consent.booking_id)
        .bind(consent.given)
        .bind(consent.how.as_str())
        .bind(consent.wording)
        .bind(consent.client_ip)
        .bind(*now)
}

for_both_connections!(impl ConsentWrites {
    async fn record_consent_with_text(&mut self, consent: &Consent<'_>, now: &At) -> sqlx::Result<()> {
        // Both rows in one statement, as each statement is a trip to the database inside the
        // booking's write: two statements in one string on SQLite, which runs them in turn; a
        // data-modifying WITH on PostgreSQL, which takes one command a statement.
        let sql = if <Self as Dialect>::POSTGRES {
            format!("WITH agreed AS ({INSERT_CONSENT}) {RECEIVED_DUE}")
        } else {
            format!("{INSERT_CONSENT}; {RECEIVED_DUE}")
        };
        bind_consent(sqlx::query(sqlx::AssertSqlSafe(sql)), consent, now).execute(&mut *self).await?;
        Ok(())
    }

    async fn record_texted_unless_stopped(&mut self, consent: &Consent<'_>, now: &At) -> sqlx::Result<()> {
        let sql = "INSERT INTO text_consents (phone, booking_id, given, how, wording, client_ip, at)
             SELECT $1, $2, $3, $4, $5, $6, $7
             WHERE COALESCE((SELECT given FROM text_consents WHERE phone = $1 ORDER BY id DESC LIMIT 1), TRUE)";
        bind_consent(sqlx::query(sql), consent, now).execute(&mut *self).await?;
        Ok(())
    }

    async fn record_consent(&mut self, consent: &Consent<'_>, now: &At) -> sqlx::Result<()> {
        bind_consent(sqlx::query(INSERT_CONSENT), consent, now).execute(&mut *self).await?;
        if !consent.given {
            // What waits for the number goes no more, and its page says so at once.
            for booking_id in self.ids_with_phone(consent.phone).await? {
                sqlx::query(
                    "UPDATE deliveries SET state = $2, last_error = 'the customer stopped texts'
                     WHERE channel = $3 AND state = $4 AND purpose_kind <> $5 AND booking_id = $1",
                )
                .bind(booking_id)
                .bind(DeliveryState::Cancelled)
                .bind(Channel::Text)
                .bind(DeliveryState::Pending)
                .bind(PurposeKind::Page)
                .execute(&mut *self)
                .await?;
            }
            sqlx::query(
                "UPDATE texts SET status = $3, updated_at = $2
                 WHERE phone = $1 AND NOT incoming AND status = $4 AND sending_at IS NULL",
            )
            .bind(consent.phone)
            .bind(now)
            .bind(TextStatus::Failed)
            .bind(TextStatus::Waiting)
            .execute(&mut *self)
            .await?;
        }
        Ok(())
    }
});

/// Records `consent` on its own.
pub async fn record(db: &Db, consent: &Consent<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut connection = pool.acquire().await?;
        connection.record_consent(consent, &now).await?;
    });
    Ok(())
}

/// Whether `phone` may be texted about request `booking_id`: the request was agreed on, and the
/// number's newest row is an agreement.
pub async fn may_text(db: &Db, phone: &str, booking_id: i64) -> anyhow::Result<bool> {
    let (agreed, newest): (bool, Option<bool>) = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT EXISTS (SELECT 1 FROM text_consents WHERE booking_id = $2 AND phone = $1 AND given),
                    (SELECT given FROM text_consents WHERE phone = $1 ORDER BY id DESC LIMIT 1)",
        )
        .bind(phone)
        .bind(booking_id)
        .fetch_one(pool)
        .await?
    });
    Ok(agreed && newest == Some(true))
}

/// Whether `phone` stopped texts (its newest row is a stop).
pub async fn stopped(db: &Db, phone: &str) -> anyhow::Result<bool> {
    let newest: Option<bool> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT given FROM text_consents WHERE phone = $1 ORDER BY id DESC LIMIT 1")
            .bind(phone)
            .fetch_optional(pool)
            .await?
    });
    Ok(newest == Some(false))
}

/// One agreement or stop as a customer's export lists it.
#[derive(serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentRecord {
    /// E.164.
    pub phone: String,
    pub booking_id: Option<i64>,
    /// An agreement (else a stop).
    pub given: bool,
    pub how: How,
    /// The words shown (the form's box) or received (the text).
    pub wording: String,
    pub at: At,
}

/// Every agreement and stop of `phone` (E.164), oldest first.
pub async fn history(db: &Db, phone: &str) -> anyhow::Result<Vec<ConsentRecord>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT phone, booking_id, given, how, wording, at FROM text_consents WHERE phone = $1 ORDER BY id")
            .bind(phone)
            .fetch_all(pool)
            .await?
    }))
}

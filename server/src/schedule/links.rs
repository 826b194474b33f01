//! Links sent to a visitor: one to their own page (`Manage`: the request, and all they have with
//! the shop), one through the site to the shop's review page (`Review`, so a click is counted).
//! Each carries a random 256-bit token; the database keeps only its hash. Every message gets a
//! fresh link, so none is ever stored in the clear. A page link asks for the last four digits of
//! the customer's phone once it is older than `CHECK_AFTER` (since it was made or last checked);
//! `MAX_FAILED_CHECKS` wrong answers end it.

use std::{collections::HashMap, future::Future};

use jiff::SignedDuration;

use crate::{
    auth::session::{random_token, token_hash},
    clock::At,
    db::{self, Db},
    for_both_connections, with_db,
};

/// Where a visitor changes or cancels a request; the token follows.
pub const MANAGE_PATH: &str = "/booking/";
/// `path` as it may be kept (a booking's source, the assistant's funnel): a page link's path
/// without its token, which is a secret.
pub fn keepable_path(path: &str) -> &str {
    if path.starts_with(MANAGE_PATH) { MANAGE_PATH.trim_end_matches('/') } else { path }
}

/// How long a page link opens without a check.
pub const CHECK_AFTER: SignedDuration = SignedDuration::from_hours(14 * 24);
/// The wrong answers to a check that end a link.
const MAX_FAILED_CHECKS: i64 = 5;

/// Where a review link goes through the site; the token follows.
pub const REVIEW_PATH: &str = "/review/";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Manage,
    Review,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::Manage => "manage",
            Self::Review => "review",
        }
    }

    /// The link's path on the site, for `token`.
    pub fn path(self, token: &str) -> String {
        match self {
            Self::Manage => format!("{MANAGE_PATH}{token}"),
            Self::Review => format!("{REVIEW_PATH}{token}"),
        }
    }
}

crate::text_enum! {
    /// How a link reached the customer: none for the one the booking form gives the browser.
    pub enum SentBy {
        Email => "email",
        Text => "text",
    }
}

/// A link made for a message before it is stored: it is saved in the transaction that writes the
/// message, so neither is kept without the other.
pub struct Unsaved {
    purpose: Purpose,
    token: String,
    sent_by: Option<SentBy>,
}

impl Unsaved {
    pub fn new(purpose: Purpose, sent_by: Option<SentBy>) -> Self {
        Self { purpose, token: random_token(), sent_by }
    }

    /// The link on the site at `public_url`.
    pub fn url(&self, public_url: &str) -> String {
        format!("{public_url}{}", self.purpose.path(&self.token))
    }
}

/// Makes a link, inside the caller's transaction.
pub trait LinkWrites {
    /// A new link of `purpose` to booking `booking_id`, for the browser that sent it: its token.
    fn mint_link(
        &mut self,
        booking_id: i64,
        purpose: Purpose,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<String>> + Send;
    /// Keeps `link`, made for a message to booking `booking_id`.
    fn save_link(
        &mut self,
        booking_id: i64,
        link: &Unsaved,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
    /// Ends every link to booking `booking_id` (its customer's data was erased), or only those of
    /// `purpose`.
    fn end_links(
        &mut self,
        booking_id: i64,
        purpose: Option<Purpose>,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl LinkWrites {
    async fn mint_link(&mut self, booking_id: i64, purpose: Purpose, now: &At) -> sqlx::Result<String> {
        let link = Unsaved::new(purpose, None);
        self.save_link(booking_id, &link, now).await?;
        Ok(link.token)
    }

    async fn save_link(&mut self, booking_id: i64, link: &Unsaved, now: &At) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO booking_links (token_hash, booking_id, purpose, created_at, sent_by) VALUES ($1, $2, $3, $4, $5)",
        )
            .bind(token_hash(&link.token))
            .bind(booking_id)
            .bind(link.purpose.as_str())
            .bind(now)
            .bind(link.sent_by)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn end_links(&mut self, booking_id: i64, purpose: Option<Purpose>) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM booking_links WHERE booking_id = $1 AND ($2 IS NULL OR purpose = $2)")
            .bind(booking_id)
            .bind(purpose.map(Purpose::as_str))
            .execute(&mut *self)
            .await?;
        Ok(())
    }
});

/// A new link of `purpose` to booking `booking_id`, for an e-mail: its token.
pub async fn mint(db: &Db, booking_id: i64, purpose: Purpose) -> anyhow::Result<String> {
    let now = db.clock.stamp();
    let link = Unsaved::new(purpose, Some(SentBy::Email));
    with_db!(db, |pool| {
        let mut connection = pool.acquire().await?;
        connection.save_link(booking_id, &link, &now).await?;
    });
    Ok(link.token)
}

/// Whether `token` could be a link's token (64 hex digits): anything else is not looked up.
fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Where a link leads, how it got there, and whether it must be checked first.
pub struct Found {
    pub booking_id: i64,
    pub sent_by: Option<SentBy>,
    /// It is older than `CHECK_AFTER` since it was made or last checked.
    pub check_due: bool,
}

/// Where a link of `purpose` with `token` leads.
pub async fn find(db: &Db, token: &str, purpose: Purpose) -> anyhow::Result<Option<Found>> {
    if !well_formed(token) {
        return Ok(None);
    }
    let row: Option<(i64, Option<SentBy>, At)> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT booking_id, sent_by, COALESCE(checked_at, created_at) FROM booking_links
             WHERE token_hash = $1 AND purpose = $2",
        )
        .bind(token_hash(token))
        .bind(purpose.as_str())
        .fetch_optional(pool)
        .await?
    });
    Ok(row.map(|(booking_id, sent_by, since)| Found {
        booking_id,
        sent_by,
        check_due: since.timestamp() + CHECK_AFTER < db.clock.now(),
    }))
}

/// What a check of a page link came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Checked {
    Passed,
    /// A wrong answer; this many more are allowed.
    Wrong(i64),
    /// The last wrong answer allowed: the link no longer works.
    Ended,
}

/// Notes the answer to page link `token`'s check: `right` or not.
pub async fn note_check(db: &Db, token: &str, right: bool) -> anyhow::Result<Checked> {
    let hash = token_hash(token);
    let purpose = Purpose::Manage.as_str();
    if right {
        with_db!(db, |pool| {
            sqlx::query("UPDATE booking_links SET checked_at = $1, failed_checks = 0 WHERE token_hash = $2 AND purpose = $3")
                .bind(db.clock.stamp())
                .bind(&hash)
                .bind(purpose)
                .execute(pool)
                .await?;
        });
        return Ok(Checked::Passed);
    }
    let failed: Option<i64> = with_db!(db, |pool| {
        sqlx::query_scalar(
            "UPDATE booking_links SET failed_checks = failed_checks + 1 WHERE token_hash = $1 AND purpose = $2
             RETURNING failed_checks",
        )
        .bind(&hash)
        .bind(purpose)
        .fetch_optional(pool)
        .await?
    });
    let failed = failed.unwrap_or(MAX_FAILED_CHECKS);
    if failed < MAX_FAILED_CHECKS {
        return Ok(Checked::Wrong(MAX_FAILED_CHECKS - failed));
    }
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM booking_links WHERE token_hash = $1").bind(&hash).execute(pool).await?;
    });
    Ok(Checked::Ended)
}

/// Ends every page link to the bookings `ended` and makes a new one to `booking_id` as if `sent_by`
/// (the old one's), checked now (the customer asked for a new link on their page): its token.
pub async fn replace(
    db: &Db,
    ended: &[i64],
    booking_id: i64,
    sent_by: Option<SentBy>,
) -> anyhow::Result<String> {
    let now = db.clock.stamp();
    let link = Unsaved::new(Purpose::Manage, sent_by);
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        for &id in ended {
            tx.end_links(id, Some(Purpose::Manage)).await?;
        }
        tx.save_link(booking_id, &link, &now).await?;
        sqlx::query("UPDATE booking_links SET checked_at = created_at WHERE token_hash = $1")
            .bind(token_hash(&link.token))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    });
    Ok(link.token)
}

/// The booking a review link leads to, noting the first time it was opened (the one thing a
/// GET records here: a customer's click from an e-mail can be nothing else).
pub async fn open_review(db: &Db, token: &str) -> anyhow::Result<Option<i64>> {
    if !well_formed(token) {
        return Ok(None);
    }
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar(
            "UPDATE booking_links SET opened_at = COALESCE(opened_at, $1) WHERE token_hash = $2 AND purpose = $3
             RETURNING booking_id",
        )
        .bind(db.clock.stamp())
        .bind(token_hash(token))
        .bind(Purpose::Review.as_str())
        .fetch_optional(pool)
        .await?
    }))
}

/// When the review link of each of the bookings `ids` was first opened, for those opened.
pub async fn reviews_opened(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, At>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT booking_id, MIN(opened_at) FROM booking_links
         WHERE purpose = $1 AND opened_at IS NOT NULL AND booking_id IN ({})
         GROUP BY booking_id",
        db::placeholders_from(2, ids.len())
    ));
    let rows: Vec<(i64, At)> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql).bind(Purpose::Review.as_str());
        for id in ids {
            query = query.bind(id);
        }
        query.fetch_all(pool).await?
    });
    Ok(rows.into_iter().collect())
}

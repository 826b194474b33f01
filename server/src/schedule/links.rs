//! Links sent to a visitor: one to change or cancel their request (`Manage`), one through the
//! site to the shop's review page (`Review`, so a click is counted). Each carries a random
//! 256-bit token; the database keeps only its hash. Every message gets a fresh link, so none is
//! ever stored in the clear, and all of a booking's links work until the booking's time is over.

use std::{collections::HashMap, future::Future};

use crate::{
    auth::session::{random_token, token_hash},
    clock::At,
    db::{self, Db},
    for_both_connections, with_db,
};

/// Where a visitor changes or cancels a request; the token follows.
pub const MANAGE_PATH: &str = "/booking/";
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

/// A link made for a message before it is stored: it is saved in the transaction that writes the
/// message, so neither is kept without the other.
pub struct Unsaved {
    purpose: Purpose,
    token: String,
}

impl Unsaved {
    pub fn new(purpose: Purpose) -> Self {
        Self { purpose, token: random_token() }
    }

    /// The link on the site at `public_url`.
    pub fn url(&self, public_url: &str) -> String {
        format!("{public_url}{}", self.purpose.path(&self.token))
    }
}

/// Makes a link, inside the caller's transaction.
pub trait LinkWrites {
    /// A new link of `purpose` to booking `booking_id`: its token.
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
    /// Ends every link to booking `booking_id` (its customer's data was erased).
    fn end_links(&mut self, booking_id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl LinkWrites {
    async fn mint_link(&mut self, booking_id: i64, purpose: Purpose, now: &At) -> sqlx::Result<String> {
        let link = Unsaved::new(purpose);
        self.save_link(booking_id, &link, now).await?;
        Ok(link.token)
    }

    async fn save_link(&mut self, booking_id: i64, link: &Unsaved, now: &At) -> sqlx::Result<()> {
        sqlx::query("INSERT INTO booking_links (token_hash, booking_id, purpose, created_at) VALUES ($1, $2, $3, $4)")
            .bind(token_hash(&link.token))
            .bind(booking_id)
            .bind(link.purpose.as_str())
            .bind(now)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn end_links(&mut self, booking_id: i64) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM booking_links WHERE booking_id = $1").bind(booking_id).execute(&mut *self).await?;
        Ok(())
    }
});

/// A new link of `purpose` to booking `booking_id`: its token.
pub async fn mint(db: &Db, booking_id: i64, purpose: Purpose) -> anyhow::Result<String> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut connection = pool.acquire().await?;
        connection.mint_link(booking_id, purpose, &now).await?
    }))
}

/// Whether `token` could be a link's token (64 hex digits): anything else is not looked up.
fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The booking a link of `purpose` with `token` leads to.
pub async fn find(db: &Db, token: &str, purpose: Purpose) -> anyhow::Result<Option<i64>> {
    if !well_formed(token) {
        return Ok(None);
    }
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT booking_id FROM booking_links WHERE token_hash = $1 AND purpose = $2")
            .bind(token_hash(token))
            .bind(purpose.as_str())
            .fetch_optional(pool)
            .await?
    }))
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

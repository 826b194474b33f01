//! The customers' tables changed: a request attached to its customer inside the transaction
//! that stores it (`CustomerWrites::attach`), a record changed, two records merged and a request
//! split off, each with its history and audit line in one transaction (read by `reads`).

use std::future::Future;

use super::model::{HistoryKind, Tag};
use crate::audit::{AuditWrites as _, Line};
use crate::billing::customer_documents::DocumentWrites as _;
use crate::booking::shared_store::BookingStatements as _;
use crate::{
    clock::At,
    db::{Db, Dialect},
    delivery::text::{
        consent::{self, Consent, ConsentWrites as _, How},
        conversation::ConversationWrites as _,
    },
    domain::Phone,
    for_both_connections, with_db,
};

/// The column of `customer_search` that holds the customer's id: SQLite's full-text table keeps
/// it as its rowid.
pub(super) fn search_key(postgres: bool) -> &'static str {
    if postgres { "customer_id" } else { "rowid" }
}

/// How many requests without a customer one transaction attaches at start-up.
const ATTACH_BATCH: i64 = 200;

/// Customers are found and made one request at a time on PostgreSQL (SQLite has one writer):
/// two requests from one new number at once make one customer, not two.
const ATTACH_LOCK: i64 = 0x6375_7374;

/// What happened to a customer's record (`HistoryKind`), with the other record, the request
/// and how many requests moved.
pub struct Happened {
    pub customer: i64,
    pub kind: HistoryKind,
    pub other: i64,
    pub booking: Option<i64>,
    pub moved_requests: u64,
}

/// Statements on the customers' tables inside the caller's transaction.
pub trait CustomerWrites {
    /// Attaches request `booking` to its customer: the one with its phone's ten digits, else the
    /// one with its e-mail address, else a new one; the number and address become that
    /// customer's where no one has them. When the phone and the address are two customers'
    /// the request goes to the phone's and is marked with the other. No-op for spam or a
    /// request that has a customer; the customer's id.
    fn attach(&mut self, booking: i64, now: &At) -> impl Future<Output = sqlx::Result<Option<i64>>> + Send;

    /// Rewrites what the list searches of `customer`.
    fn refresh_search(&mut self, customer: i64) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// A line of a customer's history, by the member `line` names.
    fn record_history(
        &mut self,
        happened: Happened,
        line: &Line<'_>,
        now: &At,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl CustomerWrites {
    async fn attach(&mut self, booking: i64, now: &At) -> sqlx::Result<Option<i64>> {
        let Some(contact) = self.contact(booking).await? else { return Ok(None) };
        if let Some(customer) = contact.customer_id {
            return Ok(Some(customer));
        }
        if <Self as Dialect>::POSTGRES {
            sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(ATTACH_LOCK).execute(&mut *self).await?;
        }
        let by_phone: Option<i64> = sqlx::query_scalar("SELECT customer_id FROM customer_phones WHERE national = $1")
            .bind(&contact.phone_national)
            .fetch_optional(&mut *self)
            .await?;
        let email_key = contact.email.to_lowercase();
        let by_email: Option<i64> = sqlx::query_scalar("SELECT customer_id FROM customer_emails WHERE address_key = $1")
            .bind(&email_key)
            .fetch_optional(&mut *self)
            .await?;
        let customer = match by_phone.or(by_email) {
            Some(customer) => customer,
            None => {
                sqlx::query_scalar("INSERT INTO customers (name, created_at, updated_at) VALUES ($1, $2, $2) RETURNING id")
                    .bind(&contact.name)
                    .bind(now)
                    .fetch_one(&mut *self)
                    .await?
            }
        };
        if by_phone.is_none() && !contact.phone_national.is_empty() {
            sqlx::query("INSERT INTO customer_phones (national, customer_id, typed, added_at) VALUES ($1, $2, $3, $4)")
                .bind(&contact.phone_national)
                .bind(customer)
                .bind(&contact.phone)
                .bind(now)
                .execute(&mut *self)
                .await?;
        }
        if by_email.is_none() {
            sqlx::query("INSERT INTO customer_emails (address_key, customer_id, address, added_at) VALUES ($1, $2, $3, $4)")
                .bind(&email_key)
                .bind(customer)
                .bind(&contact.email)
                .bind(now)
                .execute(&mut *self)
                .await?;
        }
        let email_customer = by_email.filter(|other| *other != customer);
        self.set_customer(booking, customer, email_customer).await?;
        sqlx::query("UPDATE customers SET updated_at = $2 WHERE id = $1").bind(customer).bind(now).execute(&mut *self).await?;
        self.refresh_search(customer).await?;
        Ok(Some(customer))
    }

    async fn refresh_search(&mut self, customer: i64) -> sqlx::Result<()> {
        let (name, company): (String, String) = sqlx::query_as("SELECT name, company FROM customers WHERE id = $1")
            .bind(customer)
            .fetch_one(&mut *self)
            .await?;
        let phones: Vec<String> = sqlx::query_scalar("SELECT national FROM customer_phones WHERE customer_id = $1")
            .bind(customer)
            .fetch_all(&mut *self)
            .await?;
        let emails: Vec<String> = sqlx::query_scalar("SELECT address_key FROM customer_emails WHERE customer_id = $1")
            .bind(customer)
            .fetch_all(&mut *self)
            .await?;
        let trailers: Vec<String> = sqlx::query_scalar("SELECT vin || ' ' || plate FROM trailers WHERE customer_id = $1")
            .bind(customer)
            .fetch_all(&mut *self)
            .await?;
        let search =
            [name.to_lowercase(), company.to_lowercase(), phones.join(" "), emails.join(" "), trailers.join(" ").to_lowercase()]
                .join(" ");
        let key = search_key(<Self as Dialect>::POSTGRES);
        sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM customer_search WHERE {key} = $1")))
            .bind(customer)
            .execute(&mut *self)
            .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!("INSERT INTO customer_search ({key}, text) VALUES ($1, $2)")))
            .bind(customer)
            .bind(search)
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn record_history(&mut self, happened: Happened, line: &Line<'_>, now: &At) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO customer_history (customer_id, kind, other_customer, booking_id, moved_requests, actor, at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(happened.customer)
        .bind(happened.kind)
        .bind(happened.other)
        .bind(happened.booking)
        .bind(i64::try_from(happened.moved_requests).unwrap_or(i64::MAX))
        .bind(line.actor.email)
        .bind(now)
        .execute(&mut *self)
        .await?;
        Ok(())
    }
});

/// How long to wait before trying again when the database refused a batch (another process
/// writing: SQLite's lock), doubling up to a minute.
const ATTACH_RETRY: std::time::Duration = std::time::Duration::from_secs(1);
const ATTACH_RETRY_MOST: std::time::Duration = std::time::Duration::from_secs(60);

/// The background task begun at start-up: attaches every request stored before customers
/// existed (or while an older copy of the server ran beside this one), then ends. The requests
/// are served meanwhile; a new one attaches itself.
pub async fn attach_earlier(db: Db) {
    let mut wait = ATTACH_RETRY;
    loop {
        match attach_all(&db).await {
            Ok(0) => return,
            Ok(attached) => {
                tracing::info!(attached, "Attached the requests stored before customers to their customers");
                return;
            }
            Err(error) => {
                tracing::warn!(
                    "Could not attach earlier requests to their customers (trying again): {error:#}"
                );
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(ATTACH_RETRY_MOST);
            }
        }
    }
}

/// Attaches every request that has no customer, oldest first, by `attach`'s rule, a batch a
/// transaction; how many.
async fn attach_all(db: &Db) -> anyhow::Result<u64> {
    let mut attached = 0;
    loop {
        let now = db.clock.stamp();
        let done = with_db!(db, |pool| {
            let mut tx = pool.begin().await?;
            let ids = tx.without_customer(ATTACH_BATCH).await?;
            for id in &ids {
                tx.attach(*id, &now).await?;
            }
            tx.commit().await?;
            ids.len()
        });
        attached += done as u64;
        if (done as i64) < ATTACH_BATCH {
            return Ok(attached);
        }
    }
}

/// A customer's record as the owner changes it, checked.
pub struct Changes {
    pub name: String,
    pub company: String,
    pub address: String,
    pub notes: String,
    pub tags: Vec<Tag>,
    /// (ten digits, as typed)
    pub phones: Vec<(String, String)>,
    /// (lowercased, as typed)
    pub emails: Vec<(String, String)>,
}

/// Why a change, a merge or a split was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    NoSuchCustomer,
    /// The number (as typed) is another customer's, named.
    PhoneTaken(String, String),
    /// The address is another customer's, named.
    EmailTaken(String, String),
    /// A record merged into another is read, not changed.
    Merged,
    /// An erased record is read, not changed.
    Erased,
    SameCustomer,
    NotTheirs,
    OnlyRequest,
    NoSuchTrailer,
    /// The customer has no request to file texts under.
    NoRequest,
}

/// Writes `changes` to customer `id` with `line` in the audit log, in one transaction.
pub async fn change(
    db: &Db,
    id: i64,
    changes: &Changes,
    line: &Line<'_>,
) -> anyhow::Result<Result<(), Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        match live_in(&mut *tx, id).await? {
            Ok(()) => {}
            Err(refused) => return Ok(Err(refused)),
        }
        for (national, typed) in &changes.phones {
            let owner: Option<(i64, String)> = sqlx::query_as(
                "SELECT c.id, c.name FROM customer_phones p JOIN customers c ON c.id = p.customer_id WHERE p.national = $1",
            )
            .bind(national)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some((_, name)) = owner.filter(|(owner, _)| *owner != id) {
                return Ok(Err(Refused::PhoneTaken(typed.clone(), name)));
            }
        }
        for (key, typed) in &changes.emails {
            let owner: Option<(i64, String)> = sqlx::query_as(
                "SELECT c.id, c.name FROM customer_emails e JOIN customers c ON c.id = e.customer_id WHERE e.address_key = $1",
            )
            .bind(key)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some((_, name)) = owner.filter(|(owner, _)| *owner != id) {
                return Ok(Err(Refused::EmailTaken(typed.clone(), name)));
            }
        }
        sqlx::query("UPDATE customers SET name = $2, company = $3, address = $4, notes = $5, updated_at = $6 WHERE id = $1")
            .bind(id)
            .bind(&changes.name)
            .bind(&changes.company)
            .bind(&changes.address)
            .bind(&changes.notes)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let kept_phones: Vec<String> =
            sqlx::query_scalar("SELECT national FROM customer_phones WHERE customer_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
        for national in kept_phones.iter().filter(|kept| !changes.phones.iter().any(|(n, _)| n == *kept)) {
            sqlx::query("DELETE FROM customer_phones WHERE national = $1")
                .bind(national)
                .execute(&mut *tx)
                .await?;
        }
        for (national, typed) in changes.phones.iter().filter(|(n, _)| !kept_phones.contains(n)) {
            sqlx::query("INSERT INTO customer_phones (national, customer_id, typed, added_at) VALUES ($1, $2, $3, $4)")
                .bind(national)
                .bind(id)
                .bind(typed)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        let kept_emails: Vec<String> =
            sqlx::query_scalar("SELECT address_key FROM customer_emails WHERE customer_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
        for key in kept_emails.iter().filter(|kept| !changes.emails.iter().any(|(k, _)| k == *kept)) {
            sqlx::query("DELETE FROM customer_emails WHERE address_key = $1")
                .bind(key)
                .execute(&mut *tx)
                .await?;
        }
        for (key, typed) in changes.emails.iter().filter(|(k, _)| !kept_emails.contains(k)) {
            sqlx::query("INSERT INTO customer_emails (address_key, customer_id, address, added_at) VALUES ($1, $2, $3, $4)")
                .bind(key)
                .bind(id)
                .bind(typed)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM customer_tags WHERE customer_id = $1").bind(id).execute(&mut *tx).await?;
        for tag in &changes.tags {
            sqlx::query("INSERT INTO customer_tags (customer_id, tag) VALUES ($1, $2)")
                .bind(id)
                .bind(tag)
                .execute(&mut *tx)
                .await?;
        }
        tx.refresh_search(id).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

/// Makes `phone` customer `id`'s (unless it is) and files the texts with it that no request has
/// under their newest request, whose page may then answer it (it texted first), with `line` in
/// the audit log, in one transaction; how many texts were filed. Refused when the number is
/// another customer's.
pub async fn take_number(
    db: &Db,
    id: i64,
    phone: &Phone,
    line: &Line<'_>,
) -> anyhow::Result<Result<u64, Refused>> {
    let now = db.clock.stamp();
    let national = phone.national();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = live_in(&mut *tx, id).await? {
            return Ok(Err(refused));
        }
        let owner: Option<(i64, String)> = sqlx::query_as(
            "SELECT c.id, c.name FROM customer_phones p JOIN customers c ON c.id = p.customer_id WHERE p.national = $1",
        )
        .bind(&national)
        .fetch_optional(&mut *tx)
        .await?;
        match owner {
            Some((owner, name)) if owner != id => return Ok(Err(Refused::PhoneTaken(phone.display(), name))),
            Some(_) => {}
            None => {
                sqlx::query("INSERT INTO customer_phones (national, customer_id, typed, added_at) VALUES ($1, $2, $3, $4)")
                    .bind(&national)
                    .bind(id)
                    .bind(phone.display())
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                tx.refresh_search(id).await?;
            }
        }
        let Some(booking) = tx.newest_of(id).await? else {
            return Ok(Err(Refused::NoRequest));
        };
        let number = phone.e164();
        let filed = tx.file_under(&number, booking).await?;
        // It texted the shop first: the request's page answers it (unless it said STOP).
        let consent = Consent {
            phone: &number,
            booking_id: Some(booking),
            given: true,
            how: How::Texted,
            wording: consent::TEXTED_WORDING,
            client_ip: line.actor.client_ip,
        };
        tx.record_texted_unless_stopped(&consent, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(filed))
    })
}

/// Whether customer `id` is there, not merged away and not erased, read in the caller's
/// transaction.
pub(super) async fn live_in<C>(tx: &mut C, id: i64) -> sqlx::Result<Result<(), Refused>>
where
    C: CustomerReads,
{
    tx.standing(id).await.map(|standing| match standing {
        None => Err(Refused::NoSuchCustomer),
        Some((Some(_), _)) => Err(Refused::Merged),
        Some((None, true)) => Err(Refused::Erased),
        Some((None, false)) => Ok(()),
    })
}

/// The notes, company and address of customer `into` once `from` is merged into it: the notes
/// one after the other, a blank company or address `from`'s.
async fn merged_details<C: CustomerReads>(
    tx: &mut C,
    into: i64,
    from: i64,
) -> sqlx::Result<(String, String, String)> {
    let (into_notes, into_company, into_address) = tx.details(into).await?;
    let (from_notes, from_company, from_address) = tx.details(from).await?;
    let notes = match (into_notes.is_empty(), from_notes.is_empty()) {
        (_, true) => into_notes,
        (true, false) => from_notes,
        (false, false) => format!("{into_notes}\n\n{from_notes}"),
    };
    let or = |kept: String, other: String| if kept.is_empty() { other } else { kept };
    Ok((notes, or(into_company, from_company), or(into_address, from_address)))
}

/// Reads of the customers' tables inside the caller's transaction.
pub(super) trait CustomerReads {
    /// None when there is no customer `id`; else the record it was merged into, if it was, and
    /// whether it was erased.
    fn standing(&mut self, id: i64)
    -> impl Future<Output = sqlx::Result<Option<(Option<i64>, bool)>>> + Send;

    /// Customer `id`'s notes, company and address.
    fn details(&mut self, id: i64) -> impl Future<Output = sqlx::Result<(String, String, String)>> + Send;
}

for_both_connections!(impl CustomerReads {
    async fn standing(&mut self, id: i64) -> sqlx::Result<Option<(Option<i64>, bool)>> {
        sqlx::query_as("SELECT merged_into, erased_at IS NOT NULL FROM customers WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *self)
            .await
    }

    async fn details(&mut self, id: i64) -> sqlx::Result<(String, String, String)> {
        sqlx::query_as("SELECT notes, company, address FROM customers WHERE id = $1").bind(id).fetch_one(&mut *self).await
    }
});

/// Merges customer `from` into `into`: every request, number, address, trailer and tag moves, the notes
/// are kept one after the other, a blank company or address takes `from`'s; both histories say
/// so, with `line` in the audit log, in one transaction.
pub async fn merge(db: &Db, into: i64, from: i64, line: &Line<'_>) -> anyhow::Result<Result<(), Refused>> {
    if into == from {
        return Ok(Err(Refused::SameCustomer));
    }
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        for id in [into, from] {
            if let Err(refused) = live_in(&mut *tx, id).await? {
                return Ok(Err(refused));
            }
        }
        let moved = tx.move_requests(from, into).await?;
        tx.move_documents(from, into).await?;
        for table in ["customer_phones", "customer_emails", "trailers"] {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE {table} SET customer_id = $2 WHERE customer_id = $1"
            )))
            .bind(from)
            .bind(into)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "INSERT INTO customer_tags (customer_id, tag) SELECT $2, tag FROM customer_tags WHERE customer_id = $1
             ON CONFLICT DO NOTHING",
        )
        .bind(from)
        .bind(into)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM customer_tags WHERE customer_id = $1").bind(from).execute(&mut *tx).await?;
        let (notes, company, address) = merged_details(&mut *tx, into, from).await?;
        sqlx::query(
            "UPDATE customers SET notes = $2, company = $3, address = $4, updated_at = $5 WHERE id = $1",
        )
        .bind(into)
        .bind(notes)
        .bind(company)
        .bind(address)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE customers SET merged_into = $2, updated_at = $3 WHERE id = $1 OR merged_into = $1",
        )
        .bind(from)
        .bind(into)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.record_history(
            Happened {
                customer: into,
                kind: HistoryKind::MergedIn,
                other: from,
                booking: None,
                moved_requests: moved,
            },
            line,
            &now,
        )
        .await?;
        tx.record_history(
            Happened {
                customer: from,
                kind: HistoryKind::MergedAway,
                other: into,
                booking: None,
                moved_requests: moved,
            },
            line,
            &now,
        )
        .await?;
        tx.refresh_search(into).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

/// Splits request `booking` off customer `from` to a new customer named as the request is: its
/// number and address go with it (from `from`, or from no one) unless another of `from`'s
/// requests has them. Both histories
/// say so, with `line` in the audit log, in one transaction; the new customer's id.
pub async fn split(
    db: &Db,
    from: i64,
    booking: i64,
    line: &Line<'_>,
) -> anyhow::Result<Result<i64, Refused>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if let Err(refused) = live_in(&mut *tx, from).await? {
            return Ok(Err(refused));
        }
        let contact = match tx.contact(booking).await? {
            Some(contact) if contact.customer_id == Some(from) => contact,
            _ => return Ok(Err(Refused::NotTheirs)),
        };
        let others = tx.other_requests(from, booking, &contact.phone_national, &contact.email).await?;
        if !others.some {
            return Ok(Err(Refused::OnlyRequest));
        }
        let new: i64 = sqlx::query_scalar(
            "INSERT INTO customers (name, created_at, updated_at) VALUES ($1, $2, $2) RETURNING id",
        )
        .bind(&contact.name)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        if !others.phone && !contact.phone_national.is_empty() {
            sqlx::query(
                "UPDATE customer_phones SET customer_id = $2 WHERE national = $1 AND customer_id = $3",
            )
            .bind(&contact.phone_national)
            .bind(new)
            .bind(from)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO customer_phones (national, customer_id, typed, added_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
            )
            .bind(&contact.phone_national)
            .bind(new)
            .bind(&contact.phone)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        if !others.email {
            let key = contact.email.to_lowercase();
            sqlx::query(
                "UPDATE customer_emails SET customer_id = $2 WHERE address_key = $1 AND customer_id = $3",
            )
            .bind(&key)
            .bind(new)
            .bind(from)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO customer_emails (address_key, customer_id, address, added_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
            )
            .bind(&key)
            .bind(new)
            .bind(&contact.email)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.set_customer(booking, new, None).await?;
        // The trailer it named stays with the customer it was.
        tx.set_trailer(booking, None).await?;
        sqlx::query("UPDATE customers SET updated_at = $2 WHERE id = $1")
            .bind(from)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.record_history(
            Happened {
                customer: from,
                kind: HistoryKind::SplitOff,
                other: new,
                booking: Some(booking),
                moved_requests: 1,
            },
            line,
            &now,
        )
        .await?;
        tx.record_history(
            Happened {
                customer: new,
                kind: HistoryKind::SplitIn,
                other: from,
                booking: Some(booking),
                moved_requests: 1,
            },
            line,
            &now,
        )
        .await?;
        tx.refresh_search(from).await?;
        tx.refresh_search(new).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(new))
    })
}

//! The customers as the admin reads them: the list and its search (a trigram index of names,
//! companies, numbers, addresses, VINs and plates), and one customer's whole record.

use std::collections::HashMap;

use super::model::{
    CustomerList, CustomerListItem, CustomerRecord, HistoryKind, HistoryRecord, Tag, sentence,
};
use super::store::search_key;
use super::trailer_reads;
use crate::booking::shared_store;
use crate::{
    clock::At,
    db::{Db, Pool, contains_pattern},
    domain::Phone,
    site::content::Chat,
    with_db,
};

/// How many customers the list shows at once.
const PAGE: i64 = 50;

#[derive(sqlx::FromRow)]
struct ListRow {
    id: i64,
    name: String,
    company: String,
}

/// The names of customers `ids` (a company's name after its person's), by id.
pub async fn names(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT id, name, company FROM customers WHERE id IN ({})",
        crate::db::placeholders(ids.len())
    ));
    let rows: Vec<ListRow> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql);
        for id in ids {
            query = query.bind(id);
        }
        query.fetch_all(pool).await?
    });
    Ok(rows
        .into_iter()
        .map(|row| {
            let name = match (row.name.is_empty(), row.company.is_empty()) {
                (_, true) => row.name,
                (true, false) => row.company,
                (false, false) => format!("{} ({})", row.name, row.company),
            };
            (row.id, name)
        })
        .collect())
}

/// The customers whose name, company, number or address holds `query` (a number's digits however
/// typed), most recently active first; all of them for no query.
pub async fn list(db: &Db, query: Option<&str>) -> anyhow::Result<CustomerList> {
    let pattern = query.map(str::trim).filter(|q| !q.is_empty()).map(search_pattern);
    // The trigram index answers a LIKE without ESCAPE only: one is added when the search has a
    // wildcard to take literally.
    let escape = if pattern.as_deref().is_some_and(|p| p.contains('\\')) { " ESCAPE '\\'" } else { "" };
    let sql = |postgres: bool| {
        sqlx::AssertSqlSafe(format!(
            "SELECT id, name, company FROM customers
             WHERE merged_into IS NULL
               AND ($1 IS NULL OR id IN (SELECT {} FROM customer_search WHERE text LIKE $1{escape}))
             ORDER BY updated_at DESC, id DESC LIMIT $2",
            search_key(postgres)
        ))
    };
    let rows: Vec<ListRow> = match &db.pool {
        Pool::Sqlite(pool) => {
            sqlx::query_as(sql(false)).bind(&pattern).bind(PAGE + 1).fetch_all(pool).await?
        }
        Pool::Postgres(pool) => {
            sqlx::query_as(sql(true)).bind(&pattern).bind(PAGE + 1).fetch_all(pool).await?
        }
    };
    let more = rows.len() > PAGE as usize;
    let rows: Vec<ListRow> = rows.into_iter().take(PAGE as usize).collect();
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let counts = shared_store::request_counts(db, &ids).await?;
    let mut phones = first_of(db, &ids, "SELECT customer_id, typed FROM customer_phones").await?;
    let mut emails = first_of(db, &ids, "SELECT customer_id, address FROM customer_emails").await?;
    let mut tags = tags_of(db, &ids).await?;
    let customers = rows
        .into_iter()
        .map(|row| {
            let (requests, last) = counts.get(&row.id).cloned().map_or((0, None), |(n, at)| (n, Some(at)));
            CustomerListItem {
                id: row.id,
                name: row.name,
                company: row.company,
                phone: phones.remove(&row.id).map(|typed| readable_phone(&typed)),
                email: emails.remove(&row.id),
                tags: tags.remove(&row.id).unwrap_or_default(),
                requests,
                last_request_at: last,
            }
        })
        .collect();
    Ok(CustomerList { customers, more })
}

/// The LIKE pattern of a search: the digits of something typed like a phone number (at least
/// three; "+1" dropped from a whole number), else the lowercased text.
fn search_pattern(query: &str) -> String {
    let phone_like = query.chars().all(|c| c.is_ascii_digit() || " +-.()".contains(c));
    let digits: String = query.chars().filter(char::is_ascii_digit).collect();
    if phone_like && digits.len() >= 3 {
        let digits = match digits.strip_prefix('1') {
            Some(national) if national.len() == 10 => national.to_owned(),
            _ => digits,
        };
        contains_pattern(&digits)
    } else {
        contains_pattern(query)
    }
}

/// A stored number as a person reads it, or as typed when it is not a US number.
fn readable_phone(typed: &str) -> String {
    Phone::parse(typed).map_or_else(|_| typed.to_owned(), |phone| phone.display())
}

/// The first value (oldest rowid) for each of `ids` of `select`, which names the customer id
/// then the value, from a table with a `customer_id` column.
async fn first_of(db: &Db, ids: &[i64], select: &'static str) -> anyhow::Result<HashMap<i64, String>> {
    let mut first = HashMap::new();
    for (customer, value) in values_of(db, ids, select).await? {
        first.entry(customer).or_insert(value);
    }
    Ok(first)
}

/// Every (customer, value) of `select` for `ids`, in the order they were added.
async fn values_of(db: &Db, ids: &[i64], select: &'static str) -> anyhow::Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "{select} WHERE customer_id IN ({}) ORDER BY customer_id, added_at",
        crate::db::placeholders(ids.len())
    ));
    Ok(with_db!(db, |pool| {
        let mut query = sqlx::query_as::<_, (i64, String)>(sql);
        for id in ids {
            query = query.bind(id);
        }
        query.fetch_all(pool).await?
    }))
}

async fn tags_of(db: &Db, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<Tag>>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT customer_id, tag FROM customer_tags WHERE customer_id IN ({}) ORDER BY customer_id, tag",
        crate::db::placeholders(ids.len())
    ));
    let rows: Vec<(i64, Tag)> = with_db!(db, |pool| {
        let mut query = sqlx::query_as(sql);
        for id in ids {
            query = query.bind(id);
        }
        query.fetch_all(pool).await?
    });
    let mut tags: HashMap<i64, Vec<Tag>> = HashMap::new();
    for (customer, tag) in rows {
        tags.entry(customer).or_default().push(tag);
    }
    Ok(tags)
}

#[derive(sqlx::FromRow)]
struct CustomerRow {
    id: i64,
    name: String,
    company: String,
    address: String,
    notes: String,
    merged_into: Option<i64>,
    created_at: At,
    erased_at: Option<At>,
}

#[derive(sqlx::FromRow)]
struct HistoryRow {
    kind: HistoryKind,
    other_customer: i64,
    other_name: String,
    booking_id: Option<i64>,
    moved_requests: i64,
    actor: String,
    at: At,
}

/// Customer `id`'s record, with their requests, trailers (kinds in `chat`'s words) and history; None when there is no such customer.
pub async fn record(db: &Db, id: i64, chat: &Chat) -> anyhow::Result<Option<CustomerRecord>> {
    let row: Option<CustomerRow> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, name, company, address, notes, merged_into, created_at, erased_at FROM customers WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?
    });
    let Some(row) = row else { return Ok(None) };
    let phones = values_of(db, &[id], "SELECT customer_id, typed FROM customer_phones").await?;
    let emails = values_of(db, &[id], "SELECT customer_id, address FROM customer_emails").await?;
    let history: Vec<HistoryRow> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT h.kind, h.other_customer, o.name AS other_name, h.booking_id, h.moved_requests, h.actor, h.at
             FROM customer_history h JOIN customers o ON o.id = h.other_customer
             WHERE h.customer_id = $1 ORDER BY h.id DESC",
        )
        .bind(id)
        .fetch_all(pool)
        .await?
    });
    Ok(Some(CustomerRecord {
        id: row.id,
        name: row.name,
        company: row.company,
        address: row.address,
        notes: row.notes,
        tags: tags_of(db, &[id]).await?.remove(&id).unwrap_or_default(),
        phones: phones.into_iter().map(|(_, typed)| readable_phone(&typed)).collect(),
        emails: emails.into_iter().map(|(_, address)| address).collect(),
        merged_into: row.merged_into,
        created_at: row.created_at,
        erased_at: row.erased_at,
        requests: shared_store::requests_of(db, id).await?,
        trailers: trailer_reads::of(db, id, chat).await?,
        trailer_kinds: trailer_reads::kinds(chat),
        history: history
            .into_iter()
            .map(|h| HistoryRecord {
                sentence: sentence(h.kind, &h.other_name, h.moved_requests, h.booking_id),
                kind: h.kind,
                other_customer: h.other_customer,
                other_name: h.other_name,
                booking_id: h.booking_id,
                actor: h.actor,
                at: h.at,
            })
            .collect(),
    }))
}

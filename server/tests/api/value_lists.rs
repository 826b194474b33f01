//! Each business value lives in its Rust enum: every CHECK list of names in either schema is
//! exactly the enum's `ALL`, in its order, so a value added to one place and not the other is
//! caught here rather than by a refused write; and the kind each schema computes from a
//! delivery's purpose is the one `Purpose::kind` names.

use std::collections::BTreeMap;

use trailerworks::{
    billing::{
        document::LineKind,
        invoice::InvoiceState,
        payment::PaymentMethod,
        quote::{DepositKind, LabourRate, QuoteState},
        quote_sending::QuoteAnswerKind,
    },
    clock::At,
    customers::model::{HistoryKind, Tag},
    db::{Db, Location, Pool},
    delivery::{
        Channel, ComposedMessage, DeliveryState, Purpose, store::OutboxWrites as _, text::consent::How,
        text::status::TextStatus,
    },
    domain::{BookingStatus, EventKind, Role},
    schedule::links::SentBy,
    with_db,
};

/// (table, column): the names its enum allows, in order.
fn enums() -> BTreeMap<(&'static str, &'static str), Vec<&'static str>> {
    macro_rules! names {
        ($enum:ty) => {
            <$enum>::ALL.iter().map(|value| value.as_str()).collect::<Vec<_>>()
        };
    }
    BTreeMap::from([
        (("bookings", "status"), names!(BookingStatus)),
        (("booking_events", "kind"), names!(EventKind)),
        (("deliveries", "channel"), names!(Channel)),
        (("deliveries", "state"), names!(DeliveryState)),
        (("texts", "status"), names!(TextStatus)),
        (("text_consents", "how"), names!(How)),
        (("users", "role"), names!(Role)),
        (("invitations", "role"), names!(Role)),
        (("customer_tags", "tag"), names!(Tag)),
        (("customer_history", "kind"), names!(HistoryKind)),
        (("booking_links", "sent_by"), names!(SentBy)),
        (("price_tax_rates", "kind"), names!(LineKind)),
        (("quotes", "state"), names!(QuoteState)),
        (("quotes", "rate"), names!(LabourRate)),
        (("quotes", "deposit_kind"), names!(DepositKind)),
        (("quote_lines", "kind"), names!(LineKind)),
        (("quote_answers", "answer"), names!(QuoteAnswerKind)),
        (("payments", "method"), names!(PaymentMethod)),
        (("invoices", "state"), names!(InvoiceState)),
        (("invoices", "rate"), names!(LabourRate)),
        (("invoice_lines", "kind"), names!(LineKind)),
    ])
}

/// The quoted names in `text`, in order: "'new', 'contacted'" or "ARRAY['new'::text, ...]".
fn quoted(text: &str) -> Vec<String> {
    text.split('\'').skip(1).step_by(2).map(str::to_owned).collect()
}

/// Each (column, names) of the `CHECK (column IN ('a', 'b'))` lists in a SQLite table's SQL.
fn sqlite_lists(sql: &str) -> Vec<(String, Vec<String>)> {
    sql.split("CHECK (")
        .skip(1)
        .filter_map(|rest| {
            let (column, after) = rest.split_once(" IN (")?;
            let (list, _) = after.split_once("))")?;
            Some((column.trim().to_owned(), quoted(list)))
        })
        .collect()
}

/// The (column, names) of a PostgreSQL check as `pg_get_constraintdef` writes a list:
/// `CHECK ((status = ANY (ARRAY['new'::text, ...])))`.
fn postgres_list(definition: &str) -> Option<(String, Vec<String>)> {
    let rest = definition.strip_prefix("CHECK ((")?;
    let (column, after) = rest.split_once(" = ANY (ARRAY[")?;
    let (list, _) = after.split_once("])")?;
    Some((column.trim().to_owned(), quoted(list)))
}

/// Every enum's column has a list, and it is the enum's names.
fn check(found: &BTreeMap<(String, String), Vec<String>>) {
    for ((table, column), names) in enums() {
        let list = found.get(&(table.to_owned(), column.to_owned()));
        assert_eq!(
            list.map(|list| list.iter().map(String::as_str).collect::<Vec<_>>()),
            Some(names),
            "{table}.{column}"
        );
    }
}

#[tokio::test]
async fn every_sqlite_check_list_of_an_enum_is_its_names() {
    let dir = tempfile::tempdir().expect("a directory");
    let Pool::Sqlite(pool) = Db::open(&Location::Sqlite(dir.path())).await.expect("SQLite opens").pool else {
        unreachable!()
    };
    let tables: Vec<(String, String)> =
        sqlx::query_as("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL")
            .fetch_all(&pool)
            .await
            .expect("the tables");
    let found = tables
        .iter()
        .flat_map(|(table, sql)| {
            sqlite_lists(sql).into_iter().map(move |(column, names)| ((table.clone(), column), names))
        })
        .collect();
    check(&found);
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server that scripts/test-all.sh starts"]
async fn every_postgresql_check_list_of_an_enum_is_its_names() {
    let url = crate::helpers::empty_database().await.expect("TRAILERWORKS_TEST_POSTGRES names a server");
    let Pool::Postgres(pool) = Db::open(&Location::Postgres(&url)).await.expect("PostgreSQL opens").pool
    else {
        unreachable!()
    };
    let checks: Vec<(String, String)> = sqlx::query_as(
        "SELECT conrelid::regclass::text, pg_get_constraintdef(oid) FROM pg_constraint WHERE contype = 'c'",
    )
    .fetch_all(&pool)
    .await
    .expect("the checks");
    let found = checks
        .iter()
        .filter_map(|(table, definition)| {
            postgres_list(definition).map(|(column, names)| ((table.clone(), column), names))
        })
        .collect();
    check(&found);
}

/// One purpose of each kind, with numbers of more than one digit.
const PURPOSES: [Purpose; 10] = [
    Purpose::Request,
    Purpose::Time(13),
    Purpose::Reminder(13),
    Purpose::Changed(14),
    Purpose::Cancelled,
    Purpose::Review,
    Purpose::Report,
    Purpose::Text(120),
    Purpose::Escalation(2),
    Purpose::Page { step: 3, member: 17 },
];

/// The `purpose_kind` the database computes for each of `PURPOSES` stored, which queries bind
/// `PurposeKind`s against: it must be the purpose's own.
async fn stored_kinds_are_the_purposes_own(db: &Db) {
    let at = At::from("2026-06-01T12:00:00Z".parse::<jiff::Timestamp>().expect("an instant"));
    for (n, purpose) in PURPOSES.into_iter().enumerate() {
        let message = ComposedMessage { key: format!("kind-{n}"), subject: "s".into(), body: "b".into() };
        let kind: String = with_db!(db, |pool| {
            let mut connection = pool.acquire().await.expect("a connection");
            assert!(connection.enqueue_composed(&message, purpose, &at).await.expect("stored"));
            sqlx::query_scalar("SELECT purpose_kind FROM deliveries WHERE message_key = $1")
                .bind(&message.key)
                .fetch_one(&mut *connection)
                .await
                .expect("its kind")
        });
        assert_eq!(kind, purpose.kind().as_str(), "{}", purpose.key());
    }
}

#[tokio::test]
async fn sqlite_computes_each_purposes_kind_as_the_enum_names_it() {
    let dir = tempfile::tempdir().expect("a directory");
    stored_kinds_are_the_purposes_own(&Db::open(&Location::Sqlite(dir.path())).await.expect("SQLite opens"))
        .await;
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server that scripts/test-all.sh starts"]
async fn postgresql_computes_each_purposes_kind_as_the_enum_names_it() {
    let url = crate::helpers::empty_database().await.expect("TRAILERWORKS_TEST_POSTGRES names a server");
    stored_kinds_are_the_purposes_own(&Db::open(&Location::Postgres(&url)).await.expect("PostgreSQL opens"))
        .await;
}

//! Each business value lives in its Rust enum: every CHECK list of names in either schema is
//! exactly the enum's `ALL`, in its order, so a value added to one place and not the other is
//! caught here rather than by a refused write.

use std::collections::BTreeMap;

use trailerworks::{
    db::{Db, Location, Pool},
    delivery::{Channel, DeliveryState, text::consent::How, text::status::TextStatus},
    domain::{BookingStatus, EventKind, Role},
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

//! A database made by any earlier release opens in this one with everything in it: for each
//! earlier schema version (each migration of each tree), a database is migrated to that version,
//! given a row in every table, then opened the way the server opens it (migrated to the newest)
//! and the rows are found, by SQL and through the running app. A new migration is tried by this
//! test without a change to it: the versions come from the migrations themselves.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use sqlx::{
    Connection as _, Row as _, SqliteConnection,
    migrate::Migrator,
    postgres::{PgArguments, PgPool},
    sqlite::{SqliteArguments, SqlitePool},
};
use trailerworks::{
    config::StorageConfig,
    db::{Db, Location, Pool},
};

use crate::{
    helpers::{TestStorage, empty_database, eventually, spawn_app_at},
    schemas::postgres_foreign_keys,
};

static SQLITE: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: Migrator = sqlx::migrate!("./migrations/postgres");

/// A table's columns as a row needs them: (name, type, not null, has a default or is generated).
#[derive(Debug, Clone)]
struct Column {
    name: String,
    kind: String,
    required: bool,
}

/// (column, table it refers to, column there)
type Key = (String, String, String);

#[derive(Debug, Default, Clone)]
struct Table {
    columns: Vec<Column>,
    keys: Vec<Key>,
}

/// The early booking's phone, typed with its country code and an extension: a later schema knows
/// the customer by its ten digits.
const EARLY_PHONE: &str = "+1 (720) 555-0134 ext. 12";

/// A value for `table.column` that the checks of every schema version take and the app can read.
fn value(table: &str, columns: &[Column], column: &Column, site_toml: &str) -> Value {
    let name = column.name.as_str();
    // The team's roles came with members who can be removed; before, the one role was 'admin'.
    let team = columns.iter().any(|column| column.name == "removed_at");
    let fixed = match (table, name) {
        ("users", "role") => Some(if team { "owner" } else { "admin" }),
        ("invitations", "role") => Some("staff"),
        (_, "email" | "by_email") => Some("early@example.com"),
        ("bookings", "status") => Some("new"),
        ("bookings", "phone") => Some(EARLY_PHONE),
        ("bookings", "phone_national") => Some("7205550134"),
        (_, "channel") => Some("email"),
        ("deliveries", "state") => Some("pending"),
        ("appointments", "state") => Some("requested"),
        ("appointments" | "appointment_seats", "kind") => Some("shop"),
        ("booking_events", "kind") => Some("call"),
        ("booking_links", "purpose") => Some("manage"),
        ("deliveries", "purpose") => Some("request"),
        (_, "device") => Some("phone"),
        (_, "notify") => Some("all"),
        ("site_versions", "content") => Some(site_toml),
        ("blog_posts", "slug") => Some("an-early-post"),
        (_, "day") => Some("2026-01-05"),
        ("text_consents", "how") => Some("form"),
        // Both the sentence stored before actions had keys and its key since.
        ("audit_log", "action") => Some("sign-in"),
        ("texts", "status") => Some("waiting"),
        ("customer_tags", "tag") => Some("fleet"),
        ("customer_history", "kind") => Some("merged-in"),
        (_, "phone") => Some("+17205550134"),
        ("price_jobs", "lines") => Some("[]"),
        ("quotes", "state") => Some("draft"),
        ("quotes", "rate") => Some("standard"),
        ("quotes", "deposit_kind") => Some("none"),
        ("quotes", "option_titles") => Some("[\"\"]"),
        ("quotes", "tax_rates") => Some("[]"),
        ("quote_lines", "kind") => Some("labour"),
        ("quote_answers", "answer") => Some("approved"),
        ("payments", "method") => Some("online"),
        ("invoices", "state") => Some("draft"),
        ("invoices", "rate") => Some("standard"),
        ("invoices", "tax_rates") => Some("[]"),
        ("invoice_lines", "kind") => Some("labour"),
        _ => None,
    };
    if let Some(text) = fixed {
        return Value::from(text);
    }
    let timestamp = name.ends_with("_at") || name == "at" || name == "cell_start";
    match column.kind.as_str() {
        "integer" | "bigint" | "smallint" => Value::from(1),
        "real" | "double precision" => Value::from(1.5),
        "boolean" => Value::from(false),
        _ if timestamp => Value::from("2026-01-05T15:00:00.000Z"),
        _ => Value::from(format!("{table} {name}")),
    }
}

/// Foreign keys that are nullable but filled, so a table-wide check holds (a delivery belongs to
/// exactly one of a booking, a test or a report).
const FILLED_OPTIONAL_KEYS: [(&str, &str); 1] = [("deliveries", "booking_id")];
/// Nullable columns the app always fills, filled here too (a database of a version that has
/// the column holds them).
const FILLED_OPTIONAL_COLUMNS: [(&str, &str); 1] = [("bookings", "phone_national")];

/// Settings tables whose migration writes their rows (another is refused).
fn seeded(table: &str) -> bool {
    ["escalation_steps", "team_settings", "price_settings", "price_tax_rates"].contains(&table)
}

/// The tables in an order where each comes after those it refers to.
fn in_order(tables: &BTreeMap<String, Table>) -> Vec<String> {
    let mut done: Vec<String> = Vec::new();
    while done.len() < tables.len() {
        let before = done.len();
        for (name, table) in tables {
            let ready = table.keys.iter().all(|(_, parent, _)| {
                parent == name || done.contains(parent) || !tables.contains_key(parent)
            });
            if !done.contains(name) && ready {
                done.push(name.clone());
            }
        }
        assert!(done.len() > before, "the tables refer to each other in a circle: {tables:?}");
    }
    done
}

/// What goes into a table's row: (column, value), the keys to parents filled in.
fn row(name: &str, table: &Table, site_toml: &str, ids: &BTreeMap<String, i64>) -> Vec<(String, Value)> {
    table
        .columns
        .iter()
        .filter_map(|column| {
            let key = table.keys.iter().find(|(from, _, _)| *from == column.name);
            let optional_key = FILLED_OPTIONAL_KEYS.contains(&(name, column.name.as_str()));
            match key {
                Some((_, parent, _)) if column.required || optional_key => {
                    Some((column.name.clone(), Value::from(*ids.get(parent).unwrap_or(&1))))
                }
                Some(_) => None,
                None if column.required
                    || FILLED_OPTIONAL_COLUMNS.contains(&(name, column.name.as_str())) =>
                {
                    Some((column.name.clone(), value(name, &table.columns, column, site_toml)))
                }
                None => None,
            }
        })
        .collect()
}

fn insert_sql(table: &str, row: &[(String, Value)], returning: bool) -> String {
    let columns: Vec<String> = row.iter().map(|(column, _)| format!("\"{column}\"")).collect();
    let marks: Vec<String> = (1..=row.len()).map(|n| format!("${n}")).collect();
    let values = if row.is_empty() {
        "DEFAULT VALUES".to_owned()
    } else {
        format!("({}) VALUES ({})", columns.join(", "), marks.join(", "))
    };
    format!("INSERT INTO \"{table}\" {values}{}", if returning { " RETURNING *" } else { "" })
}

async fn sqlite_tables(pool: &SqlitePool) -> BTreeMap<String, Table> {
    let mut tables = BTreeMap::new();
    let names: Vec<(String, String)> = sqlx::query_as(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '_sqlx_migrations'",
    )
    .fetch_all(pool)
    .await
    .expect("the tables");
    for (name, sql) in names {
        // The full-text search's own tables are kept by its triggers and virtual table.
        if sql.contains("VIRTUAL TABLE") || names_search_shadow(&name) {
            continue;
        }
        let mut table = Table::default();
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA table_info(\"{name}\")")))
            .fetch_all(pool)
            .await
            .expect("columns");
        let key_columns = rows.iter().filter(|row| row.get::<i64, _>("pk") > 0).count();
        for row in rows {
            let declared: String = row.get("type");
            // A lone INTEGER PRIMARY KEY is the row id, which SQLite numbers.
            let sequence =
                key_columns == 1 && row.get::<i64, _>("pk") == 1 && declared.eq_ignore_ascii_case("integer");
            let has_default = row.get::<Option<String>, _>("dflt_value").is_some();
            table.columns.push(Column {
                name: row.get("name"),
                kind: declared.to_ascii_lowercase(),
                required: !sequence
                    && !has_default
                    && (row.get::<i64, _>("notnull") == 1 || row.get::<i64, _>("pk") > 0),
            });
        }
        for key in sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA foreign_key_list(\"{name}\")")))
            .fetch_all(pool)
            .await
            .expect("keys")
        {
            table.keys.push((
                key.get("from"),
                key.get("table"),
                key.get::<Option<String>, _>("to").unwrap_or_default(),
            ));
        }
        tables.insert(name, table);
    }
    tables
}

fn names_search_shadow(name: &str) -> bool {
    ["_config", "_content", "_data", "_docsize", "_idx"]
        .iter()
        .any(|suffix| name.ends_with(suffix) && name.contains("_search"))
}

async fn postgres_tables(pool: &PgPool) -> BTreeMap<String, Table> {
    let mut tables: BTreeMap<String, Table> = BTreeMap::new();
    let columns = sqlx::query(
        "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity, c.is_generated
         FROM information_schema.columns c JOIN information_schema.tables t
           ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
         WHERE c.table_schema = 'public' AND c.table_name != '_sqlx_migrations' ORDER BY c.ordinal_position",
    )
    .fetch_all(pool)
    .await
    .expect("columns");
    for row in columns {
        let automatic = row.get::<Option<String>, _>("column_default").is_some()
            || row.get::<String, _>("is_identity") == "YES"
            || row.get::<String, _>("is_generated") == "ALWAYS";
        tables.entry(row.get("table_name")).or_default().columns.push(Column {
            name: row.get("column_name"),
            kind: row.get("data_type"),
            required: !automatic && row.get::<String, _>("is_nullable") == "NO",
        });
    }
    for (table, (column, parent, parent_column, _)) in postgres_foreign_keys(pool).await {
        if let Some(table) = tables.get_mut(&table) {
            table.keys.push((column, parent, parent_column));
        }
    }
    tables
}

fn bind_sqlite<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Sqlite, SqliteArguments>,
    values: &'q [(String, Value)],
) -> sqlx::query::Query<'q, sqlx::Sqlite, SqliteArguments> {
    for (_, value) in values {
        query = match value {
            Value::Number(n) if n.is_i64() => query.bind(n.as_i64()),
            Value::Number(n) => query.bind(n.as_f64()),
            Value::Bool(b) => query.bind(*b),
            other => query.bind(other.as_str().unwrap_or_default()),
        };
    }
    query
}

fn bind_postgres<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Postgres, PgArguments>,
    values: &'q [(String, Value)],
    table: &Table,
) -> sqlx::query::Query<'q, sqlx::Postgres, PgArguments> {
    for (column, value) in values {
        let kind =
            table.columns.iter().find(|c| &c.name == column).map(|c| c.kind.as_str()).unwrap_or("text");
        query = match (kind, value) {
            ("integer", Value::Number(n)) => query.bind(n.as_i64().map(|n| n as i32)),
            ("smallint", Value::Number(n)) => query.bind(n.as_i64().map(|n| n as i16)),
            (_, Value::Number(n)) if n.is_i64() => query.bind(n.as_i64()),
            (_, Value::Number(n)) => query.bind(n.as_f64()),
            (_, Value::Bool(b)) => query.bind(*b),
            ("timestamp with time zone", Value::String(at)) => {
                query.bind(at.parse::<trailerworks::clock::At>().expect("an instant"))
            }
            (_, other) => query.bind(other.as_str().unwrap_or_default()),
        };
    }
    query
}

/// The id column of a table's row (its single-column key), if it has one.
fn id_of(table: &Table) -> Option<&str> {
    ["id", "booking_id"].into_iter().find(|id| table.columns.iter().any(|c| c.name == *id))
}

/// Opens the upgraded database with the running app and reads what the owner reads first; the
/// early booking and post are listed when the schema had them.
async fn app_reads(storage: StorageConfig, seeded: &BTreeMap<String, Table>) {
    let app = spawn_app_at(storage, |_| {}).await;
    let signed = app.signed_in_admin().await;
    for path in [
        "/bookings",
        "/today",
        "/posts",
        "/site",
        "/schedule?from=2026-01-01&days=14",
        "/audit",
        "/insights?days=90",
        "/price-book",
    ] {
        let response = app.admin(reqwest::Method::GET, path, &signed).send().await.expect("an answer");
        assert_eq!(response.status(), 200, "{path}: {}", response.text().await.unwrap_or_default());
    }
    let listed = |body: &Value, key: &str| body[key].as_array().is_some_and(|list| !list.is_empty());
    if seeded.contains_key("bookings") {
        assert!(
            listed(&app.admin_json("/bookings", &signed).await, "bookings"),
            "the early booking is listed"
        );
        // The early booking is attached to its customer in the background after start (a
        // customer seeded into a schema that had them is listed too).
        eventually("the early booking's customer", || async {
            let customers = app.admin_json("/customers?q=7205550134", &signed).await;
            customers["customers"][0]["requests"] == 1
        })
        .await;
        let customers = app.admin_json("/customers?q=7205550134", &signed).await;
        assert_eq!(customers["customers"][0]["phone"], "(720) 555-0134", "{customers}");
    }
    assert!(listed(&app.admin_json("/posts", &signed).await, "posts"), "the early post is listed");
    app.page("/", 200).await;
}

#[tokio::test]
async fn a_sqlite_database_of_every_earlier_version_opens_with_everything_in_it() {
    let site_toml = include_str!("../../../content/site.toml");
    let versions: Vec<i64> =
        SQLITE.iter().filter(|m| m.migration_type.is_up_migration()).map(|m| m.version).collect();
    for version in &versions[..versions.len() - 1] {
        let dir = tempfile::tempdir().expect("a directory");
        let config =
            StorageConfig { data_dir: dir.path().join("data"), database_url: None, media_store: None };
        let path = config.data_dir.join(trailerworks::db::FILE_NAME);
        std::fs::create_dir_all(&config.data_dir).expect("the data directory");
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&path)
            .create_if_missing(true)
            .foreign_keys(true);
        let pool = SqlitePool::connect_with(options).await.expect("a SQLite database");
        let mut connection = pool.acquire().await.expect("a connection");
        SQLITE
            .run_to(*version, &mut *connection)
            .await
            .unwrap_or_else(|error| panic!("to {version}: {error}"));
        drop(connection);
        let tables = sqlite_tables(&pool).await;
        let mut ids = BTreeMap::new();
        for name in in_order(&tables) {
            let table = &tables[&name];
            if seeded(&name) {
                continue;
            }
            let values = row(&name, table, site_toml, &ids);
            let sql = insert_sql(&name, &values, false);
            let done = bind_sqlite(sqlx::query(sqlx::AssertSqlSafe(sql.clone())), &values)
                .execute(&pool)
                .await
                .unwrap_or_else(|error| panic!("version {version}: {sql}: {error}"));
            if id_of(table).is_some() {
                ids.insert(name.clone(), done.last_insert_rowid());
            }
        }
        pool.close().await;

        let Pool::Sqlite(upgraded) =
            Db::open(&Location::Sqlite(&config.data_dir)).await.expect("it opens").pool
        else {
            unreachable!()
        };
        let now = sqlite_tables(&upgraded).await;
        for name in tables.keys().filter(|name| now.contains_key(*name)) {
            let count: i64 =
                sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM \"{name}\"")))
                    .fetch_one(&upgraded)
                    .await
                    .expect("a count");
            assert!(count >= 1, "version {version}: the row of {name} is gone");
        }
        if tables.contains_key("bookings") {
            let national: Option<String> = sqlx::query_scalar("SELECT phone_national FROM bookings")
                .fetch_one(&upgraded)
                .await
                .expect("the early booking");
            assert_eq!(national.as_deref(), Some("7205550134"), "version {version}: {EARLY_PHONE}");
        }
        upgraded.close().await;
        app_reads(config, &tables).await;
    }
}

/// A SQLite database in a new data directory, migrated to the version before the migration
/// `description` names: the directory (kept while it lives), the data folder and a connection.
async fn sqlite_before(description: &str) -> (tempfile::TempDir, std::path::PathBuf, SqliteConnection) {
    let dir = tempfile::tempdir().expect("a directory");
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).expect("the data directory");
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(data.join(trailerworks::db::FILE_NAME))
        .create_if_missing(true);
    let mut connection = SqliteConnection::connect_with(&options).await.expect("a SQLite database");
    let version = SQLITE.iter().find(|m| m.description == description).expect("the migration").version;
    SQLITE.run_to(version - 1, &mut connection).await.expect("migrated");
    (dir, data, connection)
}

/// Closes `connection` and opens the database in `data` the way the server does (migrated to the
/// newest version).
async fn upgraded(connection: SqliteConnection, data: &std::path::Path) -> SqlitePool {
    connection.close().await.expect("closed");
    let Pool::Sqlite(upgraded) = Db::open(&Location::Sqlite(data)).await.expect("it opens").pool else {
        unreachable!()
    };
    upgraded
}

#[tokio::test]
async fn audit_lines_stored_as_sentences_get_their_actions_key_and_unknown_words_are_kept() {
    let (_dir, data, mut connection) = sqlite_before("audit action keys").await;
    for (action, detail) in [
        ("post deleted", "\u{201c}Old\u{201d}"),
        ("site details changed", "version 2"),
        ("tea made", ""),
        ("kettle on", "twice"),
    ] {
        sqlx::query("INSERT INTO audit_log (at, email, action, detail, client_ip) VALUES ('2026-01-05T15:00:00.000Z', 'early@example.com', ?, ?, '127.0.0.1')")
            .bind(action)
            .bind(detail)
            .execute(&mut connection)
            .await
            .expect("a line");
    }
    let upgraded = upgraded(connection, &data).await;
    let lines: Vec<(String, String)> = sqlx::query_as("SELECT action, detail FROM audit_log ORDER BY id")
        .fetch_all(&upgraded)
        .await
        .expect("lines");
    assert_eq!(
        lines,
        [
            ("post-deleted".to_owned(), "\u{201c}Old\u{201d}".to_owned()),
            ("site-changed".to_owned(), "version 2".to_owned()),
            ("earlier".to_owned(), "tea made".to_owned()),
            ("earlier".to_owned(), "kettle on: twice".to_owned()),
        ]
    );
}

#[tokio::test]
async fn an_escalation_going_on_before_its_beats_were_jobs_gets_its_job_due_with_its_next_beat() {
    let (_dir, data, mut connection) = sqlite_before("escalation beats").await;
    // The escalations' requests are not needed for what is checked.
    sqlx::query("PRAGMA foreign_keys = OFF").execute(&mut connection).await.expect("keys off");
    for (booking, due, stopped) in
        [(7, Some("2026-01-05T15:10:00.000Z"), None), (8, None, Some("2026-01-05T15:05:00.000Z"))]
    {
        sqlx::query(
            "INSERT INTO escalations (booking_id, next_step, due_at, stopped_at, created_at)
             VALUES (?, 2, ?, ?, '2026-01-05T15:00:00.000Z')",
        )
        .bind(booking)
        .bind(due)
        .bind(stopped)
        .execute(&mut connection)
        .await
        .expect("an escalation");
    }
    let upgraded = upgraded(connection, &data).await;
    let jobs: Vec<(String, String, String, String)> =
        sqlx::query_as("SELECT kind, payload, dedupe_key, run_at FROM jobs ORDER BY id")
            .fetch_all(&upgraded)
            .await
            .expect("jobs");
    assert_eq!(
        jobs,
        [(
            "escalation-beats".to_owned(),
            r#"{"booking_id":7}"#.to_owned(),
            "escalation-7".to_owned(),
            "2026-01-05T15:10:00.000Z".to_owned()
        )],
        "only the escalation still going on gets a job"
    );
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server that scripts/test-all.sh starts"]
async fn a_postgresql_database_of_every_earlier_version_opens_with_everything_in_it() {
    let site_toml = include_str!("../../../content/site.toml");
    let versions: Vec<i64> =
        POSTGRES.iter().filter(|m| m.migration_type.is_up_migration()).map(|m| m.version).collect();
    for version in &versions[..versions.len() - 1] {
        let url = empty_database().await.expect("TRAILERWORKS_TEST_POSTGRES names a server");
        let pool = PgPool::connect(&url).await.expect("the database");
        let mut connection = pool.acquire().await.expect("a connection");
        POSTGRES
            .run_to(*version, &mut *connection)
            .await
            .unwrap_or_else(|error| panic!("to {version}: {error}"));
        drop(connection);
        let tables = postgres_tables(&pool).await;
        let mut ids = BTreeMap::new();
        for name in in_order(&tables) {
            let table = &tables[&name];
            if seeded(&name) {
                continue;
            }
            let values = row(&name, table, site_toml, &ids);
            let returning = id_of(table).is_some();
            let sql = insert_sql(&name, &values, returning);
            let query = bind_postgres(sqlx::query(sqlx::AssertSqlSafe(sql.clone())), &values, table);
            let inserted = query
                .fetch_optional(&pool)
                .await
                .unwrap_or_else(|error| panic!("version {version}: {sql}: {error}"));
            if let (Some(row), Some(id)) = (inserted, id_of(table)) {
                // A table keyed by text (a provider's event id) is referenced by none.
                let id = row
                    .try_get::<Option<i64>, _>(id)
                    .or_else(|_| row.try_get::<Option<i32>, _>(id).map(|id| id.map(i64::from)))
                    .ok()
                    .flatten();
                if let Some(id) = id {
                    ids.insert(name.clone(), id);
                }
            }
        }
        pool.close().await;

        let Pool::Postgres(upgraded) = Db::open(&Location::Postgres(&url)).await.expect("it opens").pool
        else {
            unreachable!()
        };
        let now: BTreeSet<String> = postgres_tables(&upgraded).await.into_keys().collect();
        for name in tables.keys().filter(|name| now.contains(*name)) {
            let count: i64 =
                sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM \"{name}\"")))
                    .fetch_one(&upgraded)
                    .await
                    .expect("a count");
            assert!(count >= 1, "version {version}: the row of {name} is gone");
        }
        if tables.contains_key("bookings") {
            let national: Option<String> = sqlx::query_scalar("SELECT phone_national FROM bookings")
                .fetch_one(&upgraded)
                .await
                .expect("the early booking");
            assert_eq!(national.as_deref(), Some("7205550134"), "version {version}: {EARLY_PHONE}");
        }
        upgraded.close().await;
        let storage = TestStorage::new().await;
        let config = StorageConfig { database_url: Some(url.into()), ..storage.config.clone() };
        app_reads(config, &tables).await;
    }
}

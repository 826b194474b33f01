//! The SQLite and PostgreSQL schemas, each made by its own migrations, are alike: the same
//! tables, columns (type, nullability, default), indexes and foreign keys, but for the
//! differences named here on purpose.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::{PgPool, Row as _, SqlitePool};
use trailerworks::db::{Db, Location, Pool};

/// One table as both backends can describe it, in words that mean the same on both.
#[derive(Debug, Default, PartialEq, Eq)]
struct Table {
    /// name: (type, not null, default)
    columns: BTreeMap<String, (String, bool, String)>,
    /// (columns, unique, partial)
    indexes: BTreeSet<(Vec<String>, bool, bool)>,
    /// (columns, table referred to, its columns, on delete)
    foreign_keys: BTreeSet<(String, String, String, String)>,
}

type Schema = BTreeMap<String, Table>;

/// Not compared: the migrations' own bookkeeping, and each backend's search machinery (SQLite's
/// FTS5 tables with their shadow tables and the version of their tokenizer; PostgreSQL's
/// tsvector column on the posts and the trigram-indexed text of each booking and customer).
fn compared(table: &str) -> bool {
    !(table == "_sqlx_migrations"
        || table.starts_with("post_search")
        || table.starts_with("booking_search")
        || table.starts_with("customer_search")
        || table == "search_index_versions")
}

/// The columns of the search machinery kept in tables that are compared.
const SEARCH_COLUMNS: [(&str, &str); 1] = [("blog_posts", "search")];

/// The differences kept on purpose, as `differences` words them.
const DELIBERATE: [&str; 13] = [
    // A lone INTEGER PRIMARY KEY is SQLite's row id, which SQLite numbers when none is given;
    // these keys are always given (a booking's id, the version a save takes, the one settings
    // row, a request whose text waits), and PostgreSQL has no sequence for them.
    r#"appointments.booking_id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"escalation_steps.id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"escalations.booking_id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"insight_settings.id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"invoice_numbers.year: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"price_settings.id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"price_trip_bands.up_to_miles: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"quote_numbers.year: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"received_texts_due.booking_id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"site_versions.id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    r#"team_settings.id: SQLite Some(("integer", true, "a sequence")), PostgreSQL Some(("integer", true, ""))"#,
    // One account per address whatever its case: SQLite's column is COLLATE NOCASE with a unique
    // index; PostgreSQL has none such, so its unique index is on lower(email).
    r#"users index (["(expression)"], true, false): only on PostgreSQL"#,
    r#"users index (["email"], true, false): only on SQLite"#,
];

/// SQLite has no boolean type: a flag is an INTEGER, 0 or 1, where PostgreSQL has a boolean. Nor
/// has it a time type: an instant is TEXT (ISO 8601 UTC, as `clock::At` writes it), where
/// PostgreSQL has a timestamptz.
fn same_column(sqlite: &(String, bool, String), postgres: &(String, bool, String)) -> bool {
    fn flag(default: &str) -> &str {
        match default {
            "0" => "false",
            "1" => "true",
            other => other,
        }
    }
    sqlite == postgres
        || (sqlite.0 == "text" && postgres.0 == "timestamp with time zone" && sqlite.1 == postgres.1)
        || (sqlite.0 == "integer"
            && postgres.0 == "boolean"
            && sqlite.1 == postgres.1
            && flag(&sqlite.2) == postgres.2)
}

fn column_type(declared: &str) -> String {
    let lower = declared.to_ascii_lowercase();
    match lower.as_str() {
        "integer" | "bigint" | "smallint" | "int" | "int8" | "int4" => "integer",
        "text" | "character varying" | "varchar" => "text",
        "real" | "double precision" | "float8" => "real",
        "blob" | "bytea" => "bytes",
        "boolean" | "bool" => "boolean",
        other => return other.to_owned(),
    }
    .to_owned()
}

/// A default as written, without casts and quotes: `'new'::text` and `'new'` are `new`.
fn default_value(written: Option<String>) -> String {
    let Some(text) = written else { return String::new() };
    if text.starts_with("nextval(") {
        return "a sequence".to_owned();
    }
    let text = text.split("::").next().unwrap_or(&text).trim().trim_start_matches('(').trim_end_matches(')');
    text.trim_matches('\'').to_ascii_lowercase()
}

async fn sqlite_schema(pool: &SqlitePool) -> Schema {
    let mut schema = Schema::new();
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .fetch_all(pool)
    .await
    .expect("the tables");
    for (name,) in tables {
        let mut table = Table::default();
        let quoted = format!("\"{}\"", name.replace('"', "\"\""));
        // table_xinfo, not table_info: it lists generated columns too (hidden 2 or 3); hidden 1
        // is a virtual table's own.
        let rows: Vec<_> = sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA table_xinfo({quoted})")))
            .fetch_all(pool)
            .await
            .expect("columns")
            .into_iter()
            .filter(|row| row.get::<i64, _>("hidden") != 1)
            .collect();
        let key_columns = rows.iter().filter(|row| row.get::<i64, _>("pk") > 0).count();
        let mut row_id = None;
        for row in rows {
            let column: String = row.get("name");
            let primary = row.get::<i64, _>("pk") > 0;
            let declared: String = row.get("type");
            // A lone INTEGER PRIMARY KEY is the row id: numbered by SQLite, as by a sequence.
            let default = if primary && key_columns == 1 && declared.eq_ignore_ascii_case("integer") {
                row_id = Some(column.clone());
                "a sequence".to_owned()
            } else {
                default_value(row.get("dflt_value"))
            };
            table.columns.insert(
                column,
                (column_type(&declared), row.get::<i64, _>("notnull") == 1 || primary, default),
            );
        }
        for index in sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA index_list({quoted})")))
            .fetch_all(pool)
            .await
            .expect("indexes")
        {
            let index_name: String = index.get("name");
            let columns: Vec<String> =
                sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA index_info(\"{index_name}\")")))
                    .fetch_all(pool)
                    .await
                    .expect("index columns")
                    .iter()
                    .map(|row| {
                        row.get::<Option<String>, _>("name").unwrap_or_else(|| "(expression)".to_owned())
                    })
                    .collect();
            let partial = index.get::<i64, _>("partial") == 1;
            table.indexes.insert((columns, index.get::<i64, _>("unique") == 1, partial));
        }
        for key in sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA foreign_key_list({quoted})")))
            .fetch_all(pool)
            .await
            .expect("keys")
        {
            table.foreign_keys.insert((
                key.get("from"),
                key.get("table"),
                key.get::<Option<String>, _>("to").unwrap_or_default(),
                key.get::<String, _>("on_delete").to_ascii_lowercase(),
            ));
        }
        // The row id needs no index of its own on SQLite; PostgreSQL's primary key has one.
        if let Some(column) = row_id {
            table.indexes.insert((vec![column], true, false));
        }
        schema.insert(name, table);
    }
    schema
}

async fn postgres_schema(pool: &PgPool) -> Schema {
    let mut schema = Schema::new();
    let columns = sqlx::query(
        "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
         FROM information_schema.columns c JOIN information_schema.tables t
           ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
         WHERE c.table_schema = 'public'",
    )
    .fetch_all(pool)
    .await
    .expect("columns");
    for row in columns {
        let table: String = row.get("table_name");
        schema.entry(table).or_default().columns.insert(
            row.get("column_name"),
            (
                column_type(&row.get::<String, _>("data_type")),
                row.get::<String, _>("is_nullable") == "NO",
                if row.get::<String, _>("is_identity") == "YES" {
                    "a sequence".to_owned()
                } else {
                    default_value(row.get("column_default"))
                },
            ),
        );
    }
    let indexes = sqlx::query(
        "SELECT t.relname AS table_name, ix.indisunique AS is_unique, ix.indpred IS NOT NULL AS partial,
                ARRAY(SELECT COALESCE(a.attname, '(expression)') FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord)
                      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
         FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
         WHERE n.nspname = 'public'",
    )
    .fetch_all(pool)
    .await
    .expect("indexes");
    for row in indexes {
        let table: String = row.get("table_name");
        schema.entry(table).or_default().indexes.insert((
            row.get("columns"),
            row.get("is_unique"),
            row.get("partial"),
        ));
    }
    for (table, key) in postgres_foreign_keys(pool).await {
        schema.entry(table).or_default().foreign_keys.insert(key);
    }
    schema
}

/// Every foreign key of PostgreSQL's public schema: its table, and (column, the table and column
/// it refers to, what a delete there does).
pub async fn postgres_foreign_keys(pool: &PgPool) -> Vec<(String, (String, String, String, String))> {
    sqlx::query(
        "SELECT cl.relname AS table_name, a.attname AS column_name, rt.relname AS ref_table, ra.attname AS ref_column,
                CASE c.confdeltype WHEN 'c' THEN 'cascade' WHEN 'n' THEN 'set null' WHEN 'r' THEN 'restrict'
                                   WHEN 'd' THEN 'set default' ELSE 'no action' END AS on_delete
         FROM pg_constraint c
         JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
         JOIN pg_class rt ON rt.oid = c.confrelid
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
         WHERE c.contype = 'f' AND n.nspname = 'public'",
    )
    .fetch_all(pool)
    .await
    .expect("foreign keys")
    .into_iter()
    .map(|row| {
        let key = (row.get("column_name"), row.get("ref_table"), row.get("ref_column"), row.get("on_delete"));
        (row.get("table_name"), key)
    })
    .collect()
}

/// What differs between the two, in lines a reader can check.
fn differences(sqlite: &Schema, postgres: &Schema) -> Vec<String> {
    let mut found = Vec::new();
    let names: BTreeSet<&String> =
        sqlite.keys().chain(postgres.keys()).filter(|name| compared(name)).collect();
    for name in names {
        let (Some(lite), Some(pg)) = (sqlite.get(name), postgres.get(name)) else {
            found.push(format!(
                "table {name}: only on {}",
                if sqlite.contains_key(name) { "SQLite" } else { "PostgreSQL" }
            ));
            continue;
        };
        let search: Vec<&str> =
            SEARCH_COLUMNS.iter().filter(|(table, _)| table == name).map(|(_, column)| *column).collect();
        let columns: BTreeSet<&String> = lite
            .columns
            .keys()
            .chain(pg.columns.keys())
            .filter(|column| !search.contains(&column.as_str()))
            .collect();
        for column in columns {
            match (lite.columns.get(column), pg.columns.get(column)) {
                (Some(a), Some(b)) if same_column(a, b) => {}
                (a, b) => found.push(format!("{name}.{column}: SQLite {a:?}, PostgreSQL {b:?}")),
            }
        }
        let indexed_search = |index: &&(Vec<String>, bool, bool)| {
            !index.0.iter().any(|column| search.contains(&column.as_str()))
        };
        for index in lite.indexes.symmetric_difference(&pg.indexes).filter(indexed_search) {
            let on = if lite.indexes.contains(index) { "SQLite" } else { "PostgreSQL" };
            found.push(format!("{name} index {index:?}: only on {on}"));
        }
        for key in lite.foreign_keys.symmetric_difference(&pg.foreign_keys) {
            let on = if lite.foreign_keys.contains(key) { "SQLite" } else { "PostgreSQL" };
            found.push(format!("{name} foreign key {key:?}: only on {on}"));
        }
    }
    found
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server that scripts/test-all.sh starts"]
async fn the_sqlite_and_postgresql_schemas_are_alike_but_for_the_differences_named() {
    let dir = tempfile::tempdir().expect("a directory");
    let Pool::Sqlite(lite) = Db::open(&Location::Sqlite(dir.path())).await.expect("SQLite opens").pool else {
        unreachable!()
    };
    let url = crate::helpers::empty_database().await.expect("TRAILERWORKS_TEST_POSTGRES names a server");
    let Pool::Postgres(pg) = Db::open(&Location::Postgres(&url)).await.expect("PostgreSQL opens").pool else {
        unreachable!()
    };
    let found = differences(&sqlite_schema(&lite).await, &postgres_schema(&pg).await);
    assert_eq!(found, DELIBERATE, "a difference between the migration trees that is not named here");
}

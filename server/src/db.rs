//! The database: SQLite in the data directory (the embedded default) or PostgreSQL (for two or
//! more instances), migrated on open, each from its own migrations folder.
//!
//! Store functions are written once: `with_db!` compiles their body for each backend, so the
//! same SQL (with `$1` placeholders, which SQLite accepts too) and the same row types serve
//! both. Where the backends differ, a function matches on `Db` itself.

use std::{path::Path, str::FromStr as _, time::Duration};

use crate::clock::Clock;
use anyhow::Context as _;
use sqlx::{
    Connection as _, PgPool,
    postgres::{PgConnectOptions, PgPoolOptions},
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous},
};

pub const FILE_NAME: &str = "trailerworks.db";
/// The file `trailerworks backup` writes a PostgreSQL database to (pg_dump's custom format).
pub const POSTGRES_DUMP: &str = "trailerworks.pgdump";

/// Read-only connections for the public pages: with WAL, reads never wait for the writer.
const SQLITE_READERS: u32 = 2;
/// PostgreSQL connections per instance: bookings, the admin and the public pages share them.
const POSTGRES_CONNECTIONS: u32 = 16;
/// How long a request waits for a connection before it is told the database is unavailable.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// The database: a pool of connections to one backend, and the clock its rows are stamped
/// with (the server's one clock, which tests move).
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: Pool,
    pub clock: Clock,
}

/// A pool of connections to one backend.
#[derive(Clone, Debug)]
pub enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool of `$db` (a `Db` or `&Db`); the body
/// is compiled once per backend, so it may use backend-specific types it never names.
#[macro_export]
macro_rules! with_db {
    ($db:expr, |$pool:ident| $body:expr) => {
        match &($db).pool {
            $crate::db::Pool::Sqlite($pool) => $body,
            $crate::db::Pool::Postgres($pool) => $body,
        }
    };
}

/// `SELECT {key}, {columns} FROM {table} WHERE {key} IN (ids) ORDER BY {key}, {order}` on `db`,
/// as rows of type `row` grouped by their `key` field (no query for no ids): what a page of
/// parents needs of a child table, in one query.
#[macro_export]
macro_rules! rows_grouped_by {
    ($key:ident, $db:expr, $ids:expr, $row:ty, $columns:literal, $table:literal, $order:literal) => {{
        let mut grouped: std::collections::HashMap<i64, Vec<$row>> = std::collections::HashMap::new();
        if !$ids.is_empty() {
            let sql = sqlx::AssertSqlSafe(format!(
                concat!(
                    "SELECT ",
                    stringify!($key),
                    ", ",
                    $columns,
                    " FROM ",
                    $table,
                    " WHERE ",
                    stringify!($key),
                    " IN ({}) ORDER BY ",
                    stringify!($key),
                    ", ",
                    $order
                ),
                $crate::db::placeholders($ids.len())
            ));
            let rows: Vec<$row> = $crate::with_db!($db, |pool| {
                let mut query = sqlx::query_as(sql);
                for id in $ids {
                    query = query.bind(id);
                }
                query.fetch_all(pool).await?
            });
            for row in rows {
                grouped.entry(row.$key).or_default().push(row);
            }
        }
        grouped
    }};
}

/// Implements a trait of statements for both backends' connections with one body, so SQL that
/// runs inside a caller's transaction is written once: `for_both_connections!(impl Trait { .. })`.
#[macro_export]
macro_rules! for_both_connections {
    (impl $trait:path { $($body:tt)* }) => {
        impl $trait for sqlx::SqliteConnection { $($body)* }
        impl $trait for sqlx::PgConnection { $($body)* }
    };
}

/// Which database a connection speaks to, for the rare statement whose SQL differs between them
/// inside a `for_both_connections!` body.
pub trait Dialect {
    const POSTGRES: bool;
}

impl Dialect for sqlx::SqliteConnection {
    const POSTGRES: bool = false;
}

impl Dialect for sqlx::PgConnection {
    const POSTGRES: bool = true;
}

/// Where the data lives: `--database-url` when given (PostgreSQL), else SQLite in `data_dir`.
#[derive(Clone, Debug)]
pub enum Location<'a> {
    Sqlite(&'a Path),
    Postgres(&'a str),
}

impl<'a> Location<'a> {
    pub fn new(database_url: Option<&'a str>, data_dir: &'a Path) -> Self {
        match database_url {
            Some(url) => Self::Postgres(url),
            None => Self::Sqlite(data_dir),
        }
    }
}

impl Db {
    /// Opens (creating it if needed) and migrates the database at `location`. Instances that
    /// start together on one PostgreSQL database take turns: migrations hold a lock.
    pub async fn open(location: &Location<'_>) -> anyhow::Result<Self> {
        match location {
            Location::Sqlite(data_dir) => open_sqlite(data_dir).await,
            Location::Postgres(url) => open_postgres(url).await,
        }
    }

    /// The same database, stamped with `clock`.
    pub fn with_clock(self, clock: Clock) -> Self {
        Self { clock, ..self }
    }

    /// Connections for reading published posts: SQLite's own read-only connections; the same
    /// pool on PostgreSQL.
    pub async fn reader(&self, location: &Location<'_>) -> anyhow::Result<Self> {
        match (&self.pool, location) {
            (Pool::Sqlite(_), Location::Sqlite(data_dir)) => {
                let path = data_dir.join(FILE_NAME);
                let pool = SqlitePoolOptions::new()
                    .max_connections(SQLITE_READERS)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(sqlite_options(&path)?.read_only(true))
                    .await
                    .with_context(|| format!("Failed to open the database {} for reading", path.display()))?;
                Ok(Self { pool: Pool::Sqlite(pool), clock: self.clock.clone() })
            }
            _ => Ok(self.clone()),
        }
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> anyhow::Result<()> {
        with_db!(self, |pool| sqlx::query("SELECT 1").execute(pool).await.map(drop)?);
        Ok(())
    }

    /// Whether the database answers and has every migration this binary knows (another
    /// instance may have applied newer ones; fewer means it is not this binary's database yet).
    pub async fn check_ready(&self) -> anyhow::Result<()> {
        let known = migration_versions(matches!(self.pool, Pool::Postgres(_)));
        let applied: Vec<i64> = with_db!(self, |pool| {
            sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success").fetch_all(pool).await?
        });
        let missing = known.iter().filter(|version| !applied.contains(version)).count();
        anyhow::ensure!(missing == 0, "{missing} of {} migrations are not applied", known.len());
        Ok(())
    }

    /// How many connections the pool holds, and how many of them are idle.
    pub fn pool_counts(&self) -> (u32, usize) {
        with_db!(self, |pool| (pool.size(), pool.num_idle()))
    }

    /// How long it takes to get a connection now (at most `limit`).
    pub async fn acquire_time(&self, limit: Duration) -> anyhow::Result<Duration> {
        let started = std::time::Instant::now();
        with_db!(self, |pool| {
            let connection = tokio::time::timeout(limit, pool.acquire()).await??;
            drop(connection);
        });
        Ok(started.elapsed())
    }

    pub async fn close(&self) {
        with_db!(self, |pool| pool.close().await);
    }
}

async fn open_sqlite(data_dir: &Path) -> anyhow::Result<Db> {
    prepare_data_dir(data_dir)?;
    let path = data_dir.join(FILE_NAME);
    let options = sqlite_options(&path)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        // FULL syncs the WAL at every commit, so a booking acknowledged to a visitor survives a
        // power loss too, not only a crash (NORMAL's guarantee). Measured cheap here: bench/.
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true);
    // One connection: SQLite has one writer at a time anyway, and several connections made
    // writers busy-wait on the lock (p99 ~200 ms under load instead of ~10 ms). The public
    // pages read through `reader`'s connections. Other processes (the CLI) wait on the lock.
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .after_release(|connection, _| {
            Box::pin(async move {
                // A transaction whose COMMIT failed (a full disk, an I/O error) is rolled back
                // here, and a connection that still believes itself inside one is replaced: its
                // next "transaction" would be a savepoint in a transaction that never commits,
                // and bookings acknowledged on it would be lost.
                connection.ping().await?;
                let stuck = connection.is_in_transaction();
                if stuck {
                    tracing::warn!("Replacing a database connection left inside a failed transaction");
                }
                Ok(!stuck)
            })
        })
        .connect_with(options)
        .await
        .with_context(|| format!("Failed to open the database {}", path.display()))?;
    migrate(sqlx::migrate!("./migrations/sqlite"), &pool).await?;
    Ok(Db { pool: Pool::Sqlite(pool), clock: Clock::system() })
}

/// The versions of the migrations this binary has, for PostgreSQL or SQLite.
pub fn migration_versions(postgres: bool) -> Vec<i64> {
    let migrator = if postgres {
        sqlx::migrate!("./migrations/postgres")
    } else {
        sqlx::migrate!("./migrations/sqlite")
    };
    migrator
        .iter()
        .filter(|migration| migration.migration_type.is_up_migration())
        .map(|m| m.version)
        .collect()
}

/// Creates the data directory if it is missing and checks that it can be written, so a server
/// that could not store a booking never starts; the error names the directory and the fix.
pub fn prepare_data_dir(data_dir: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::DirBuilderExt as _;
    let shown = data_dir.display();
    let fix = "Create it (or make it writable) for the user that runs trailerworks, or choose another with --data-dir";
    // A new directory is its owner's only: it holds customers' bookings.
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(data_dir)
        .map_err(|error| anyhow::anyhow!("The data directory {shown} cannot be created ({error}). {fix}."))?;
    let probe = data_dir.join(".trailerworks-write-check");
    std::fs::write(&probe, b"ok")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|error| anyhow::anyhow!("The data directory {shown} is not writable ({error}). {fix}."))
}

/// Applies the migrations this binary has and the database lacks. Migrations a newer binary
/// applied are left alone: schema changes are expand-then-contract (docs/deploy.md), so this
/// binary keeps working beside a newer one during a deploy, or after a rollback.
async fn migrate<DB>(mut migrator: sqlx::migrate::Migrator, pool: &sqlx::Pool<DB>) -> anyhow::Result<()>
where
    DB: sqlx::Database,
    <DB as sqlx::Database>::Connection: sqlx::migrate::Migrate,
{
    migrator.set_ignore_missing(true);
    migrator.run(pool).await.context("Failed to migrate the database")
}

fn sqlite_options(path: &Path) -> anyhow::Result<SqliteConnectOptions> {
    Ok(SqliteConnectOptions::from_str("sqlite://")?.filename(path).busy_timeout(Duration::from_secs(5)))
}

async fn open_postgres(url: &str) -> anyhow::Result<Db> {
    let options = PgConnectOptions::from_str(url).context("--database-url is not a PostgreSQL URL")?;
    let pool = PgPoolOptions::new()
        .max_connections(POSTGRES_CONNECTIONS)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_with(options)
        .await
        .with_context(|| format!("Failed to connect to the database at {}", without_password(url)))?;
    // sqlx holds an advisory lock while it migrates, so instances started together take turns.
    migrate(sqlx::migrate!("./migrations/postgres"), &pool).await?;
    Ok(Db { pool: Pool::Postgres(pool), clock: Clock::system() })
}

/// "$1, $2, ..., $n": the parameters of an `IN (...)` list of `n` values.
pub fn placeholders(n: usize) -> String {
    placeholders_from(1, n)
}

/// "$first, ..., $(first + n - 1)": the parameters of an `IN (...)` list of `n` values after the
/// query's first ones.
pub fn placeholders_from(first: usize, n: usize) -> String {
    (first..first + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// "'new'": the name of an enum's `value` as an SQL string, written from the enum so no status,
/// state or role is typed into SQL. Only where a partial index's predicate or an indexed
/// expression must be matched word for word (a bound value does not prove it); elsewhere the
/// value is bound.
pub fn name<T: std::fmt::Display>(value: T) -> String {
    format!("'{value}'")
}

/// "IN ('new', 'contacted')": the names of `values` (`BookingStatus::OPEN`) as an SQL list, as
/// `name` writes them.
pub fn in_names<T: std::fmt::Display>(values: &[T]) -> String {
    let names: Vec<String> = values.iter().map(name).collect();
    format!("IN ({})", names.join(", "))
}

/// A LIKE pattern (with `ESCAPE '\'`) for text that contains `text`, lowercased: compare it with
/// `LOWER(column)`. Its own `%`, `_` and `\` are literal.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// `url` with its password replaced, for messages and logs.
pub fn without_password(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}

/// Whether `error` (anywhere in its chain) means the database cannot be reached or written now
/// (down, out of connections, disk full), as opposed to a bug: the caller answers 503.
pub fn is_unavailable(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<sqlx::Error>().is_some_and(|error| match error {
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            // A connection cut mid-message (by the network, a proxy or a pooler going away).
            | sqlx::Error::Protocol(_)
            | sqlx::Error::WorkerCrashed => true,
            sqlx::Error::Database(db) => match db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
                Some(postgres) => postgres_unavailable(postgres.code()),
                None => db.code().and_then(|code| code.parse().ok()).is_some_and(sqlite_unavailable),
            },
            _ => false,
        })
    })
}

/// SQLite's (extended) result codes: SQLITE_READONLY (8), SQLITE_IOERR (10), SQLITE_FULL (13),
/// SQLITE_CANTOPEN (14), with their extended forms.
fn sqlite_unavailable(code: u32) -> bool {
    matches!(code & 0xff, 8 | 10 | 13 | 14)
}

/// PostgreSQL's SQLSTATE classes 08 (connection), 53 (resources: disk full, out of memory, too
/// many connections) and 57P (the server is shutting down or restarting).
fn postgres_unavailable(code: &str) -> bool {
    code.starts_with("08") || code.starts_with("53") || code.starts_with("57P")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            without_password("postgres://tw:secret@db.example.com:5432/tw"),
            "postgres://tw:***@db.example.com:5432/tw"
        );
        assert_eq!(without_password("postgres://db.example.com/tw"), "postgres://db.example.com/tw");
    }

    #[test]
    fn outages_and_full_disks_are_unavailable_but_bugs_are_not() {
        for code in [13, 10, 3338, 8, 14] {
            assert!(sqlite_unavailable(code), "{code}");
        }
        for code in [19, 2067, 1] {
            assert!(!sqlite_unavailable(code), "{code}");
        }
        for code in ["08006", "53100", "57P01"] {
            assert!(postgres_unavailable(code), "{code}");
        }
        for code in ["23505", "42601"] {
            assert!(!postgres_unavailable(code), "{code}");
        }
    }
}

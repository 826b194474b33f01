//! The SQLite database in the data directory, migrated on open.

use std::{path::Path, str::FromStr as _, time::Duration};

use anyhow::Context as _;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub const FILE_NAME: &str = "trailerworks.db";

/// Read-only connections for the public pages: with WAL, reads never wait for the writer.
const READERS: u32 = 2;

/// Opens (creating it if needed) and migrates the database in `data_dir`.
pub async fn open(data_dir: &Path) -> anyhow::Result<SqlitePool> {
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("Failed to create the data directory {}", data_dir.display()))?;
    let path = data_dir.join(FILE_NAME);
    let options = options(&path)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        // FULL syncs the WAL at every commit, so a booking acknowledged to a visitor survives a
        // power loss too, not only a crash (NORMAL's guarantee). Measured cheap here: bench/.
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true);
    // One connection: SQLite has one writer at a time anyway, and several connections made
    // writers busy-wait on the lock (p99 ~200 ms under load instead of ~10 ms). The public
    // pages read through `open_reader`'s connections. Other processes (the CLI) wait on the lock.
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .with_context(|| format!("Failed to open the database {}", path.display()))?;
    sqlx::migrate!("./migrations").run(&pool).await.context("Failed to migrate the database")?;
    Ok(pool)
}

/// Read-only connections to the database in `data_dir`, which `open` has made and migrated.
pub async fn open_reader(data_dir: &Path) -> anyhow::Result<SqlitePool> {
    let path = data_dir.join(FILE_NAME);
    SqlitePoolOptions::new()
        .max_connections(READERS)
        .connect_with(options(&path)?.read_only(true))
        .await
        .with_context(|| format!("Failed to open the database {} for reading", path.display()))
}

fn options(path: &Path) -> anyhow::Result<SqliteConnectOptions> {
    Ok(SqliteConnectOptions::from_str("sqlite://")?.filename(path).busy_timeout(Duration::from_secs(5)))
}

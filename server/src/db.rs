//! The SQLite database in the data directory, migrated on open.

use std::{path::Path, str::FromStr as _, time::Duration};

use anyhow::Context as _;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub const FILE_NAME: &str = "trailerworks.db";

/// Opens (creating it if needed) and migrates the database in `data_dir`.
pub async fn open(data_dir: &Path) -> anyhow::Result<SqlitePool> {
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("Failed to create the data directory {}", data_dir.display()))?;
    let path = data_dir.join(FILE_NAME);
    let options = SqliteConnectOptions::from_str("sqlite://")?
        .filename(&path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        // In WAL mode NORMAL keeps every commit through an application crash or kill; only a
        // power loss or OS crash can drop the last commits (SECURITY.md asks at least NORMAL).
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true);
    let pool = SqlitePoolOptions::new()
        .max_connections(8)
        .connect_with(options)
        .await
        .with_context(|| format!("Failed to open the database {}", path.display()))?;
    sqlx::migrate!("./migrations").run(&pool).await.context("Failed to migrate the database")?;
    Ok(pool)
}

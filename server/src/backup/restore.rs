//! `trailerworks restore --from DIR`: puts a backup back into an empty data directory (or an
//! empty PostgreSQL database and bucket), after checking every file of the copy against its
//! manifest and the database copy itself. Nothing is written unless every check passes, and a
//! place that holds data already is refused.

use std::path::Path;

use anyhow::Context as _;
use sqlx::{Connection as _, sqlite::SqliteConnectOptions};

use super::{Database, MANIFEST, Manifest, sum_file};
use crate::{
    clock::At,
    db::{self, Db, Location},
    media::{Folder, MediaStore},
};

/// What was put back.
pub struct Restored {
    pub made_at: At,
    pub images: usize,
}

/// Where to restore: the data directory, and the PostgreSQL database and bucket when given.
pub struct Target<'a> {
    pub data_dir: &'a Path,
    pub database_url: Option<&'a str>,
    pub media_store: Option<&'a str>,
}

pub async fn restore(from: &Path, target: &Target<'_>) -> anyhow::Result<Restored> {
    let manifest = check_copy(from).await?;
    match (manifest.database, target.database_url) {
        (Database::Sqlite, Some(_)) => anyhow::bail!(
            "This copy holds a SQLite database; restore it into a data directory (leave out --database-url)"
        ),
        (Database::Postgres, None) => {
            anyhow::bail!(
                "This copy holds a PostgreSQL dump; restore it with --database-url naming an empty database"
            )
        }
        _ => {}
    }
    ensure_empty(target).await?;
    match (manifest.database, target.database_url) {
        (Database::Postgres, Some(url)) => pg_restore(url, &from.join(db::POSTGRES_DUMP)).await?,
        _ => put_sqlite(&from.join(db::FILE_NAME), target.data_dir)?,
    }
    // Opening migrates a copy made by an older version.
    let db = Db::open(&Location::new(target.database_url, target.data_dir)).await?;
    let media = MediaStore::new(target.media_store, target.data_dir, db.clone())?;
    let mut images = 0;
    for folder in Folder::ALL {
        let prefix = format!("{}/", folder.name());
        for file in manifest.files.iter().filter(|file| file.path.starts_with(&prefix)) {
            let name = &file.path[prefix.len()..];
            let bytes = tokio::fs::read(from.join(&file.path)).await?;
            media.put(folder, vec![(name.to_owned(), bytes)]).await?;
            images += 1;
        }
    }
    db.close().await;
    Ok(Restored { made_at: manifest.made_at, images })
}

/// Reads the manifest and checks every file it lists (size and SHA-256), then the database copy
/// (SQLite's integrity check; pg_restore can read the dump).
async fn check_copy(from: &Path) -> anyhow::Result<Manifest> {
    let text = std::fs::read(from.join(MANIFEST)).with_context(|| {
        format!("{} holds no {MANIFEST}: it is not a complete trailerworks backup", from.display())
    })?;
    let manifest: Manifest =
        serde_json::from_slice(&text).with_context(|| format!("{MANIFEST} cannot be read"))?;
    for file in &manifest.files {
        anyhow::ensure!(
            !file.path.contains("..") && !file.path.starts_with('/'),
            "{MANIFEST} names a file outside the backup: {}",
            file.path
        );
        let found = sum_file(from.join(&file.path), file.path.clone())
            .await
            .with_context(|| format!("The backup is incomplete: {} is missing", file.path))?;
        anyhow::ensure!(
            found.bytes == file.bytes && found.sha256 == file.sha256,
            "The backup is damaged: {} is not the file that was backed up (its checksum differs)",
            file.path
        );
    }
    let database = manifest.database.file_name();
    anyhow::ensure!(
        manifest.files.iter().any(|file| file.path == database),
        "{MANIFEST} does not list the database copy {database}"
    );
    match manifest.database {
        Database::Sqlite => {
            let options = SqliteConnectOptions::new().filename(from.join(database)).read_only(true);
            let mut connection = sqlx::SqliteConnection::connect_with(&options).await?;
            let result: String =
                sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&mut connection).await?;
            connection.close().await?;
            anyhow::ensure!(result == "ok", "The database copy fails SQLite's integrity check: {result}");
        }
        Database::Postgres => {
            let listed = tokio::process::Command::new("pg_restore")
                .arg("--list")
                .arg(from.join(database))
                .output()
                .await
                .context("pg_restore was not found (it comes with PostgreSQL's client programs)")?;
            anyhow::ensure!(
                listed.status.success(),
                "pg_restore cannot read the dump: {}",
                String::from_utf8_lossy(&listed.stderr).trim()
            );
        }
    }
    Ok(manifest)
}

/// Refuses a place that holds data: a database file in the data directory, a PostgreSQL
/// database with tables, or images where the restored ones would go.
async fn ensure_empty(target: &Target<'_>) -> anyhow::Result<()> {
    match target.database_url {
        None => {
            let file = target.data_dir.join(db::FILE_NAME);
            anyhow::ensure!(
                !file.exists(),
                "{} exists already: restore into a new, empty data directory",
                file.display()
            );
        }
        Some(url) => {
            let mut connection = sqlx::PgConnection::connect(url)
                .await
                .with_context(|| format!("Cannot connect to {}", db::without_password(url)))?;
            let tables: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()",
            )
            .fetch_one(&mut connection)
            .await?;
            connection.close().await?;
            anyhow::ensure!(
                tables == 0,
                "The database {} holds {tables} tables already: restore into a new, empty database",
                db::without_password(url)
            );
        }
    }
    // The images are listed without opening the database, which would create it.
    let media = MediaStore::files_only(target.media_store, target.data_dir)?;
    for folder in Folder::ALL {
        let held = media.names(folder).await?.len();
        anyhow::ensure!(
            held == 0,
            "{held} images are stored already in {}: restore into an empty place",
            folder.name()
        );
    }
    Ok(())
}

/// Copies the SQLite database into the data directory, complete and on disk before it gets its
/// name.
fn put_sqlite(copy: &Path, data_dir: &Path) -> anyhow::Result<()> {
    db::prepare_data_dir(data_dir)?;
    let partial = data_dir.join(format!(".{}.restoring", db::FILE_NAME));
    std::fs::copy(copy, &partial)
        .with_context(|| format!("Failed to copy the database into {}", data_dir.display()))?;
    std::fs::File::open(&partial)?.sync_all()?;
    std::fs::rename(&partial, data_dir.join(db::FILE_NAME))?;
    Ok(())
}

async fn pg_restore(url: &str, dump: &Path) -> anyhow::Result<()> {
    let output = tokio::process::Command::new("pg_restore")
        .args(["--no-owner", "--exit-on-error", "--dbname", url])
        .arg(dump)
        .output()
        .await
        .context("pg_restore was not found (it comes with PostgreSQL's client programs)")?;
    anyhow::ensure!(
        output.status.success(),
        "pg_restore failed: {}",
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(())
}

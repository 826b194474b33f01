//! Backups: a consistent copy of the database and the uploaded images in a directory, with a
//! manifest of every file's size and SHA-256; made by `trailerworks backup`, or on a schedule by
//! the server (`--backup-dir`, `--backup-every`, `--backup-keep`); put back by `restore`.
//!
//! The database is copied while the server keeps writing (SQLite's `VACUUM INTO` reads inside one
//! transaction; `pg_dump` takes one snapshot); the images after it (never changed once stored, so
//! every image the copy refers to is there).

pub mod periodic;
pub mod restore;

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use sqlx::Connection as _;

use crate::{
    clock::At,
    db::{self, Db, Pool},
    media::{self, MediaStore},
};

/// The file in a backup that lists what it holds.
pub const MANIFEST: &str = "manifest.json";

/// What a backup holds, with a checksum of each file.
#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub made_at: At,
    pub database: Database,
    pub files: Vec<FileSum>,
}

/// Which database the copy is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Database {
    /// `trailerworks.db`, a SQLite database.
    Sqlite,
    /// `trailerworks.pgdump`, for pg_restore.
    Postgres,
}

impl Database {
    pub fn file_name(self) -> &'static str {
        match self {
            Self::Sqlite => db::FILE_NAME,
            Self::Postgres => db::POSTGRES_DUMP,
        }
    }
}

/// A file of the backup (its path relative to the backup), its size and SHA-256 (hex).
#[derive(Debug, Serialize, Deserialize)]
pub struct FileSum {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

impl FileSum {
    fn of(path: String, content: &[u8]) -> Self {
        Self { path, bytes: content.len() as u64, sha256: hex(&Sha256::digest(content)) }
    }
}

/// The sum of the file at `path`, read a piece at a time (a database may be large).
pub async fn sum_file(path: PathBuf, relative: String) -> anyhow::Result<FileSum> {
    tokio::task::spawn_blocking(move || {
        use std::io::Read as _;
        let mut file =
            std::fs::File::open(&path).with_context(|| format!("Failed to read {}", path.display()))?;
        let mut hasher = Sha256::new();
        let mut buffer = vec![0; 256 * 1024];
        let mut bytes = 0;
        loop {
            let read = file.read(&mut buffer)?;
            if read == 0 {
                break;
            }
            hasher.update(&buffer[..read]);
            bytes += read as u64;
        }
        Ok(FileSum { path: relative, bytes, sha256: hex(&hasher.finalize()) })
    })
    .await?
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// What `make` copied.
pub struct Made {
    pub database: PathBuf,
    pub images: usize,
}

/// Copies the database (`database_url` for pg_dump when it is PostgreSQL) and every image into
/// `to`, which must not exist or be empty, then writes the manifest last (a copy without one is
/// incomplete).
pub async fn make(
    db: &Db,
    database_url: Option<&str>,
    media: &MediaStore,
    to: &Path,
) -> anyhow::Result<Made> {
    let occupied = std::fs::read_dir(to).is_ok_and(|mut entries| entries.next().is_some());
    anyhow::ensure!(!occupied, "{} is not empty; back up into a new directory", to.display());
    std::fs::create_dir_all(to).with_context(|| format!("Failed to create {}", to.display()))?;
    let made_at = db.clock.stamp();
    let kind = match &db.pool {
        Pool::Sqlite(pool) => {
            let copy = to.join(db::FILE_NAME);
            let copy_path = copy.to_str().ok_or_else(|| anyhow::anyhow!("The backup path is not UTF-8"))?;
            // A read-only connection of its own: the server's one writer connection keeps taking
            // bookings while the copy is made (a scheduled backup runs inside the server).
            let options = (*pool.connect_options()).clone().read_only(true);
            let mut connection = sqlx::SqliteConnection::connect_with(&options).await?;
            sqlx::query("VACUUM INTO $1")
                .bind(copy_path)
                .execute(&mut connection)
                .await
                .context("Failed to copy the database")?;
            connection.close().await?;
            Database::Sqlite
        }
        Pool::Postgres(_) => {
            let url =
                database_url.ok_or_else(|| anyhow::anyhow!("A PostgreSQL database needs --database-url"))?;
            dump_postgres(url, &to.join(db::POSTGRES_DUMP)).await?;
            Database::Postgres
        }
    };
    let database = to.join(kind.file_name());
    let mut files = vec![sum_file(database.clone(), kind.file_name().to_owned()).await?];
    for folder in media::Folder::ALL {
        let target = to.join(folder.name());
        for name in media.names(folder).await? {
            if let Some(bytes) = media.read(folder, &name).await? {
                tokio::fs::create_dir_all(&target).await?;
                tokio::fs::write(target.join(&name), &bytes)
                    .await
                    .with_context(|| format!("Failed to copy {name}"))?;
                files.push(FileSum::of(format!("{}/{name}", folder.name()), &bytes));
            }
        }
    }
    let images = files.len() - 1;
    let manifest = Manifest { made_at, database: kind, files };
    let written = serde_json::to_vec_pretty(&manifest)?;
    write_synced(&to.join(MANIFEST), &written).await?;
    Ok(Made { database, images })
}

/// Writes `bytes` to `path` and waits until they are on disk.
async fn write_synced(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut file = tokio::fs::File::create(path)
        .await
        .with_context(|| format!("Failed to create {}", path.display()))?;
    tokio::io::AsyncWriteExt::write_all(&mut file, bytes).await?;
    file.sync_all().await?;
    Ok(())
}

/// Whether `pg_dump` can be run here.
pub async fn pg_dump_available() -> bool {
    tokio::process::Command::new("pg_dump")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .status()
        .await
        .is_ok_and(|status| status.success())
}

/// Runs `pg_dump` into `file` (PostgreSQL's custom format, for `pg_restore`), or says exactly
/// what to run when it is not installed.
async fn dump_postgres(url: &str, file: &Path) -> anyhow::Result<()> {
    let file_arg = format!("--file={}", file.display());
    let status = tokio::process::Command::new("pg_dump")
        .args(["--format=custom", "--no-owner", &file_arg, url])
        .status()
        .await;
    match status {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => anyhow::bail!("pg_dump failed ({status}); the database was not backed up"),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => anyhow::bail!(
            "pg_dump was not found (it comes with PostgreSQL's client programs). Back up the database with:\n  \
             pg_dump --format=custom --no-owner {file_arg} '{}'",
            db::without_password(url)
        ),
        Err(error) => Err(error).context("Failed to run pg_dump"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_sum_is_its_size_and_sha256() {
        let sum = FileSum::of("a".to_owned(), b"abc");
        assert_eq!(sum.bytes, 3);
        assert_eq!(sum.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}

//! The saved versions of the site details.

use serde::Serialize;

use crate::audit::{AuditWrites as _, Line};
use crate::{clock::At, db::Db, domain::SiteVersionId, with_db};

/// How many versions the admin can go back to (older ones are removed as new ones are saved).
pub const KEPT: i64 = 30;

/// A version as the list shows it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SiteVersion)]
pub struct Listing {
    /// The version's number: 1 for the first save, then one more each time.
    pub id: i64,
    /// What changed from the version before, e.g. "Business details, Testimonials".
    pub summary: String,
    pub saved_at: At,
    /// Who saved it: the admin's e-mail, or "command line" for an import.
    pub saved_by: String,
}

#[derive(sqlx::FromRow)]
pub struct Saved {
    pub id: i64,
    /// The content as a TOML file.
    pub content: String,
    pub saved_at: At,
    pub saved_by: String,
}

/// The newest saved content's SQL, for a reader on a connection of its own that migrates
/// nothing (`trailerworks doctor`).
pub const NEWEST_CONTENT: &str = "SELECT content FROM site_versions ORDER BY id DESC LIMIT 1";

/// The newest version, if any was saved.
pub async fn newest(db: &Db) -> anyhow::Result<Option<Saved>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT id, content, saved_at, saved_by FROM site_versions ORDER BY id DESC LIMIT 1")
            .fetch_optional(pool)
            .await?
    }))
}

/// The newest version's number; 0 when none is saved.
pub async fn newest_id(db: &Db) -> anyhow::Result<i64> {
    let id: Option<i64> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT MAX(id) FROM site_versions").fetch_one(pool).await?
    });
    Ok(id.unwrap_or(0))
}

/// Version `id`, if it is kept.
pub async fn get(db: &Db, id: SiteVersionId) -> anyhow::Result<Option<Saved>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT id, content, saved_at, saved_by FROM site_versions WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

/// The kept versions, newest first.
pub async fn list(db: &Db) -> anyhow::Result<Vec<Listing>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT id, summary, saved_at, saved_by FROM site_versions ORDER BY id DESC LIMIT $1")
            .bind(KEPT)
            .fetch_all(pool)
            .await?
    }))
}

/// A version to save: its number, its content as a TOML file and what it changed.
pub struct NewVersion {
    pub id: i64,
    pub content: String,
    pub summary: String,
}

/// Saves `versions` by `line`'s admin, with `line` in the audit log, in one transaction; false
/// when another save took one of their numbers first. Versions beyond the kept ones are removed.
pub async fn insert(db: &Db, versions: &[NewVersion], line: &Line<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    let newest = versions.iter().map(|version| version.id).max().unwrap_or(0);
    let inserted: sqlx::Result<()> = with_db!(db, |pool| {
        async {
            let mut tx = pool.begin().await?;
            for version in versions {
                sqlx::query(
                    "INSERT INTO site_versions (id, content, summary, saved_at, saved_by) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(version.id)
                .bind(&version.content)
                .bind(&version.summary)
                .bind(now)
                .bind(line.actor.email)
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query("DELETE FROM site_versions WHERE id <= $1").bind(newest - KEPT).execute(&mut *tx).await?;
            tx.audit(line, &now).await?;
            tx.commit().await
        }
        .await
    });
    match inserted {
        Ok(()) => Ok(true),
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => Ok(false),
        Err(error) => Err(error.into()),
    }
}

//! The full previews of unsaved posts, stored: each kept an hour under its token's hash, in the
//! database so any instance shows it.

use std::time::Duration;

use crate::{clock::At, db::Db, with_db};

/// How long a preview can be opened.
const KEEP_FOR: Duration = Duration::from_secs(60 * 60);

/// Keeps `post` (the checked fields, as JSON) under `token_hash`, and forgets the previews whose
/// hour is over.
pub async fn keep(db: &Db, token_hash: &str, post: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM post_previews WHERE created_at < $1")
            .bind(db.clock.stamp_before(KEEP_FOR))
            .execute(pool)
            .await?;
        sqlx::query("INSERT INTO post_previews (token_hash, post, created_at) VALUES ($1, $2, $3)")
            .bind(token_hash)
            .bind(post)
            .bind(db.clock.stamp())
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// The post kept under `token_hash` (its JSON) and when, while its hour lasts.
pub async fn kept(db: &Db, token_hash: &str) -> anyhow::Result<Option<(String, At)>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT post, created_at FROM post_previews WHERE token_hash = $1 AND created_at >= $2",
        )
        .bind(token_hash)
        .bind(db.clock.stamp_before(KEEP_FOR))
        .fetch_optional(pool)
        .await?
    }))
}

//! Full-text search of the published posts: title, excerpt and text, best matches first (a
//! title match before an excerpt match before a text match, then the newest).
//!
//! On SQLite an FTS5 table (`post_search`, contentless) holds every post's words, written by the
//! server in the same transaction as each post change (`PostIndex`); on PostgreSQL a generated
//! `tsvector` column with a GIN index does the same by itself. Every word of the query must be
//! found, as a word or the start of one ("grea" finds "grease"), in any of its forms ("brakes"
//! finds "brake").

use std::future::Future;

use crate::db::{Db, Pool};

/// The index's layout; a server finding an older one on SQLite fills the index again.
const INDEX_VERSION: i64 = 1;
/// Posts indexed per statement when the index is filled again.
const REINDEX_BATCH: i64 = 500;

/// What the index holds of a post.
pub struct Document<'a> {
    pub title: &'a str,
    pub excerpt: &'a str,
    /// The post's HTML; its text is indexed, not its markup.
    pub content: &'a str,
}

/// Keeps a post's words in the index, inside the post change's transaction. SQLite writes its
/// FTS5 table; PostgreSQL's generated column needs nothing.
pub trait PostIndex {
    fn index_post(&mut self, id: i64, post: &Document<'_>) -> impl Future<Output = sqlx::Result<()>> + Send;
    fn unindex_post(&mut self, id: i64) -> impl Future<Output = sqlx::Result<()>> + Send;
}

impl PostIndex for sqlx::SqliteConnection {
    async fn index_post(&mut self, id: i64, post: &Document<'_>) -> sqlx::Result<()> {
        self.unindex_post(id).await?;
        sqlx::query("INSERT INTO post_search (rowid, title, excerpt, body) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(post.title)
            .bind(post.excerpt)
            .bind(text_of(post.content))
            .execute(&mut *self)
            .await?;
        Ok(())
    }

    async fn unindex_post(&mut self, id: i64) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM post_search WHERE rowid = $1").bind(id).execute(self).await?;
        Ok(())
    }
}

impl PostIndex for sqlx::PgConnection {
    async fn index_post(&mut self, _id: i64, _post: &Document<'_>) -> sqlx::Result<()> {
        Ok(())
    }

    async fn unindex_post(&mut self, _id: i64) -> sqlx::Result<()> {
        Ok(())
    }
}

/// Fills the SQLite index from the posts when it is older than this server's (a database from
/// before the index) or does not hold every post (posts written into the database by hand);
/// nothing to do on PostgreSQL.
pub async fn ensure_index(db: &Db) -> anyhow::Result<()> {
    let Pool::Sqlite(pool) = &db.pool else { return Ok(()) };
    let version: Option<i64> =
        sqlx::query_scalar("SELECT version FROM search_index_versions WHERE name = 'posts'")
            .fetch_optional(pool)
            .await?;
    let (posts, indexed): (i64, i64) =
        sqlx::query_as("SELECT (SELECT COUNT(*) FROM blog_posts), (SELECT COUNT(*) FROM post_search)")
            .fetch_one(pool)
            .await?;
    if version == Some(INDEX_VERSION) && posts == indexed {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    sqlx::query("INSERT INTO post_search (post_search) VALUES ('delete-all')").execute(&mut *tx).await?;
    let mut after = 0_i64;
    let mut indexed = 0_usize;
    loop {
        let batch: Vec<(i64, String, String, String)> = sqlx::query_as(
            "SELECT id, title, excerpt, content FROM blog_posts WHERE id > $1 ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(REINDEX_BATCH)
        .fetch_all(&mut *tx)
        .await?;
        let Some(last) = batch.last() else { break };
        after = last.0;
        for (id, title, excerpt, content) in &batch {
            tx.index_post(*id, &Document { title, excerpt, content }).await?;
        }
        indexed += batch.len();
    }
    sqlx::query(
        "INSERT INTO search_index_versions (name, version) VALUES ('posts', $1)
         ON CONFLICT (name) DO UPDATE SET version = $1",
    )
    .bind(INDEX_VERSION)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    tracing::info!(posts = indexed, "filled the search index");
    Ok(())
}

/// The words of a query: runs of letters and digits, lowercased. Nothing else reaches the index's
/// query language, so no input can change what the query means.
pub fn words(query: &str) -> Vec<String> {
    query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// How many of the newest matching posts are ranked: a common word can match nearly every post,
/// and ranking them all would cost a visitor's search hundreds of milliseconds at 100,000 posts.
const RANKED: i64 = 1000;
/// Counting the matches stops past this many.
pub const COUNTED: usize = 1000;

/// The published posts that hold every word, best first among the newest `RANKED` that do: the
/// ids of the first `limit`, and how many match in all (at most `COUNTED` + 1).
pub async fn published_matches(db: &Db, words: &[String], limit: usize) -> anyhow::Result<(Vec<i64>, usize)> {
    if words.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let (ids, total): (Vec<i64>, i64) = match &db.pool {
        Pool::Sqlite(pool) => {
            // Each word quoted (it has no quote) and a prefix; all of them must match. CROSS JOIN
            // keeps the index as the outer loop: the other way round, SQLite may run the
            // full-text query once per post.
            let query = words.iter().map(|word| format!("\"{word}\"*")).collect::<Vec<_>>().join(" AND ");
            let ids = sqlx::query_scalar(
                "SELECT p.id FROM (SELECT rowid AS id, bm25(post_search, 10.0, 4.0, 1.0) AS score FROM post_search
                                   WHERE post_search MATCH $1 ORDER BY rowid DESC LIMIT $3) m
                 CROSS JOIN blog_posts p ON p.id = m.id
                 WHERE p.published = TRUE
                 ORDER BY m.score, p.created_at DESC, p.id DESC LIMIT $2",
            )
            .bind(&query)
            .bind(limit)
            .bind(RANKED)
            .fetch_all(pool)
            .await?;
            let total = sqlx::query_scalar(
                "SELECT COUNT(*) FROM (SELECT p.id FROM post_search CROSS JOIN blog_posts p ON p.id = post_search.rowid
                                       WHERE post_search MATCH $1 AND p.published = TRUE LIMIT $2)",
            )
            .bind(&query)
            .bind(COUNTED as i64 + 1)
            .fetch_one(pool)
            .await?;
            (ids, total)
        }
        Pool::Postgres(pool) => {
            let query = words.iter().map(|word| format!("{word}:*")).collect::<Vec<_>>().join(" & ");
            let ids = sqlx::query_scalar(
                "SELECT id FROM (SELECT id, search, created_at FROM blog_posts
                                 WHERE published = TRUE AND search @@ to_tsquery('english', $1)
                                 ORDER BY id DESC LIMIT $3) m
                 ORDER BY ts_rank(search, to_tsquery('english', $1)) DESC, created_at DESC, id DESC LIMIT $2",
            )
            .bind(&query)
            .bind(limit)
            .bind(RANKED)
            .fetch_all(pool)
            .await?;
            let total = sqlx::query_scalar(
                "SELECT COUNT(*) FROM (SELECT 1 FROM blog_posts
                                       WHERE published = TRUE AND search @@ to_tsquery('english', $1) LIMIT $2) m",
            )
            .bind(&query)
            .bind(COUNTED as i64 + 1)
            .fetch_one(pool)
            .await?;
            (ids, total)
        }
    };
    Ok((ids, usize::try_from(total).unwrap_or_default()))
}

/// The text of sanitised post HTML: its markup left out (each tag a word break), the entities
/// the sanitiser writes turned back into characters.
pub fn text_of(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(ch),
            _ => {}
        }
    }
    text.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_its_words_lowercased_and_nothing_else() {
        assert_eq!(words("  Grease, PRELOAD! "), ["grease", "preload"]);
        assert_eq!(words("\"OR\" NEAR(x*) -y"), ["or", "near", "x", "y"]);
        assert_eq!(words("Été 2025"), ["été", "2025"]);
        assert!(words("!!! ...").is_empty());
    }

    #[test]
    fn the_text_of_html_leaves_the_markup_out() {
        assert_eq!(
            text_of("<h2>Bearings</h2><p>Use <strong>marine</strong> grease &amp; check&nbsp;preload.</p>"),
            " Bearings  Use  marine  grease & check preload. "
        );
    }
}

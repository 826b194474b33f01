//! Keys for the answers stored before the assistant's script had them: found once, at start-up,
//! by the words of the script the server runs (before anyone can rename a question), so that
//! renaming a question or an option later keeps those answers under it.

use crate::{db::Db, site::content::Chat, with_db};

/// Answers keyed in one transaction.
const BATCH: i64 = 2000;

/// Gives every stored answer without keys the keys of its question and option in `chat` (''
/// for a question it no longer asks); returns how many it keyed.
pub async fn fill(db: &Db, chat: &Chat) -> anyhow::Result<usize> {
    let mut keyed = 0;
    loop {
        let rows: Vec<(i64, i64, String, String)> = with_db!(db, |pool| {
            sqlx::query_as(
                "SELECT booking_id, position, question, answer FROM booking_answers WHERE question_key IS NULL LIMIT $1",
            )
            .bind(BATCH)
            .fetch_all(pool)
            .await?
        });
        if rows.is_empty() {
            return Ok(keyed);
        }
        with_db!(db, |pool| {
            let mut tx = pool.begin().await?;
            for (booking, position, question, answer) in &rows {
                let (key, option) = chat.key_of(question, answer);
                sqlx::query(
                    "UPDATE booking_answers SET question_key = $1, option_key = $2 WHERE booking_id = $3 AND position = $4",
                )
                .bind(key)
                .bind(option)
                .bind(booking)
                .bind(position)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        });
        keyed += rows.len();
    }
}

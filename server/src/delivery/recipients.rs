//! Who gets the e-mail of each new booking: the addresses the owner sets in the admin, else the
//! server's `--notify-email`.

use crate::audit::{Action, Actor, AuditWrites as _, Line};
use crate::{db::Db, with_db};

/// The most addresses the owner can set.
pub const MAX: usize = 10;

/// The owner's addresses, sorted.
pub async fn list(db: &Db) -> anyhow::Result<Vec<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT email FROM notification_recipients ORDER BY email").fetch_all(pool).await?
    }))
}

/// Replaces the owner's addresses with `emails` (checked and without repeats), set by `actor`,
/// with the change in the audit log, in one transaction.
pub async fn replace(db: &Db, emails: &[String], actor: &Actor<'_>) -> anyhow::Result<()> {
    let detail =
        if emails.is_empty() { "nobody (the server's default)".to_owned() } else { emails.join(", ") };
    let line = Line { actor, action: Action::RecipientsChanged, detail };
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM notification_recipients").execute(&mut *tx).await?;
        for email in emails {
            sqlx::query(
                "INSERT INTO notification_recipients (email, added_at, added_by) VALUES ($1, $2, $3)",
            )
            .bind(email)
            .bind(now)
            .bind(actor.email)
            .execute(&mut *tx)
            .await?;
        }
        tx.audit(&line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

//! The users table: admin accounts.

use sqlx::SqlitePool;

use crate::{clock, domain::EmailAddress};

/// Adds an admin; false when the e-mail address is taken.
pub async fn create_admin(
    pool: &SqlitePool,
    email: &EmailAddress,
    password_hash: &str,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO users (email, password_hash, role, created_at) VALUES (?, ?, 'admin', ?)
         ON CONFLICT (email) DO NOTHING",
    )
    .bind(email.as_ref())
    .bind(password_hash)
    .bind(clock::now())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Replaces a user's password hash; false when there is no such user.
pub async fn set_password(
    pool: &SqlitePool,
    email: &EmailAddress,
    password_hash: &str,
) -> anyhow::Result<bool> {
    let done = sqlx::query("UPDATE users SET password_hash = ? WHERE email = ?")
        .bind(password_hash)
        .bind(email.as_ref())
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

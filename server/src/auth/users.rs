//! The users table: admin accounts.

use sqlx::{Row as _, SqlitePool};

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

/// A user as sign-in needs them.
pub struct Account {
    pub id: i64,
    pub email: String,
    pub password_hash: String,
    pub role: String,
}

/// The user with `email` (compared ignoring case), if any.
pub async fn find_by_email(pool: &SqlitePool, email: &str) -> anyhow::Result<Option<Account>> {
    let row = sqlx::query("SELECT id, email, password_hash, role FROM users WHERE email = ?")
        .bind(email)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|row| Account {
        id: row.get("id"),
        email: row.get("email"),
        password_hash: row.get("password_hash"),
        role: row.get("role"),
    }))
}

/// Replaces the hash of user `id` (a re-hash with today's parameters at sign-in).
pub async fn update_hash(pool: &SqlitePool, id: i64, password_hash: &str) -> anyhow::Result<()> {
    sqlx::query("UPDATE users SET password_hash = ? WHERE id = ?")
        .bind(password_hash)
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

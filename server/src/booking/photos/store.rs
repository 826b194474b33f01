//! The photos visitors upload with a request, stored: each upload's row (for the hourly limit
//! per network), and the ones no booking named, forgotten after a day.

use std::time::Duration;

use crate::{
    db::Db,
    media::{Folder, MediaStore},
    with_db,
};

/// How long an uploaded photo waits for its booking.
const UNATTACHED_FOR: Duration = Duration::from_secs(24 * 60 * 60);

/// Keeps the row of an uploaded photo, not yet attached to a booking.
pub async fn record(db: &Db, name: &str, width: u32, height: u32, client_ip: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO booking_photos (name, width, height, client_ip, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(name)
        .bind(i64::from(width))
        .bind(i64::from(height))
        .bind(client_ip)
        .bind(db.clock.stamp())
        .execute(pool)
        .await?;
    });
    Ok(())
}

/// How many photos `client_ip` uploaded within the last `window`.
pub async fn recent_uploads(db: &Db, client_ip: &str, window: Duration) -> anyhow::Result<i64> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM booking_photos WHERE client_ip = $1 AND created_at > $2")
            .bind(client_ip)
            .bind(db.clock.stamp_before(window))
            .fetch_one(pool)
            .await?
    }))
}

/// Deletes the photos no booking named within a day: their rows, then their files.
pub async fn forget_unattached(db: &Db, media: &MediaStore) -> anyhow::Result<usize> {
    let names: Vec<String> = with_db!(db, |pool| {
        sqlx::query_scalar(
            "DELETE FROM booking_photos WHERE booking_id IS NULL AND created_at < $1 RETURNING name",
        )
        .bind(db.clock.stamp_before(UNATTACHED_FOR))
        .fetch_all(pool)
        .await?
    });
    for name in &names {
        media.delete(Folder::BookingPhotos, name).await?;
    }
    Ok(names.len())
}

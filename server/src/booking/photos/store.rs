//! The photos of requests, stored: each upload of a visitor's (for the hourly limit per network)
//! and the ones no booking named, forgotten after a day; and the photos the team takes of a job,
//! labelled, shared with the customer or not, and deleted.

use std::time::Duration;

use crate::audit::{AuditWrites as _, Line};
use crate::booking::{
    records::{PHOTO_COLUMNS, PhotoRow},
    views::{PhotoLabel, PhotoRecord},
};
use crate::{
    db::Db,
    media::{Folder, MediaStore, forget::ForgetFiles},
    queue::JobWrites as _,
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

/// A photo the team took of a job, as stored.
pub struct Taken<'a> {
    pub booking: i64,
    pub name: &'a str,
    pub width: u32,
    pub height: u32,
    pub label: Option<PhotoLabel>,
    /// The member's name (their e-mail when they have none).
    pub by: &'a str,
    pub client_ip: &'a str,
}

/// Keeps the row of photo `taken` on its request, not shared yet; none when there is no such
/// request.
pub async fn take(db: &Db, taken: &Taken<'_>) -> anyhow::Result<Option<PhotoRecord>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "INSERT INTO booking_photos (name, booking_id, width, height, client_ip, created_at, label, taken_by)
         SELECT $1, id, $3, $4, $5, $6, $7, $8 FROM bookings WHERE id = $2
         RETURNING {PHOTO_COLUMNS}"
    ));
    let row: Option<PhotoRow> = with_db!(db, |pool| {
        sqlx::query_as(sql)
            .bind(taken.name)
            .bind(taken.booking)
            .bind(i64::from(taken.width))
            .bind(i64::from(taken.height))
            .bind(taken.client_ip)
            .bind(db.clock.stamp())
            .bind(taken.label)
            .bind(taken.by)
            .fetch_optional(pool)
            .await?
    });
    Ok(row.map(PhotoRecord::from))
}

/// Sets photo `name` of request `booking`'s label, and whether the customer's page shows it (a
/// photo the customer sent always shows), with `line` in the audit log when it comes to show
/// there, in one transaction; none when the request has no such photo.
pub async fn change(
    db: &Db,
    (booking, name): (i64, &str),
    label: Option<PhotoLabel>,
    shared: bool,
    line: &Line<'_>,
) -> anyhow::Result<Option<PhotoRecord>> {
    let now = db.clock.stamp();
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE booking_photos SET label = $3, shared = $4 WHERE booking_id = $1 AND name = $2 RETURNING {PHOTO_COLUMNS}"
    ));
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let was_shared: Option<bool> =
            sqlx::query_scalar("SELECT shared FROM booking_photos WHERE booking_id = $1 AND name = $2")
                .bind(booking)
                .bind(name)
                .fetch_optional(&mut *tx)
                .await?;
        let row: Option<PhotoRow> = sqlx::query_as(sql)
            .bind(booking)
            .bind(name)
            .bind(label)
            .bind(shared)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let record = PhotoRecord::from(row);
        if shared && was_shared == Some(false) && record.from_shop {
            tx.audit(line, &now).await?;
        }
        tx.commit().await?;
        Ok(Some(record))
    })
}

/// Why a photo was not deleted.
pub enum NotDeleted {
    NoSuchPhoto,
    /// The customer sent it: it stays with what they sent.
    Customers,
}

/// Deletes photo `name` the team took of request `booking`, with `line` in the audit log, its
/// files by the job queue (wake it after).
pub async fn delete(
    db: &Db,
    booking: i64,
    name: &str,
    line: &Line<'_>,
) -> anyhow::Result<Result<(), NotDeleted>> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let taken_by: Option<Option<String>> =
            sqlx::query_scalar("SELECT taken_by FROM booking_photos WHERE booking_id = $1 AND name = $2")
                .bind(booking)
                .bind(name)
                .fetch_optional(&mut *tx)
                .await?;
        match taken_by {
            None => return Ok(Err(NotDeleted::NoSuchPhoto)),
            Some(None) => return Ok(Err(NotDeleted::Customers)),
            Some(Some(_)) => {}
        }
        sqlx::query("DELETE FROM booking_photos WHERE booking_id = $1 AND name = $2")
            .bind(booking)
            .bind(name)
            .execute(&mut *tx)
            .await?;
        let files = ForgetFiles { folder: Folder::BookingPhotos, names: vec![name.to_owned()] };
        tx.enqueue(&files, None, &now, &now).await?;
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    })
}

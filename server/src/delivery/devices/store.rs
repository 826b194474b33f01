//! The owner's devices, stored: each change with its audit line, in one transaction.

use serde::Serialize;

use crate::{
    audit::{Action, Actor, AuditWrites as _, Line},
    clock::At,
    db::Db,
    domain::DeviceId,
    with_db,
};

/// A device as the admin lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Device {
    pub id: i64,
    /// "Chrome on Android", or what the owner renamed it to.
    pub name: String,
    /// Its push service's address (the browser knows its own, so the page can tell it apart).
    pub endpoint: String,
    /// `all`: every new request; `urgent`: emergencies and urgent requests only.
    #[schema(pattern = "^(all|urgent)$")]
    pub notify: String,
    /// The customer's own changes (another time, a cancellation) too.
    pub customer_changes: bool,
    /// Quiet hours on the shop's clock ("22:00" to "06:00"): nothing but emergencies then.
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
    pub created_at: At,
    pub last_push_at: Option<At>,
    /// The member whose device it is.
    #[serde(skip)]
    pub user_id: i64,
}

/// The keys a push is encrypted for (RFC 8291), as stored.
#[derive(Debug, sqlx::FromRow)]
pub struct Target {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

const DEVICE_COLUMNS: &str =
    "id, name, endpoint, notify, customer_changes, quiet_from, quiet_to, created_at, last_push_at, user_id";

/// Whether any device gets notifications.
pub async fn any(db: &Db) -> anyhow::Result<bool> {
    let found: Option<i64> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT id FROM push_devices LIMIT 1").fetch_optional(pool).await?
    });
    Ok(found.is_some())
}

/// The devices of every member, the newest first.
pub async fn list(db: &Db) -> anyhow::Result<Vec<Device>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {DEVICE_COLUMNS} FROM push_devices ORDER BY id DESC"
        )))
        .fetch_all(pool)
        .await?
    }))
}

/// Adds a device of the admin `actor` names, or renews the keys of one already there (the same
/// endpoint), in one transaction with the audit line of a new one; the device, and whether it is
/// new.
pub async fn add(db: &Db, target: &Target, name: &str, actor: &Actor<'_>) -> anyhow::Result<(Device, bool)> {
    let now = db.clock.stamp();
    let (id, added) = with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM push_devices WHERE endpoint = $1")
            .bind(&target.endpoint)
            .fetch_optional(&mut *tx)
            .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO push_devices (user_id, endpoint, p256dh, auth, name, created_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, user_id = excluded.user_id
             RETURNING id",
        )
        .bind(actor.user_id)
        .bind(&target.endpoint)
        .bind(&target.p256dh)
        .bind(&target.auth)
        .bind(name)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        if existing.is_none() {
            tx.audit(&Line { actor, action: Action::PushDeviceAdded, detail: name.to_owned() }, &now).await?;
        }
        tx.commit().await?;
        (id, existing.is_none())
    });
    let device = get(db, DeviceId(id)).await?.ok_or_else(|| anyhow::anyhow!("device {id} vanished"))?;
    Ok((device, added))
}

pub async fn get(db: &Db, id: DeviceId) -> anyhow::Result<Option<Device>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {DEVICE_COLUMNS} FROM push_devices WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(pool)
        .await?
    }))
}

/// What a device wants to hear of, as the owner sets it.
pub struct Settings<'a> {
    pub name: &'a str,
    pub notify: &'a str,
    pub customer_changes: bool,
    pub quiet: Option<(&'a str, &'a str)>,
}

/// Changes device `id`; false when there is no such device.
pub async fn update(
    db: &Db,
    id: DeviceId,
    settings: &Settings<'_>,
    actor: &Actor<'_>,
) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    let line = Line { actor, action: Action::PushDeviceChanged, detail: settings.name.to_owned() };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let changed = sqlx::query(
            "UPDATE push_devices SET name = $2, notify = $3, customer_changes = $4, quiet_from = $5, quiet_to = $6
             WHERE id = $1",
        )
        .bind(id)
        .bind(settings.name)
        .bind(settings.notify)
        .bind(settings.customer_changes)
        .bind(settings.quiet.map(|(from, _)| from))
        .bind(settings.quiet.map(|(_, to)| to))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if changed != 1 {
            return Ok(false);
        }
        tx.audit(&line, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Forgets device `id` (and the pushes still waiting for it); false when there was none.
pub async fn remove(db: &Db, id: DeviceId, line: &Line<'_>) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if sqlx::query("DELETE FROM push_devices WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            != 1
        {
            return Ok(false);
        }
        tx.audit(line, &now).await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Forgets the device whose push service answered that it is gone (404 or 410).
pub async fn remove_endpoint(db: &Db, endpoint: &str) -> anyhow::Result<()> {
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM push_devices WHERE endpoint = $1").bind(endpoint).execute(pool).await?;
    });
    Ok(())
}

/// Where device `id` is reached, if it still is.
pub async fn target(db: &Db, id: i64) -> anyhow::Result<Option<Target>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT endpoint, p256dh, auth FROM push_devices WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
    }))
}

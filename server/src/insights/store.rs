//! The counts as stored, written as increments (so two instances add up), and the weekly
//! report's switch and weeks. `figures` reads the counts back.

use super::tally::Batch;
use crate::audit::{Action, Actor, AuditWrites as _, Line};
use crate::{db::Db, with_db};

/// Adds `batches` to what is stored, in one transaction.
pub async fn write(db: &Db, batches: &[Batch]) -> anyhow::Result<()> {
    if batches.is_empty() {
        return Ok(());
    }
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        for batch in batches {
            let Some(day) = batch.day.map(|day| day.to_string()) else { continue };
            for first in &batch.visitors {
                sqlx::query(
                    "INSERT INTO insight_visitors (day, visitor, referrer, utm_source, utm_medium, utm_campaign, landing, device)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (day, visitor) DO NOTHING",
                )
                .bind(&day)
                .bind(first.visitor)
                .bind(&*first.arrival.referrer)
                .bind(&*first.arrival.utm_source)
                .bind(&*first.arrival.utm_medium)
                .bind(&*first.arrival.utm_campaign)
                .bind(&*first.landing)
                .bind(first.device.as_str())
                .execute(&mut *tx)
                .await?;
            }
            for (visitor, path, views) in &batch.views {
                sqlx::query(
                    "INSERT INTO insight_pages (day, visitor, path, views) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (day, visitor, path) DO UPDATE SET views = insight_pages.views + excluded.views",
                )
                .bind(&day)
                .bind(visitor)
                .bind(&**path)
                .bind(i64::from(*views))
                .execute(&mut *tx)
                .await?;
            }
            for (step, times) in &batch.steps {
                sqlx::query(
                    "INSERT INTO insight_steps (day, visitor, step, page, button, times) VALUES ($1, $2, $3, $4, $5, $6)
                     ON CONFLICT (day, visitor, step, page, button) DO UPDATE SET times = insight_steps.times + excluded.times",
                )
                .bind(&day)
                .bind(step.visitor)
                .bind(step.step.key())
                .bind(&step.page)
                .bind(&step.button)
                .bind(i64::from(*times))
                .execute(&mut *tx)
                .await?;
            }
            if batch.bots > 0 {
                sqlx::query(
                    "INSERT INTO insight_bots (day, views) VALUES ($1, $2)
                     ON CONFLICT (day) DO UPDATE SET views = insight_bots.views + excluded.views",
                )
                .bind(&day)
                .bind(i64::try_from(batch.bots).unwrap_or(i64::MAX))
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
    });
    Ok(())
}

/// Whether the weekly report is on (the default).
pub async fn weekly_report(db: &Db) -> anyhow::Result<bool> {
    let on: Option<bool> = with_db!(db, |pool| {
        sqlx::query_scalar("SELECT weekly_report FROM insight_settings WHERE id = 1")
            .fetch_optional(pool)
            .await?
    });
    Ok(on.unwrap_or(true))
}

/// Turns the weekly report on or off.
pub async fn set_weekly_report(db: &Db, on: bool, actor: &Actor<'_>) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    let line = Line {
        actor,
        action: Action::WeeklyReportSwitched,
        detail: (if on { "on" } else { "off" }).to_owned(),
    };
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO insight_settings (id, weekly_report) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET weekly_report = excluded.weekly_report",
        )
        .bind(on)
        .execute(&mut *tx)
        .await?;
        tx.audit(&line, &now).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// The Monday of the last week reported, if any.
pub async fn last_report(db: &Db) -> anyhow::Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT MAX(week) FROM insight_reports").fetch_one(pool).await?
    }))
}

//! The owner's weekly report: Monday at 7:00 AM on the shop's clock, the week before in figures
//! (visitors, requests, the best sources, the booking funnel) against the week before that, to
//! the addresses that get the booking e-mails. Queued in the outbox once per week, whichever
//! instance gets there first.

use jiff::{Span, Zoned, civil::Date};

use super::{
    figures::{self, Figures, Period, Totals},
    store,
};
use crate::{
    booking::response::{self, Measure, ResponseFigures, ResponseTimes},
    db::Db,
    delivery::{ComposedMessage, Outbox, Purpose, store::OutboxWrites as _},
    site::SiteDetails,
    with_db,
};

/// The hour of Monday the report goes out, on the shop's clock.
const SEND_HOUR: i8 = 7;

/// The Monday of the week whose report is due at `now`: last week's from Monday 7:00 AM on,
/// the week before's until then.
pub fn due_week(now: &Zoned) -> Date {
    let today = now.date();
    let monday = today.saturating_sub(Span::new().days(i64::from(today.weekday().to_monday_zero_offset())));
    let this_weeks = if now.datetime() >= monday.at(SEND_HOUR, 0, 0, 0) {
        monday
    } else {
        monday.saturating_sub(Span::new().weeks(1))
    };
    this_weeks.saturating_sub(Span::new().weeks(1))
}

/// Queues the report that is due, unless it is off, e-mail is not set up, it was queued before,
/// or nothing happened that week.
pub async fn queue_due(
    db: &Db,
    details: &SiteDetails,
    outbox: &Outbox,
    admin_url: &str,
) -> anyhow::Result<()> {
    if !outbox.configured().0 || !store::weekly_report(db).await? {
        return Ok(());
    }
    let content = details.content();
    let zone = content.business.zone();
    let now = db.clock.now();
    let week = due_week(&now.to_zoned(zone.clone()));
    let key = format!("report-{week}");
    if queued(db, &week).await? || outbox.recipients().await?.is_empty() {
        return Ok(());
    }
    let period = Period { from: week, to: week.saturating_add(Span::new().days(6)) };
    let totals = figures::totals(db, period, &zone).await?;
    if totals.visitors == 0 && totals.bookings == 0 {
        return Ok(());
    }
    let before = figures::totals(db, period.before(), &zone).await?;
    let figures = figures::figures(db, period, &content).await?;
    let midnight = |date: Date| date.to_zoned(zone.clone()).map(|at| at.timestamp());
    let received = (midnight(period.from)?, midnight(period.to.saturating_add(Span::new().days(1)))?);
    let response = response::between(db, &Measure::new(&content), received, now).await?;
    let message = ComposedMessage {
        key,
        subject: format!("{}: the website's week of {}", content.business.name, span(period)),
        body: compose(&content.business.name, period, &figures, &before, &response, admin_url),
    };
    if queue(db, &week, &message).await? {
        outbox.wake();
        tracing::info!(week = %week, "weekly report queued");
    }
    Ok(())
}

async fn queued(db: &Db, week: &Date) -> anyhow::Result<bool> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM insight_reports WHERE week = $1")
            .bind(week.to_string())
            .fetch_one(pool)
            .await?
            > 0
    }))
}

/// Records the week and queues `message` together; false when another instance was first.
async fn queue(db: &Db, week: &Date, message: &ComposedMessage) -> anyhow::Result<bool> {
    let now = db.clock.stamp();
    Ok(with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let claimed = sqlx::query(
            "INSERT INTO insight_reports (week, queued_at) VALUES ($1, $2) ON CONFLICT (week) DO NOTHING",
        )
        .bind(week.to_string())
        .bind(db.clock.stamp())
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if claimed {
            tx.enqueue_composed(message, Purpose::Report, &now).await?;
        }
        tx.commit().await?;
        claimed
    }))
}

/// "Nov 16 to Nov 22, 2026".
fn span(period: Period) -> String {
    format!("{} to {}", period.from.strftime("%b %-d"), period.to.strftime("%b %-d, %Y"))
}

/// "120 (+20% on the week before: 100)".
fn against(now: i64, before: i64) -> String {
    match (now, before) {
        (now, before) if now == before => format!("{now} (the same as the week before)"),
        (now, 0) => format!("{now} (none the week before)"),
        (now, before) => {
            let change = (now - before) as f64 / before as f64 * 100.0;
            format!("{now} ({change:+.0}% on the week before: {before})")
        }
    }
}

fn percent(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

fn plural(count: i64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The response times in the report's words: each kind's figures as Today says them.
fn answered_lines(title: &str, figures: &ResponseFigures) -> String {
    let mut text = format!("  {title} (promised: {}):\n", figures.promise);
    for said in &figures.said {
        text.push_str(&format!("    {}\n", said.text));
    }
    text
}

/// The report's text.
fn compose(
    shop: &str,
    period: Period,
    figures: &Figures,
    before: &Totals,
    response: &ResponseTimes,
    admin_url: &str,
) -> String {
    let now = &figures.totals;
    let mut text = format!("{shop}: the website's week, {}\n\n", span(period));
    text.push_str(&format!("Visitors: {}\n", against(now.visitors, before.visitors)));
    text.push_str(&format!("Page views: {}\n", against(now.page_views, before.page_views)));
    text.push_str(&format!("Service requests: {}\n", against(now.bookings, before.bookings)));
    text.push_str(&format!(
        "Visitors who sent a request: {} (the week before: {})\n",
        percent(now.conversion),
        percent(before.conversion)
    ));
    text.push_str("\nHow fast the week's requests were answered, as of now:\n");
    text.push_str(&answered_lines("Emergencies, around the clock", &response.emergencies));
    text.push_str(&answered_lines("Other requests, in opening hours", &response.others));
    if !figures.sources.is_empty() {
        text.push_str("\nWhere visitors came from:\n");
        for source in figures.sources.iter().take(5) {
            text.push_str(&format!(
                "  {}: {}, {}\n",
                source.source,
                plural(source.visitors, "visitor", "visitors"),
                plural(source.bookings, "request", "requests")
            ));
        }
    }
    if figures.funnel.first().is_some_and(|opened| opened.visitors > 0) {
        text.push_str("\nThe booking assistant:\n");
        let mut previous: Option<i64> = None;
        for step in &figures.funnel {
            let drop = previous
                .filter(|previous| *previous > step.visitors)
                .map(|previous| format!(" (-{})", previous - step.visitors));
            text.push_str(&format!("  {}: {}{}\n", step.label, step.visitors, drop.unwrap_or_default()));
            previous = Some(step.visitors);
        }
    }
    text.push_str(&format!(
        "\nVisitors are counted without cookies; bots and browsers that ask not to be tracked are left out.\n\
         More figures, and the switch that stops this e-mail: {admin_url}\n"
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Zoned {
        format!("{text}[America/Denver]").parse().unwrap()
    }

    #[test]
    fn the_report_of_last_week_is_due_from_monday_seven_on_the_shops_clock() {
        // Monday Nov 23, 2026.
        assert_eq!(due_week(&at("2026-11-23T07:00")), jiff::civil::date(2026, 11, 16));
        assert_eq!(due_week(&at("2026-11-23T06:59")), jiff::civil::date(2026, 11, 9));
        assert_eq!(due_week(&at("2026-11-29T23:59")), jiff::civil::date(2026, 11, 16));
        assert_eq!(due_week(&at("2026-11-30T07:00")), jiff::civil::date(2026, 11, 23));
    }

    #[test]
    fn changes_are_said_against_the_week_before() {
        assert_eq!(against(120, 100), "120 (+20% on the week before: 100)");
        assert_eq!(against(80, 100), "80 (-20% on the week before: 100)");
        assert_eq!(against(5, 0), "5 (none the week before)");
        assert_eq!(against(7, 7), "7 (the same as the week before)");
    }
}

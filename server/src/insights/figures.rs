//! The counts read back as the figures of a period: totals, days, pages, sources, devices,
//! landing pages and the booking funnel.

use jiff::civil::Date;
use serde::Serialize;

use super::funnel::Reached;
use crate::{booking::shared_store, clock, db::Db, site::content::Content, with_db};

/// Days from `from` to `to`, both included.
#[derive(Debug, Clone, Copy)]
pub struct Period {
    pub from: Date,
    pub to: Date,
}

impl Period {
    /// The `days` days that end with `last`.
    pub fn ending(last: Date, days: i16) -> Self {
        Self { from: last.saturating_sub(jiff::Span::new().days(i64::from(days) - 1)), to: last }
    }

    /// The period of as many days just before this one.
    pub fn before(self) -> Self {
        let days = self.days();
        let to = self.from.yesterday().unwrap_or(self.from);
        Self { from: to.saturating_sub(jiff::Span::new().days(days - 1)), to }
    }

    fn days(self) -> i64 {
        i64::from((self.to - self.from).get_days()) + 1
    }

    fn bounds(self) -> (String, String) {
        (self.from.to_string(), self.to.to_string())
    }
}

#[derive(Debug, Default, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub visitors: i64,
    pub page_views: i64,
    /// Requests stored in the period (spam left out), counted visits or not.
    pub bookings: i64,
    /// Bookings / visitors (0 without visitors).
    pub conversion: f64,
    /// Requests from bots and tools, left out of the rest.
    pub bots: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Daily {
    /// The shop's date, YYYY-MM-DD.
    pub day: String,
    pub visitors: i64,
    pub page_views: i64,
    pub bots: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageFigure {
    pub path: String,
    pub page_views: i64,
    pub visitors: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceFigure {
    /// The campaign's utm_source, else the linking site's host, else "Direct".
    pub source: String,
    pub visitors: i64,
    /// Requests sent by these visitors (counted visits only).
    pub bookings: i64,
    pub conversion: f64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignFigure {
    pub source: String,
    pub medium: String,
    pub campaign: String,
    pub visitors: i64,
    pub bookings: i64,
    pub conversion: f64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceFigure {
    /// phone, tablet or desktop.
    pub device: String,
    pub visitors: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LandingFigure {
    pub path: String,
    pub visitors: i64,
    pub bookings: i64,
    pub conversion: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelStep {
    /// `opened`, `answered:N` (the assistant's question N, from 0), `time`, `contact` or `submitted`.
    #[schema(value_type = String, pattern = "^(opened|answered:[0-9]+|time|contact|submitted)$")]
    pub step: Reached,
    pub label: String,
    /// Visitors who reached the step.
    pub visitors: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenerFigure {
    pub page: String,
    pub button: String,
    pub opened: i64,
    pub submitted: i64,
}

/// Everything the Insights page shows of one period.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    pub totals: Totals,
    pub daily: Vec<Daily>,
    pub pages: Vec<PageFigure>,
    pub sources: Vec<SourceFigure>,
    pub campaigns: Vec<CampaignFigure>,
    pub devices: Vec<DeviceFigure>,
    pub landing_pages: Vec<LandingFigure>,
    pub funnel: Vec<FunnelStep>,
    pub openers: Vec<OpenerFigure>,
}

/// How many rows a table of the page shows.
const TOP: i64 = 10;

/// The visitors' source, as SQL: the campaign's source, else the referrer, else 'Direct'.
const SOURCE: &str =
    "CASE WHEN v.utm_source <> '' THEN v.utm_source WHEN v.referrer <> '' THEN v.referrer ELSE 'Direct' END";
/// Bookings / visitors of a group of visitors joined with `SENT`, as SQL.
const CONVERSION: &str = "CAST(COALESCE(SUM(s.n), 0) AS DOUBLE PRECISION) / COUNT(*)";
/// Each visitor's requests in the period, to join on (day, visitor).
const SENT: &str = "(SELECT day, visitor, SUM(times) AS n FROM insight_steps
                      WHERE step = 'submitted' AND day BETWEEN $1 AND $2 GROUP BY day, visitor) s";

fn rate(bookings: i64, visitors: i64) -> f64 {
    if visitors == 0 { 0.0 } else { bookings as f64 / visitors as f64 }
}

/// The totals of `period` (`zone`: the shop's, for the bookings stored in it).
pub async fn totals(db: &Db, period: Period, zone: &jiff::tz::TimeZone) -> anyhow::Result<Totals> {
    let (from, to) = period.bounds();
    let start = clock::At::from(period.from.to_zoned(zone.clone())?.timestamp());
    let end = clock::At::from(period.to.tomorrow()?.to_zoned(zone.clone())?.timestamp());
    let (visitors, page_views, bots): (i64, i64, i64) = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM insight_visitors WHERE day BETWEEN $1 AND $2),
                    (SELECT CAST(COALESCE(SUM(views), 0) AS BIGINT) FROM insight_pages WHERE day BETWEEN $1 AND $2),
                    (SELECT CAST(COALESCE(SUM(views), 0) AS BIGINT) FROM insight_bots WHERE day BETWEEN $1 AND $2)",
        )
        .bind(&from)
        .bind(&to)
        .fetch_one(pool)
        .await?
    });
    let bookings = shared_store::count_received(db, &start, &end).await?;
    Ok(Totals { visitors, page_views, bookings, conversion: rate(bookings, visitors), bots })
}

/// The figures of `period`; the funnel's questions are named as `content`'s assistant asks them.
pub async fn figures(db: &Db, period: Period, content: &Content) -> anyhow::Result<Figures> {
    let (from, to) = period.bounds();
    let zone = content.business.zone();
    let totals = totals(db, period, &zone).await?;
    let daily_rows: Vec<(String, i64, i64, i64)> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT day, CAST(SUM(visitors) AS BIGINT), CAST(SUM(views) AS BIGINT), CAST(SUM(bots) AS BIGINT) FROM (
                 SELECT day, COUNT(*) AS visitors, CAST(0 AS BIGINT) AS views, CAST(0 AS BIGINT) AS bots
                 FROM insight_visitors WHERE day BETWEEN $1 AND $2 GROUP BY day
                 UNION ALL SELECT day, 0, CAST(SUM(views) AS BIGINT), 0 FROM insight_pages WHERE day BETWEEN $1 AND $2 GROUP BY day
                 UNION ALL SELECT day, 0, 0, views FROM insight_bots WHERE day BETWEEN $1 AND $2
             ) AS d GROUP BY day",
        )
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    let mut daily = Vec::new();
    let mut day = period.from;
    while day <= period.to {
        let name = day.to_string();
        let row = daily_rows.iter().find(|row| row.0 == name);
        daily.push(Daily {
            visitors: row.map_or(0, |row| row.1),
            page_views: row.map_or(0, |row| row.2),
            bots: row.map_or(0, |row| row.3),
            day: name,
        });
        day = day.tomorrow()?;
    }
    let sql = |text: String| sqlx::AssertSqlSafe(text);
    let pages: Vec<PageFigure> = with_db!(db, |pool| {
        sqlx::query_as(sql(format!(
            "SELECT path, CAST(SUM(views) AS BIGINT) AS page_views, COUNT(*) AS visitors FROM insight_pages
             WHERE day BETWEEN $1 AND $2 GROUP BY path ORDER BY page_views DESC, path LIMIT {TOP}"
        )))
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    let sources: Vec<SourceFigure> = with_db!(db, |pool| {
        sqlx::query_as(sql(format!(
            "SELECT {SOURCE} AS source, COUNT(*) AS visitors, CAST(COALESCE(SUM(s.n), 0) AS BIGINT) AS bookings,
                    {CONVERSION} AS conversion
             FROM insight_visitors v LEFT JOIN {SENT} ON s.day = v.day AND s.visitor = v.visitor
             WHERE v.day BETWEEN $1 AND $2 GROUP BY 1 ORDER BY visitors DESC, source LIMIT {TOP}"
        )))
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    let campaigns: Vec<CampaignFigure> = with_db!(db, |pool| {
        sqlx::query_as(sql(format!(
            "SELECT v.utm_source AS source, v.utm_medium AS medium, v.utm_campaign AS campaign, COUNT(*) AS visitors,
                    CAST(COALESCE(SUM(s.n), 0) AS BIGINT) AS bookings, {CONVERSION} AS conversion
             FROM insight_visitors v LEFT JOIN {SENT} ON s.day = v.day AND s.visitor = v.visitor
             WHERE v.day BETWEEN $1 AND $2 AND (v.utm_source <> '' OR v.utm_medium <> '' OR v.utm_campaign <> '')
             GROUP BY v.utm_source, v.utm_medium, v.utm_campaign ORDER BY visitors DESC, source LIMIT {TOP}"
        )))
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    let devices: Vec<DeviceFigure> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT device, COUNT(*) AS visitors FROM insight_visitors WHERE day BETWEEN $1 AND $2
             GROUP BY device ORDER BY visitors DESC, device",
        )
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    let landing_pages: Vec<LandingFigure> = with_db!(db, |pool| {
        sqlx::query_as(sql(format!(
            "SELECT v.landing AS path, COUNT(*) AS visitors, CAST(COALESCE(SUM(s.n), 0) AS BIGINT) AS bookings,
                    {CONVERSION} AS conversion
             FROM insight_visitors v LEFT JOIN {SENT} ON s.day = v.day AND s.visitor = v.visitor
             WHERE v.day BETWEEN $1 AND $2 GROUP BY v.landing ORDER BY visitors DESC, path LIMIT {TOP}"
        )))
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    let reached: Vec<(String, i64)> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT step, COUNT(*) FROM (SELECT DISTINCT day, visitor, step FROM insight_steps WHERE day BETWEEN $1 AND $2) AS r
             GROUP BY step",
        )
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    let openers: Vec<OpenerFigure> = with_db!(db, |pool| {
        sqlx::query_as(sql(format!(
            "SELECT page, button,
                    CAST(SUM(CASE WHEN step = 'opened' THEN times ELSE 0 END) AS BIGINT) AS opened,
                    CAST(SUM(CASE WHEN step = 'submitted' THEN times ELSE 0 END) AS BIGINT) AS submitted
             FROM insight_steps WHERE day BETWEEN $1 AND $2 AND step IN ('opened', 'submitted')
             GROUP BY page, button ORDER BY opened DESC, submitted DESC, page LIMIT {TOP}"
        )))
        .bind(&from)
        .bind(&to)
        .fetch_all(pool)
        .await?
    });
    Ok(Figures {
        totals,
        daily,
        pages,
        sources,
        campaigns,
        devices,
        landing_pages,
        funnel: funnel(&reached, content),
        openers,
    })
}

/// The funnel in the order a visitor meets it: the dialog opened, each of the assistant's
/// questions, a time, the contact form, the request sent.
fn funnel(reached: &[(String, i64)], content: &Content) -> Vec<FunnelStep> {
    let count = |step: Reached| {
        reached
            .iter()
            .filter(|(key, _)| Reached::parse(key) == Some(step))
            .map(|(_, visitors)| visitors)
            .sum()
    };
    let questions = u8::try_from(content.chat.steps.len()).unwrap_or(u8::MAX);
    Reached::all(questions)
        .map(|step| {
            let label = match step {
                Reached::Opened => "Opened the booking dialog".to_owned(),
                Reached::Answered(index) => {
                    let asked = content.chat.steps.get(usize::from(index));
                    let name = asked
                        .map(|asked| if asked.label.is_empty() { &asked.question } else { &asked.label });
                    format!("Answered: {}", name.map_or("", String::as_str))
                }
                Reached::Time => "Chose a time".to_owned(),
                Reached::Contact => "Saw the contact form".to_owned(),
                Reached::Submitted => "Sent a request".to_owned(),
            };
            FunnelStep { visitors: count(step), step, label }
        })
        .collect()
}

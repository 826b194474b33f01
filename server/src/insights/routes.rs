//! The admin's Insights, under /api/admin/insights: a period's figures against the period before,
//! and the weekly report's switch.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
};
use serde::{Deserialize, Serialize};

use super::{
    Insights,
    figures::{self, Figures, Period, Totals},
    store,
};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals},
    auth::guard::Owner,
    billing::money_figures::{self, MoneyFigures},
    booking::response::{self, Measure, ResponseTimes},
    clock::At,
    db::Db,
    delivery::Outbox,
    error::{ApiError, Checked},
    site::SiteDetails,
};

#[derive(Deserialize)]
pub struct PeriodQuery {
    days: Option<i16>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The owner's switch (on unless turned off).
    on: bool,
    /// The server has SMTP settings.
    email: bool,
    /// The server can send e-mail and somebody gets the booking e-mails.
    can_send: bool,
    /// Who gets it: the addresses that get the booking e-mails.
    recipients: Vec<String>,
    /// The Monday of the last week reported.
    last_sent_week: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsightsPage {
    days: i16,
    /// The period's first and last day (the shop's dates, YYYY-MM-DD; the last is today).
    from: String,
    to: String,
    previous_from: String,
    previous_to: String,
    /// Visits are counted (the server does not run with `--insights off`).
    counting: bool,
    /// The period before, as many days long.
    previous: Totals,
    #[serde(flatten)]
    figures: Figures,
    report: Report,
    /// How fast the period's requests were answered, against the site's promises.
    response: ResponseTimes,
    /// The period's quotes, invoices and money received.
    money: MoneyFigures,
}

/// `GET /api/admin/insights?days=30`: the last 7, 30 or 90 days of visits, sources and the
/// booking funnel, against the days before. Figures are written once a minute.
#[utoipa::path(
    get,
    path = "/insights",
    tag = "admin",
    security(("session" = ["owner"])),
    params(("days" = Option<i16>, Query, minimum = 7, maximum = 90, description = "7, 30 or 90 (30 when not given).")),
    responses(
        (status = 200, description = "The period's figures.", body = InsightsPage),
        (status = 400, description = "`days` is not 7, 30 or 90.", body = crate::api_doc::ErrorBody),
        AdminRefusals
    )
)]
pub async fn show(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    State(insights): State<Arc<Insights>>,
    State(outbox): State<Arc<Outbox>>,
    _owner: Owner,
    Checked(Query(query)): Checked<Query<PeriodQuery>>,
) -> Result<Json<InsightsPage>, ApiError> {
    let days = query.days.unwrap_or(30);
    if ![7, 30, 90].contains(&days) {
        return Err(ApiError::Rejected(
            axum::http::StatusCode::BAD_REQUEST,
            "Choose 7, 30 or 90 days.".to_owned(),
        ));
    }
    let content = site.content();
    let zone = content.business.zone();
    let now = db.clock.now();
    let period = Period::ending(now.to_zoned(zone.clone()).date(), days);
    let before = period.before();
    let recipients: Vec<String> =
        outbox.recipients().await?.iter().map(|mailbox| mailbox.email.to_string()).collect();
    let first_day = period.from.to_zoned(zone.clone()).map_err(anyhow::Error::from)?.timestamp();
    let response = response::between(&db, &Measure::new(&content), (first_day, now), now).await?;
    let money = money_figures::between(&db, (At::from(first_day), At::from(now)), &content).await?;
    Ok(Json(InsightsPage {
        days,
        from: period.from.to_string(),
        to: period.to.to_string(),
        previous_from: before.from.to_string(),
        previous_to: before.to.to_string(),
        counting: insights.on(),
        previous: figures::totals(&db, before, &zone).await?,
        figures: figures::figures(&db, period, &content).await?,
        report: Report {
            on: store::weekly_report(&db).await?,
            email: outbox.configured().0,
            can_send: outbox.configured().0 && !recipients.is_empty(),
            recipients,
            last_sent_week: store::last_report(&db).await?,
        },
        response,
        money,
    }))
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportSwitch {
    /// Whether the weekly report goes out.
    on: bool,
}

/// `PUT /api/admin/insights/report`: turns the weekly report e-mail on or off.
#[utoipa::path(
    put,
    path = "/insights/report",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = ReportSwitch,
    responses((status = 200, description = "The switch as stored.", body = ReportSwitch), BodyRefusals, AdminRefusals)
)]
pub async fn set_report(
    State(db): State<Db>,
    Owner(admin): Owner,
    Checked(Json(ReportSwitch { on })): Checked<Json<ReportSwitch>>,
) -> Result<Json<ReportSwitch>, ApiError> {
    if store::weekly_report(&db).await? != on {
        store::set_weekly_report(&db, on, &admin.actor()).await?;
    }
    Ok(Json(ReportSwitch { on }))
}

//! Team › On call, under /api/admin/on-call: who is on call now, the weekly rota and its gaps,
//! the escalation's steps (an owner changes these), 'I'm on call until ...' and each member's
//! own mobile number for the escalation's texts. Every change is in the audit log.

use std::{sync::Arc, time::Duration};

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};

use super::{
    rota::{self, Gap, Shift},
    steps::{self, Steps},
    store::{self, OnCall},
};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals},
    auth::{
        guard::{Admin, Owner},
        users::{self, Person},
    },
    db::Db,
    domain::Phone,
    error::{ApiError, Checked},
    site::SiteDetails,
};

/// The longest 'I'm on call until ...' a member can say at once.
const LONGEST_COVER_HOURS: u32 = 72;

/// The on-call page.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnCallPage {
    /// Who is on call now.
    now: OnCall,
    /// The weekly rota on the shop's clock; none means every owner, always.
    rota: Vec<Shift>,
    /// The hours nobody is on call.
    gaps: Vec<Gap>,
    steps: Steps,
    /// The members, for the rota's choices.
    people: Vec<Person>,
    /// The signed-in member's id, and their mobile number for the escalation's texts.
    you: i64,
    your_phone: Option<String>,
}

/// Who is on call now, at the hour it is on the shop's clock.
pub async fn now(db: &Db, site: &SiteDetails) -> anyhow::Result<OnCall> {
    let now = db.clock.stamp();
    store::now(db, &now, rota::slot(now.timestamp(), &site.content().business.zone())).await
}

/// `GET /api/admin/on-call`.
#[utoipa::path(
    get,
    path = "/on-call",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses((status = 200, description = "Who is on call, the rota, its gaps and the escalation's steps.", body = OnCallPage), AdminRefusals)
)]
pub async fn show(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
) -> Result<Json<OnCallPage>, ApiError> {
    let hours = store::rota(&db).await?;
    let you = admin.user.user_id;
    let your_phone = users::phone(&db, you).await?;
    Ok(Json(OnCallPage {
        now: now(&db, &site).await?,
        rota: rota::shifts_of(&hours),
        gaps: rota::gaps(&hours),
        steps: steps::get(&db).await?,
        people: store::everyone(&db).await?,
        you,
        your_phone,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RotaForm {
    /// Every shift of the week (an empty list: every owner, always).
    #[schema(max_items = 168)]
    shifts: Vec<Shift>,
}

/// `PUT /api/admin/on-call/rota`: replaces the weekly rota.
#[utoipa::path(
    put,
    path = "/on-call/rota",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = RotaForm,
    responses((status = 204, description = "Saved."), BodyRefusals, AdminRefusals)
)]
pub async fn set_rota(
    State(db): State<Db>,
    Owner(admin): Owner,
    Checked(Json(form)): Checked<Json<RotaForm>>,
) -> Result<StatusCode, ApiError> {
    let hours = rota::hours_of(&form.shifts).map_err(|message| ApiError::invalid("shifts", message))?;
    let gaps = rota::gaps(&hours);
    let detail = format!(
        "{} shifts, {} gaps{}",
        form.shifts.len(),
        gaps.len(),
        gaps.first()
            .map(|gap| format!(" (first: {})", rota::describe(gap.weekday, gap.from, gap.to)))
            .unwrap_or_default()
    );
    let line = Line { actor: &admin.actor(), action: Action::RotaChanged, detail };
    if !store::replace_rota(&db, &hours, &line).await? {
        return Err(ApiError::invalid("shifts", "A shift names someone who is not on the team."));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `PUT /api/admin/on-call/steps`: sets the minutes after an emergency of each escalation step,
/// and whether urgent requests in shop hours escalate too. The next step of a request already
/// escalating is timed by them too.
#[utoipa::path(
    put,
    path = "/on-call/steps",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = Steps,
    responses((status = 204, description = "Saved."), BodyRefusals, AdminRefusals)
)]
pub async fn set_steps(
    State(db): State<Db>,
    Owner(admin): Owner,
    Checked(Json(steps)): Checked<Json<Steps>>,
) -> Result<StatusCode, ApiError> {
    steps.check().map_err(|message| ApiError::invalid("steps", message))?;
    let also = if steps.urgent_in_shop_hours { "; urgent requests in shop hours too" } else { "" };
    let detail = format!(
        "first after {} min, second after {} min, everyone after {} min, last alert {} min before the promise{also}",
        steps.first_after, steps.second_after, steps.everyone_after, steps.last_alert_before
    );
    let line = Line { actor: &admin.actor(), action: Action::EscalationStepsChanged, detail };
    steps::set(&db, &steps, &line).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CoverForm {
    /// For how many hours from now the signed-in member is first on call (1 to 72).
    #[schema(minimum = 1, maximum = 72)]
    hours: u32,
}

/// `POST /api/admin/on-call/cover`: 'I'm on call until ...': the signed-in member is first on
/// call from now for the hours given, whatever the rota says.
#[utoipa::path(
    post,
    path = "/on-call/cover",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    request_body = CoverForm,
    responses((status = 204, description = "On call until then."), BodyRefusals, AdminRefusals)
)]
pub async fn cover(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    admin: Admin,
    Checked(Json(form)): Checked<Json<CoverForm>>,
) -> Result<StatusCode, ApiError> {
    if !(1..=LONGEST_COVER_HOURS).contains(&form.hours) {
        return Err(ApiError::invalid("hours", format!("Choose 1 to {LONGEST_COVER_HOURS} hours.")));
    }
    let until = db.clock.stamp_after(Duration::from_secs(u64::from(form.hours) * 3600));
    let zone = site.content().business.zone();
    let line =
        Line { actor: &admin.actor(), action: Action::OnCallCover, detail: until.on_shop_clock(&zone) };
    store::set_cover(&db, admin.user.user_id, Some(until), &line).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/admin/on-call/cover`: ends the 'on call until' now in force; the rota holds again.
#[utoipa::path(
    delete,
    path = "/on-call/cover",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    responses((status = 204, description = "The rota holds again."), AdminRefusals)
)]
pub async fn end_cover(State(db): State<Db>, admin: Admin) -> Result<StatusCode, ApiError> {
    let line = Line { actor: &admin.actor(), action: Action::OnCallCoverEnded, detail: String::new() };
    store::set_cover(&db, admin.user.user_id, None, &line).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PhoneForm {
    /// A US mobile number with area code; empty to remove it.
    #[schema(max_length = 40)]
    phone: String,
}

/// `PUT /api/admin/on-call/phone`: the signed-in member's mobile number, which the escalation
/// texts (an e-mail goes instead while they have none).
#[utoipa::path(
    put,
    path = "/on-call/phone",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    request_body = PhoneForm,
    responses((status = 204, description = "Saved."), BodyRefusals, AdminRefusals)
)]
pub async fn set_phone(
    State(db): State<Db>,
    admin: Admin,
    Checked(Json(form)): Checked<Json<PhoneForm>>,
) -> Result<StatusCode, ApiError> {
    let phone = match form.phone.trim() {
        "" => None,
        typed => Some(Phone::parse(typed).map_err(|message| ApiError::invalid("phone", message))?.e164()),
    };
    let line = Line {
        actor: &admin.actor(),
        action: Action::PhoneChanged,
        detail: phone.clone().unwrap_or_else(|| "removed".to_owned()),
    };
    users::set_phone(&db, admin.user.user_id, phone.as_deref(), &line).await?;
    Ok(StatusCode::NO_CONTENT)
}

//! Account › Team: an owner invites a person by name and e-mail address, as an owner or as staff,
//! with a one-time link valid for 7 days (only its SHA-256 is kept); the person sets a password
//! with it and signs in as usual. An owner removes a member: their sessions, devices for
//! notifications and trusted browsers end at once, and the history keeps their name.

use std::{sync::Arc, time::Duration};

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
};
use serde::{Deserialize, Serialize};

use super::{
    guard::{AuthDesk, Owner, same_origin},
    reset_routes::NewPassword,
    session::{random_token, token_hash},
    team_store::{self, Invitation, Invitee, Member},
    two_factor, users,
};
use crate::audit::{Action, Actor, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    client_address::ClientAddress,
    clock::At,
    delivery::Outbox,
    domain::{EmailAddress, Role},
    error::{ApiError, Checked, FieldErrors},
    site::SiteDetails,
};

/// How long an invitation works.
pub const VALID_FOR: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// Where an invitation's link goes, before its token.
pub const JOIN_PATH: &str = "/dbadmin/join/";
const LINK_GONE: &str =
    "This invitation has been used, was withdrawn or has expired. Ask the shop's owner for a new one.";
const MAX_NAME: usize = 100;

/// The team: its members and the invitations that still work.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    members: Vec<Member>,
    invitations: Vec<Invitation>,
    /// The signed-in owner's own id (they cannot remove themselves).
    you: i64,
    /// Every member signs in with two steps; who has no authenticator app yet sets it up at
    /// sign-in.
    two_step_required: bool,
}

/// `GET /api/admin/team`: the members and the open invitations.
#[utoipa::path(
    get,
    path = "/team",
    tag = "admin",
    security(("session" = ["owner"])),
    responses((status = 200, description = "The team.", body = Team), AdminRefusals)
)]
pub async fn show(State(desk): State<Arc<AuthDesk>>, Owner(admin): Owner) -> Result<Json<Team>, ApiError> {
    Ok(Json(Team {
        members: team_store::members(&desk.db).await?,
        invitations: team_store::invitations(&desk.db).await?,
        you: admin.user.user_id,
        two_step_required: team_store::two_step_required(&desk.db).await?,
    }))
}

/// Whether every member must sign in with two steps.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TwoStepRule {
    required: bool,
}

/// What the owner is told when they require two-step sign-in without using it themselves.
const OWN_FIRST: &str = "Turn on two-step sign-in for your own account first (under Account), so you are not signed out yourself.";

/// `PUT /api/admin/team/two-step`: requires two-step sign-in of every member, or no longer.
/// Turned on, members without it are signed out at once and set it up at their next sign-in.
#[utoipa::path(
    put,
    path = "/team/two-step",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = TwoStepRule,
    responses(
        (status = 204, description = "Saved."),
        (status = 409, description = "The owner does not use two-step sign-in themselves.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn require_two_step(
    State(desk): State<Arc<AuthDesk>>,
    Owner(admin): Owner,
    Checked(Json(rule)): Checked<Json<TwoStepRule>>,
) -> Result<StatusCode, ApiError> {
    if rule.required && two_factor::settings(&desk.db, admin.user.user_id).await?.totp_secret.is_none() {
        return Err(ApiError::conflict(OWN_FIRST));
    }
    let detail =
        if rule.required { "required: members without it sign in again" } else { "no longer required" };
    let line = Line { actor: &admin.actor(), action: Action::TwoStepRequired, detail: detail.to_owned() };
    team_store::require_two_step(&desk.db, rule.required, &line).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InvitationForm {
    /// What the team calls them: 1 to 100 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100)]
    name: String,
    /// Where the invitation goes, and the address they sign in with.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 254)]
    email: String,
    role: Role,
}

/// An invitation made: its link (for the owner to pass on when e-mail is not set up or is slow),
/// and whether it was e-mailed.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invited {
    id: i64,
    link: String,
    emailed: bool,
}

/// `POST /api/admin/team/invitations`: invites a person; an earlier invitation of the same
/// address stops working.
#[utoipa::path(
    post,
    path = "/team/invitations",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    request_body = InvitationForm,
    responses(
        (status = 201, description = "Invited: the link, and whether it was e-mailed.", body = Invited),
        (status = 409, description = "The address belongs to a member already.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn invite(
    State(desk): State<Arc<AuthDesk>>,
    State(outbox): State<Arc<Outbox>>,
    State(site): State<Arc<SiteDetails>>,
    Owner(admin): Owner,
    Checked(Json(form)): Checked<Json<InvitationForm>>,
) -> Result<(StatusCode, Json<Invited>), ApiError> {
    let mut errors = FieldErrors::default();
    let name = form.name.trim();
    if name.is_empty() {
        errors.add("name", "Enter the person's name");
    } else if name.chars().count() > MAX_NAME {
        errors.add("name", format!("Keep the name to {MAX_NAME} characters"));
    }
    let email = errors.check("email", EmailAddress::parse(&form.email));
    let Some(email) = email.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Invalid(errors));
    };
    let email = email.as_ref().to_lowercase();
    if users::find_by_email(&desk.db, &email).await?.is_some() {
        return Err(ApiError::Rejected(StatusCode::CONFLICT, format!("{email} is on the team already.")));
    }
    let token = random_token();
    let line = Line {
        actor: &admin.actor(),
        action: Action::MemberInvited,
        detail: format!("{name} <{email}> as {}", form.role),
    };
    let invitee = Invitee { name, email: &email, role: form.role };
    let id = team_store::invite(&desk.db, &invitee, &token_hash(&token), VALID_FOR, &line).await?;
    let link = format!("{}{JOIN_PATH}{token}", desk.public_url);
    let shop = site.content().business.name.clone();
    let emailed = outbox.configured().0 && {
        let body = format!(
            "{inviter} invited you to the team of {shop}'s website, as {role}.\n\n\
             Choose your password here (the link works once, for 7 days):\n{link}\n\n\
             Then sign in with this address, {email}. If you did not expect this, ignore this e-mail.\n",
            inviter = admin.user.shown_name(),
            role = if form.role == Role::Owner { "an owner" } else { "staff" },
        );
        // Sent now, not through the outbox: the link must not be stored. The owner sees the link
        // in the answer, so one that is lost can be passed on another way.
        match outbox.send_now(&email, &format!("Join {shop}'s team"), body).await {
            Ok(()) => true,
            Err(error) => {
                tracing::warn!("The invitation could not be e-mailed: {error:#}");
                false
            }
        }
    };
    Ok((StatusCode::CREATED, Json(Invited { id, link, emailed })))
}

/// `DELETE /api/admin/team/invitations/{id}`: withdraws an invitation; its link stops working.
#[utoipa::path(
    delete,
    path = "/team/invitations/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The invitation's id.")),
    responses(
        (status = 204, description = "Withdrawn."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "No open invitation has this id.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn withdraw(
    State(desk): State<Arc<AuthDesk>>,
    Owner(admin): Owner,
    Checked(Path(id)): Checked<Path<i64>>,
) -> Result<StatusCode, ApiError> {
    let line = Line { actor: &admin.actor(), action: Action::InvitationWithdrawn, detail: format!("#{id}") };
    if !team_store::revoke(&desk.db, id, &line).await? {
        return Err(ApiError::NotFound("There is no open invitation with this number."));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/admin/team/members/{id}`: removes a member: their sessions, devices and trusted
/// browsers end at once; the history keeps their name.
#[utoipa::path(
    delete,
    path = "/team/members/{id}",
    tag = "admin",
    security(("session" = ["owner"], "csrf" = [])),
    params(("id" = i64, Path, description = "The member's id.")),
    responses(
        (status = 204, description = "Removed."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "No member has this id.", body = ErrorBody),
        (status = 409, description = "An owner cannot remove themselves.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn remove(
    State(desk): State<Arc<AuthDesk>>,
    Owner(admin): Owner,
    Checked(Path(id)): Checked<Path<i64>>,
) -> Result<StatusCode, ApiError> {
    if id == admin.user.user_id {
        return Err(ApiError::Rejected(
            StatusCode::CONFLICT,
            "You cannot remove yourself: another owner can.".to_owned(),
        ));
    }
    let line = Line { actor: &admin.actor(), action: Action::MemberRemoved, detail: format!("member #{id}") };
    if !team_store::remove(&desk.db, id, &line).await? {
        return Err(ApiError::NotFound("There is no member with this number."));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Whom an invitation is for, while its link works.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationLink {
    name: String,
    /// The address they will sign in with.
    email: String,
    role: Role,
    /// When the link stops working (UTC).
    expires_at: At,
}

/// `GET /api/admin/invitation/{token}`: whether an invitation's link works, and for whom. An
/// unknown, used, withdrawn or expired link all get the same answer.
#[utoipa::path(
    get,
    path = "/invitation/{token}",
    tag = "admin",
    params(("token" = String, Path, description = "The token from the invitation's link.")),
    responses(
        (status = 200, description = "The link works.", body = InvitationLink),
        (status = 410, description = "The link was used, withdrawn, has expired, or never existed.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached.", body = ErrorBody)
    )
)]
pub async fn check(
    State(desk): State<Arc<AuthDesk>>,
    Checked(Path(token)): Checked<Path<String>>,
) -> Result<Json<InvitationLink>, ApiError> {
    let (name, email, role, expires_at) =
        team_store::working(&desk.db, &token_hash(&token)).await?.ok_or_else(gone)?;
    Ok(Json(InvitationLink { name, email, role, expires_at }))
}

fn gone() -> ApiError {
    ApiError::Rejected(StatusCode::GONE, LINK_GONE.to_owned())
}

/// `POST /api/admin/invitation/{token}`: accepts an invitation (once): the member's account is
/// made with the password they chose. They sign in with it as usual.
#[utoipa::path(
    post,
    path = "/invitation/{token}",
    tag = "admin",
    params(("token" = String, Path, description = "The token from the invitation's link.")),
    request_body = NewPassword,
    responses(
        (status = 201, description = "The account is made: sign in with the invitation's address and this password."),
        (status = 403, description = "A cross-site request.", body = ErrorBody),
        (status = 410, description = "The link was used, withdrawn, has expired, or never existed.", body = ErrorBody),
        (status = 503, description = "The database cannot be reached or written.", body = ErrorBody),
        BodyRefusals
    )
)]
pub async fn join(
    State(desk): State<Arc<AuthDesk>>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
    Checked(Path(token)): Checked<Path<String>>,
    Checked(Json(form)): Checked<Json<NewPassword>>,
) -> Result<StatusCode, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
    }
    let password = form.checked()?;
    let hash = token_hash(&token);
    if team_store::working(&desk.db, &hash).await?.is_none() {
        return Err(gone());
    }
    let password_hash = desk.hash(password).await?;
    let client_ip = client.to_string();
    let actor = Actor { user_id: None, email: "", client_ip: &client_ip };
    let line = Line { actor: &actor, action: Action::MemberJoined, detail: String::new() };
    team_store::accept(&desk.db, &hash, &password_hash, &line).await?.ok_or_else(gone)?;
    Ok(StatusCode::CREATED)
}

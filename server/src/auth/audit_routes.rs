//! The audit log, under /api/admin/audit: who did what, newest first, a page at a time, all of it
//! or one action's or one member's.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
};
use serde::{Deserialize, Serialize};

use super::{
    guard::{AuthDesk, Owner},
    team_store,
};
use crate::{
    api_doc::{AdminRefusals, ErrorBody},
    audit::{self, Action},
    error::{ApiError, Checked},
};

/// Entries in a page.
const AUDIT_PAGE: i64 = 100;

#[derive(Deserialize)]
pub struct AuditQuery {
    before: Option<i64>,
    action: Option<Action>,
    member: Option<i64>,
}

/// One page of the audit log, with what it can be narrowed to.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AuditPage {
    /// Newest first.
    entries: Vec<audit::Entry>,
    /// Whether there are older entries (ask again with `before` = the last entry's id).
    more: bool,
    /// Every action, as the page says it, for its filter.
    actions: Vec<ActionName>,
    /// The members of the team, for its filter.
    members: Vec<MemberName>,
}

/// An action and its sentence.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ActionName {
    action: Action,
    sentence: &'static str,
}

/// A member, by name (their e-mail address when they have none).
#[derive(Serialize, utoipa::ToSchema)]
pub struct MemberName {
    id: i64,
    name: String,
}

/// `GET /api/admin/audit?before=ID&action=KEY&member=ID`: the newest entries (older than entry
/// ID, of one action, of one member), 100 at a time.
#[utoipa::path(
    get,
    path = "/audit",
    tag = "admin",
    security(("session" = ["owner"])),
    params(
        ("before" = Option<i64>, Query, description = "Only entries older than the entry with this id."),
        ("action" = Option<Action>, Query, description = "Only entries of this action."),
        ("member" = Option<i64>, Query, description = "Only entries of the member with this id.")
    ),
    responses(
        (status = 200, description = "The newest entries, 100 at most.", body = AuditPage),
        (status = 400, description = "`before` or `member` is not a whole number, or `action` is no action.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn audit_log(
    State(desk): State<Arc<AuthDesk>>,
    _owner: Owner,
    Checked(Query(query)): Checked<Query<AuditQuery>>,
) -> Result<Json<AuditPage>, ApiError> {
    let filter = audit::Filter { action: query.action, member: query.member };
    let entries = audit::recent(&desk.db, filter, query.before, AUDIT_PAGE).await?;
    let more = i64::try_from(entries.len()).unwrap_or(i64::MAX) == AUDIT_PAGE;
    let actions = Action::ALL
        .iter()
        .filter(|action| **action != Action::Earlier)
        .map(|&action| ActionName { action, sentence: action.sentence() })
        .collect();
    let members = team_store::members(&desk.db)
        .await?
        .into_iter()
        .map(|member| MemberName {
            id: member.id,
            name: if member.name.trim().is_empty() { member.email } else { member.name },
        })
        .collect();
    Ok(Json(AuditPage { entries, more, actions, members }))
}

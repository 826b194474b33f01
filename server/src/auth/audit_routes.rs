//! The audit log, under /api/admin/audit: who did what, newest first, a page at a time.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
};
use serde::{Deserialize, Serialize};

use super::guard::{AuthDesk, Owner};
use crate::{
    api_doc::{AdminRefusals, ErrorBody},
    audit,
    error::{ApiError, Checked},
};

/// Entries in a page.
const AUDIT_PAGE: i64 = 100;

#[derive(Deserialize)]
pub struct AuditQuery {
    before: Option<i64>,
}

/// One page of the audit log.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AuditPage {
    /// Newest first.
    entries: Vec<audit::Entry>,
    /// Whether there are older entries (ask again with `before` = the last entry's id).
    more: bool,
}

/// `GET /api/admin/audit?before=ID`: the newest entries (older than entry ID), 100 at a time.
#[utoipa::path(
    get,
    path = "/audit",
    tag = "admin",
    security(("session" = ["owner"])),
    params(("before" = Option<i64>, Query, description = "Only entries older than the entry with this id.")),
    responses(
        (status = 200, description = "The newest entries, 100 at most.", body = AuditPage),
        (status = 400, description = "`before` is not a whole number.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn audit_log(
    State(desk): State<Arc<AuthDesk>>,
    _owner: Owner,
    Checked(Query(query)): Checked<Query<AuditQuery>>,
) -> Result<Json<AuditPage>, ApiError> {
    let entries = audit::recent(&desk.db, query.before, AUDIT_PAGE).await?;
    let more = i64::try_from(entries.len()).unwrap_or(i64::MAX) == AUDIT_PAGE;
    Ok(Json(AuditPage { entries, more }))
}

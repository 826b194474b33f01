//! `GET /api/admin/desk`: what every admin page shows beside its own work: how many requests are
//! unanswered, where the server sends each new booking (nowhere: the admin says so), and how the
//! scheduled backups go.

use std::sync::Arc;

use axum::{Json, extract::State};
use serde::Serialize;

use crate::booking::{routes::BookingDesk, store};
use crate::{
    api_doc::AdminRefusals,
    auth::guard::Admin,
    backup,
    delivery::{BookingChannel, Channel, devices},
    error::ApiError,
};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeskStatus {
    /// Requests nobody has answered yet (the menu and the tab's title show it).
    pub unanswered: i64,
    /// Where each new booking is sent: `email` (the shop's inbox, with a copy to the visitor),
    /// `webhook` and `push` (a device of the owner's); empty when it goes nowhere.
    pub channels: Vec<&'static str>,
    /// The server can send e-mail (so a missing address is all that is missing for `email`).
    pub email_configured: bool,
    /// The scheduled backups (all empty when the server never made one on a schedule).
    pub backups: backup::periodic::Status,
}

/// `GET /api/admin/desk`: where the booking desk stands: its channels, the e-mail setup and the
/// scheduled backups.
#[utoipa::path(
    get,
    path = "/desk",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses(
        (status = 200, description = "New bookings and the delivery channels.", body = DeskStatus),
        AdminRefusals
    )
)]
pub async fn status(
    State(desk): State<Arc<BookingDesk>>,
    _admin: Admin,
) -> Result<Json<DeskStatus>, ApiError> {
    let unanswered = store::count_unanswered(&desk.db).await?;
    let mut channels: Vec<&'static str> = desk
        .outbox
        .channels()
        .await?
        .into_iter()
        .filter(|channel| *channel != BookingChannel::Confirmation)
        .map(BookingChannel::as_str)
        .collect();
    if devices::any(&desk.db).await? {
        channels.push(Channel::Push.as_str());
    }
    let (email_configured, _) = desk.outbox.configured();
    let backups = backup::periodic::Status::read(&desk.db).await?;
    Ok(Json(DeskStatus { unanswered, channels, email_configured, backups }))
}

//! The owner's devices for push notifications, under /api/admin/push-subscriptions: the VAPID
//! key a browser subscribes with, the devices (name, added, last push), subscribing ('Notify
//! this device' posts the browser's `PushSubscription.toJSON()` unchanged), what each device
//! hears of and its quiet hours, removing one, and a test through the outbox.

use std::sync::Arc;

use axum::{
    Json,
    extract::{FromRef, Path, State},
    http::{HeaderMap, StatusCode, header},
};
use serde::{Deserialize, Serialize};

use super::{
    Outbox, TestTarget,
    devices::{self, Device, Settings, Subscription},
    store,
};
use crate::audit::{Action, Line};
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody},
    auth::guard::Admin,
    db::Db,
    domain::DeviceId,
    error::{ApiError, Checked, FieldErrors},
    found::{Found, Lookup},
};

const NO_SUCH_DEVICE: &str = "There is no such device (it may have been removed).";

/// A device named by the path.
impl<S: Sync> Lookup<S> for Device
where
    Db: FromRef<S>,
{
    type Id = DeviceId;
    const MISSING: &'static str = NO_SUCH_DEVICE;

    async fn find(state: &S, id: DeviceId) -> anyhow::Result<Option<Self>> {
        devices::get(&Db::from_ref(state), id).await
    }
}

/// The devices and the key to subscribe with.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushDevices {
    /// The server's VAPID public key, for `pushManager.subscribe({applicationServerKey})`.
    public_key: String,
    /// Every device that gets notifications, the newest first.
    devices: Vec<Device>,
}

/// `GET /api/admin/push-subscriptions`.
#[utoipa::path(
    get,
    path = "/push-subscriptions",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses((status = 200, description = "The key and the devices.", body = PushDevices), AdminRefusals)
)]
pub async fn list(State(outbox): State<Arc<Outbox>>, admin: Admin) -> Result<Json<PushDevices>, ApiError> {
    Ok(Json(PushDevices {
        public_key: outbox.push_key().to_owned(),
        devices: devices::list(outbox.db())
            .await?
            .into_iter()
            .filter(|device| admin.may_manage(device.user_id))
            .collect(),
    }))
}

/// `POST /api/admin/push-subscriptions`: this browser gets notifications from now on. The body
/// is `PushSubscription.toJSON()` as the browser makes it (fields it may add are ignored).
#[utoipa::path(
    post,
    path = "/push-subscriptions",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    request_body = Subscription,
    responses(
        (status = 201, description = "The device is added.", body = Device),
        (status = 200, description = "The device was there already; its keys are renewed.", body = Device),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn subscribe(
    State(outbox): State<Arc<Outbox>>,
    admin: Admin,
    headers: HeaderMap,
    Checked(Json(subscription)): Checked<Json<Subscription>>,
) -> Result<(StatusCode, Json<Device>), ApiError> {
    let target = subscription.check().map_err(|(field, message)| ApiError::invalid(field, message))?;
    let agent = headers.get(header::USER_AGENT).and_then(|value| value.to_str().ok()).unwrap_or("");
    let (device, added) =
        devices::add(outbox.db(), &target, &devices::device_name(&admin.user.name, agent), &admin.actor())
            .await?;
    Ok((if added { StatusCode::CREATED } else { StatusCode::OK }, Json(device)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeviceSettings {
    /// What the owner calls the device, 1 to 60 characters.
    #[schema(min_length = 1, max_length = 60, pattern = r"\S")]
    name: String,
    /// `all` or `urgent`.
    #[schema(pattern = "^(all|urgent)$")]
    notify: String,
    customer_changes: bool,
    /// Quiet hours, both or neither: "HH:MM" on the shop's clock.
    #[schema(pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    quiet_from: Option<String>,
    #[schema(pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    quiet_to: Option<String>,
}

/// `PUT /api/admin/push-subscriptions/{id}`: what the device hears of, its name and quiet hours.
#[utoipa::path(
    put,
    path = "/push-subscriptions/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The device's id.")),
    request_body = DeviceSettings,
    responses(
        (status = 200, description = "The device as it is now.", body = Device),
        (status = 404, description = "There is no such device.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn update(
    State(outbox): State<Arc<Outbox>>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<DeviceId>>,
    Checked(Json(form)): Checked<Json<DeviceSettings>>,
) -> Result<Json<Device>, ApiError> {
    let mut errors = FieldErrors::default();
    let name = form.name.trim();
    if name.is_empty() || name.chars().count() > 60 || name.chars().any(char::is_control) {
        errors.add("name", "Give the device a name of 1 to 60 characters");
    }
    if !matches!(form.notify.as_str(), "all" | "urgent") {
        errors.add("notify", "Choose every request, or urgent ones only");
    }
    let quiet = match (form.quiet_from.as_deref(), form.quiet_to.as_deref()) {
        (None, None) => None,
        (Some(from), Some(to)) if devices::is_clock(from) && devices::is_clock(to) && from != to => {
            Some((from, to))
        }
        (Some(from), Some(to)) if from == to && devices::is_clock(from) => {
            errors.add("quietTo", "Quiet hours must end at another time than they start");
            None
        }
        _ => {
            errors.add("quietFrom", "Give both times of the quiet hours (HH:MM), or neither");
            None
        }
    };
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    let settings = Settings { name, notify: &form.notify, customer_changes: form.customer_changes, quiet };
    if !devices::get(outbox.db(), id).await?.is_some_and(|device| admin.may_manage(device.user_id)) {
        return Err(ApiError::NotFound(NO_SUCH_DEVICE));
    }
    if !devices::update(outbox.db(), id, &settings, &admin.actor()).await? {
        return Err(ApiError::NotFound(NO_SUCH_DEVICE));
    }
    Ok(Json(devices::get(outbox.db(), id).await?.ok_or(ApiError::NotFound(NO_SUCH_DEVICE))?))
}

/// `DELETE /api/admin/push-subscriptions/{id}`: the device gets no more notifications.
#[utoipa::path(
    delete,
    path = "/push-subscriptions/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The device's id.")),
    responses(
        (status = 204, description = "The device is removed, with the pushes still waiting for it."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such device.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn remove(
    State(outbox): State<Arc<Outbox>>,
    admin: Admin,
    Found(device): Found<Device>,
) -> Result<StatusCode, ApiError> {
    if !admin.may_manage(device.user_id) {
        return Err(ApiError::NotFound(NO_SUCH_DEVICE));
    }
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::PushDeviceRemoved, detail: device.name };
    if !devices::remove(outbox.db(), DeviceId(device.id), &line).await? {
        return Err(ApiError::NotFound(NO_SUCH_DEVICE));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The queued test.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PushTest {
    /// The test's delivery.
    id: i64,
}

/// `POST /api/admin/push-subscriptions/{id}/test`: a test notification through the outbox.
#[utoipa::path(
    post,
    path = "/push-subscriptions/{id}/test",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The device's id.")),
    responses(
        (status = 202, description = "The test is on its way.", body = PushTest),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such device.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn send_test(
    State(outbox): State<Arc<Outbox>>,
    admin: Admin,
    Found(device): Found<Device>,
) -> Result<(StatusCode, Json<PushTest>), ApiError> {
    if !admin.may_manage(device.user_id) {
        return Err(ApiError::NotFound(NO_SUCH_DEVICE));
    }
    let actor = admin.actor();
    let line = Line { actor: &actor, action: Action::PushTestSent, detail: device.name };
    let id = store::enqueue_test(outbox.db(), TestTarget::Push(device.id), &line).await?;
    outbox.wake();
    Ok((StatusCode::ACCEPTED, Json(PushTest { id })))
}

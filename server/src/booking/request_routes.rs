//! A request's own page in the admin (`/dbadmin/bookings/{id}`, the address every owner e-mail,
//! push and calendar event links to), under /api/admin/bookings/{id}: the request with its
//! history, the Call, Text and E-mail taps (each a response to it), 'I've got it', and 'Seen' for
//! a change the customer made; and a request the team makes of a number's texts.

use std::sync::Arc;

use axum::{
    Json,
    extract::{FromRef, Path, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};

use super::{
    events::{self, Contact, Event, EventRecord, Holder, Took},
    inbox::store as inbox,
    model::BookingForm,
    records,
    response::Measure,
    routes::BookingDesk,
    source::SourceForm,
    store::{self, InsertError, Origin},
    texting::{self, TextAllowance, Texting},
    views::{BookingRecord, NO_SUCH_BOOKING},
};
use crate::audit::Action;
use crate::{
    api_doc::{AdminRefusals, BodyRefusals, ErrorBody, FieldErrorsBody},
    auth::{guard::Admin, session::random_token},
    clock::At,
    db::Db,
    delivery::{
        BookingChannel, Outbox, devices,
        text::{
            conversation::{self, NO_SUCH_NUMBER},
            thread::{self, Text},
        },
    },
    domain::{BookingId, BookingStatus, Phone},
    error::{ApiError, Checked},
    found::{Found, Lookup},
    site::SiteDetails,
};

/// A booking named by the path, with everything its page shows.
impl<S: Sync> Lookup<S> for BookingRecord
where
    Db: FromRef<S>,
    Arc<SiteDetails>: FromRef<S>,
{
    type Id = BookingId;
    const MISSING: &'static str = NO_SUCH_BOOKING;

    async fn find(state: &S, id: BookingId) -> anyhow::Result<Option<Self>> {
        records::one(&Db::from_ref(state), id, &Arc::<SiteDetails>::from_ref(state).content()).await
    }
}

/// A request as its page shows it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestPage {
    booking: BookingRecord,
    /// What the owner did on it, oldest first (notes are in the booking).
    history: Vec<EventRecord>,
    /// Minutes from its arrival to its first response, or to now while it waits: on the 24-hour
    /// clock for an emergency, in the shop's opening hours otherwise (as Today measures it). None
    /// for a request answered before first responses were kept.
    response_minutes: Option<i64>,
    /// Its clock: `around the clock` or `shop hours`.
    #[schema(pattern = "^(around the clock|shop hours)$")]
    clock: &'static str,
    /// Still unanswered and waiting longer than the site promises.
    overdue: bool,
    /// Who said 'I've got it', and when; none while nobody has.
    taken: Option<Holder>,
    /// Whether the customer can be texted from here, what its text box counts against, and the
    /// texts both ways, oldest first.
    texting: Texting,
    text_allowance: TextAllowance,
    texts: Vec<Text>,
    /// Where a text from here goes, as people write it: the number that last texted into the
    /// thread (a customer may write from another phone), else the request's.
    texts_to: String,
}

/// `GET /api/admin/bookings/{id}`.
#[utoipa::path(
    get,
    path = "/bookings/{id}",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 200, description = "The request with its answers, time, photos, notes, deliveries and history.", body = RequestPage),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn show(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    State(outbox): State<Arc<Outbox>>,
    _admin: Admin,
    Found(mut booking): Found<BookingRecord>,
) -> Result<Json<RequestPage>, ApiError> {
    let content = site.content();
    inbox::count_other_requests(&db, std::slice::from_mut(&mut booking)).await?;
    let measure = Measure::new(&content);
    let waiting = booking.first_response_at.is_none()
        && booking.status == BookingStatus::New
        && booking.cancelled_at.is_none();
    let arrived = booking.created_at.timestamp();
    let now = db.clock.now();
    let overdue = waiting && measure.overdue(booking.emergency, arrived, now);
    let answered = booking.first_response_at.map(At::timestamp);
    let until = if waiting { Some(now) } else { answered };
    let clock = Measure::clock(booking.emergency);
    let response_minutes = until.map(|to| measure.minutes(clock, arrived, to));
    let history = events::history(&db, BookingId(booking.id)).await?;
    let taken = events::holder(&db, BookingId(booking.id)).await?;
    let texts_to = texting::reply_number(&db, booking.id, booking.phone.clone()).await?;
    let texting = texting::of(&db, &outbox, booking.id, &texts_to).await?;
    let text_allowance = texting::allowance(&db, &site, &texts_to).await?;
    let texts_to = Phone::parse(&texts_to).map_or(texts_to, |phone| phone.display());
    let texts = thread::of_booking(&db, booking.id).await?;
    Ok(Json(RequestPage {
        booking,
        history,
        response_minutes,
        clock: clock.name(),
        overdue,
        taken,
        texting,
        text_allowance,
        texts,
        texts_to,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContactTap {
    /// call, text or email.
    how: Contact,
}

/// `POST /api/admin/bookings/{id}/contact`: the owner tapped Call, Text or E-mail on the
/// request's page (the phone does the rest); the first such tap answers the request.
#[utoipa::path(
    post,
    path = "/bookings/{id}/contact",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    request_body = ContactTap,
    responses(
        (status = 204, description = "Noted in the request's history."),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn contact(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
    Checked(Json(ContactTap { how })): Checked<Json<ContactTap>>,
) -> Result<StatusCode, ApiError> {
    if !events::record(&db, id, Event::Contact(how), &admin.actor(), None).await? {
        return Err(ApiError::NotFound(NO_SUCH_BOOKING));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/admin/bookings/{id}/take`: 'I've got it': the member takes the request, so the
/// rest of the team knows it is handled. Who has it (the first to take it keeps it).
#[utoipa::path(
    post,
    path = "/bookings/{id}/take",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 200, description = "Who has it now: this member, or the one who took it first.", body = Holder),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        (status = 409, description = "The request is cancelled (or spam): there is nothing to take.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn take(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
) -> Result<Json<Holder>, ApiError> {
    match events::take(&db, id, &admin.actor()).await? {
        Took::Held(holder) => Ok(Json(holder)),
        Took::Closed => Err(ApiError::conflict("This request is cancelled: there is nothing to take.")),
        Took::Missing => Err(ApiError::NotFound(NO_SUCH_BOOKING)),
    }
}

/// `POST /api/admin/bookings/{id}/seen`: the owner has seen the change the customer made (it
/// leaves Today's list of changes).
#[utoipa::path(
    post,
    path = "/bookings/{id}/seen",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("id" = i64, Path, description = "The booking's id.")),
    responses(
        (status = 204, description = "The change is marked as seen."),
        (status = 400, description = "The id is not a whole number.", body = ErrorBody),
        (status = 404, description = "There is no such booking.", body = ErrorBody),
        AdminRefusals
    )
)]
pub async fn seen(
    State(db): State<Db>,
    admin: Admin,
    Checked(Path(id)): Checked<Path<BookingId>>,
) -> Result<StatusCode, ApiError> {
    if !events::record(&db, id, Event::Seen, &admin.actor(), Some(Action::CustomerChangeSeen)).await? {
        return Err(ApiError::NotFound(NO_SUCH_BOOKING));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// A request the team makes of the texts of a number no request has.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TextsRequest {
    /// The customer's name.
    name: String,
    /// Their e-mail address: every request has one (ask for it by text).
    email: String,
    /// What they need, in the team's words (their texts are filed under the request).
    #[serde(default)]
    details: String,
}

/// The request made.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MadeRequest {
    id: i64,
}

/// `POST /api/admin/numbers/{number}/request`: the team makes a request of a number's texts. The
/// texts are filed under it, the number joins its customer's record (a new one, or the one with
/// its e-mail address), the number's texting counts as its agreement to texts about it, and the
/// customer gets the confirmation e-mail with the link to their page; the team is not notified.
#[utoipa::path(
    post,
    path = "/numbers/{number}/request",
    tag = "admin",
    security(("session" = ["owner", "staff"], "csrf" = [])),
    params(("number" = String, Path, description = "The number's ten digits.")),
    request_body = TextsRequest,
    responses(
        (status = 201, description = "The request made.", body = MadeRequest),
        (status = 404, description = "No text with this number waits to be filed.", body = ErrorBody),
        (status = 422, description = "The name or the e-mail address is missing or wrong.", body = FieldErrorsBody),
        BodyRefusals,
        AdminRefusals
    )
)]
pub async fn from_texts(
    State(desk): State<Arc<BookingDesk>>,
    admin: Admin,
    Path(path): Path<String>,
    Checked(Json(form)): Checked<Json<TextsRequest>>,
) -> Result<(StatusCode, Json<MadeRequest>), ApiError> {
    let phone = Phone::parse(&path).map_err(|_| ApiError::NotFound(NO_SUCH_NUMBER))?;
    let number = phone.e164();
    if conversation::of_number(&desk.db, &number).await?.is_empty() {
        return Err(ApiError::NotFound(NO_SUCH_NUMBER));
    }
    let content = desk.site.content();
    let booking = BookingForm {
        submission_id: random_token(),
        name: form.name,
        email: form.email,
        phone: phone.display(),
        details: form.details,
        answers: Vec::new(),
        website: String::new(),
        fill_ms: None,
        location: None,
        street_address: None,
        source: Some(SourceForm::texts()),
        photos: Vec::new(),
        appointment: None,
        text_consent: false,
    }
    .parse(None)
    .map_err(ApiError::Invalid)?
    .classify(&content.chat, &desk.area());
    let actor = admin.actor();
    let origin = Origin {
        client_ip: actor.client_ip,
        user_agent: None,
        shop_minute: devices::shop_minute(desk.db.clock.now(), &content.business.zone()),
        escalate_after: None,
        from_texts: Some(&number),
    };
    // The customer's confirmation only: the team made it.
    let channels: Vec<BookingChannel> = desk
        .outbox
        .channels()
        .await?
        .into_iter()
        .filter(|channel| *channel == BookingChannel::Confirmation)
        .collect();
    let stored = match store::insert(&desk.db, &booking, &origin, &channels, 0).await {
        Ok(stored) => stored,
        Err(InsertError::Other(error)) => return Err(error.into()),
        Err(refused) => return Err(anyhow::anyhow!("a request from texts was refused: {refused}").into()),
    };
    desk.outbox.wake();
    Ok((StatusCode::CREATED, Json(MadeRequest { id: stored.id })))
}

//! Every /api route, each registered with its part of the API document, with the limits on
//! bodies, the announcements of desk changes and the API's own 404.

use axum::{
    Extension,
    extract::{DefaultBodyLimit, Request, State},
    http::header,
    middleware,
    response::{IntoResponse as _, Response},
};

use crate::{
    api_doc::ApiDocument,
    auth, beacon_routes, billing, blog, booking,
    changes::{self, Change},
    customers, delivery,
    error::ApiError,
    insights, media, on_call, schedule, site,
};
use utoipa::OpenApi as _;
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use super::{AppState, pages};

/// Request bodies larger than this are refused before parsing (the booking form is far smaller).
const BOOKING_BODY_LIMIT: usize = 16 * 1024;
/// Sign-in and other small admin requests.
const SMALL_BODY_LIMIT: usize = 16 * 1024;
/// A Stripe event (a Checkout Session with its line items is a few kB).
const STRIPE_EVENT_LIMIT: usize = 256 * 1024;
/// Every site detail at once (the built-in ones are about 80 kB as JSON), with room to grow.
const SITE_BODY_LIMIT: usize = 1024 * 1024;
/// A post with its content (which may inline pasted images) and some room for JSON escaping.
const POST_BODY_LIMIT: usize = blog::draft::MAX_CONTENT_BYTES + 1024 * 1024;

/// What the public and admin documents embed for the web app: in the API document, so the
/// browser's types are made from it, though no route answers it.
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(crate::pages::Layout, crate::pages::AppState, crate::pages::AdminState)))]
struct EmbeddedState;

/// Every /api route, each registered with its part of the API document.
pub(super) fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(EmbeddedState::openapi())
        .routes(routes!(openapi_json))
        .routes(routes!(pages::page_json))
        .routes(routes!(pages::blog_search))
        .routes(routes!(booking::routes::create).layer(DefaultBodyLimit::max(BOOKING_BODY_LIMIT)))
        .routes(routes!(booking::routes::service_area))
        .routes(routes!(schedule::routes::availability))
        .routes(routes!(booking::manage::routes::show))
        .routes(routes!(booking::manage::routes::open_times))
        .routes(routes!(booking::manage::routes::change_time).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .routes(routes!(booking::manage::routes::cancel).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .routes(
            routes!(booking::manage::contact_routes::correct).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)),
        )
        .routes(
            routes!(booking::manage::contact_routes::stop_texts)
                .layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)),
        )
        .routes(routes!(booking::manage::routes::calendar))
        .routes(
            routes!(booking::manage::quote_routes::figures).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)),
        )
        .routes(
            routes!(booking::manage::quote_routes::approve).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)),
        )
        .routes(
            routes!(booking::manage::quote_routes::changes).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)),
        )
        .routes(routes!(booking::manage::pay_routes::deposit))
        .routes(routes!(booking::manage::pay_routes::invoice))
        .routes(routes!(billing::payment_routes::webhook).layer(DefaultBodyLimit::max(STRIPE_EVENT_LIMIT)))
        .routes(routes!(booking::manage::link_routes::check).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .routes(routes!(booking::manage::link_routes::new_link))
        .routes(routes!(booking::manage::trailer_routes::pick).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .routes(routes!(booking::manage::photo_routes::photo))
        .routes(
            routes!(booking::photos::routes::upload).layer(DefaultBodyLimit::max(media::routes::BODY_LIMIT)),
        )
        .routes(
            routes!(beacon_routes::insights_beacon).layer(DefaultBodyLimit::max(beacon_routes::BODY_LIMIT)),
        )
        .routes(routes!(delivery::text::routes::receive).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .routes(routes!(delivery::text::routes::status).layer(DefaultBodyLimit::max(SMALL_BODY_LIMIT)))
        .nest("/api/admin", admin_api())
}

/// The admin API: every handler takes the `Admin` guard, except sign-in.
fn admin_api() -> OpenApiRouter<AppState> {
    let small = DefaultBodyLimit::max(SMALL_BODY_LIMIT);
    let post_sized = DefaultBodyLimit::max(POST_BODY_LIMIT);
    OpenApiRouter::default()
        .routes(routes!(auth::routes::login).layer(small))
        .routes(routes!(auth::routes::logout).layer(small))
        .routes(routes!(auth::code_routes::login_code).layer(small))
        .routes(routes!(auth::routes::current))
        .routes(routes!(auth::reset_routes::ask).layer(small))
        .routes(routes!(auth::reset_routes::check, auth::reset_routes::complete).layer(small))
        .routes(routes!(auth::team_routes::show))
        .routes(routes!(auth::team_routes::invite).layer(small))
        .routes(routes!(auth::team_routes::withdraw).layer(small))
        .routes(routes!(auth::team_routes::remove).layer(small))
        .routes(routes!(auth::team_routes::require_two_step).layer(small))
        .routes(routes!(auth::team_routes::check, auth::team_routes::join).layer(small))
        .routes(routes!(on_call::routes::show))
        .routes(routes!(on_call::routes::set_rota).layer(small))
        .routes(routes!(on_call::routes::set_steps).layer(small))
        .routes(routes!(on_call::routes::cover, on_call::routes::end_cover).layer(small))
        .routes(routes!(on_call::routes::set_phone).layer(small))
        .routes(routes!(auth::account_routes::end_session).layer(small))
        .routes(routes!(auth::account_routes::show))
        .routes(routes!(auth::account_routes::change_password).layer(small))
        .routes(routes!(auth::account_routes::sign_out_others).layer(small))
        .routes(routes!(auth::account_routes::setup).layer(small))
        .routes(routes!(auth::account_routes::enable).layer(small))
        .routes(routes!(auth::account_routes::disable).layer(small))
        .routes(routes!(auth::account_routes::new_recovery_codes).layer(small))
        .routes(routes!(auth::audit_routes::audit_log))
        .routes(routes!(blog::routes::list, blog::routes::create).layer(post_sized))
        .routes(routes!(blog::routes::get, blog::routes::update, blog::routes::delete).layer(post_sized))
        .routes(routes!(blog::preview_routes::preview).layer(post_sized))
        .routes(routes!(blog::preview_routes::create).layer(post_sized))
        .routes(routes!(blog::routes::set_published).layer(small))
        .routes(routes!(blog::routes::restore).layer(small))
        .routes(routes!(blog::revision_routes::revision_list))
        .routes(routes!(blog::revision_routes::revision))
        .routes(routes!(media::routes::upload).layer(DefaultBodyLimit::max(media::routes::BODY_LIMIT)))
        .routes(routes!(booking::today::desk_routes::status))
        .routes(routes!(booking::inbox::routes::list))
        .routes(routes!(booking::inbox::export_routes::export))
        .routes(routes!(booking::notes::routes::add).layer(small))
        .routes(routes!(booking::notes::routes::change, booking::notes::routes::delete).layer(small))
        .routes(routes!(booking::inbox::routes::sources))
        .routes(routes!(booking::inbox::routes::set_status).layer(small))
        .routes(routes!(booking::today::routes::show))
        .routes(routes!(booking::today::live_routes::live))
        .routes(routes!(booking::request_routes::show))
        .routes(
            routes!(booking::photos::team_routes::take)
                .layer(DefaultBodyLimit::max(media::routes::BODY_LIMIT)),
        )
        .routes(
            routes!(booking::photos::team_routes::change, booking::photos::team_routes::delete).layer(small),
        )
        .routes(routes!(booking::request_routes::contact).layer(small))
        .routes(routes!(booking::request_routes::seen).layer(small))
        .routes(routes!(booking::request_routes::take).layer(small))
        .routes(routes!(customers::routes::list))
        .routes(routes!(customers::routes::show, customers::routes::change).layer(small))
        .routes(routes!(customers::routes::merge).layer(small))
        .routes(routes!(customers::routes::split).layer(small))
        .routes(routes!(customers::privacy_routes::export))
        .routes(routes!(customers::privacy_routes::erase).layer(small))
        .routes(routes!(customers::trailer_routes::add).layer(small))
        .routes(routes!(customers::trailer_routes::change).layer(small))
        .routes(routes!(customers::trailer_routes::link).layer(small))
        .routes(routes!(customers::number_routes::show))
        .routes(routes!(billing::price_routes::show))
        .routes(routes!(billing::quote_routes::list))
        .routes(routes!(billing::quote_routes::start, billing::quote_routes::of_request).layer(small))
        .routes(
            routes!(billing::quote_routes::show, billing::quote_routes::save, billing::quote_routes::delete)
                .layer(small),
        )
        .routes(routes!(billing::quote_send_routes::send).layer(small))
        .routes(routes!(billing::quote_send_routes::withdraw))
        .routes(routes!(billing::quote_send_routes::revise))
        .routes(routes!(billing::payment_routes::record).layer(small))
        .routes(routes!(billing::payment_routes::refund).layer(small))
        .routes(routes!(billing::invoice_list_routes::list))
        .routes(routes!(billing::invoice_list_routes::export))
        .routes(routes!(billing::invoice_routes::start, billing::invoice_routes::of_request).layer(small))
        .routes(
            routes!(
                billing::invoice_routes::show,
                billing::invoice_routes::save,
                billing::invoice_routes::delete
            )
            .layer(small),
        )
        .routes(routes!(billing::invoice_issue_routes::send).layer(small))
        .routes(routes!(billing::invoice_issue_routes::void).layer(small))
        .routes(routes!(billing::invoice_issue_routes::record).layer(small))
        .routes(routes!(billing::price_routes::save_settings).layer(small))
        .routes(routes!(billing::price_routes::add_part).layer(small))
        .routes(routes!(billing::price_routes::change_part, billing::price_routes::delete_part).layer(small))
        .routes(routes!(billing::price_routes::add_job).layer(small))
        .routes(routes!(billing::price_routes::change_job, billing::price_routes::delete_job).layer(small))
        .routes(routes!(customers::number_routes::answer).layer(small))
        .routes(routes!(customers::number_routes::file).layer(small))
        .routes(routes!(booking::request_routes::from_texts).layer(small))
        .routes(routes!(booking::texts::routes::reply).layer(small))
        .routes(routes!(booking::texts::routes::on_my_way).layer(small))
        .routes(routes!(schedule::admin_routes::schedule))
        .routes(routes!(schedule::admin_routes::set_time, schedule::admin_routes::drop_time).layer(small))
        .routes(routes!(schedule::admin_routes::confirm_requested).layer(small))
        .routes(routes!(schedule::admin_routes::request_review).layer(small))
        .routes(
            routes!(schedule::feed_routes::show, schedule::feed_routes::renew, schedule::feed_routes::remove)
                .layer(small),
        )
        .routes(routes!(site::routes::show, site::routes::save).layer(DefaultBodyLimit::max(SITE_BODY_LIMIT)))
        .routes(routes!(site::routes::versions))
        .routes(routes!(delivery::admin_routes::show))
        .routes(routes!(delivery::admin_routes::set_recipients).layer(small))
        .routes(routes!(delivery::admin_routes::send_test).layer(small))
        .routes(routes!(delivery::push_routes::list, delivery::push_routes::subscribe).layer(small))
        .routes(routes!(delivery::push_routes::update, delivery::push_routes::remove).layer(small))
        .routes(routes!(delivery::push_routes::send_test).layer(small))
        .routes(routes!(site::routes::restore).layer(small))
        .routes(routes!(insights::routes::show))
        .routes(routes!(insights::routes::set_report).layer(small))
        .fallback(no_such_route)
        .layer(middleware::map_response(never_stored))
}

/// After a request that changed the booking desk (a new request, the customer's change or
/// cancellation, anything the owner does to a request) succeeded: tells the live streams of
/// every instance.
pub(super) async fn announce_desk_changes(
    State(state): State<AppState>,
    request: Request,
    next: middleware::Next,
) -> Response {
    let path = request.uri().path();
    let desk = !request.method().is_safe()
        && (path == "/api/bookings"
            || path == delivery::text::INBOUND_PATH
            || path == billing::stripe::WEBHOOK_PATH
            || path.starts_with("/api/admin/quotes/")
            || path.starts_with("/api/admin/payments/")
            || path.starts_with("/api/manage/")
            || path.starts_with("/api/admin/bookings/")
            || path.starts_with("/api/admin/numbers/"));
    let response = next.run(request).await;
    if desk && response.status().is_success() {
        changes::announce_everywhere(&state.db, &state.changes, Change::Desk).await;
    }
    response
}

/// Any other path under /api: a JSON 404, not the site's 404 page.
pub(super) async fn no_such_route() -> ApiError {
    ApiError::NotFound("There is no such API route.")
}

/// Admin answers (bookings, the audit log, drafts) are personal: no cache may keep them.
async fn never_stored(mut response: Response) -> Response {
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    response
}

/// `GET /api/openapi.json`: this document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "public",
    responses((status = 200, description = "The OpenAPI 3.1 document of every /api route.", body = Object))
)]
pub async fn openapi_json(Extension(ApiDocument(bytes)): Extension<ApiDocument>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

//! `POST /api/insights`: the beacon the site's pages send after they are shown (see
//! `insights::beacon`), checked against the pages the site has before it is counted.

use std::sync::Arc;

use axum::{
    extract::State,
    http::{HeaderMap, StatusCode, header},
};

use crate::{
    api_doc::ErrorBody,
    auth,
    client_address::ClientAddress,
    error::{ApiError, Checked},
    insights::{
        self, Insights,
        beacon::{Beacon, Said},
    },
    pages::PublicPages,
    site::SiteDetails,
};

/// A beacon of a page (a path, a step of the booking dialog).
pub const BODY_LIMIT: usize = 1024;

/// `POST /api/insights`: what a page says after it is shown (see `insights::beacon`).
#[utoipa::path(
    post,
    path = "/api/insights",
    tag = "public",
    request_body(content = Beacon, description = "One beacon, as JSON (sent as text/plain by `navigator.sendBeacon`)."),
    params(("Sec-Fetch-Site" = Option<String>, Header, pattern = "^same-origin$",
        description = "Must be `same-origin` when sent; without it, `Origin` must be this site's.")),
    responses(
        (status = 204, description = "Counted (or not, for a bot, a browser that asks not to be tracked, or with counting off)."),
        (status = 400, description = "Not from one of the site's pages, not a beacon, or naming a page or question the site does not have; nothing was counted.", body = ErrorBody),
        (status = 408, description = "The beacon did not arrive in time.", body = ErrorBody),
        (status = 413, description = "Longer than a beacon can be.", body = ErrorBody)
    )
)]
pub async fn insights_beacon(
    State(pages): State<Arc<PublicPages>>,
    State(insights): State<Arc<Insights>>,
    State(site): State<Arc<SiteDetails>>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    Checked(body): Checked<axum::body::Bytes>,
) -> Result<StatusCode, ApiError> {
    let refuse = |message: &str| ApiError::Rejected(StatusCode::BAD_REQUEST, message.to_owned());
    // From one of the site's pages: a browser says where a request comes from (Sec-Fetch-Site,
    // or Origin from those that do not send it); a beacon that says neither is refused too.
    let says_where = headers.contains_key("sec-fetch-site") || headers.contains_key(header::ORIGIN);
    if !says_where || !auth::guard::same_origin(&headers) {
        return Err(refuse("Beacons come from the site's own pages."));
    }
    let beacon: Beacon =
        serde_json::from_slice(&body).map_err(|error| refuse(&format!("Not a beacon: {error}")))?;
    let client = insights::Client { address, headers: &headers };
    match beacon.read(site.content().chat.steps.len()).map_err(refuse)? {
        Said::View(path) | Said::Seen(path) if !pages.is_page(path).await? => {
            return Err(refuse("There is no such page on this site."));
        }
        Said::View(path) => insights.navigation(client, path),
        Said::Seen(path) => insights.seen(client, path),
        Said::Step { reached, page, button } => {
            insights.step(client, insights::Step { reached, page, button })
        }
    }
    Ok(StatusCode::NO_CONTENT)
}

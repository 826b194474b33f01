//! `GET /api/admin/live`: the owner's open Today and inbox hear of every new or changed request
//! at once, as server-sent events. The stream holds no state per tab but a subscription: a change
//! this instance makes is announced by the router (`routes::announce_desk_changes`), one another
//! instance makes arrives by PostgreSQL's NOTIFY (`changes`). The page then asks for what it
//! shows; a tab in the background closes its stream and asks again when it comes back.

use std::{convert::Infallible, sync::Arc, time::Duration};

use axum::{
    extract::State,
    http::{HeaderValue, header::HeaderName},
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use futures_util::{Stream, StreamExt as _, stream};
use tokio::sync::watch;

use crate::{
    api_doc::AdminRefusals,
    auth::guard::Admin,
    changes::{Change, Follower},
};

/// Changes this close together reach the pages as one.
const COALESCE: Duration = Duration::from_millis(150);
/// A comment this often keeps proxies from closing a quiet stream.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

/// Counts the desk's changes for the streams; closes them when the server stops.
pub struct DeskFeed {
    changes: watch::Sender<u64>,
    closed: watch::Sender<bool>,
}

impl Default for DeskFeed {
    fn default() -> Self {
        Self { changes: watch::Sender::new(0), closed: watch::Sender::new(false) }
    }
}

impl DeskFeed {
    /// Ends every stream (the server is stopping: it must not wait for them).
    pub fn close(&self) {
        self.closed.send_replace(true);
    }

    /// The events of one stream: `desk` at once (the page loads what it shows), then `desk` after
    /// each change (or burst of changes), until the server stops.
    fn events(&self) -> impl Stream<Item = Result<Event, Infallible>> + Send + use<> {
        let state = (self.changes.subscribe(), self.closed.subscribe());
        let first = stream::once(async { Ok(Event::default().event("desk").data("0")) });
        let later = stream::unfold(state, |(mut changes, mut closed)| async move {
            tokio::select! {
                changed = changes.changed() => {
                    changed.ok()?;
                    tokio::time::sleep(COALESCE).await;
                    let seen = *changes.borrow_and_update();
                    Some((Ok(Event::default().event("desk").data(seen.to_string())), (changes, closed)))
                }
                _ = async { closed.wait_for(|closed| *closed).await.map(|_| ()) } => None,
            }
        });
        first.chain(later)
    }
}

impl Follower for DeskFeed {
    fn changed(&self, change: Change) {
        if change == Change::Desk {
            self.changes.send_modify(|count| *count = count.wrapping_add(1));
        }
    }
}

/// `GET /api/admin/live`: `event: desk` now and after every new or changed request.
#[utoipa::path(
    get,
    path = "/live",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses(
        (status = 200, description = "A stream of server-sent events: `desk` at once and whenever a request arrives or changes.", content_type = "text/event-stream"),
        AdminRefusals
    )
)]
pub async fn live(State(feed): State<Arc<DeskFeed>>, _admin: Admin) -> Response {
    let mut response =
        Sse::new(feed.events()).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)).into_response();
    // A proxy such as nginx would otherwise hold the events back in its buffer.
    response
        .headers_mut()
        .insert(HeaderName::from_static("x-accel-buffering"), HeaderValue::from_static("no"));
    response
}

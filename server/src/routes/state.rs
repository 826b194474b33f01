//! What every handler can take from the application's state.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::{
    auth::guard::AuthDesk,
    billing::quote_mail::QuoteDesk,
    booking::{routes::BookingDesk, today::live_routes::DeskFeed},
    changes::Changes,
    db::Db,
    delivery::Outbox,
    insights::Insights,
    media::MediaStore,
    pages::PublicPages,
    schedule::admin_routes::ScheduleDesk,
    site::SiteDetails,
};

#[derive(Clone)]
pub struct AppState {
    pub pages: Arc<PublicPages>,
    pub changes: Changes,
    pub db: Db,
    pub bookings: Arc<BookingDesk>,
    pub auth: Arc<AuthDesk>,
    pub media: Arc<MediaStore>,
    pub site: Arc<SiteDetails>,
    pub schedule: Arc<ScheduleDesk>,
    pub insights: Arc<Insights>,
    /// The live stream of the owner's open Today and inbox.
    pub desk_feed: Arc<DeskFeed>,
    /// What sending quotes works with.
    pub quotes: Arc<QuoteDesk>,
}

impl FromRef<AppState> for Arc<QuoteDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.quotes)
    }
}

impl FromRef<AppState> for Arc<DeskFeed> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.desk_feed)
    }
}

impl FromRef<AppState> for Arc<Insights> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.insights)
    }
}

impl FromRef<AppState> for Arc<ScheduleDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.schedule)
    }
}

/// The shop's time zone (scheduled posts are set in it).
impl FromRef<AppState> for jiff::tz::TimeZone {
    fn from_ref(state: &AppState) -> Self {
        state.site.content().business.zone()
    }
}

impl FromRef<AppState> for Arc<SiteDetails> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.site)
    }
}

impl FromRef<AppState> for Arc<BookingDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.bookings)
    }
}

impl FromRef<AppState> for Arc<Outbox> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.bookings.outbox)
    }
}

impl FromRef<AppState> for Arc<AuthDesk> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.auth)
    }
}

impl FromRef<AppState> for Arc<MediaStore> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.media)
    }
}

impl FromRef<AppState> for Arc<PublicPages> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.pages)
    }
}

impl FromRef<AppState> for Changes {
    fn from_ref(state: &AppState) -> Self {
        state.changes.clone()
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Self {
        state.db.clone()
    }
}

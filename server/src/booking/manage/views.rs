//! What the visitor's page (`/booking/{token}`) is given: their request as they told it, its
//! time, and the contact details they may give in place of those on it.

use serde::{Deserialize, Serialize};

use crate::billing::{customer_invoice::CustomerInvoice, customer_quote::CustomerQuote};
use crate::booking::{texting::Texting, views::PhotoRecord};
use crate::schedule::{calendar::Kind, store::State as TimeState};

/// An answer the visitor picked.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PickedAnswer {
    pub(super) label: String,
    pub(super) answer: String,
}

/// The request's time.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeView {
    pub(super) kind: Kind,
    /// "Tuesday, December 1, 8:00-10:00 AM".
    pub(super) label: String,
    pub(super) state: TimeState,
}

/// What the visitor's page shows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestView {
    /// The request number.
    pub(super) number: i64,
    /// "November 24, 2026".
    pub(super) received: String,
    pub(super) answers: Vec<PickedAnswer>,
    pub(super) time: Option<TimeView>,
    /// The kind of time the visitor may pick; none when the shop will call to arrange it.
    pub(super) kind: Option<Kind>,
    pub(super) cancelled: bool,
    /// Its time has passed, or its job is done: the page shows it, but it can no longer be moved
    /// or cancelled there.
    pub(super) closed: bool,
    /// The shop marked its job done.
    pub(super) done: bool,
    /// The name it was sent with.
    pub(super) name: String,
    /// The phone and e-mail address the shop uses for it.
    pub(super) contact: ContactView,
    /// The shop's number, for anything the page cannot do (none while it is a placeholder).
    pub(super) phone: Option<String>,
    /// Where the trailer is (a mobile job's street address, then the place), as they typed it.
    pub(super) place: Option<String>,
    /// What is wrong or what to build, in their words (or the details they added).
    pub(super) words: Option<String>,
    /// Whether texts about it go to their number: `on` and `stopped` are theirs to see and change.
    pub(super) texting: Texting,
    /// The trailer it is about (one of their page's), once named.
    pub(super) trailer_id: Option<i64>,
    /// The photos they sent with it, at addresses their link opens.
    pub(super) photos: Vec<PhotoRecord>,
    /// The quotes the shop sent for it, oldest first.
    pub(super) quotes: Vec<CustomerQuote>,
    /// The invoices the shop issued for it, oldest first.
    pub(super) invoices: Vec<CustomerInvoice>,
}

/// The phone and e-mail address of a request, and those the customer gives in their place.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContactView {
    pub phone: String,
    pub email: String,
}

//! A customer's record as the admin reads it, and the keys its tags and history are stored by.

use serde::Serialize;

use crate::{booking::shared_store::CustomerRequest, clock::At, site::content::ChatOption};

crate::text_enum! {
    /// What the shop marks a customer as.
    pub enum Tag {
        Fleet => "fleet",
        Insurance => "insurance",
        DoNotService => "do-not-service",
    }
}

crate::text_enum! {
    /// What happened to a customer's record.
    pub enum HistoryKind {
        /// Another customer's record was merged into this one.
        MergedIn => "merged-in",
        /// This record was merged into another.
        MergedAway => "merged-away",
        /// One of this customer's requests was split off to a new customer.
        SplitOff => "split-off",
        /// This customer was made from a request split off another.
        SplitIn => "split-in",
    }
}

/// What a path naming a customer that is not there hears (404).
pub const NO_SUCH_CUSTOMER: &str = "There is no such customer.";

/// A customer as the customers list shows them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerListItem {
    pub id: i64,
    pub name: String,
    pub company: String,
    /// Their first number, as a person reads it.
    pub phone: Option<String>,
    pub email: Option<String>,
    pub tags: Vec<Tag>,
    pub requests: i64,
    /// When their newest request came.
    pub last_request_at: Option<At>,
}

/// One page of the customers list.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CustomerList {
    pub customers: Vec<CustomerListItem>,
    /// There are more customers than the list shows: search narrows it.
    pub more: bool,
}

/// A line of a customer's history, with its sentence made when shown.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRecord {
    pub kind: HistoryKind,
    /// The other customer's record.
    pub other_customer: i64,
    pub other_name: String,
    pub booking_id: Option<i64>,
    pub actor: String,
    pub at: At,
    /// What happened, as the customer's page says it.
    pub sentence: String,
}

/// A customer's trailer.
#[derive(Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrailerRecord {
    pub id: i64,
    /// The option of the assistant's trailer question it is, by key; '' for another kind.
    pub kind_key: String,
    /// What kind of trailer, in words: the option's current words, or as typed.
    pub kind_text: String,
    pub make: String,
    pub model: String,
    pub year: Option<i64>,
    /// Uppercase, without spaces; '' when not known.
    pub vin: String,
    pub plate: String,
    /// The plate's state, as its two letters.
    pub plate_state: String,
    pub axles: Option<i64>,
    /// The gross vehicle weight rating, in pounds.
    pub gvwr_lbs: Option<i64>,
    pub colour: String,
}

/// A customer's record with everything hung on it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerRecord {
    pub id: i64,
    pub name: String,
    pub company: String,
    pub address: String,
    pub notes: String,
    pub tags: Vec<Tag>,
    /// Their numbers, as a person reads them.
    pub phones: Vec<String>,
    pub emails: Vec<String>,
    /// The record this one was merged into: the admin goes there.
    pub merged_into: Option<i64>,
    pub created_at: At,
    /// When their personal data was erased at their request: the record is read, not changed.
    pub erased_at: Option<At>,
    pub requests: Vec<CustomerRequest>,
    pub trailers: Vec<TrailerRecord>,
    /// The kinds of trailer the assistant asks about (its trailer question's options).
    pub trailer_kinds: Vec<ChatOption>,
    pub history: Vec<HistoryRecord>,
}

/// The sentence of a history line: `other` is the other customer's name.
pub fn sentence(kind: HistoryKind, other: &str, moved_requests: i64, booking: Option<i64>) -> String {
    let requests = match moved_requests {
        1 => "1 request".to_owned(),
        n => format!("{n} requests"),
    };
    let request = booking.map_or_else(|| "a request".to_owned(), |id| format!("request #{id}"));
    match kind {
        HistoryKind::MergedIn => format!("{other}'s record was merged into this one ({requests} moved)."),
        HistoryKind::MergedAway => format!("Merged into {other}'s record ({requests} moved)."),
        HistoryKind::SplitOff => format!("Split {request} off to a new record for {other}."),
        HistoryKind::SplitIn => format!("Made from {request}, split off {other}'s record."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_history_line_says_what_moved_and_where() {
        assert_eq!(
            sentence(HistoryKind::MergedIn, "Maria Lopez", 3, None),
            "Maria Lopez's record was merged into this one (3 requests moved)."
        );
        assert_eq!(
            sentence(HistoryKind::MergedAway, "Maria", 1, None),
            "Merged into Maria's record (1 request moved)."
        );
        assert_eq!(
            sentence(HistoryKind::SplitOff, "Mario", 0, Some(7)),
            "Split request #7 off to a new record for Mario."
        );
        assert_eq!(
            sentence(HistoryKind::SplitIn, "Maria", 0, Some(7)),
            "Made from request #7, split off Maria's record."
        );
    }
}

//! The ids a request's path names, one type each: a booking's id cannot be passed where a
//! post's is meant. Each is its number in JSON and in the database.

use std::fmt;

use serde::{Deserialize, Serialize};

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident),+ $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    )+};
}

ids! {
    /// A blog post.
    PostId,
    /// A saved revision of a post.
    RevisionId,
    /// A booking request.
    BookingId,
    /// A note on a booking.
    NoteId,
    /// A device that gets push notifications.
    DeviceId,
    /// A saved version of the site details.
    SiteVersionId,
    /// A customer's record.
    CustomerId,
    /// A quote.
    QuoteId,
    /// A payment received.
    PaymentId,
    /// An invoice.
    InvoiceId,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_number_in_json() {
        assert_eq!(serde_json::to_string(&BookingId(42)).unwrap(), "42");
        assert_eq!(serde_json::from_str::<PostId>("7").unwrap(), PostId(7));
        assert!(serde_json::from_str::<PostId>("\"7\"").is_err());
        assert_eq!(NoteId(3).to_string(), "3");
    }
}

//! Values parsed from untrusted input at the edge. Inner code takes these, never raw strings.
//! Each parse error is the message the visitor sees (docs/product.md section 5).

mod contact;
mod history;
mod ids;
mod line;
mod money;
mod role;
mod slug;
mod status;
mod text_enum;

pub use contact::{EmailAddress, PersonName, Phone};
pub use history::EventKind;
pub use ids::{
    BookingId, CustomerId, DeviceId, InvoiceId, NoteId, PaymentId, PostId, QuoteId, RevisionId, SiteVersionId,
};
pub use line::{clipped, one_line};
pub use money::{CURRENCY, Money, Quantity, Rate, round_half_up};
pub use role::Role;
pub use slug::Slug;
pub use status::BookingStatus;
pub use text_enum::UnknownName;

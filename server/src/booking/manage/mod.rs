//! The customer's own page of their request (`/booking/{token}`): what it shows, and the changes
//! the customer makes there (a time, a cancellation, their contact details), the photos they
//! sent, the trailer it is about, the quotes and invoices the shop sent for it (and their payment
//! pages, `pay_routes`), and the link's own check and replacement.

pub mod contact_routes;
pub mod link_routes;
pub mod pay_routes;
pub mod photo_routes;
pub mod quote_routes;
pub mod routes;
pub mod store;
pub mod trailer_routes;
pub mod views;

//! Billing: what the shop charges and how it adds up. The figures of a quote or an invoice in
//! whole cents (`document`); the price book the owner keeps, which quotes take their lines from
//! (`price_book`, stored by `price_store`, served by `price_routes`); and the quotes written
//! from a request (`quote`, stored by `quote_store`, served by `quote_routes`), sent to the
//! customer and answered by them (`quote_sending`, stored by `quote_sending_store`, sent by
//! `quote_send_routes` and the jobs of `quote_mail`; the customer's side is on their own page,
//! `booking::manage::quote_routes`).

pub mod customer_quote;
pub mod document;
pub mod price_book;
pub mod price_routes;
pub mod price_store;
pub mod quote;
pub mod quote_list_store;
pub mod quote_mail;
pub mod quote_mail_store;
pub mod quote_routes;
pub mod quote_send_routes;
pub mod quote_sending;
pub mod quote_sending_store;
pub mod quote_store;

//! Billing: what the shop charges and how it adds up. The figures of a quote or an invoice in
//! whole cents (`document`); the price book the owner keeps, which quotes take their lines from
//! (`price_book`, stored by `price_store`, served by `price_routes`); and the quotes written
//! from a request (`quote`, stored by `quote_store`, served by `quote_routes`), sent to the
//! customer and answered by them (`quote_sending`, stored by `quote_sending_store`, sent by
//! `quote_send_routes` and the jobs of `quote_mail`; the customer's side is on their own page,
//! `booking::manage::quote_routes`); and the payments of their deposits (`payment`), made on the
//! shop's own Stripe account (`stripe`, its signed events `stripe_signature` and `stripe_event`)
//! or recorded by the team (`payment_routes`), written by `payment_store`, read by
//! `payment_reads`, with a receipt to the customer (`payment_mail`). Once the work is done, the
//! invoice (`invoice`, stored by `invoice_store` and `invoice_issue_store`, listed by
//! `invoice_list_store` and served as a list and CSV by `invoice_list_routes`, served by
//! `invoice_routes` and `invoice_issue_routes`, e-mailed and reminded by `invoice_mail`; the
//! customer reads and pays it on their page,
//! `booking::manage::invoice_routes`), paid the same ways. A customer's documents move with a
//! merge of their record and are cleared of the person with an erasure (`customer_documents`).

pub mod customer_documents;
pub mod customer_invoice;
pub mod customer_quote;
pub mod document;
pub mod invoice;
pub mod invoice_issue_routes;
pub mod invoice_issue_store;
pub mod invoice_list_routes;
pub mod invoice_list_store;
pub mod invoice_mail;
pub mod invoice_routes;
pub mod invoice_store;
pub mod money_figures;
pub mod payment;
pub mod payment_mail;
pub mod payment_reads;
pub mod payment_routes;
pub mod payment_store;
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
pub mod stripe;
pub mod stripe_event;
pub mod stripe_signature;

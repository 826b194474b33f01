//! Texts with a request's customer, from its page in the admin.

pub mod routes;
pub mod store;

//! The team's notes on a request.

pub mod routes;
pub mod store;

//! The admin's inbox of requests: its list, filters and search, a status set from it, and the CSV
//! export.

pub mod export_routes;
pub mod routes;
pub mod search;
pub mod store;

//! Service requests from the booking dialog: parsed, stored with their deliveries in one
//! transaction, then delivered by the outbox worker (`crate::delivery`); and the team's work on
//! them, one sub-feature a folder (`inbox`, `today`, `manage`, `notes`, `photos`, `texts`), each
//! with its routes and its store.

pub mod answer_keys;
pub mod area;
pub mod erasure;
pub mod events;
pub mod inbox;
pub mod manage;
pub mod model;
pub mod notes;
pub mod photos;
pub mod records;
pub mod request_routes;
pub mod response;
pub mod routes;
pub mod shared_store;
pub mod source;
pub mod source_store;
pub mod store;
pub mod texting;
pub mod texts;
pub mod today;
pub mod views;

//! Service requests from the booking dialog: parsed, stored with their deliveries in one
//! transaction, then delivered by the outbox worker (`crate::delivery`).

pub mod admin;
pub mod area;
pub mod desk;
pub mod events;
pub mod export;
pub mod inbox;
pub mod live;
pub mod manage;
pub mod manage_contact;
pub mod manage_store;
pub mod model;
pub mod note_store;
pub mod notes;
pub mod photo_store;
pub mod photos;
pub mod records;
pub mod request;
pub mod response;
pub mod routes;
pub mod search;
pub mod source;
pub mod sources;
pub mod store;
pub mod text_store;
pub mod texts;
pub mod today;
pub mod today_store;
pub mod views;

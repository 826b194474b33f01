//! Service requests from the booking dialog: parsed, stored with their deliveries in one
//! transaction, then delivered by the outbox worker (`crate::delivery`).

pub mod admin_routes;
pub mod answer_keys;
pub mod area;
pub mod contact_routes;
pub mod desk_routes;
pub mod events;
pub mod export_routes;
pub mod inbox;
pub mod inbox_search;
pub mod live_routes;
pub mod manage_routes;
pub mod manage_store;
pub mod manage_views;
pub mod model;
pub mod note_routes;
pub mod note_store;
pub mod photo_routes;
pub mod photo_store;
pub mod records;
pub mod request_routes;
pub mod response;
pub mod routes;
pub mod shared_store;
pub mod source;
pub mod source_store;
pub mod store;
pub mod text_routes;
pub mod text_store;
pub mod texting;
pub mod today_routes;
pub mod today_store;
pub mod views;

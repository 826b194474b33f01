//! The blog: published posts for the public pages, the admin API that edits them, their
//! sanitiser, and the sample posts.

pub mod draft;
pub mod listing;
pub mod model;
pub mod preview_routes;
pub mod preview_store;
pub mod published;
pub mod publisher;
pub mod publisher_store;
pub mod revision_routes;
pub mod revision_store;
pub mod routes;
pub mod samples;
pub mod sanitize;
pub mod search_index;
pub mod store;

//! The blog: published posts for the public pages, their sanitiser, and the sample posts.

pub mod model;
pub mod samples;
pub mod sanitize;
pub mod store;

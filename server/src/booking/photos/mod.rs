//! The photos a customer sends with a request, stored and served to the team.

pub mod routes;
pub mod store;

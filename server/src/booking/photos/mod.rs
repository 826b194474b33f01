//! The photos of a request: those a customer sends with it, stored and served to the team
//! (`routes`), and those the team takes of the job (`team_routes`).

pub mod routes;
pub mod store;
pub mod team_routes;

//! The admin area's security: passwords (argon2id), sessions, the guard of admin APIs (role and
//! CSRF), two-factor sign-in, the account page, sign-in throttling and the audit log.

pub mod account_routes;
pub mod account_store;
pub mod audit_routes;
pub mod code_routes;
pub mod guard;
pub mod password;
pub mod reset_routes;
pub mod reset_store;
pub mod routes;
pub mod session;
pub mod team_routes;
pub mod team_store;
pub mod throttle;
pub mod two_factor;
pub mod users;

//! The admin area's security: passwords (argon2id), sessions, the guard of admin APIs (role and
//! CSRF), sign-in throttling and the audit log.

pub mod audit;
pub mod guard;
pub mod password;
pub mod routes;
pub mod session;
pub mod throttle;
pub mod users;

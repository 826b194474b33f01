//! Admin accounts: password rules and argon2id hashes, and the users table.

pub mod password;
pub mod users;

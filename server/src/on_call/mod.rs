//! Who is on call: the weekly rota on the shop's clock (who is first and who is second, per day
//! of the week and hour), a member's 'I'm on call until ...', and the rota's gaps (hours with
//! nobody on call while the site promises 24/7). An emergency nobody answers escalates through
//! them (`escalation`), at the times the owner sets (`steps`); `figures` counts which step
//! answered.

pub mod escalation;
pub mod figures;
pub mod rota;
pub mod routes;
pub mod steps;
pub mod store;

//! Insights: does the website bring work? Visits, sources and the booking funnel, counted in the
//! server without cookies, shown in the admin and e-mailed weekly to the owner.

pub mod beacon;
mod counter;
mod figures;
pub mod funnel;
pub mod report;
pub mod routes;
mod store;
mod tally;
mod visitor;

pub use counter::{Client, Insights, Settings, Step};

//! From request to scheduled job: the times a visitor may pick (from the owner's settings and
//! what is booked), the seats a time holds, the visitor's link to change or cancel it, the
//! owner's schedule and calendar feed, and the calendar files.

pub mod admin;
pub mod calendar;
pub mod feed;
pub mod ics;
pub mod jobs;
pub mod links;
pub mod messages;
pub mod routes;
pub mod store;
pub mod times;

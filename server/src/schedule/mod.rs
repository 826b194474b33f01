//! From request to scheduled job: the times a visitor may pick (from the owner's settings and
//! what is booked), the seats a time holds, the visitor's link to change or cancel it, the
//! owner's schedule and what it writes, the calendar feed and files, and the messages sent.

pub mod admin_routes;
pub mod booking_event;
pub mod calendar;
pub mod feed_routes;
pub mod ics;
pub mod jobs;
pub mod links;
pub mod messages;
pub mod owner_store;
pub mod routes;
mod shop_notices;
pub mod store;
mod texts;
pub mod times;
pub mod visitor_words;

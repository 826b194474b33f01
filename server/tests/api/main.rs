//! HTTP tests against the real application, started on port 0 with a temporary data directory.

mod account;
mod admin_auth;
mod admin_cli;
mod admin_posts;
mod backup;
mod blog;
mod blog_changes;
mod booking_desk;
mod booking_photos;
mod bookings;
mod confirmations;
mod connections;
mod faults;
mod helpers;
mod instances;
mod notifications;
mod openapi;
mod pages;
mod post_lifecycle;
mod process;
mod responses;
mod site_details;
mod site_pages;
mod soak;
mod stand_ins;
mod startup;

//! `trailerworks`: the website, booking desk and blog of a family trailer repair shop.

pub mod api_doc;
pub mod assets;
pub mod auth;
pub mod blog;
pub mod booking;
pub mod changes;
pub mod cli;
pub mod client;
pub mod clock;
pub mod commands;
pub mod config;
pub mod content;
pub mod db;
pub mod delivery;
pub mod domain;
pub mod encoding;
pub mod error;
pub mod media;
pub mod pages;
pub mod render;
pub mod routes;
pub mod schedule;
pub mod security;
pub mod serve;
pub mod site;
pub mod startup;

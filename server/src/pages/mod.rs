//! The public pages: which path shows which page, with what data and head tags.
//!
//! The server is the one place that maps paths to pages. The web app draws a page by its `kind`
//! with the `data` given here, both when rendering on the server and after client navigation.

mod home;
mod layout;

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::Value;

use crate::content::Content;

pub use layout::layout_data;

/// Everything about the site that pages are made from.
pub struct Site {
    pub content: Content,
    /// The public origin, e.g. `https://trailers.example.com`, without a trailing slash.
    pub public_url: String,
}

/// One page, ready to render.
#[derive(Debug, Serialize)]
pub struct Page {
    /// The HTTP status of the document; /api/page answers 200 and carries it here.
    #[serde(serialize_with = "status_number")]
    pub status: StatusCode,
    pub kind: &'static str,
    pub head: Head,
    pub data: Value,
}

/// What goes into the document's `<head>`.
#[derive(Debug, Serialize)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// Path of the canonical URL; None for pages that must not be indexed.
    #[serde(skip)]
    pub canonical_path: Option<String>,
    #[serde(skip)]
    pub image: String,
}

fn status_number<S: serde::Serializer>(
    status: &StatusCode,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_u16(status.as_u16())
}

/// The key under which the page for unknown paths is cached.
pub const NOT_FOUND_KEY: &str = "/404";

/// Every path whose page is rendered ahead of time.
pub fn prerendered_paths(_site: &Site) -> Vec<String> {
    vec!["/".to_owned(), NOT_FOUND_KEY.to_owned()]
}

/// The page at `path`: a known page, or the 404 page.
pub fn resolve(site: &Site, path: &str) -> Page {
    match path {
        "/" => home::page(site),
        _ => not_found(site),
    }
}

fn not_found(site: &Site) -> Page {
    Page {
        status: StatusCode::NOT_FOUND,
        kind: "notFound",
        head: Head {
            title: format!("Page Not Found | {}", site.content.business.name),
            description: "Sorry, the page you are looking for doesn't exist or has been moved."
                .to_owned(),
            canonical_path: None,
            image: site.content.hero.poster.clone(),
        },
        data: Value::Null,
    }
}

//! The public pages: which path shows which page, with what data and head tags; the sitemap and
//! feed; and `PublicPages`, which renders them on demand and keeps them in the page cache.
//!
//! The server is the one place that maps paths to pages. The web app draws a page by its `kind`
//! with the `data` given here, both when rendering on the server and after client navigation.

mod areas;
mod blog;
pub mod crawlers;
mod head;
mod home;
mod info;
mod layout;
mod public;
pub mod search;
mod structured_data;

use std::sync::Arc;

use crate::db::Db;
use axum::http::StatusCode;
use serde::Serialize;
use serde_json::Value;

use crate::{content::Content, render::cache::Scopes};

pub use head::Head;
pub use public::{Cached, CachedEntry, PublicPages};

/// What a cached page can be made from: the published posts,
pub const BLOG_SCOPE: Scopes = Scopes::one(0);
/// and the site details (every page shows some).
pub const SITE_SCOPE: Scopes = Scopes::one(1);

/// Everything about the site that pages are made from.
pub struct Site {
    pub content: Arc<Content>,
    /// The public origin, e.g. `https://trailers.example.com`, without a trailing slash.
    pub public_url: String,
    /// Read-only connections to the database, for the published posts.
    pub db: Db,
    /// What the shared layout shows on every page, as the web app reads it.
    layout: Value,
}

impl Site {
    pub fn new(content: Arc<Content>, public_url: String, db: Db) -> Self {
        let layout = layout::layout_data(&content);
        Self { content, public_url, db, layout }
    }

    /// The shop's time zone, which every date a visitor reads is on.
    pub fn zone(&self) -> jiff::tz::TimeZone {
        self.content.business.zone()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.public_url)
    }

    /// `url` as crawlers and link previews need it: a site path made absolute, others as they are.
    pub fn absolute(&self, url: &str) -> String {
        if url.starts_with('/') { self.url(url) } else { url.to_owned() }
    }
}

/// One page, ready to render.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Page {
    /// The HTTP status of the document; /api/page answers 200 and carries it here.
    #[serde(serialize_with = "status_number")]
    #[schema(value_type = u16)]
    pub status: StatusCode,
    /// Which page component shows it, e.g. `home`, `city`, `blogPost`, `notFound`.
    pub kind: &'static str,
    pub head: Head,
    /// What that component shows; its shape depends on the kind.
    pub data: Value,
    /// What besides the content file the page shows (and so what makes it stale).
    #[serde(skip)]
    pub scopes: Scopes,
}

fn status_number<S: serde::Serializer>(status: &StatusCode, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u16(status.as_u16())
}

impl Page {
    fn ok(kind: &'static str, head: Head, data: Value) -> Self {
        Self { status: StatusCode::OK, kind, head, data, scopes: SITE_SCOPE }
    }

    /// Marks the page as showing published posts.
    fn showing_posts(mut self) -> Self {
        self.scopes = self.scopes.and(BLOG_SCOPE);
        self
    }
}

/// What a path leads to.
pub enum Resolved {
    Page(Page),
    /// A page that moved (a renamed post's old address, page 1 of the blog): its new path.
    Moved(String),
    Missing(Missing),
}

/// The kinds of missing page; each kind has one page, shared by every path that leads to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    Page,
    City,
    Post,
}

impl Missing {
    /// The cache key of its page (not a path, so never a real page's key).
    fn key(self) -> &'static str {
        match self {
            Self::Page => "404 page",
            Self::City => "404 city",
            Self::Post => "404 post",
        }
    }

    /// The address its page is rendered at (the header marks the section it is in).
    fn render_url(self) -> &'static str {
        match self {
            Self::Page => "/404",
            Self::City => "/service-areas/404",
            Self::Post => "/blog/404",
        }
    }

    fn page(self, site: &Site) -> Page {
        match self {
            Self::Page => not_found(site),
            Self::City => areas::city_not_found(site),
            Self::Post => blog::post_not_found(site),
        }
    }
}

const AREAS: &str = "/service-areas";
pub const BLOG: &str = "/blog";

/// The pages that are always there, in sitemap order (the blog's list pages and posts follow).
pub fn fixed_paths(site: &Site) -> Vec<String> {
    let mut paths: Vec<String> =
        ["/", "/services", "/about", "/contact", AREAS].iter().map(|p| (*p).to_owned()).collect();
    paths.extend(site.content.cities.iter().map(|city| format!("{AREAS}/{}", city.slug)));
    paths
}

/// What the page at `path` is: a known page, a move, or a missing page.
pub async fn resolve(site: &Site, path: &str) -> anyhow::Result<Resolved> {
    let page = match path {
        "/" => home::page(site),
        "/services" => info::services(site),
        "/about" => info::about(site),
        "/contact" => info::contact(site),
        "/thank-you" => info::thank_you(site),
        AREAS => areas::list(site),
        BLOG => return blog::list(site, 1).await,
        _ => {
            if let Some(number) = path.strip_prefix(blog::LIST_PAGES) {
                return match blog::list_number(number) {
                    Some(1) => Ok(Resolved::Moved(BLOG.to_owned())),
                    Some(number) => blog::list(site, number).await,
                    None => Ok(Resolved::Missing(Missing::Page)),
                };
            } else if let Some(slug) = path.strip_prefix("/service-areas/") {
                match areas::city(site, slug) {
                    Some(page) => page,
                    None => return Ok(Resolved::Missing(Missing::City)),
                }
            } else if let Some(slug) = path.strip_prefix("/blog/") {
                return blog::post(site, slug).await;
            } else {
                return Ok(Resolved::Missing(Missing::Page));
            }
        }
    };
    Ok(Resolved::Page(page))
}

fn not_found(site: &Site) -> Page {
    Page {
        status: StatusCode::NOT_FOUND,
        kind: "notFound",
        head: Head::not_indexed(
            site,
            format!("Page Not Found | {}", site.content.business.name),
            "Sorry, the page you are looking for doesn't exist or has been moved.".to_owned(),
        ),
        data: Value::Null,
        scopes: SITE_SCOPE,
    }
}

//! The public pages: which path shows which page, with what data and head tags.
//!
//! The server is the one place that maps paths to pages. The web app draws a page by its `kind`
//! with the `data` given here, both when rendering on the server and after client navigation.

mod areas;
mod blog;
pub mod crawlers;
mod home;
mod info;
mod layout;
mod structured_data;

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::Value;

use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
};

use sqlx::SqlitePool;

use crate::{
    blog::{model::Post, store},
    content::Content,
};

pub use layout::layout_data;

/// Everything about the site that pages are made from.
pub struct Site {
    pub content: Content,
    /// The public origin, e.g. `https://trailers.example.com`, without a trailing slash.
    pub public_url: String,
    /// Published posts, newest first; replaced whole when the blog changes.
    posts: RwLock<Arc<Vec<Post>>>,
    /// Old slugs of published posts, and the slug each now answers at.
    redirects: RwLock<Arc<HashMap<String, String>>>,
}

impl Site {
    pub fn new(content: Content, public_url: String) -> Self {
        Self { content, public_url, posts: RwLock::default(), redirects: RwLock::default() }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.public_url)
    }

    /// `url` as crawlers and link previews need it: a site path made absolute, others as they are.
    pub fn absolute(&self, url: &str) -> String {
        if url.starts_with('/') { self.url(url) } else { url.to_owned() }
    }

    pub fn posts(&self) -> Arc<Vec<Post>> {
        self.posts.read().map(|posts| Arc::clone(&posts)).unwrap_or_default()
    }

    /// Reads the published posts and the old slugs from the database.
    pub async fn load_blog(&self, db: &SqlitePool) -> anyhow::Result<()> {
        let posts = store::published(db).await?;
        let redirects = store::redirects(db).await?;
        if let Ok(mut current) = self.posts.write() {
            *current = Arc::new(posts);
        }
        if let Ok(mut current) = self.redirects.write() {
            *current = Arc::new(redirects);
        }
        Ok(())
    }

    /// Where an old post address now lives: `/blog/{old}` gives `/blog/{new}`.
    pub fn redirect(&self, path: &str) -> Option<String> {
        let old = path.strip_prefix("/blog/")?;
        let redirects = self.redirects.read().ok()?;
        redirects.get(old).map(|new| format!("{BLOG}/{new}"))
    }
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

fn status_number<S: serde::Serializer>(status: &StatusCode, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u16(status.as_u16())
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
    /// True for a blog post (Open Graph type article), false for other pages (website).
    #[serde(skip)]
    pub article: bool,
    /// JSON-LD objects for search engines.
    #[serde(skip)]
    pub structured_data: Vec<Value>,
}

impl Head {
    /// The head of an indexable page at `path`, shared with the social card image of the site.
    fn indexed(site: &Site, path: &str, title: String, description: String) -> Self {
        Self {
            title,
            description,
            canonical_path: Some(path.to_owned()),
            image: site.content.hero.poster.clone(),
            article: false,
            structured_data: Vec::new(),
        }
    }

    fn not_indexed(site: &Site, title: String, description: String) -> Self {
        Self { canonical_path: None, ..Self::indexed(site, "", title, description) }
    }

    fn with_data(mut self, data: Vec<Value>) -> Self {
        self.structured_data = data;
        self
    }
}

impl Page {
    fn ok(kind: &'static str, head: Head, data: Value) -> Self {
        Self { status: StatusCode::OK, kind, head, data }
    }
}

/// The cache key of the page shown for unknown paths.
pub const NOT_FOUND_KEY: &str = "/404";
/// The cache key of the page shown for unknown city slugs.
const CITY_NOT_FOUND_KEY: &str = "/service-areas/404";
/// The cache key of the page shown for unknown or unpublished posts.
const POST_NOT_FOUND_KEY: &str = "/blog/404";
const AREAS: &str = "/service-areas";
pub const BLOG: &str = "/blog";

/// Pages listed in the sitemap, in order.
pub fn indexed_paths(site: &Site) -> Vec<String> {
    let mut paths: Vec<String> =
        ["/", "/services", "/about", "/contact", AREAS].iter().map(|p| (*p).to_owned()).collect();
    paths.extend(site.content.cities.iter().map(|city| format!("{AREAS}/{}", city.slug)));
    paths.push(BLOG.to_owned());
    paths.extend(site.posts().iter().map(Post::path));
    paths
}

/// Every path whose page is rendered ahead of time.
pub fn prerendered_paths(site: &Site) -> Vec<String> {
    let mut paths = indexed_paths(site);
    paths.extend(["/thank-you", NOT_FOUND_KEY, CITY_NOT_FOUND_KEY, POST_NOT_FOUND_KEY].map(str::to_owned));
    paths
}

/// The blog list and post pages (not the shared 404 page of posts), which a blog change replaces.
pub fn is_post_path(path: &str) -> bool {
    path == BLOG || (path.starts_with("/blog/") && path != POST_NOT_FOUND_KEY)
}

/// The key under which the page at `path` is cached: the path itself for a known page, and one
/// shared key per kind of 404 page, so unknown paths never cause a render each.
pub fn cache_key<'a>(site: &Site, path: &'a str) -> &'a str {
    if resolve(site, path).status != StatusCode::NOT_FOUND {
        path
    } else if path.starts_with("/service-areas/") {
        CITY_NOT_FOUND_KEY
    } else if path.starts_with("/blog/") {
        POST_NOT_FOUND_KEY
    } else {
        NOT_FOUND_KEY
    }
}

/// The page at `path`: a known page, or a 404 page.
pub fn resolve(site: &Site, path: &str) -> Page {
    match path {
        "/" => home::page(site),
        "/services" => info::services(site),
        "/about" => info::about(site),
        "/contact" => info::contact(site),
        "/thank-you" => info::thank_you(site),
        AREAS => areas::list(site),
        BLOG => blog::list(site),
        _ => {
            if let Some(slug) = path.strip_prefix("/service-areas/") {
                areas::city(site, slug)
            } else if let Some(slug) = path.strip_prefix("/blog/") {
                blog::post(site, slug)
            } else {
                not_found(site)
            }
        }
    }
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
    }
}

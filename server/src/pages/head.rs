//! What a page puts in the document's `<head>`: title, description, canonical URL, link
//! previews, the feed link and JSON-LD.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

use super::{
    paths::FEED_PATH,
    site::Site,
    social::{self, Picture},
};
use crate::render::html::{escape, script_safe};

/// The page's title and description (the document's head has more, made on the server).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// Path of the canonical URL; None for pages that must not be indexed.
    #[serde(skip)]
    pub canonical_path: Option<String>,
    /// The page's own picture (a post's social or featured image), if it has one: a shared
    /// link shows it, else a card with the page's title.
    #[serde(skip)]
    pub image: Option<String>,
    /// What the image shows, when the owner described it.
    #[serde(skip)]
    pub image_alt: Option<String>,
    /// True for a blog post (Open Graph type article), false for other pages (website).
    #[serde(skip)]
    pub article: bool,
    /// JSON-LD objects for search engines.
    #[serde(skip)]
    pub structured_data: Vec<Value>,
}

impl Head {
    /// The head of an indexable page at `path`.
    pub(super) fn indexed(path: &str, title: String, description: String) -> Self {
        Self {
            title,
            description,
            canonical_path: Some(path.to_owned()),
            image: None,
            image_alt: None,
            article: false,
            structured_data: Vec::new(),
        }
    }

    /// The picture a shared link to the page shows.
    pub fn picture(&self, site: &Site) -> Picture {
        Picture::of(site, &self.title, self.image.as_deref())
    }

    pub(super) fn not_indexed(title: String, description: String) -> Self {
        Self { canonical_path: None, ..Self::indexed("", title, description) }
    }

    pub(super) fn with_data(mut self, data: Vec<Value>) -> Self {
        self.structured_data = data;
        self
    }

    /// The tags, escaped, for the document shell.
    pub fn tags(&self, site: &Site) -> String {
        let name = &site.content.business.name;
        let mut html = String::with_capacity(2048);
        let _ = write!(html, "<title>{}</title>", escape(&self.title));
        meta(&mut html, "name", "description", &self.description);
        match &self.canonical_path {
            Some(path) => {
                let url = site.url(path);
                let _ = write!(html, "<link rel=\"canonical\" href=\"{}\">", escape(&url));
                meta(&mut html, "property", "og:url", &url);
            }
            None => meta(&mut html, "name", "robots", "noindex"),
        }
        meta(&mut html, "property", "og:type", if self.article { "article" } else { "website" });
        meta(&mut html, "property", "og:site_name", name);
        meta(&mut html, "property", "og:title", &self.title);
        meta(&mut html, "property", "og:description", &self.description);
        // A page kept out of search engines shares the home page's picture.
        let (picture, path) = match &self.canonical_path {
            Some(path) => (self.picture(site), path.as_str()),
            None => (Picture::of(site, &site.content.hero.headline, None), "/"),
        };
        let image = site.absolute(&picture.url(path, site));
        // What the picture shows: the owner's description of a photo (a post's social image has
        // none), else the page's title; the card's own words.
        let alt = match (&picture, &self.image_alt) {
            (Picture::Photo(_), None) => Some(self.title.clone()),
            (Picture::Photo(_) | Picture::External(_), alt) => alt.clone(),
            (Picture::Card { title }, _) => Some(format!("{title}: {name}")),
        };
        meta(&mut html, "property", "og:image", &image);
        if let Some(content_type) = picture.content_type() {
            meta(&mut html, "property", "og:image:type", content_type);
            meta(&mut html, "property", "og:image:width", &social::WIDTH.to_string());
            meta(&mut html, "property", "og:image:height", &social::HEIGHT.to_string());
        }
        if let Some(alt) = &alt {
            meta(&mut html, "property", "og:image:alt", alt);
        }
        meta(&mut html, "name", "twitter:card", "summary_large_image");
        meta(&mut html, "name", "twitter:title", &self.title);
        meta(&mut html, "name", "twitter:description", &self.description);
        meta(&mut html, "name", "twitter:image", &image);
        if let Some(alt) = &alt {
            meta(&mut html, "name", "twitter:image:alt", alt);
        }
        meta(&mut html, "name", "theme-color", "#0f172a");
        html.push_str(FAVICON);
        let _ = write!(
            html,
            "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"{} Blog\" href=\"{FEED_PATH}\">",
            escape(name)
        );
        for data in &self.structured_data {
            html.push_str("<script type=\"application/ld+json\">");
            html.push_str(&script_safe(&data.to_string()));
            html.push_str("</script>");
        }
        html
    }
}

/// The site's icons: the logo (SVG where the browser takes it, else the ICO), and the one a phone
/// puts on its home screen.
const FAVICON: &str = "<link rel=\"icon\" href=\"/favicon.ico\" sizes=\"32x32\">\
<link rel=\"icon\" href=\"/site/favicon.svg\" type=\"image/svg+xml\">\
<link rel=\"apple-touch-icon\" href=\"/apple-touch-icon.png\">";
/// The admin app's colour in the phone's bars (its header's).
const ADMIN_THEME: &str = "#020617";

/// The head of the admin area's document: never indexed, nor followed; installable (the web app
/// manifest) with its own colour.
pub fn admin_tags(site: &Site) -> String {
    let mut html = format!("<title>Admin | {}</title>", escape(&site.content.business.name));
    meta(&mut html, "name", "robots", "noindex, nofollow");
    meta(&mut html, "name", "theme-color", ADMIN_THEME);
    html.push_str(FAVICON);
    html.push_str("<link rel=\"manifest\" href=\"/dbadmin/manifest.webmanifest\">");
    html
}

/// The admin app's web app manifest: installed, it opens on Today, on its own, with the icons
/// made from the logo.
pub fn admin_manifest(site: &Site) -> Value {
    let business = &site.content.business;
    let icon = |src: &str, sizes: &str, purpose: &str| serde_json::json!({ "src": src, "sizes": sizes, "type": "image/png", "purpose": purpose });
    serde_json::json!({
        "id": "/dbadmin/today",
        "name": format!("{} Admin", business.name),
        "short_name": business.short_name,
        "description": format!("Requests, schedule and site of {}", business.name),
        "start_url": "/dbadmin/today",
        "scope": "/dbadmin",
        "display": "standalone",
        "background_color": "#f1f5f9",
        "theme_color": ADMIN_THEME,
        "icons": [
            icon("/icons/icon-192.png", "192x192", "any"),
            icon("/icons/icon-512.png", "512x512", "any"),
            icon("/icons/icon-maskable-512.png", "512x512", "maskable"),
        ],
    })
}

fn meta(html: &mut String, attribute: &str, key: &str, value: &str) {
    let _ = write!(html, "<meta {attribute}=\"{key}\" content=\"{}\">", escape(value));
}

//! Everything about the site that the public pages are made from.

use std::sync::Arc;

use serde_json::Value;

use super::layout;
use crate::{db::Db, site::content::Content};

/// Everything about the site that pages are made from.
pub struct Site {
    pub content: Arc<Content>,
    /// The public origin, e.g. `https://trailers.example.com`, without a trailing slash.
    pub public_url: String,
    /// Read-only connections to the database, for the published posts.
    pub db: Db,
    /// Visits are counted (Insights): the footer links to how.
    pub counting: bool,
    /// The server can send texts: the request form offers them.
    pub texting: bool,
    /// What the shared layout shows on every page, as the web app reads it.
    pub(super) layout: Value,
}

impl Site {
    /// The site made of `content`, where visits are counted and texts can be sent or not.
    pub fn new(content: Arc<Content>, public_url: String, db: Db, (counting, texting): (bool, bool)) -> Self {
        let year = db.clock.today(&content.business.zone()).year();
        let layout = layout::layout_data(&content, (counting, texting), year);
        Self { content, public_url, db, counting, texting, layout }
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

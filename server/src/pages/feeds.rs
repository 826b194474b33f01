//! What the public pages give crawlers and feed readers, kept in the same page cache: the
//! sitemap index, its parts and the RSS feed.

use std::sync::Arc;

use axum::http::StatusCode;

use super::{
    crawlers,
    page::{BLOG_SCOPE, SITE_SCOPE},
    paths::FEED_PATH,
    public::{Cached, CachedEntry, PublicPages},
};
use crate::{
    encoding::{Effort, Encoded},
    render::cache::Made,
};

const XML: &str = "application/xml; charset=utf-8";
const RSS: &str = "application/rss+xml; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

impl PublicPages {
    /// The sitemap index.
    pub async fn sitemap_index(&self) -> anyhow::Result<CachedEntry> {
        self.cache
            .get_or_make(crawlers::SITEMAP_PATH, || async {
                xml(crawlers::sitemap_index(&self.site()).await?, XML).await
            })
            .await
    }

    /// The sitemap part called `name`, or a 404 answer when there is no such part.
    pub async fn sitemap_part(&self, name: &str) -> anyhow::Result<CachedEntry> {
        self.cache
            .get_or_make(&format!("{}{name}", crawlers::SITEMAP_PARTS), || async {
                match crawlers::sitemap_part(&self.site(), name).await? {
                    Some(part) => xml(part, XML).await,
                    None => {
                        let body = Arc::new(Encoded::new(
                            b"There is no such part of the sitemap.".to_vec(),
                            Effort::Fast,
                        ));
                        let value = Cached::Body { status: StatusCode::NOT_FOUND, content_type: TEXT, body };
                        Ok(Made { value, scopes: BLOG_SCOPE.and(SITE_SCOPE), keep: false })
                    }
                }
            })
            .await
    }

    /// The RSS feed of the newest posts.
    pub async fn feed(&self) -> anyhow::Result<CachedEntry> {
        self.cache
            .get_or_make(FEED_PATH, || async { xml(crawlers::feed_xml(&self.site()).await?, RSS).await })
            .await
    }
}

/// A sitemap part or the feed: both list posts, and name the business or its pages.
async fn xml(text: String, content_type: &'static str) -> anyhow::Result<Made<Cached>> {
    let body = Encoded::shared_off_executor(text.into_bytes(), Effort::Fast).await?;
    Ok(Made {
        value: Cached::Body { status: StatusCode::OK, content_type, body },
        scopes: BLOG_SCOPE.and(SITE_SCOPE),
        keep: true,
    })
}

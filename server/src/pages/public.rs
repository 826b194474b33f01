//! The public pages as the server keeps them: each rendered the first time it is asked for,
//! compressed once, and kept in the page cache until what it shows changes (or it is evicted).

use std::{
    sync::{Arc, PoisonError, RwLock},
    time::{Duration, Instant},
};

use axum::http::StatusCode;
use bytes::Bytes;

use super::{
    BLOG, blog_search, head,
    page::{AdminState, AppState, BLOG_SCOPE, Missing, Page, Resolved, SITE_SCOPE},
    resolve::{missing_page, resolve},
    site::Site,
    social::{self, Picture},
};
use crate::{
    assets::{self, ClientAssets},
    blog::model::Post,
    booking::manage::routes::Shown,
    changes::{Change, Follower},
    customers::own_page::OwnPage,
    db::Db,
    encoding::{Effort, Encoded},
    media::{Folder, MediaStore},
    metrics,
    render::{
        Document, RenderPool,
        cache::{Entry, Made, PageCache, Scopes, Weigh},
    },
    site::SiteDetails,
};

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

/// The pages rendered in the background after start-up, so the first visitors find them ready.
const WARM_UP: [&str; 6] = ["/", "/services", "/about", "/contact", "/service-areas", "/blog"];

/// What the page cache keeps.
#[derive(Clone, Debug)]
pub enum Cached {
    /// A response body, made once: a document, a page's JSON, a sitemap part or the feed.
    Body { status: StatusCode, content_type: &'static str, body: Arc<Encoded> },
    /// The path moved (a renamed post's old address): where to.
    Moved(String),
}

impl Cached {
    /// A page of the site as visitors see it: an HTML document answered 200 (not a 404 page, a
    /// move or a feed).
    pub fn is_page(&self) -> bool {
        matches!(self, Self::Body { status: StatusCode::OK, content_type: HTML, .. })
    }
}

impl Weigh for Cached {
    fn weight(&self) -> u64 {
        // The bodies, plus what the entry itself takes.
        let overhead = 256;
        match self {
            Self::Body { body, .. } => body.size() + overhead,
            Self::Moved(target) => target.len() as u64 + overhead,
        }
    }
}

pub type CachedEntry = Arc<Entry<Cached>>;

pub struct PublicPages {
    /// The site as the newest site details make it (see `site`).
    site: RwLock<Arc<Site>>,
    details: Arc<SiteDetails>,
    pool: RenderPool,
    assets: ClientAssets,
    admin_assets: ClientAssets,
    pub(super) cache: PageCache<Cached>,
    /// The pictures shared links show, by page and version (a change makes a new version).
    pictures: quick_cache::sync::Cache<String, Bytes>,
}

/// A picture a shared link shows.
pub struct SocialPicture {
    pub content_type: &'static str,
    /// A hash of what it shows; its address carries it.
    pub version: String,
    pub bytes: Bytes,
}

/// How many pictures for shared links are kept (about 50 KB to 150 KB each).
const PICTURES_KEPT: usize = 64;

impl PublicPages {
    /// Starts `render_threads` QuickJS runtimes (which proves the web bundle loads) and an empty
    /// cache of at most `cache_bytes`.
    pub fn start(
        details: Arc<SiteDetails>,
        public_url: String,
        db: Db,
        render_threads: usize,
        cache_bytes: u64,
        (counting, texting): (bool, bool),
    ) -> anyhow::Result<Self> {
        let site = Site::new(details.content(), public_url, db, (counting, texting));
        Ok(Self {
            assets: ClientAssets::from_manifest(&assets::CLIENT_ENTRY)?,
            admin_assets: ClientAssets::from_manifest(&assets::ADMIN_ENTRY)?,
            pool: RenderPool::start(assets::SERVER_BUNDLE, render_threads)?,
            cache: PageCache::new(cache_bytes),
            pictures: quick_cache::sync::Cache::new(PICTURES_KEPT),
            site: RwLock::new(Arc::new(site)),
            details,
        })
    }

    /// The site made from the site details shown now. A page is made from one such snapshot,
    /// taken after its cache stamp, so a save announced after it makes the page stale.
    pub fn site(&self) -> Arc<Site> {
        let content = self.details.content();
        let site = Arc::clone(&self.site.read().unwrap_or_else(PoisonError::into_inner));
        if Arc::ptr_eq(&site.content, &content) {
            return site;
        }
        let fresh = Arc::new(Site::new(
            content,
            site.public_url.clone(),
            site.db.clone(),
            (site.counting, site.texting),
        ));
        let mut shown = self.site.write().unwrap_or_else(PoisonError::into_inner);
        if Arc::ptr_eq(&shown.content, &self.details.content()) {
            return Arc::clone(&shown);
        }
        *shown = Arc::clone(&fresh);
        fresh
    }

    /// The fresh cached answer at `key` (a document's path, a sitemap part's, the feed's), if any.
    pub fn cached(&self, key: &str) -> Option<CachedEntry> {
        self.cache.get(key)
    }

    /// Whether `path` is a page of the site, as its cached document or else resolving it says.
    pub async fn is_page(&self, path: &str) -> anyhow::Result<bool> {
        if let Some(entry) = self.cache.get(path) {
            return Ok(entry.is_page());
        }
        Ok(
            matches!(resolve(&self.site(), path).await?, Resolved::Page(page) if page.status == StatusCode::OK),
        )
    }

    /// The document at `path`: the page, where it moved, or the 404 page of its kind.
    pub async fn document(&self, path: &str) -> anyhow::Result<CachedEntry> {
        self.cache
            .get_or_make(path, || async {
                match resolve(&self.site(), path).await? {
                    Resolved::Page(page) => {
                        let scopes = page.scopes;
                        Ok(Made { value: self.render(path, &page).await?, scopes, keep: true })
                    }
                    Resolved::Moved(target) => Ok(moved(target)),
                    Resolved::Missing(missing) => {
                        let shared = self.missing_document(missing).await?;
                        Ok(Made { value: (*shared).clone(), scopes: Scopes::NONE, keep: false })
                    }
                }
            })
            .await
    }

    /// The page at `path` as JSON, for client-side navigation.
    pub async fn page_json(&self, path: &str) -> anyhow::Result<CachedEntry> {
        self.cache
            .get_or_make(&format!("json {path}"), || async {
                match resolve(&self.site(), path).await? {
                    Resolved::Page(page) => {
                        Ok(Made { scopes: page.scopes, value: json_body(&page).await?, keep: true })
                    }
                    Resolved::Moved(target) => Ok(moved(target)),
                    Resolved::Missing(missing) => {
                        let shared = self
                            .cache
                            .get_or_make(&format!("json {}", missing.key()), || async {
                                let page = missing_page(missing, &self.site());
                                Ok(Made { scopes: page.scopes, value: json_body(&page).await?, keep: true })
                            })
                            .await?;
                        Ok(Made { value: (*shared).clone(), scopes: Scopes::NONE, keep: false })
                    }
                }
            })
            .await
    }

    async fn missing_document(&self, missing: Missing) -> anyhow::Result<CachedEntry> {
        self.cache
            .get_or_make(missing.key(), || async {
                let page = missing_page(missing, &self.site());
                Ok(Made {
                    value: self.render(missing.render_url(), &page).await?,
                    scopes: page.scopes,
                    keep: true,
                })
            })
            .await
    }

    /// Renders `page` at `url` in QuickJS and wraps it in its document.
    async fn render(&self, url: &str, page: &Page) -> anyhow::Result<Cached> {
        let started = Instant::now();
        let site = self.site();
        let state = serde_json::to_string(&AppState { layout: &site.layout, page })?;
        let app_html = self.pool.render(url, state.clone()).await?;
        let head = page.head.tags(&site);
        let html = Document {
            head: &head,
            assets: &self.assets,
            app_html: &app_html,
            state_json: &state,
            page_kind: Some(page.data.kind()),
        }
        .to_html();
        let body = Encoded::shared_off_executor(html.into_bytes(), Effort::Best).await?;
        metrics::rendered(started.elapsed());
        Ok(Cached::Body { status: page.status, content_type: HTML, body })
    }

    /// The visitor's page of their request at `url` (never cached: it is theirs alone).
    pub async fn manage_document(
        &self,
        url: &str,
        shown: Shown,
        own: Option<OwnPage>,
    ) -> anyhow::Result<Cached> {
        let page = super::info::manage_booking(&self.site(), shown, own);
        self.render(url, &page).await
    }

    /// The picture a shared link to a page shows, by its file under `social::PREFIX`
    /// (`/blog/winter-prep.png`): None unless that names a page of the site (one search engines
    /// may show) and the picture it has now.
    pub async fn social_picture(
        &self,
        file: &str,
        media: &MediaStore,
    ) -> anyhow::Result<Option<SocialPicture>> {
        let Some((path, extension)) = social::page_of(file) else { return Ok(None) };
        let site = self.site();
        let Resolved::Page(page) = resolve(&site, &path).await? else { return Ok(None) };
        if page.status != StatusCode::OK || page.head.canonical_path.is_none() {
            return Ok(None);
        }
        let picture = page.head.picture(&site);
        let (Some(content_type), true) = (picture.content_type(), picture.extension() == Some(extension))
        else {
            return Ok(None);
        };
        let version = picture.version(&site);
        let key = format!("{path} {version}");
        if let Some(bytes) = self.pictures.get(&key) {
            return Ok(Some(SocialPicture { content_type, version, bytes }));
        }
        let photo = match &picture {
            Picture::Photo(name) => match media.read(Folder::BlogImages, name).await? {
                Some(bytes) => Some(bytes),
                None => return Ok(None),
            },
            Picture::Card { .. } | Picture::External(_) => None,
        };
        let drawn: Bytes =
            tokio::task::spawn_blocking(move || picture.draw(&site, photo.as_deref())).await??.into();
        self.pictures.insert(key, drawn.clone());
        Ok(Some(SocialPicture { content_type, version, bytes: drawn }))
    }

    /// The contact page with its plain form sent back filled, saying what to fix (never cached).
    pub async fn refused_request(&self, refused: super::page_data::RefusedRequest) -> anyhow::Result<Cached> {
        let page = super::info::refused_request(&self.site(), refused);
        self.render("/contact", &page).await
    }

    /// The blog's first page showing the posts that hold `typed`: the search form sent without
    /// script (never cached).
    pub async fn blog_search_document(&self, typed: &str) -> anyhow::Result<Cached> {
        let page = super::blog::searched(&self.site(), typed).await?;
        self.render(BLOG, &page).await
    }

    /// The document of an unsaved post as its page will show it, at `url` (never cached).
    pub async fn preview(&self, url: &str, post: Post) -> anyhow::Result<Cached> {
        let page = super::blog::preview(&self.site(), post).await?;
        self.render(url, &page).await
    }

    /// The admin area's document, the same for every /dbadmin path: an empty root the admin app
    /// renders into, with the layout data (business name and labels for the post preview).
    pub async fn admin_document(&self) -> anyhow::Result<CachedEntry> {
        self.cache
            .get_or_make("admin document", || async {
                let site = self.site();
                let state = serde_json::to_string(&AdminState { layout: &site.layout })?;
                let head = head::admin_tags(&site);
                let html = Document {
                    head: &head,
                    assets: &self.admin_assets,
                    app_html: "",
                    state_json: &state,
                    page_kind: None,
                }
                .to_html();
                let body = Encoded::shared_off_executor(html.into_bytes(), Effort::Best).await?;
                Ok(Made {
                    value: Cached::Body { status: StatusCode::OK, content_type: HTML, body },
                    scopes: SITE_SCOPE,
                    keep: true,
                })
            })
            .await
    }

    /// The published posts that hold the words of `query`, best first.
    pub async fn search(&self, query: &blog_search::Query) -> anyhow::Result<blog_search::Results> {
        blog_search::search(&self.site(), query).await
    }

    /// Renders the main pages that are not cached yet, one at a time, so that a render thread
    /// stays free for visitors meanwhile. Run in the background after start-up.
    pub async fn warm_up(&self) {
        for path in WARM_UP {
            if let Err(error) = self.document(path).await {
                tracing::error!("Failed to render {path}: {error:#}");
            }
        }
    }

    /// Bytes the page cache holds now, and at most.
    pub fn cache_use(&self) -> (u64, u64) {
        (self.cache.weight(), self.cache.capacity())
    }

    /// Entries the page cache holds now.
    pub fn cache_entries(&self) -> usize {
        self.cache.entries()
    }

    /// Times the page at `path`: rendering in QuickJS, `iterations` + 1 times; then making the
    /// document and compressing it, once.
    pub async fn time_render(
        &self,
        path: &str,
        iterations: usize,
    ) -> anyhow::Result<(Vec<Duration>, Duration)> {
        let site = self.site();
        let page = match resolve(&site, path).await? {
            Resolved::Page(page) => *page,
            Resolved::Missing(missing) => missing_page(missing, &site),
            Resolved::Moved(target) => anyhow::bail!("{path} moved to {target}"),
        };
        let state = serde_json::to_string(&AppState { layout: &site.layout, page: &page })?;
        let mut times = Vec::with_capacity(iterations + 1);
        for _ in 0..=iterations {
            let started = Instant::now();
            self.pool.render(path, state.clone()).await?;
            times.push(started.elapsed());
        }
        let started = Instant::now();
        self.render(path, &page).await?;
        let with_document = started.elapsed();
        Ok((times, with_document))
    }
}

impl Follower for PublicPages {
    fn changed(&self, change: Change) {
        match change {
            Change::Blog => self.cache.change(BLOG_SCOPE),
            Change::Site => self.cache.change(SITE_SCOPE),
            Change::Desk => {}
        }
    }
}

/// A page as JSON, for client-side navigation (the page's own status is inside; HTTP says 200).
async fn json_body(page: &Page) -> anyhow::Result<Cached> {
    let body = Encoded::shared_off_executor(serde_json::to_vec(page)?, Effort::Fast).await?;
    Ok(Cached::Body { status: StatusCode::OK, content_type: JSON, body })
}

/// A move: a renamed post's old address (stale when the posts change), or a removed city
/// page's (when the site details do).
fn moved(target: String) -> Made<Cached> {
    Made { value: Cached::Moved(target), scopes: BLOG_SCOPE.and(SITE_SCOPE), keep: true }
}

//! Server-side rendering: the QuickJS pool, the document shell and the page cache.
//!
//! Every public page is rendered once (at start-up, and again when its content changes) and
//! served from memory, already compressed.

mod document;
mod pool;

use std::{
    collections::HashMap,
    sync::{Arc, OnceLock, RwLock},
};

use axum::http::StatusCode;
use serde_json::json;

use sqlx::SqlitePool;

use crate::{
    assets::{self, ClientAssets},
    blog::model::Post,
    encoding::{Effort, Encoded},
    pages::{self, Site},
};

pub use document::escape;
pub use pool::RenderPool;

/// A rendered page: the HTML document and the page's JSON for client-side navigation.
#[derive(Debug)]
pub struct CachedPage {
    pub status: StatusCode,
    pub html: Encoded,
    pub json: Encoded,
}

/// Renders pages and keeps them.
pub struct Renderer {
    site: Arc<Site>,
    layout: serde_json::Value,
    assets: ClientAssets,
    pool: RenderPool,
    pages: RwLock<HashMap<String, Arc<CachedPage>>>,
    blog_refresh: tokio::sync::Mutex<()>,
    admin_assets: ClientAssets,
    /// The admin area's document, the same for every /dbadmin path; made at its first request,
    /// not at start-up (the public pages come first, and few requests are for it).
    admin: OnceLock<Encoded>,
}

impl Renderer {
    pub fn start(site: Arc<Site>, threads: usize) -> anyhow::Result<Self> {
        Ok(Self {
            admin_assets: ClientAssets::from_manifest(&assets::ADMIN_ENTRY)?,
            admin: OnceLock::new(),
            layout: pages::layout_data(&site),
            assets: ClientAssets::from_manifest(&assets::CLIENT_ENTRY)?,
            pool: RenderPool::start(assets::SERVER_BUNDLE, threads)?,
            site,
            pages: RwLock::new(HashMap::new()),
            blog_refresh: tokio::sync::Mutex::new(()),
        })
    }

    /// Renders the pre-rendered pages that are not cached yet, one at a time, so that a render
    /// thread stays free for visitors meanwhile. Run in the background after start-up.
    pub async fn warm_up(&self) {
        for path in pages::prerendered_paths(&self.site) {
            if self.cached(&path).is_none()
                && let Err(error) = self.refresh(&path).await
            {
                tracing::error!("Failed to render {path}: {error:#}");
            }
        }
    }

    /// Renders the page at `path` (a cache key) again and replaces the cached copy.
    pub async fn refresh(&self, path: &str) -> anyhow::Result<Arc<CachedPage>> {
        let cached = self.render(path).await?;
        self.pages
            .write()
            .map_err(|_| anyhow::anyhow!("The page cache lock is poisoned"))?
            .insert(path.to_owned(), Arc::clone(&cached));
        Ok(cached)
    }

    /// Reloads the published posts and re-renders every page that shows them (the list, and each
    /// post with its related posts); pages of posts that are no longer published are dropped.
    pub async fn refresh_blog(self: &Arc<Self>, db: &SqlitePool) -> anyhow::Result<()> {
        // One refresh at a time, so an older one never replaces the pages of a newer one.
        let _one_at_a_time = self.blog_refresh.lock().await;
        self.site.load_blog(db).await?;
        let mut paths = vec![pages::BLOG.to_owned()];
        paths.extend(self.site.posts().iter().map(Post::path));
        let mut tasks = tokio::task::JoinSet::new();
        for path in paths {
            let renderer = Arc::clone(self);
            tasks.spawn(async move { renderer.render(&path).await.map(|page| (path, page)) });
        }
        let mut fresh = HashMap::new();
        while let Some(done) = tasks.join_next().await {
            let (path, page) = done??;
            fresh.insert(path, page);
        }
        let mut cache = self.pages.write().map_err(|_| anyhow::anyhow!("The page cache lock is poisoned"))?;
        cache.retain(|path, _| !pages::is_post_path(path));
        cache.extend(fresh);
        Ok(())
    }

    /// Renders the page at `path` (a cache key) without caching it.
    async fn render(&self, path: &str) -> anyhow::Result<Arc<CachedPage>> {
        let page = pages::resolve(&self.site, path);
        let state = serde_json::to_string(&json!({ "layout": self.layout, "page": page }))?;
        let app_html = self.pool.render(path, state.clone()).await?;
        let html = document::document(&self.site, &page.head, &self.assets, &app_html, &state);
        let page_json = serde_json::to_vec(&page)?;
        let status = page.status;
        Ok(Arc::new(
            tokio::task::spawn_blocking(move || CachedPage {
                status,
                html: Encoded::new(html.into_bytes(), Effort::Best),
                json: Encoded::new(page_json, Effort::Fast),
            })
            .await?,
        ))
    }

    fn cached(&self, key: &str) -> Option<Arc<CachedPage>> {
        self.pages.read().ok()?.get(key).cloned()
    }

    /// The page at `path`, from the cache or rendered now; unknown paths share one 404 page.
    pub async fn page(&self, path: &str) -> anyhow::Result<Arc<CachedPage>> {
        if let Some(page) = self.cached(path) {
            return Ok(page);
        }
        let key = pages::cache_key(&self.site, path);
        match self.cached(key) {
            Some(page) => Ok(page),
            None => self.refresh(key).await,
        }
    }

    /// Times rendering `path` in QuickJS: the first render, then `iterations` more.
    pub async fn time_render(
        &self,
        path: &str,
        iterations: usize,
    ) -> anyhow::Result<Vec<std::time::Duration>> {
        let page = pages::resolve(&self.site, path);
        let state = serde_json::to_string(&json!({ "layout": self.layout, "page": page }))?;
        let mut times = Vec::with_capacity(iterations + 1);
        for _ in 0..=iterations {
            let started = std::time::Instant::now();
            self.pool.render(path, state.clone()).await?;
            times.push(started.elapsed());
        }
        Ok(times)
    }

    pub fn prerendered_paths(&self) -> Vec<String> {
        pages::prerendered_paths(&self.site)
    }

    /// The admin area's document.
    pub fn admin_page(&self) -> &Encoded {
        self.admin.get_or_init(|| {
            let state = json!({ "layout": self.layout }).to_string();
            let html = document::admin_document(&self.site, &self.admin_assets, &state);
            Encoded::new(html.into_bytes(), Effort::Best)
        })
    }

    pub fn site(&self) -> &Site {
        &self.site
    }
}

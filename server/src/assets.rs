//! Files built into the binary: the web app's hashed assets and the site's own images.

use std::{collections::HashMap, sync::OnceLock};

use axum::{
    body::Body,
    extract::Path,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use rust_embed::Embed;
use serde::Deserialize;
use sha2::Digest as _;

use crate::encoding::{Effort, Encoded, Encoding};

/// The client build of `web/` (hashed names; `.br` and `.gz` made by the web build).
#[derive(Embed)]
#[folder = "../web/dist/client/assets/"]
struct WebAssets;

#[derive(Embed)]
#[folder = "../content/images/"]
struct SiteImages;

/// The icons made from the logo by the web build (`web/scripts/icons.mjs`).
#[derive(Embed)]
#[folder = "../web/dist/icons/"]
struct Icons;

/// The admin app's service worker as the web build made it (`web/src/serviceWorker`).
const ADMIN_WORKER: &str = include_str!("../../web/dist/sw/admin-sw.js");

/// The server bundle: an IIFE that defines the global `render(url, stateJson)`.
pub const SERVER_BUNDLE: &str = include_str!("../../web/dist/server/render.js");
/// An entry of the web build: its manifest and its source path.
pub struct Entry {
    manifest: &'static str,
    source: &'static str,
}

/// The public site (hydrates server-rendered pages).
pub const CLIENT_ENTRY: Entry = Entry {
    manifest: include_str!("../../web/dist/client/.vite/manifest.json"),
    source: "src/entry-client.tsx",
};
/// The admin area (a client-rendered app under /dbadmin), built on its own.
pub const ADMIN_ENTRY: Entry = Entry {
    manifest: include_str!("../../web/dist/client/.vite/admin-manifest.json"),
    source: "src/entry-admin.tsx",
};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const SITE_IMAGE_CACHE: &str = "public, max-age=86400";
const ICON_CACHE: &str = "public, max-age=86400";

/// The component of each kind of public page is `{Kind}Page.tsx` (`web/src/app/lazyPages.ts`), a
/// chunk of its own in the web build: a page's document preloads its chunk.
fn page_kind(source: &str) -> Option<String> {
    let name = source.rsplit('/').next()?.strip_suffix("Page.tsx")?;
    let mut chars = name.chars();
    let first = chars.next()?;
    Some(first.to_ascii_lowercase().to_string() + chars.as_str())
}

/// The URLs of an entry's script, its imports and its stylesheets, and the chunks each kind of
/// page needs besides them.
#[derive(Debug)]
pub struct ClientAssets {
    pub script: String,
    pub preloads: Vec<String>,
    pub styles: Vec<String>,
    pub pages: HashMap<String, Vec<String>>,
}

#[derive(Deserialize)]
struct ManifestChunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default, rename = "isDynamicEntry")]
    dynamic_entry: bool,
    #[serde(default)]
    css: Vec<String>,
}

impl ClientAssets {
    /// The assets of `entry`: its script, the chunks it imports (to preload) and the
    /// stylesheets of all of them.
    pub fn from_manifest(entry: &Entry) -> anyhow::Result<Self> {
        let manifest: HashMap<String, ManifestChunk> = serde_json::from_str(entry.manifest)?;
        let source = entry.source;
        let chunk =
            manifest.get(source).ok_or_else(|| anyhow::anyhow!("The web manifest has no {source}"))?;
        let mut loaded = vec![source];
        let imports = chunks_of(&manifest, source, &mut loaded);
        let styles = std::iter::once(chunk)
            .chain(imports.iter().copied())
            .flat_map(|chunk| chunk.css.iter().map(|file| format!("/{file}")))
            .collect();
        let mut pages = HashMap::new();
        let page_chunks = manifest.iter().filter(|(_, chunk)| chunk.dynamic_entry);
        for (page, kind) in page_chunks.filter_map(|(source, _)| Some((source.as_str(), page_kind(source)?)))
        {
            let mut seen = loaded.clone();
            seen.retain(|key| *key != page);
            let chunks = chunks_of(&manifest, page, &mut seen);
            let own = manifest.get(page).map(|own| format!("/{}", own.file));
            pages.insert(
                kind,
                own.into_iter().chain(chunks.iter().map(|chunk| format!("/{}", chunk.file))).collect(),
            );
        }
        Ok(Self {
            script: format!("/{}", chunk.file),
            preloads: imports.iter().map(|chunk| format!("/{}", chunk.file)).collect(),
            styles,
            pages,
        })
    }

    /// The chunks to preload for a page of `kind`: the entry's imports, then the page's own.
    pub fn preloads_for(&self, kind: Option<&str>) -> impl Iterator<Item = &String> {
        let page = kind.and_then(|kind| self.pages.get(kind)).map(Vec::as_slice).unwrap_or_default();
        self.preloads.iter().chain(page)
    }
}

/// Every chunk `key` imports, and what those import, leaving out those in `seen` (to which they
/// are added).
fn chunks_of<'m>(
    manifest: &'m HashMap<String, ManifestChunk>,
    key: &str,
    seen: &mut Vec<&'m str>,
) -> Vec<&'m ManifestChunk> {
    let mut found = Vec::new();
    let Some(chunk) = manifest.get(key) else { return found };
    for import in &chunk.imports {
        if seen.contains(&import.as_str()) {
            continue;
        }
        seen.push(import);
        if let Some(imported) = manifest.get(import) {
            found.push(imported);
            found.extend(chunks_of(manifest, import, seen));
        }
    }
    found
}

/// Where the hashed web assets are served.
pub const PREFIX: &str = "/assets/";

/// `GET /assets/{*file}`: a hashed web asset, pre-compressed, cached for a year.
pub async fn web_asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some(identity) = WebAssets::get(&file) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let encoding = Encoding::negotiate(&headers);
    let compressed = match encoding {
        Encoding::Brotli => WebAssets::get(&format!("{file}.br")),
        Encoding::Gzip => WebAssets::get(&format!("{file}.gz")),
        Encoding::Identity => None,
    };
    let mut response = Response::builder()
        .header(header::CONTENT_TYPE, identity.metadata.mimetype())
        .header(header::CACHE_CONTROL, IMMUTABLE)
        .header(header::VARY, "Accept-Encoding");
    let body = match (compressed, encoding.header_value()) {
        (Some(file), Some(value)) => {
            response = response.header(header::CONTENT_ENCODING, value);
            file.data
        }
        _ => identity.data,
    };
    response.body(Body::from(body.into_owned())).unwrap_or_default()
}

pub fn site_image_exists(name: &str) -> bool {
    SiteImages::get(name).is_some()
}

/// `GET /site/{*file}`: one of the site's own images; SVGs are compressed once, on first use.
pub async fn site_image(Path(file): Path<String>, headers: HeaderMap) -> Response {
    static ENCODED: OnceLock<HashMap<String, (Encoded, HeaderValue)>> = OnceLock::new();
    let images = ENCODED.get_or_init(|| {
        SiteImages::iter()
            .filter_map(|name| {
                let image = SiteImages::get(&name)?;
                let mime = HeaderValue::from_str(image.metadata.mimetype()).ok()?;
                Some((name.into_owned(), (Encoded::new(image.data.into_owned(), Effort::Best), mime)))
            })
            .collect()
    });
    match images.get(&file) {
        Some((body, mime)) => body.respond(&headers, StatusCode::OK, mime.clone(), SITE_IMAGE_CACHE),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `GET /favicon.ico`, `/apple-touch-icon.png` and `/icons/{file}`: the icons made from the logo.
pub async fn icon(Path(file): Path<String>, headers: HeaderMap) -> Response {
    static ENCODED: OnceLock<HashMap<String, (Encoded, HeaderValue)>> = OnceLock::new();
    let icons = ENCODED.get_or_init(|| {
        Icons::iter()
            .filter_map(|name| {
                let icon = Icons::get(&name)?;
                let mime = if name.ends_with(".ico") { "image/x-icon" } else { icon.metadata.mimetype() };
                let mime = HeaderValue::from_str(mime).ok()?;
                Some((name.into_owned(), (Encoded::new(icon.data.into_owned(), Effort::Fast), mime)))
            })
            .collect()
    });
    match icons.get(&file) {
        Some((body, mime)) => body.respond(&headers, StatusCode::OK, mime.clone(), ICON_CACHE),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The admin app's service worker with the files it keeps for offline use: every script and
/// stylesheet of the admin build (the editor's and the charts' too), and a version that changes
/// with them, so a new build replaces the old copies.
pub fn admin_worker() -> anyhow::Result<String> {
    let manifest: HashMap<String, ManifestChunk> = serde_json::from_str(ADMIN_ENTRY.manifest)?;
    let mut files: Vec<String> = manifest
        .values()
        .flat_map(|chunk| std::iter::once(&chunk.file).chain(&chunk.css))
        .map(|file| format!("/{file}"))
        .collect();
    files.sort();
    files.dedup();
    let listed = serde_json::to_string(&files)?;
    let version: String =
        sha2::Sha256::digest(listed.as_bytes()).iter().take(6).map(|b| format!("{b:02x}")).collect();
    Ok(format!("self.ADMIN_PRECACHE={listed};self.ADMIN_VERSION=\"{version}\";\n{ADMIN_WORKER}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_page_preloads_its_own_chunk_and_nothing_the_entry_has() {
        let assets = ClientAssets::from_manifest(&CLIENT_ENTRY).expect("the web build's manifest");
        // Every kind, as the API document states them.
        let schema =
            serde_json::to_value(<crate::pages::page_data::PageData as utoipa::PartialSchema>::schema())
                .expect("the schema");
        let kinds: Vec<&str> = schema["oneOf"]
            .as_array()
            .expect("one schema per kind")
            .iter()
            .filter_map(|kind| kind["properties"]["kind"]["enum"][0].as_str())
            .collect();
        assert_eq!(kinds.len(), 15, "{schema}");
        for kind in kinds {
            let chunks = assets.pages.get(kind).unwrap_or_else(|| panic!("no chunk for {kind}"));
            let component = format!("{}{}Page", kind[..1].to_uppercase(), &kind[1..]);
            assert!(chunks[0].contains(&component), "{kind}: {chunks:?}");
            assert!(chunks.iter().all(|chunk| !assets.preloads.contains(chunk) && *chunk != assets.script));
        }
    }

    #[test]
    fn a_page_components_file_names_its_kind() {
        assert_eq!(page_kind("src/features/areas/ServiceAreasPage.tsx").as_deref(), Some("serviceAreas"));
        assert_eq!(page_kind("src/app/NotFoundPage.tsx").as_deref(), Some("notFound"));
        assert_eq!(page_kind("src/features/booking/BookingChat.tsx"), None);
    }
}

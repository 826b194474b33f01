//! The site details: the content file's facts (business details, testimonials, before/after
//! work, services, city pages) as the admin edits them. Each save is a version in the database;
//! the newest is what the pages show. Until the first save the content file given at start-up
//! (or the built-in one) is shown, and the first save keeps it as version 1, so it can be
//! restored like any other.

pub mod content;
pub mod routes;
mod store;
mod summary;

use std::sync::{Arc, RwLock};

use anyhow::Context as _;
use futures_util::future::BoxFuture;

pub use store::NEWEST_CONTENT;
use store::NewVersion;

use crate::audit::{Action, Actor, Line};
use crate::{changes::Reload, db::Db, domain::SiteVersionId, site::content::Content};

pub use store::Listing;

/// The summary of the version that keeps the content the site started with.
const SEED_SUMMARY: &str = "The content file the site started with";

/// The site details shown now, and the version they are.
#[derive(Clone)]
pub struct Current {
    /// 0 while no version is saved (the content file is shown).
    pub version: i64,
    pub content: Arc<Content>,
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Another save landed since the version the change was made on.
    #[error("the site details were saved by someone else meanwhile")]
    Conflict,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// A version saved: its number and what it changed.
pub struct SavedVersion {
    pub version: i64,
    pub summary: String,
}

pub struct SiteDetails {
    db: Db,
    /// What is shown until a version is saved.
    seed: Arc<Content>,
    current: RwLock<Current>,
}

impl SiteDetails {
    /// The newest saved version, or `seed` when none is saved.
    pub async fn load(db: Db, seed: Content) -> anyhow::Result<Self> {
        Self::open(db, seed, false).await
    }

    /// For an import, which replaces whatever is saved: the newest version's number, with its
    /// content when it can still be read (else the seed stands in, to compare the import with).
    pub async fn load_for_import(db: Db, seed: Content) -> anyhow::Result<Self> {
        Self::open(db, seed, true).await
    }

    /// `replacing`: a newest version that cannot be read is no error (it is about to be replaced).
    async fn open(db: Db, seed: Content, replacing: bool) -> anyhow::Result<Self> {
        let seed = Arc::new(seed);
        let current = match store::newest(&db).await? {
            Some(saved) => {
                let content = match parse(&saved) {
                    Ok(content) => Arc::new(content),
                    Err(error) if replacing => {
                        eprintln!("{error:#}: the import replaces it.");
                        Arc::clone(&seed)
                    }
                    Err(error) => return Err(error),
                };
                Current { version: saved.id, content }
            }
            None => Current { version: 0, content: Arc::clone(&seed) },
        };
        Ok(Self { db, seed, current: RwLock::new(current) })
    }

    pub fn current(&self) -> Current {
        self.current.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// The content shown now.
    pub fn content(&self) -> Arc<Content> {
        self.current().content
    }

    /// Saves `content` as the version after `base` (the one the change was made on), by `actor`,
    /// with its `action` in the audit log in the same transaction; `note` leads the summary
    /// ("Restored version 3"). None when nothing differs from `base`. The caller announces the
    /// change.
    pub async fn save(
        &self,
        base: i64,
        mut content: Content,
        (actor, action): (&Actor<'_>, Action),
        note: Option<&str>,
    ) -> Result<Option<SavedVersion>, SaveError> {
        let newest = store::newest_id(&self.db).await?;
        if base != newest {
            return Err(SaveError::Conflict);
        }
        // Another instance saved the version the change was made on; this one has not read it yet.
        if self.current().version < newest {
            self.reload().await?;
        }
        let current = self.current();
        if base != current.version {
            return Err(SaveError::Conflict);
        }
        content.remember_removed_cities(&current.content);
        let changes = summary::changes(&current.content.to_file_fields()?, &content.to_file_fields()?);
        if changes.is_empty() {
            return Ok(None);
        }
        let summary = note.map_or_else(|| changes.clone(), |note| format!("{note}: {changes}"));
        let mut versions = Vec::new();
        if base == 0 {
            versions.push(NewVersion {
                id: 1,
                content: self.seed.to_toml()?,
                summary: SEED_SUMMARY.to_owned(),
            });
        }
        let version = base + 1 + i64::from(base == 0);
        versions.push(NewVersion { id: version, content: content.to_toml()?, summary: summary.clone() });
        let line = Line { actor, action, detail: format!("version {version}: {summary}") };
        if !store::insert(&self.db, &versions, &line).await? {
            return Err(SaveError::Conflict);
        }
        self.show(Current { version, content: Arc::new(content) });
        Ok(Some(SavedVersion { version, summary }))
    }

    /// The content of kept version `id`, if there is one.
    pub async fn version(&self, id: SiteVersionId) -> anyhow::Result<Option<Content>> {
        store::get(&self.db, id).await?.map(|saved| parse(&saved)).transpose()
    }

    /// The kept versions, newest first.
    pub async fn versions(&self) -> anyhow::Result<Vec<Listing>> {
        store::list(&self.db).await
    }

    /// Shows `next` unless a newer version is shown already; true when it is shown.
    fn show(&self, next: Current) -> bool {
        let mut current = self.current.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if next.version <= current.version {
            return false;
        }
        *current = next;
        true
    }
}

/// Takes the newest saved version if another instance (or an import) saved one; true when it did.
/// Only the version's number is read while nothing changed.
impl Reload for SiteDetails {
    fn reload(&self) -> BoxFuture<'_, anyhow::Result<bool>> {
        Box::pin(async move {
            if store::newest_id(&self.db).await? <= self.current().version {
                return Ok(false);
            }
            match store::newest(&self.db).await? {
                Some(saved) if saved.id > self.current().version => {
                    let content = Arc::new(parse(&saved)?);
                    Ok(self.show(Current { version: saved.id, content }))
                }
                _ => Ok(false),
            }
        })
    }
}

fn parse(saved: &store::Saved) -> anyhow::Result<Content> {
    Content::parse(&saved.content).with_context(|| {
        format!(
            "The site details saved as version {} ({} by {}) are invalid; put right ones in place \
             with `trailerworks content import FILE`",
            saved.id, saved.saved_at, saved.saved_by
        )
    })
}

//! A cache of made things (rendered pages, feeds) bounded by bytes, whose entries go stale when
//! what they were made from changes.
//!
//! What a thing is made from is a set of scopes, defined by whoever fills the cache. A change
//! marks its scopes as changed in constant time; an entry made before that is stale and is made
//! again when next asked for, by one caller while the others wait for its result. Eviction is
//! quick_cache's S3-FIFO: things asked for once (a crawler's visit) leave first.

use std::{
    future::Future,
    ops::Deref,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

use quick_cache::{
    DefaultHashBuilder, Lifecycle, Weighter,
    sync::{Cache, EntryAction, EntryResult},
};

use crate::metrics;

/// A set of scopes, at most 64: what an entry was made from, or what a change touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scopes(u64);

impl Scopes {
    pub const NONE: Self = Self(0);

    /// The scope numbered `index` (0 to 63).
    pub const fn one(index: u8) -> Self {
        Self(1 << index)
    }

    pub const fn and(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    fn indices(self) -> impl Iterator<Item = usize> {
        (0..64).filter(move |i| self.0 & (1 << i) != 0)
    }
}

/// A clock of changes per scope, so that a copy made at one moment can tell whether what it
/// was made from has changed since.
pub struct Generations {
    clock: AtomicU64,
    /// Per scope, the clock reading of its last change.
    changed: [AtomicU64; 64],
}

impl Default for Generations {
    fn default() -> Self {
        Self { clock: AtomicU64::new(0), changed: std::array::from_fn(|_| AtomicU64::new(0)) }
    }
}

impl Generations {
    /// The reading to stamp a copy with. Take it before reading what the copy is made from: a
    /// change committed before the reading is in the copy; one after it makes the copy stale.
    pub fn now(&self) -> u64 {
        self.clock.load(Ordering::SeqCst)
    }

    /// Marks `scopes` as changed: every copy stamped before now is stale. Costs the same however
    /// many copies exist.
    pub fn change(&self, scopes: Scopes) {
        let now = self.clock.fetch_add(1, Ordering::SeqCst) + 1;
        for index in scopes.indices() {
            self.changed[index].fetch_max(now, Ordering::SeqCst);
        }
    }

    /// Whether nothing in `scopes` changed after the copy stamped `stamp` was made.
    pub fn unchanged_since(&self, scopes: Scopes, stamp: u64) -> bool {
        scopes.indices().all(|index| self.changed[index].load(Ordering::SeqCst) <= stamp)
    }
}

/// What a cached value costs in memory, in bytes.
pub trait Weigh {
    fn weight(&self) -> u64;
}

/// A cached value with what it was made from and when.
pub struct Entry<V> {
    value: V,
    scopes: Scopes,
    stamp: u64,
}

impl<V> Deref for Entry<V> {
    type Target = V;

    fn deref(&self) -> &V {
        &self.value
    }
}

/// What a maker made: the value, the scopes it was made from, and whether to keep it (a value
/// that another key already holds, such as a shared 404 page, is not kept twice).
pub struct Made<V> {
    pub value: V,
    pub scopes: Scopes,
    pub keep: bool,
}

#[derive(Clone)]
struct ByBytes;

impl<V: Weigh> Weighter<String, Arc<Entry<V>>> for ByBytes {
    fn weight(&self, key: &String, entry: &Arc<Entry<V>>) -> u64 {
        // Zero would exempt an entry from eviction.
        (key.len() as u64 + entry.value.weight()).max(1)
    }
}

/// Counts evictions; like quick_cache's default, keeps up to two evicted entries to drop after
/// the shard's lock is released.
#[derive(Clone)]
struct CountEvictions;

impl<K, V> Lifecycle<K, V> for CountEvictions {
    type RequestState = [Option<(K, V)>; 2];

    fn on_evict(&self, state: &mut Self::RequestState, key: K, value: V) {
        metrics::cache_evicted();
        if let Some(slot) = state.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some((key, value));
        }
    }
}

/// Rough size of a cached page, to size the cache's tables.
const TYPICAL_ENTRY_BYTES: u64 = 16 * 1024;

pub struct PageCache<V> {
    entries: Cache<String, Arc<Entry<V>>, ByBytes, DefaultHashBuilder, CountEvictions>,
    generations: Generations,
}

impl<V: Weigh> PageCache<V> {
    /// A cache that holds at most `max_bytes` of keys and values.
    pub fn new(max_bytes: u64) -> Self {
        let items = usize::try_from(max_bytes / TYPICAL_ENTRY_BYTES).unwrap_or(usize::MAX).max(64);
        Self {
            entries: Cache::with(items, max_bytes, ByBytes, DefaultHashBuilder::default(), CountEvictions),
            generations: Generations::default(),
        }
    }

    /// Marks every entry made from any of `scopes` as stale.
    pub fn change(&self, scopes: Scopes) {
        self.generations.change(scopes);
    }

    fn is_fresh(&self, entry: &Entry<V>) -> bool {
        self.generations.unchanged_since(entry.scopes, entry.stamp)
    }

    /// The fresh entry at `key`, if there is one.
    pub fn get(&self, key: &str) -> Option<Arc<Entry<V>>> {
        let found = self.entries.get(key).filter(|entry| self.is_fresh(entry));
        if found.is_some() {
            metrics::cache_hit();
        }
        found
    }

    /// The fresh entry at `key`, or what `make` makes now. Concurrent callers for one key wait
    /// for one `make`; if it fails (or its caller goes away), the next caller makes its own.
    pub async fn get_or_make<F, Fut>(&self, key: &str, make: F) -> anyhow::Result<Arc<Entry<V>>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = anyhow::Result<Made<V>>>,
    {
        if let Some(entry) = self.get(key) {
            return Ok(entry);
        }
        let found = self
            .entries
            .entry_async(key, |_, entry| {
                if self.is_fresh(entry) {
                    EntryAction::Retain(Arc::clone(entry))
                } else {
                    EntryAction::ReplaceWithGuard
                }
            })
            .await;
        let guard = match found {
            EntryResult::Retained(entry) => {
                metrics::cache_hit();
                return Ok(entry);
            }
            EntryResult::Vacant(guard) | EntryResult::Replaced(guard, _) => Some(guard),
            // Neither happens without a timeout or a Remove action; make without a guard.
            EntryResult::Removed(..) | EntryResult::Timeout => None,
        };
        metrics::cache_miss();
        let stamp = self.generations.now();
        let made = make().await?;
        let entry = Arc::new(Entry { value: made.value, scopes: made.scopes, stamp });
        if made.keep
            && let Some(guard) = guard
        {
            let _ = guard.insert(Arc::clone(&entry));
        }
        Ok(entry)
    }

    /// Bytes held now (keys and values).
    pub fn weight(&self) -> u64 {
        self.entries.weight()
    }

    /// Entries held now.
    pub fn entries(&self) -> usize {
        self.entries.len()
    }

    /// The most bytes the cache holds.
    pub fn capacity(&self) -> u64 {
        self.entries.capacity()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    const BLOG: Scopes = Scopes::one(1);
    const SITE: Scopes = Scopes::one(0);

    impl Weigh for String {
        fn weight(&self) -> u64 {
            self.len() as u64
        }
    }

    fn made(value: &str, scopes: Scopes) -> anyhow::Result<Made<String>> {
        Ok(Made { value: value.to_owned(), scopes, keep: true })
    }

    #[tokio::test]
    async fn an_entry_is_made_once_and_then_served_from_the_cache() {
        let cache = PageCache::new(1 << 20);
        let makes = AtomicUsize::new(0);
        for _ in 0..3 {
            let entry = cache
                .get_or_make("/a", || async {
                    makes.fetch_add(1, Ordering::SeqCst);
                    made("page a", SITE)
                })
                .await
                .unwrap();
            assert_eq!(&**entry, "page a");
        }
        assert_eq!(makes.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_change_makes_only_the_entries_of_its_scopes_stale() {
        let cache = PageCache::new(1 << 20);
        cache.get_or_make("/", || async { made("home", SITE) }).await.unwrap();
        cache.get_or_make("/blog", || async { made("blog v1", SITE.and(BLOG)) }).await.unwrap();
        cache.change(BLOG);
        assert!(cache.get("/").is_some(), "the home page does not show the blog");
        assert!(cache.get("/blog").is_none(), "the blog page is stale");
        let again = cache.get_or_make("/blog", || async { made("blog v2", SITE.and(BLOG)) }).await.unwrap();
        assert_eq!(&**again, "blog v2");
        assert_eq!(&**cache.get("/blog").unwrap(), "blog v2");
    }

    #[tokio::test]
    async fn an_entry_made_while_a_change_happens_is_stale() {
        let cache = PageCache::new(1 << 20);
        cache
            .get_or_make("/blog", || async {
                // The change lands after the maker read its data.
                cache.change(BLOG);
                made("old data", BLOG)
            })
            .await
            .unwrap();
        assert!(cache.get("/blog").is_none());
    }

    #[tokio::test]
    async fn callers_of_one_key_share_one_make() {
        let cache = Arc::new(PageCache::new(1 << 20));
        let makes = Arc::new(AtomicUsize::new(0));
        let callers: Vec<_> = (0..8)
            .map(|_| {
                let (cache, makes) = (Arc::clone(&cache), Arc::clone(&makes));
                tokio::spawn(async move {
                    cache
                        .get_or_make("/slow", || async {
                            makes.fetch_add(1, Ordering::SeqCst);
                            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                            made("slow page", SITE)
                        })
                        .await
                        .map(|entry| (*entry).clone())
                })
            })
            .collect();
        for caller in callers {
            assert_eq!(caller.await.unwrap().unwrap(), "slow page");
        }
        assert_eq!(makes.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_value_not_to_keep_is_returned_but_not_cached_and_a_failure_is_not_cached() {
        let cache = PageCache::new(1 << 20);
        let entry = cache
            .get_or_make("/nowhere", || async {
                Ok(Made { value: "404".to_owned(), scopes: SITE, keep: false })
            })
            .await
            .unwrap();
        assert_eq!(&**entry, "404");
        assert!(cache.get("/nowhere").is_none());
        assert!(cache.get_or_make("/broken", || async { anyhow::bail!("render failed") }).await.is_err());
        assert!(cache.get("/broken").is_none());
    }

    #[tokio::test]
    async fn the_cache_stays_within_its_byte_bound() {
        let cache = PageCache::new(64 * 1024);
        for i in 0..200 {
            let page = "x".repeat(2000);
            cache.get_or_make(&format!("/page/{i}"), || async { made(&page, SITE) }).await.unwrap();
            assert!(cache.weight() <= cache.capacity(), "{} > {}", cache.weight(), cache.capacity());
        }
        assert!(cache.weight() > 32 * 1024, "the cache is used: {}", cache.weight());
    }
}

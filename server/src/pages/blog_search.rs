//! Blog search (docs/product.md section 2): the published posts whose title, excerpt or text
//! holds the words typed, best matches first, from the database's full-text index
//! (`blog::search_index`).

use axum::{extract::Query as UriQuery, http::Uri};
use serde::{Deserialize, Serialize};

use super::{BLOG, Site};
use crate::blog::{model::PostCard, published, search_index};

/// Results shown for one search; the total of matches is told too.
pub const SHOWN: usize = 24;
/// The longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 100;

/// A search query: trimmed, not empty, not too long, no control characters; lowercased.
#[derive(Debug, PartialEq, Eq)]
pub struct Query(String);

impl Query {
    pub fn parse(text: Option<&str>) -> Result<Self, &'static str> {
        // Length and characters are checked as sent, as the API document states them.
        let text = text.ok_or("Say what to search for with ?q=...")?;
        if text.chars().count() > MAX_QUERY_CHARS {
            return Err("The search is too long; use at most 100 characters.");
        }
        if text.chars().any(char::is_control) {
            return Err("The search holds control characters; use plain text.");
        }
        let text = text.trim();
        if text.is_empty() {
            return Err("The search is empty; type a word from a post.");
        }
        Ok(Self(text.to_lowercase()))
    }
}

/// The words of a blog search the search form sent without script (`/blog?q=...`): the page is
/// made for them, not taken from the cache.
pub fn sent(uri: &Uri) -> Option<String> {
    #[derive(Deserialize)]
    struct Sent {
        q: Option<String>,
    }
    if uri.path() != BLOG {
        return None;
    }
    UriQuery::<Sent>::try_from_uri(uri).ok()?.0.q.filter(|typed| !typed.trim().is_empty())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SearchResults)]
pub struct Results {
    /// The best matches, at most `SHOWN`.
    pub posts: Vec<PostCard>,
    /// How many posts match in all, counted up to 1,000.
    pub total: usize,
    /// More posts match than `total` says.
    pub more: bool,
}

/// The published posts that hold every word of `query` in their title, excerpt or text, best
/// first.
pub async fn search(site: &Site, query: &Query) -> anyhow::Result<Results> {
    let words = search_index::words(&query.0);
    let (ids, total) = search_index::published_matches(&site.db, &words, SHOWN).await?;
    Ok(Results {
        posts: published::cards_by_id(&site.db, &ids, &site.zone()).await?,
        total: total.min(search_index::COUNTED),
        more: total > search_index::COUNTED,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_trimmed_lowercased_and_checked() {
        assert_eq!(Query::parse(Some("  Brake ")), Ok(Query("brake".into())));
        assert_eq!(Query::parse(Some("ÉTÉ")), Ok(Query("été".into())));
        assert!(Query::parse(None).is_err());
        assert!(Query::parse(Some("   ")).is_err());
        assert!(Query::parse(Some(&"x".repeat(101))).is_err());
        assert!(Query::parse(Some(&"é".repeat(100))).is_ok(), "characters, not bytes");
        assert!(Query::parse(Some("a\nb")).is_err());
        assert!(Query::parse(Some("\u{0}")).is_err());
        assert!(Query::parse(Some("brake\t")).is_err(), "a control character at the edge too");
    }
}

//! Blog search: the title or excerpt contains the words typed, ignoring case (SPEC.md, /blog),
//! across every published post. The titles and excerpts are kept lowercased in memory (about
//! 250 bytes a post) and read again, on the next search, after the blog changes.

use std::sync::Arc;

use serde::Serialize;

use super::{BLOG_SCOPE, Site};
use crate::{
    blog::{model::PostCard, published},
    render::cache::Generations,
};

/// Results shown for one search; the total of matches is told too.
pub const SHOWN: usize = 24;
/// The longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 100;

/// A search query: trimmed, not empty, not too long, no control characters; lowercased.
#[derive(Debug, PartialEq, Eq)]
pub struct Query(String);

impl Query {
    pub fn parse(text: Option<&str>) -> Result<Self, &'static str> {
        let text = text.ok_or("Say what to search for with ?q=...")?.trim();
        if text.is_empty() {
            return Err("The search is empty; type a word from a post's title or summary.");
        }
        if text.chars().count() > MAX_QUERY_CHARS {
            return Err("The search is too long; use at most 100 characters.");
        }
        if text.chars().any(char::is_control) {
            return Err("The search holds control characters; use plain text.");
        }
        Ok(Self(text.to_lowercase()))
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SearchResults)]
pub struct Results {
    /// The newest matches, at most `SHOWN`.
    pub posts: Vec<PostCard>,
    /// How many posts match in all.
    pub total: usize,
}

/// Every published post's title and excerpt, lowercased, newest first.
struct Index {
    /// The generation it was read at.
    stamp: u64,
    ids: Vec<i64>,
    /// Each post's "title\nexcerpt", one after another; `ends[i]` is where post i's ends.
    text: String,
    ends: Vec<usize>,
}

impl Index {
    /// The ids of the posts whose title or excerpt contains `query`, newest first. A query
    /// never holds a line break, so a match never spans the title and the excerpt.
    fn matches<'a>(&'a self, query: &'a Query) -> impl Iterator<Item = i64> + 'a {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .zip(&self.ids)
            .filter(|((start, end), _)| self.text[*start..**end].contains(&query.0))
            .map(|(_, id)| *id)
    }
}

#[derive(Default)]
pub struct SearchIndex {
    /// Held while the index is read again, so that one search reads it and the others wait.
    current: tokio::sync::Mutex<Option<Arc<Index>>>,
}

impl SearchIndex {
    pub async fn search(
        &self,
        site: &Site,
        generations: &Generations,
        query: &Query,
    ) -> anyhow::Result<Results> {
        let index = self.current(site, generations).await?;
        let mut total = 0;
        let mut shown = Vec::with_capacity(SHOWN);
        for id in index.matches(query) {
            total += 1;
            if shown.len() < SHOWN {
                shown.push(id);
            }
        }
        Ok(Results { posts: published::cards_by_id(&site.db, &shown).await?, total })
    }

    async fn current(&self, site: &Site, generations: &Generations) -> anyhow::Result<Arc<Index>> {
        let mut current = self.current.lock().await;
        if let Some(index) =
            current.as_ref().filter(|index| generations.unchanged_since(BLOG_SCOPE, index.stamp))
        {
            return Ok(Arc::clone(index));
        }
        let stamp = generations.now();
        let posts = published::searchable(&site.db).await?;
        let mut index =
            Index { stamp, ids: Vec::with_capacity(posts.len()), text: String::new(), ends: Vec::new() };
        for (id, title, excerpt) in posts {
            index.ids.push(id);
            index.text.push_str(&title.to_lowercase());
            index.text.push('\n');
            index.text.push_str(&excerpt.to_lowercase());
            index.ends.push(index.text.len());
        }
        index.text.shrink_to_fit();
        let index = Arc::new(index);
        *current = Some(Arc::clone(&index));
        Ok(index)
    }
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
    }

    #[test]
    fn titles_and_excerpts_match_ignoring_case_but_never_across_the_two() {
        let mut index = Index { stamp: 0, ids: vec![], text: String::new(), ends: vec![] };
        for (id, title, excerpt) in [
            (3, "Brake Magnets", "Shoes and drums."),
            (2, "Winter", "Keep the BRAKES dry."),
            (1, "Wiring", "Grounds"),
        ] {
            index.ids.push(id);
            index.text.push_str(&format!("{title}\n{excerpt}").to_lowercase());
            index.ends.push(index.text.len());
        }
        let found = |q: &str| index.matches(&Query::parse(Some(q)).unwrap()).collect::<Vec<_>>();
        assert_eq!(found("brake"), [3, 2]);
        assert_eq!(found("GROUNDS"), [1]);
        assert_eq!(found("magnetsshoes"), Vec::<i64>::new());
        assert_eq!(found("hitch"), Vec::<i64>::new());
    }
}

//! The blog's list pages and one page per published post.

use super::{
    BLOG, Head, Missing, Page, Resolved, Site, blog_search,
    page_data::{BlogData, BlogSearch, Nothing, PageData, PostData},
    structured_data,
};
use crate::blog::{
    model::{Post, post_path},
    published,
};

/// How many other posts a post page suggests.
const RELATED: u64 = 3;
/// Cards on each list page.
pub const PER_PAGE: u64 = 12;
/// List pages after the first are at `/blog/page/{number}`.
pub const LIST_PAGES: &str = "/blog/page/";

/// The path of list page `number`.
pub fn list_path(number: u64) -> String {
    if number <= 1 { BLOG.to_owned() } else { format!("{LIST_PAGES}{number}") }
}

/// The page number in a list page's path: digits without a leading zero; None for anything else.
pub fn list_number(text: &str) -> Option<u64> {
    if text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// How many list pages `posts` published posts fill (an empty blog has one, saying so).
pub fn list_pages(posts: u64) -> u64 {
    posts.div_ceil(PER_PAGE).max(1)
}

/// List page `number`: its cards, newest first, and where it stands among the others.
pub async fn list(site: &Site, number: u64) -> anyhow::Result<Resolved> {
    let pages = list_pages(published::count(&site.db).await?);
    if number > pages {
        return Ok(Resolved::Missing(Missing::Page));
    }
    let cards = published::cards(&site.db, (number - 1) * PER_PAGE, PER_PAGE, &site.zone()).await?;
    let name = &site.content.business.name;
    let (title, description) = if number == 1 {
        (
            format!("Trailer Repair Blog: Tips and Guides | {name}"),
            format!(
                "Practical trailer maintenance and repair advice from the technicians at {name}: brakes, \
                 bearings, wiring, tires and seasonal care for Colorado trailer owners."
            ),
        )
    } else {
        (
            format!("Trailer Repair Blog: Tips and Guides, Page {number} of {pages} | {name}"),
            format!("Older trailer maintenance and repair articles from {name}, page {number} of {pages}."),
        )
    };
    let head = Head::indexed(&list_path(number), title, description);
    let data = PageData::Blog(BlogData { posts: cards, page: number, page_count: pages, search: None });
    Ok(Resolved::Page(Box::new(Page::ok(head, data).showing_posts())))
}

/// The blog's first page with the posts that hold `typed` (the search form sent without
/// script), kept out of search engines.
pub async fn searched(site: &Site, typed: &str) -> anyhow::Result<Page> {
    let (found, problem) = match blog_search::Query::parse(Some(typed)) {
        Ok(query) => (Some(blog_search::search(site, &query).await?), None),
        Err(problem) => (None, Some(problem.to_owned())),
    };
    let pages = list_pages(published::count(&site.db).await?);
    let cards = published::cards(&site.db, 0, PER_PAGE, &site.zone()).await?;
    let head = Head::not_indexed(
        format!("Search: {} | Trailer Repair Blog | {}", typed.trim(), site.content.business.name),
        "The blog posts that match your search.".to_owned(),
    );
    let search = Some(BlogSearch { typed: typed.to_owned(), found, problem });
    Ok(Page::ok(head, PageData::Blog(BlogData { posts: cards, page: 1, page_count: pages, search })))
}

/// The page of the published post at `slug`, where a renamed post went, or missing.
pub async fn post(site: &Site, slug: &str) -> anyhow::Result<Resolved> {
    let Some(post) = published::by_slug(&site.db, slug, &site.zone()).await? else {
        return Ok(match published::renamed(&site.db, slug).await? {
            Some(new_slug) => Resolved::Moved(post_path(&new_slug)),
            None => Resolved::Missing(Missing::Post),
        });
    };
    let name = &site.content.business.name;
    let head = Head::indexed(
        &post.card.path(),
        format!("{} | {name}", post.card.title),
        post.meta_description.clone().unwrap_or_else(|| post.card.excerpt.clone()),
    )
    .with_data(vec![structured_data::blog_posting(site, &post)]);
    Ok(Resolved::Page(Box::new(post_page(site, post, head).await?.showing_posts())))
}

/// An unsaved post as its page will show it ('Open full preview' in the editor): the same page,
/// kept out of search engines.
pub async fn preview(site: &Site, post: Post) -> anyhow::Result<Page> {
    let head = Head::not_indexed(
        format!("Preview: {} | {}", post.card.title, site.content.business.name),
        post.card.excerpt.clone(),
    );
    Ok(post_page(site, post, head).await?.not_counted())
}

/// A post's page: the post with its related posts (the other published ones, newest first).
async fn post_page(site: &Site, post: Post, mut head: Head) -> anyhow::Result<Page> {
    let related = published::newest_except(&site.db, post.id, RELATED, &site.zone()).await?;
    if let Some(image) = &post.social_image {
        head.image = Some(image.clone());
    } else if let Some(image) = &post.card.featured_image {
        head.image = Some(image.clone());
        head.image_alt.clone_from(&post.featured_image_alt);
    }
    head.article = true;
    let service = post.service.as_deref().and_then(|title| site.content.services_page.offer(title)).cloned();
    let closing_cta = site.content.closing_cta.clone();
    Ok(Page::ok(head, PageData::Post(PostData { post, related, service, closing_cta })))
}

pub fn post_not_found(site: &Site) -> Page {
    Page::missing(
        Head::not_indexed(
            format!("Post Not Found | {}", site.content.business.name),
            "The blog post you're looking for doesn't exist.".to_owned(),
        ),
        PageData::PostNotFound(Nothing),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_page_numbers_are_plain_digits() {
        assert_eq!(list_number("2"), Some(2));
        assert_eq!(list_number("834"), Some(834));
        for bad in ["", "0", "02", "+2", "-1", "2a", "two", "99999999999999999999999"] {
            assert_eq!(list_number(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn posts_fill_list_pages_of_twelve() {
        assert_eq!(list_pages(0), 1);
        assert_eq!(list_pages(12), 1);
        assert_eq!(list_pages(13), 2);
        assert_eq!(list_pages(10_000), 834);
        assert_eq!(list_path(1), "/blog");
        assert_eq!(list_path(3), "/blog/page/3");
    }
}

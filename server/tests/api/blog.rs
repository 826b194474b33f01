//! The public blog: list, posts, related posts, 404s, feed, sitemap and the page cache.

use sqlx::SqlitePool;

use crate::helpers::{TestApp, spawn_app_in};

struct Seed {
    slug: &'static str,
    published: bool,
    created: &'static str,
}

const POSTS: &[Seed] = &[
    Seed { slug: "oldest", published: true, created: "2024-01-10T10:00:00.000Z" },
    Seed { slug: "draft-post", published: false, created: "2025-06-01T10:00:00.000Z" },
    Seed { slug: "middle", published: true, created: "2024-06-10T10:00:00.000Z" },
    Seed { slug: "newest", published: true, created: "2025-03-14T10:00:00.000Z" },
    Seed { slug: "second", published: true, created: "2025-02-01T10:00:00.000Z" },
    Seed { slug: "third", published: true, created: "2024-12-24T10:00:00.000Z" },
];

async fn insert(db: &SqlitePool, slug: &str, published: bool, created: &str) {
    sqlx::query(
        "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, published, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(format!("Title of {slug}"))
    .bind(slug)
    .bind(format!("Excerpt of {slug}"))
    .bind(format!(r#"<p>Body of {slug}</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>"#))
    .bind("/site/blog-brakes.svg")
    .bind(published)
    .bind(created)
    .bind(created)
    .execute(db)
    .await
    .expect("a post is inserted");
}

/// An app whose database already holds the posts in `POSTS`.
async fn app_with_posts() -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let data_dir = dir.path().join("data");
    let db = trailerworks::db::open(&data_dir).await.expect("database");
    for post in POSTS {
        insert(&db, post.slug, post.published, post.created).await;
    }
    db.close().await;
    (spawn_app_in(&data_dir, |_| {}).await, dir)
}

fn order(html: &str, slugs: &[&str]) -> Vec<usize> {
    slugs.iter().map(|s| html.find(&format!("href=\"/blog/{s}\"")).unwrap_or(usize::MAX)).collect()
}

#[tokio::test]
async fn the_list_shows_published_posts_newest_first_in_the_server_html() {
    let (app, _dir) = app_with_posts().await;
    let html = app.page("/blog", 200).await;
    assert!(html.contains("Trailer Repair Blog"));
    assert!(html.contains("placeholder=\"Search blog posts...\""));
    let positions = order(&html, &["newest", "second", "third", "middle", "oldest"]);
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "newest first: {positions:?}");
    assert!(!html.contains("draft-post"), "drafts are never public");
    assert!(html.contains("March 14, 2025"));
    assert!(html.contains("Read More"));
}

#[tokio::test]
async fn a_post_page_shows_the_post_with_sanitised_content_and_three_related_posts() {
    let (app, _dir) = app_with_posts().await;
    let html = app.page("/blog/second", 200).await;
    for text in [
        "Back to Blog",
        "Title of second",
        "Excerpt of second",
        "February 1, 2025",
        "Share this post",
        "<p>Body of second</p>",
        "Related Posts",
        "Read More →",
    ] {
        assert!(html.contains(text), "the post page shows {text:?}");
    }
    assert!(!html.contains("onerror"), "content is sanitised");
    assert!(!html.contains("javascript:"), "content is sanitised");
    let related = html.split("Related Posts").nth(1).expect("a related section");
    let positions = order(related, &["newest", "third", "middle"]);
    assert!(positions.windows(2).all(|w| w[0] < w[1]) && positions[2] != usize::MAX, "{positions:?}");
    assert!(!related.contains("href=\"/blog/second\""), "the current post is not related to itself");
    assert!(!related.contains("href=\"/blog/oldest\""), "at most three");
    assert!(html.contains("<meta property=\"og:type\" content=\"article\">"));
    assert!(html.contains("\"@type\":\"BlogPosting\""));
    assert!(html.contains("<link rel=\"canonical\" href=\"https://trailers.example.com/blog/second\">"));
}

#[tokio::test]
async fn unknown_and_draft_slugs_answer_404_post_not_found() {
    let (app, _dir) = app_with_posts().await;
    for path in ["/blog/no-such-post", "/blog/draft-post"] {
        let html = app.page(path, 404).await;
        assert!(html.contains("Post Not Found"), "{path}");
        assert!(html.contains("The blog post you&#x27;re looking for doesn&#x27;t exist."), "{path}");
        assert!(html.contains("Back to Blog"), "{path}");
    }
}

#[tokio::test]
async fn the_feed_is_valid_rss_of_published_posts_and_every_page_links_it() {
    let (app, _dir) = app_with_posts().await;
    let response = app.get("/blog/feed.xml").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().expect("text").starts_with("application/rss+xml"));
    let xml = response.text().await.expect("text");
    let doc = roxmltree::Document::parse(&xml).expect("the feed is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "rss");
    let links: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("item"))
        .filter_map(|item| item.children().find(|c| c.has_tag_name("link")).and_then(|l| l.text()))
        .collect();
    assert_eq!(links.len(), 5);
    assert_eq!(links[0], "https://trailers.example.com/blog/newest");
    assert!(!xml.contains("draft-post"));
    assert!(app.page("/", 200).await.contains("<link rel=\"alternate\" type=\"application/rss+xml\""));
}

#[tokio::test]
async fn the_sitemap_lists_published_posts_with_lastmod() {
    let (app, _dir) = app_with_posts().await;
    let xml = app.page("/sitemap.xml", 200).await;
    roxmltree::Document::parse(&xml).expect("the sitemap is well-formed XML");
    assert!(xml.contains("<loc>https://trailers.example.com/blog</loc>"));
    assert!(xml.contains("<loc>https://trailers.example.com/blog/newest</loc><lastmod>2025-03-14</lastmod>"));
    assert!(!xml.contains("draft-post"));
}

#[tokio::test]
async fn publishing_and_unpublishing_refreshes_the_cached_pages_at_once() {
    let (app, _dir) = app_with_posts().await;
    let db = app.db().await;
    assert!(!app.page("/blog", 200).await.contains("brand-new"));

    insert(&db, "brand-new", true, "2026-01-05T10:00:00.000Z").await;
    app.renderer.refresh_blog(&db).await.expect("refresh");
    let list = app.page("/blog", 200).await;
    assert!(
        order(&list, &["brand-new", "newest"]).windows(2).all(|w| w[0] < w[1]),
        "the new post leads the list"
    );
    assert!(app.page("/blog/brand-new", 200).await.contains("Title of brand-new"));
    assert!(app.page("/blog/newest", 200).await.contains("href=\"/blog/brand-new\""), "related lists update");
    assert!(app.page("/sitemap.xml", 200).await.contains("/blog/brand-new"));
    assert!(app.page("/blog/feed.xml", 200).await.contains("/blog/brand-new"));

    sqlx::query("UPDATE blog_posts SET published = 0 WHERE slug = 'brand-new'")
        .execute(&db)
        .await
        .expect("update");
    app.renderer.refresh_blog(&db).await.expect("refresh");
    assert!(!app.page("/blog", 200).await.contains("brand-new"));
    assert!(app.page("/blog/brand-new", 404).await.contains("Post Not Found"));
    assert!(!app.page("/sitemap.xml", 200).await.contains("/blog/brand-new"));
}

#[tokio::test]
async fn an_empty_blog_shows_its_empty_state() {
    let app = crate::helpers::spawn_app().await;
    let html = app.page("/blog", 200).await;
    assert!(html.contains("No blog posts found"));
    assert!(html.contains("Check back soon for expert trailer repair tips and insights!"));
}

#[tokio::test]
async fn the_demo_content_adds_five_sample_posts_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = trailerworks::db::open(dir.path()).await.expect("database");
    assert_eq!(trailerworks::blog::samples::add(&db).await.expect("added"), 5);
    assert_eq!(trailerworks::blog::samples::add(&db).await.expect("added"), 0);
    let posts = trailerworks::blog::store::published(&db).await.expect("posts");
    assert_eq!(posts.len(), 5);
    assert!(posts.iter().all(|p| p.featured_image.is_some() && !p.content.is_empty()));
}

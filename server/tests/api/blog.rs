//! The public blog: list pages, posts, related posts, 404s, feed, sitemap, search and the page
//! cache's byte bound.

use serde_json::Value;
use trailerworks::{db::Db, with_db};

use crate::helpers::{TestApp, TestStorage, spawn_app_on};

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

pub async fn insert(db: &Db, slug: &str, published: bool, created: &str) {
    with_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, published, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
        )
        .bind(format!("Title of {slug}"))
        .bind(slug)
        .bind(format!("Excerpt of {slug}"))
        .bind(format!(r#"<p>Body of {slug}</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>"#))
        .bind("/site/blog-brakes.svg")
        .bind(published)
        .bind(created.parse::<trailerworks::clock::At>().expect("an instant"))
        .execute(pool)
        .await
        .expect("a post is inserted");
    });
}

/// An app whose database holds `count` published posts `post-1` (oldest) to `post-{count}`,
/// a day apart, added before it starts.
pub async fn app_with_many_posts(
    count: usize,
    configure: impl FnOnce(&mut trailerworks::config::ServeConfig),
) -> (TestApp, TestStorage) {
    let storage = TestStorage::new().await;
    let db = storage.db().await;
    let start: jiff::Timestamp = "2020-01-01T10:00:00Z".parse().expect("a time");
    with_db!(&db, |pool| {
        let mut tx = pool.begin().await.expect("a transaction");
        for n in 1..=count {
            let created =
                trailerworks::clock::At::from(start + jiff::SignedDuration::from_hours(24 * n as i64));
            sqlx::query(
                "INSERT INTO blog_posts (title, slug, excerpt, content, published, created_at, updated_at)
                 VALUES ($1, $2, $3, '<p>Body</p>', TRUE, $4, $4)",
            )
            .bind(format!("Post number {n}"))
            .bind(format!("post-{n}"))
            .bind(format!("Summary {n}"))
            .bind(created)
            .execute(&mut *tx)
            .await
            .expect("a post is inserted");
        }
        tx.commit().await.expect("committed");
    });
    db.close().await;
    (spawn_app_on(&storage, configure).await, storage)
}

/// An app whose database already holds the posts in `POSTS`.
async fn app_with_posts() -> (TestApp, TestStorage) {
    let storage = TestStorage::new().await;
    let db = storage.db().await;
    for post in POSTS {
        insert(&db, post.slug, post.published, post.created).await;
    }
    db.close().await;
    (spawn_app_on(&storage, |_| {}).await, storage)
}

pub fn order(html: &str, slugs: &[&str]) -> Vec<usize> {
    slugs.iter().map(|s| html.find(&format!("href=\"/blog/{s}\"")).unwrap_or(usize::MAX)).collect()
}

/// The slugs of the post cards on a page, in order (links to the list pages left out).
pub fn card_slugs(html: &str) -> Vec<String> {
    html.split("href=\"/blog/")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|slug| !slug.starts_with("page/") && *slug != "feed.xml")
        .map(str::to_owned)
        .collect()
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
    assert!(!html.contains("Older posts"), "one page holds them all");
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
    for path in ["/blog/no-such-post", "/blog/draft-post", "/blog/a/b"] {
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
    let links = feed_links(&xml);
    assert_eq!(links.len(), 5);
    assert_eq!(links[0], "https://trailers.example.com/blog/newest");
    assert!(!xml.contains("draft-post"));
    assert!(app.page("/", 200).await.contains("<link rel=\"alternate\" type=\"application/rss+xml\""));
}

/// The item links of an RSS feed, which must be well-formed XML.
pub fn feed_links(xml: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(xml).expect("the feed is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "rss");
    doc.descendants()
        .filter(|n| n.has_tag_name("item"))
        .filter_map(|item| item.children().find(|c| c.has_tag_name("link")).and_then(|l| l.text()))
        .map(str::to_owned)
        .collect()
}

/// Every URL in the sitemap, read through its index and each part (all well-formed XML).
pub async fn sitemap_urls(app: &TestApp) -> Vec<String> {
    let locs = |xml: &str, parent: &str| -> Vec<String> {
        let doc = roxmltree::Document::parse(xml).expect("well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), parent);
        doc.descendants()
            .filter(|n| n.has_tag_name("loc"))
            .filter_map(|n| n.text())
            .map(str::to_owned)
            .collect()
    };
    let mut urls = Vec::new();
    for part in locs(&app.page("/sitemap.xml", 200).await, "sitemapindex") {
        let path = part.strip_prefix("https://trailers.example.com").expect("a part on this site");
        urls.extend(locs(&app.page(path, 200).await, "urlset"));
    }
    urls
}

#[tokio::test]
async fn the_sitemap_lists_every_page_and_published_post_with_lastmod() {
    let (app, _dir) = app_with_posts().await;
    let urls = sitemap_urls(&app).await;
    for path in ["/", "/services", "/service-areas/aurora", "/blog", "/blog/newest", "/blog/oldest"] {
        assert!(urls.contains(&format!("https://trailers.example.com{path}")), "{path} in {urls:?}");
    }
    assert_eq!(urls.len(), 5 + 19 + 1 + 5);
    assert!(!urls.iter().any(|url| url.contains("draft-post")));
    let part = app.page("/sitemaps/posts-1.xml", 200).await;
    assert!(
        part.contains("<loc>https://trailers.example.com/blog/newest</loc><lastmod>2025-03-14</lastmod>")
    );
    assert_eq!(app.get("/sitemaps/posts-2.xml").await.status(), 404);
    assert_eq!(app.get("/sitemaps/other.xml").await.status(), 404);
    assert!(app.page("/robots.txt", 200).await.contains("Sitemap: https://trailers.example.com/sitemap.xml"));
}

#[tokio::test]
async fn the_sitemap_splits_its_posts_into_parts_of_a_thousand() {
    let (app, _dir) = app_with_many_posts(1001, |_| {}).await;
    let index = app.page("/sitemap.xml", 200).await;
    assert!(index.contains("/sitemaps/posts-1.xml") && index.contains("/sitemaps/posts-2.xml"));
    assert!(!index.contains("/sitemaps/posts-3.xml"));
    let urls = sitemap_urls(&app).await;
    let posts = urls.iter().filter(|url| url.contains("/blog/post-")).count();
    assert_eq!(posts, 1001);
    assert!(
        urls.contains(&"https://trailers.example.com/blog/page/84".to_owned()),
        "every list page is listed"
    );
    assert!(!urls.contains(&"https://trailers.example.com/blog/page/85".to_owned()));
}

#[tokio::test]
async fn the_feed_holds_the_twenty_newest_posts() {
    let (app, _dir) = app_with_many_posts(30, |_| {}).await;
    let links = feed_links(&app.page("/blog/feed.xml", 200).await);
    assert_eq!(links.len(), 20);
    assert_eq!(links[0], "https://trailers.example.com/blog/post-30");
    assert_eq!(links[19], "https://trailers.example.com/blog/post-11");
}

#[tokio::test]
async fn the_list_is_paged_by_twelve_with_plain_links_and_its_own_canonical_url() {
    let (app, _dir) = app_with_many_posts(30, |_| {}).await;
    let first = app.page("/blog", 200).await;
    assert_eq!(card_slugs(&first), (19..=30).rev().map(|n| format!("post-{n}")).collect::<Vec<_>>());
    assert!(first.contains("href=\"/blog/page/2\""), "a plain link to the older posts");
    assert!(first.contains("Older posts"));
    assert!(!first.contains("Newer posts"));
    assert!(first.contains("<link rel=\"canonical\" href=\"https://trailers.example.com/blog\">"));

    let second = app.page("/blog/page/2", 200).await;
    assert_eq!(card_slugs(&second), (7..=18).rev().map(|n| format!("post-{n}")).collect::<Vec<_>>());
    assert!(second.contains("<link rel=\"canonical\" href=\"https://trailers.example.com/blog/page/2\">"));
    assert!(second.contains("href=\"/blog\"") && second.contains("Newer posts"));
    assert!(second.contains("href=\"/blog/page/3\""));
    assert!(second.contains("Page <!-- -->2<!-- --> of <!-- -->3"));
    assert!(second.contains("<title>Trailer Repair Blog: Tips and Guides, Page 2 of 3"));

    let third = app.page("/blog/page/3", 200).await;
    assert_eq!(card_slugs(&third).len(), 6);
    assert!(!third.contains("Older posts"));

    app.page("/blog/page/4", 404).await;
    for bad in ["/blog/page/0", "/blog/page/02", "/blog/page/two", "/blog/page/-1"] {
        assert!(app.page(bad, 404).await.contains("Page Not Found"), "{bad}");
    }
    let one = app.get("/blog/page/1").await;
    assert_eq!(one.status(), 301);
    assert_eq!(one.headers()["location"], "/blog");

    let json: Value = app.get("/api/page?path=/blog/page/2").await.json().await.expect("JSON");
    assert_eq!(json["kind"], "blog");
    assert_eq!(json["data"]["page"], 2);
    assert_eq!(json["data"]["pageCount"], 3);
    assert_eq!(json["data"]["posts"].as_array().map(Vec::len), Some(12));
}

#[tokio::test]
async fn the_first_list_page_stays_small_however_many_posts_there_are() {
    let (app, _dir) = app_with_many_posts(300, |_| {}).await;
    let html = app.page("/blog", 200).await;
    assert_eq!(card_slugs(&html).len(), 12);
    assert!(html.len() < 100 * 1024, "/blog is {} bytes", html.len());
    assert!(html.contains("href=\"/blog/page/25\"") || html.contains("of <!-- -->25"));
}

pub async fn search(app: &TestApp, query: &str) -> reqwest::Response {
    app.client
        .get(format!("{}/api/blog/search", app.url))
        .query(&[("q", query)])
        .send()
        .await
        .expect("the request completes")
}

#[tokio::test]
async fn search_finds_every_published_post_by_its_words_ignoring_case() {
    let (app, _dir) = app_with_many_posts(40, |_| {}).await;
    let found: Value = search(&app, "  POST NUMBER 3 ").await.json().await.expect("JSON");
    let slugs: Vec<&str> =
        found["posts"].as_array().expect("posts").iter().filter_map(|p| p["slug"].as_str()).collect();
    assert_eq!(
        slugs,
        [
            "post-39", "post-38", "post-37", "post-36", "post-35", "post-34", "post-33", "post-32",
            "post-31", "post-30", "post-3"
        ]
    );
    assert_eq!(found["total"], 11);
    assert_eq!(found["posts"][0]["title"], "Post number 39");
    assert!(found["posts"][0]["date"].as_str().is_some_and(|d| d.ends_with("2020")));

    let by_excerpt: Value = search(&app, "summary 7").await.json().await.expect("JSON");
    assert_eq!(by_excerpt["total"], 1, "post-7 only: 'Summary 7'");
    assert_eq!(by_excerpt["posts"][0]["slug"], "post-7", "an old post, far from the first page");

    let many: Value = search(&app, "post").await.json().await.expect("JSON");
    assert_eq!(many["total"], 40);
    assert_eq!(many["posts"].as_array().map(Vec::len), Some(24), "the newest 24 are shown");

    let none: Value = search(&app, "hitch welding rodeo").await.json().await.expect("JSON");
    assert_eq!(none["total"], 0);
    assert_eq!(none["posts"], serde_json::json!([]));
}

#[tokio::test]
async fn the_search_form_without_script_gets_its_results_from_the_server() {
    let (app, _dir) = app_with_many_posts(40, |_| {}).await;
    let searched = app.get("/blog?q=summary+7").await;
    assert_eq!(searched.status(), 200);
    assert_eq!(searched.headers()["cache-control"], "no-store");
    let html = searched.text().await.expect("HTML");
    assert_eq!(card_slugs(&html), ["post-7"], "only the match, not the first list page");
    assert!(
        html.contains("value=\"summary 7\"") && html.contains("noindex"),
        "the words kept, out of search engines"
    );
    let form =
        html.split("<form role=\"search\"").nth(1).and_then(|rest| rest.split('>').next()).expect("the form");
    assert!(form.contains("action=\"/blog\"") && form.contains("method=\"get\""), "a GET form: {form}");
    let list = app.page("/blog", 200).await;
    assert_eq!(card_slugs(&list).len(), 12, "the cached list is still the list");
    let refused = app.page(&format!("/blog?q={}", "x".repeat(101)), 200).await;
    assert!(refused.contains("The search is too long; use at most 100 characters."), "said on the page");
}

#[tokio::test]
async fn search_refuses_bad_input_with_a_clear_400() {
    let (app, _dir) = app_with_posts().await;
    let missing = app.get("/api/blog/search").await;
    assert_eq!(missing.status(), 400);
    assert!(missing.headers()["content-type"].to_str().expect("text").starts_with("application/json"));
    let message: Value = missing.json().await.expect("JSON");
    assert!(message["error"].as_str().is_some_and(|m| m.contains("?q=")), "{message}");
    for (bad, says) in
        [("   ", "empty"), (&"x".repeat(101), "too long"), ("brake\u{1}", "control characters")]
    {
        let response = search(&app, bad).await;
        assert_eq!(response.status(), 400, "{bad:?}");
        let body: Value = response.json().await.expect("JSON");
        assert!(body["error"].as_str().is_some_and(|m| m.contains(says)), "{body}");
    }
}

#[tokio::test]
async fn the_page_cache_stays_within_its_byte_bound_under_a_crawl() {
    let (app, _dir) = app_with_many_posts(60, |config| config.page_cache_mb = 1).await;
    let mut paths =
        vec!["/".to_owned(), "/services".to_owned(), "/service-areas".to_owned(), "/blog".to_owned()];
    paths.extend((2..=5).map(|n| format!("/blog/page/{n}")));
    paths.extend((1..=60).map(|n| format!("/blog/post-{n}")));
    paths.extend(["/sitemap.xml".to_owned(), "/sitemaps/pages.xml".to_owned(), "/blog/feed.xml".to_owned()]);
    for path in &paths {
        assert_eq!(app.get(path).await.status(), 200, "{path}");
        let (used, capacity) = app.pages.cache_use();
        assert!(used <= capacity, "after {path}: {used} > {capacity}");
    }
    let (used, capacity) = app.pages.cache_use();
    assert_eq!(capacity, 1024 * 1024);
    assert!(used > capacity / 2, "the cache is used: {used}");
    // Pages that left the cache are made again when asked for.
    assert!(app.page("/blog/post-1", 200).await.contains("Post number 1"));
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
    let storage = TestStorage::new().await;
    let db = storage.db().await;
    assert_eq!(trailerworks::blog::samples::add(&db).await.expect("added"), 5);
    assert_eq!(trailerworks::blog::samples::add(&db).await.expect("added"), 0);
    let denver = jiff::tz::TimeZone::get("America/Denver").expect("a zone");
    let posts = trailerworks::blog::published::cards(&db, 0, 100, &denver).await.expect("posts");
    assert_eq!(posts.len(), 5);
    assert!(posts.iter().all(|p| p.featured_image.is_some()));
    let two_days_ago = db.clock.now() - jiff::SignedDuration::from_hours(48);
    let newest = &posts[0];
    assert_eq!(newest.slug, "winter-trailer-storage-colorado");
    assert_eq!(
        newest.date,
        two_days_ago.to_zoned(denver).strftime("%B %-d, %Y").to_string(),
        "dated relative to when it is added, on the shop's clock"
    );
}

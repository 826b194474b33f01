//! Each change the admin makes to a post shows at once on every public page that shows the
//! post, although those pages were rendered and cached before the change.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    blog::{app_with_many_posts, card_slugs, feed_links, sitemap_urls},
    helpers::{Signed, TestApp},
};

/// The pages a change to the newest post touches; each is fetched (so cached) before a change.
const WATCHED: [&str; 6] =
    ["/blog", "/blog/page/2", "/blog/post-5", "/sitemap.xml", "/sitemaps/posts-1.xml", "/blog/feed.xml"];

async fn warm(app: &TestApp) {
    for path in WATCHED {
        app.get(path).await;
    }
    sitemap_urls(app).await;
}

fn body(title: &str, slug: &str, published: bool) -> Value {
    json!({
        "title": title,
        "slug": slug,
        "excerpt": "What changed at the shop this week.",
        "content": "<p>News from the shop.</p>",
        "featuredImage": null,
        "published": published,
    })
}

async fn send(app: &TestApp, signed: &Signed, method: Method, path: &str, json: Option<Value>) -> Value {
    let mut request = app.admin(method, path, signed);
    if let Some(json) = json {
        request = request.json(&json);
    }
    let response = request.send().await.expect("a response");
    assert!(response.status().is_success(), "{path}: {}", response.status());
    response.json().await.unwrap_or(Value::Null)
}

fn related(html: &str) -> Vec<String> {
    card_slugs(html.split("Related Posts").nth(1).expect("a related section"))
}

async fn sitemap_has(app: &TestApp, slug: &str) -> bool {
    sitemap_urls(app).await.contains(&format!("https://trailers.example.com/blog/{slug}"))
}

async fn feed_has(app: &TestApp, slug: &str) -> bool {
    feed_links(&app.page("/blog/feed.xml", 200).await)
        .contains(&format!("https://trailers.example.com/blog/{slug}"))
}

#[tokio::test]
async fn publish_edit_rename_unpublish_and_delete_each_show_everywhere_at_once() {
    let (app, _dir) = app_with_many_posts(14, |_| {}).await;
    let signed = app.signed_in_admin().await;
    warm(&app).await;

    // Publish: the new post leads the list, pushes the oldest card of page 1 to page 2, and
    // appears in related lists, the sitemap and the feed.
    let created =
        send(&app, &signed, Method::POST, "/posts", Some(body("Fresh news", "fresh-news", true))).await;
    let id = created["id"].as_i64().expect("an id");
    let first = card_slugs(&app.page("/blog", 200).await);
    assert_eq!(first.first().map(String::as_str), Some("fresh-news"));
    assert_eq!(first.len(), 12);
    assert_eq!(card_slugs(&app.page("/blog/page/2", 200).await), ["post-3", "post-2", "post-1"]);
    assert_eq!(related(&app.page("/blog/post-5", 200).await)[0], "fresh-news");
    assert!(app.page("/blog/fresh-news", 200).await.contains("News from the shop."));
    assert!(sitemap_has(&app, "fresh-news").await);
    assert!(feed_has(&app, "fresh-news").await);
    warm(&app).await;

    // Edit: the new title shows on its page, in the list, in related lists and in the feed.
    send(
        &app,
        &signed,
        Method::PUT,
        &format!("/posts/{id}"),
        Some(body("Fresh news, corrected", "fresh-news", true)),
    )
    .await;
    assert!(app.page("/blog/fresh-news", 200).await.contains("Fresh news, corrected"));
    assert!(app.page("/blog", 200).await.contains("Fresh news, corrected"));
    assert!(app.page("/blog/post-5", 200).await.contains("Fresh news, corrected"));
    assert!(app.page("/blog/feed.xml", 200).await.contains("Fresh news, corrected"));
    warm(&app).await;
    app.get("/blog/fresh-news").await;

    // Rename: the old address answers 301 to the new one, and every list has the new address.
    send(
        &app,
        &signed,
        Method::PUT,
        &format!("/posts/{id}"),
        Some(body("Fresh news, corrected", "shop-news", true)),
    )
    .await;
    let old = app.get("/blog/fresh-news").await;
    assert_eq!(old.status(), 301);
    assert_eq!(old.headers()["location"], "/blog/shop-news");
    let moved = app.get("/api/page?path=/blog/fresh-news").await;
    assert_eq!(moved.status(), 301);
    assert_eq!(moved.headers()["location"], "/api/page?path=/blog/shop-news");
    assert_eq!(card_slugs(&app.page("/blog", 200).await)[0], "shop-news");
    assert_eq!(related(&app.page("/blog/post-5", 200).await)[0], "shop-news");
    assert!(sitemap_has(&app, "shop-news").await && !sitemap_has(&app, "fresh-news").await);
    assert!(feed_has(&app, "shop-news").await && !feed_has(&app, "fresh-news").await);
    warm(&app).await;
    app.get("/blog/shop-news").await;

    // Unpublish: gone from every page; its addresses answer 404.
    send(&app, &signed, Method::PUT, &format!("/posts/{id}/published"), Some(json!({ "published": false })))
        .await;
    app.page("/blog/shop-news", 404).await;
    app.page("/blog/fresh-news", 404).await;
    assert_eq!(card_slugs(&app.page("/blog", 200).await)[0], "post-14");
    assert_eq!(card_slugs(&app.page("/blog/page/2", 200).await), ["post-2", "post-1"]);
    assert_eq!(related(&app.page("/blog/post-5", 200).await)[0], "post-14");
    assert!(!sitemap_has(&app, "shop-news").await);
    assert!(!feed_has(&app, "shop-news").await);

    // Publish again, then delete: gone everywhere.
    send(&app, &signed, Method::PUT, &format!("/posts/{id}/published"), Some(json!({ "published": true })))
        .await;
    assert_eq!(card_slugs(&app.page("/blog", 200).await)[0], "shop-news");
    warm(&app).await;
    send(&app, &signed, Method::DELETE, &format!("/posts/{id}"), None).await;
    app.page("/blog/shop-news", 404).await;
    assert_eq!(card_slugs(&app.page("/blog", 200).await)[0], "post-14");
    assert_eq!(related(&app.page("/blog/post-5", 200).await)[0], "post-14");
    assert!(!sitemap_has(&app, "shop-news").await);
    assert!(!feed_has(&app, "shop-news").await);
}

#[tokio::test]
async fn a_change_shows_in_search_at_once() {
    let (app, _dir) = app_with_many_posts(3, |_| {}).await;
    let signed = app.signed_in_admin().await;
    let search = |q: &'static str| {
        let app = &app;
        async move {
            let found: Value = app.get(&format!("/api/blog/search?q={q}")).await.json().await.expect("JSON");
            found["total"].as_u64().expect("a total")
        }
    };
    assert_eq!(search("shop").await, 0);
    let created =
        send(&app, &signed, Method::POST, "/posts", Some(body("Shop news", "shop-news", true))).await;
    assert_eq!(search("shop").await, 1);
    let id = created["id"].as_i64().expect("an id");
    send(&app, &signed, Method::PUT, &format!("/posts/{id}/published"), Some(json!({ "published": false })))
        .await;
    assert_eq!(search("shop").await, 0);
}

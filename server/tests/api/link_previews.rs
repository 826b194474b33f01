//! The picture a shared link shows: every page names one in `og:image`, with its size and type,
//! and it is a PNG or JPEG of 1200 by 630 that decodes; a post with a photo shows the photo; a
//! change to what a picture shows gives it a new address.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, png, spawn_app};

const PAGES: [&str; 8] = [
    "/",
    "/services",
    "/about",
    "/contact",
    "/service-areas",
    "/blog",
    "/how-we-count-visits",
    "/service-areas/aurora",
];

/// The `content` of the page's `<meta property="{property}">`.
fn meta<'a>(html: &'a str, property: &str) -> &'a str {
    let tag = format!("<meta property=\"{property}\" content=\"");
    let start = html.find(&tag).unwrap_or_else(|| panic!("no {property}")) + tag.len();
    &html[start..start + html[start..].find('"').expect("a closing quote")]
}

/// The page's picture, fetched and decoded: its type and its size.
async fn picture(app: &TestApp, path: &str) -> (String, image::ImageFormat, (u32, u32)) {
    let html = app.page(path, 200).await;
    let url = meta(&html, "og:image").replace("&amp;", "&");
    assert_eq!(meta(&html, "og:image:width"), "1200", "{path}");
    assert_eq!(meta(&html, "og:image:height"), "630", "{path}");
    let address = url.strip_prefix("https://trailers.example.com").unwrap_or_else(|| panic!("{path}: {url}"));
    let response = app.get(address).await;
    assert_eq!(response.status(), 200, "{path}: {address}");
    let declared = meta(&html, "og:image:type").to_owned();
    assert_eq!(response.headers()["content-type"], declared.as_str(), "{path}");
    let bytes = response.bytes().await.expect("the picture");
    let format = image::guess_format(&bytes).expect("a known format");
    let decoded = image::load_from_memory(&bytes).unwrap_or_else(|error| panic!("{path}: {error}"));
    (address.to_owned(), format, (decoded.width(), decoded.height()))
}

#[tokio::test]
async fn every_page_names_a_picture_of_1200_by_630_that_decodes() {
    let app = spawn_app().await;
    for path in PAGES {
        let (address, format, size) = picture(&app, path).await;
        assert_eq!(format, image::ImageFormat::Png, "{path}: {address}");
        assert_eq!(size, (1200, 630), "{path}");
    }
    assert_eq!(app.get("/social/no-such-page.png").await.status(), 404);
    assert_eq!(app.get("/social/about.jpg").await.status(), 404, "the card of /about is a PNG");
    assert_eq!(app.get("/social/dbadmin.png").await.status(), 404);
}

#[tokio::test]
async fn a_posts_photo_is_its_picture_and_a_new_title_makes_a_new_address() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let uploaded: Value =
        app.upload(&signed, "hitch.png", "image/png", png(1600, 1200)).await.json().await.expect("JSON");
    let post = json!({
        "title": "Hitch Care Before Winter",
        "slug": "hitch-care",
        "excerpt": "Grease, pins and a look at the coupler.",
        "content": "<p>Grease the coupler.</p>",
        "featuredImage": uploaded["url"],
        "published": true,
    });
    let created = app.admin(Method::POST, "/posts", &signed).json(&post).send().await.expect("a response");
    assert_eq!(created.status(), 201);
    let (address, format, size) = picture(&app, "/blog/hitch-care").await;
    assert_eq!(format, image::ImageFormat::Jpeg, "{address}");
    assert_eq!(size, (1200, 630));

    let (before, _, _) = picture(&app, "/about").await;
    let response = app.admin_json("/site", &signed).await;
    let mut details = response["site"].clone();
    details["business"]["phone"] = "(720) 555-2199".into();
    let saved = app
        .admin(Method::PUT, "/site", &signed)
        .json(&json!({ "version": response["version"], "site": details }))
        .send()
        .await
        .expect("a response");
    assert_eq!(saved.status(), 200);
    let (after, _, _) = picture(&app, "/about").await;
    assert_ne!(before, after, "the card shows the phone, so its address changes with it");
    let old = app.get(&before).await;
    assert_eq!(old.headers()["cache-control"], "no-cache", "an old address is not kept for a year");
}

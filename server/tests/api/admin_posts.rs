//! The admin API for posts, images and bookings, and what visitors see after each change.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Signed, TestApp, eventually, png, spawn_app};

fn post(slug: &str, published: bool) -> Value {
    json!({
        "title": format!("Post {slug}"),
        "slug": slug,
        "excerpt": "A short summary.",
        "content": "<p>Hello <strong>riders</strong> and <a href=\"https://example.com\">friends</a></p>",
        "featuredImage": null,
        "published": published,
    })
}

async fn create(app: &TestApp, signed: &Signed, body: &Value) -> reqwest::Response {
    app.admin(Method::POST, "/posts", signed).json(body).send().await.expect("a response")
}

async fn created_id(app: &TestApp, signed: &Signed, body: &Value) -> i64 {
    let response = create(app, signed, body).await;
    assert_eq!(response.status().as_u16(), 201);
    response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
}

#[tokio::test]
async fn a_draft_is_not_public_and_publishing_it_shows_it_everywhere_at_once() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let id = created_id(&app, &signed, &post("fresh-brakes", false)).await;
    app.page("/blog/fresh-brakes", 404).await;
    assert!(!app.page("/blog", 200).await.contains("Post fresh-brakes"));

    let toggled = app
        .admin(Method::PUT, &format!("/posts/{id}/published"), &signed)
        .json(&json!({ "published": true }));
    assert_eq!(toggled.send().await.unwrap().status().as_u16(), 200);
    let page = app.page("/blog/fresh-brakes", 200).await;
    assert!(page.contains("<strong>riders</strong>"));
    assert!(app.page("/blog", 200).await.contains("Post fresh-brakes"));
    assert!(app.page("/sitemaps/posts-1.xml", 200).await.contains("/blog/fresh-brakes"));

    let hidden = app
        .admin(Method::PUT, &format!("/posts/{id}/published"), &signed)
        .json(&json!({ "published": false }));
    assert_eq!(hidden.send().await.unwrap().status().as_u16(), 200);
    app.page("/blog/fresh-brakes", 404).await;
}

#[tokio::test]
async fn posts_keep_their_author_and_times_and_are_listed_newest_first() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let first = created_id(&app, &signed, &post("first", false)).await;
    let second = created_id(&app, &signed, &post("second", true)).await;
    let list: Value = app.admin(Method::GET, "/posts", &signed).send().await.unwrap().json().await.unwrap();
    let ids: Vec<i64> = list["posts"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [second, first]);
    assert!(list["posts"][0].get("content").is_none(), "the list leaves content out");

    let loaded = app.admin_json(&format!("/posts/{first}"), &signed).await;
    let user_id = app.count("SELECT id FROM users").await;
    assert_eq!(loaded["authorId"], user_id);
    assert_eq!(loaded["published"], false);
    assert!(loaded["content"].as_str().unwrap().contains("riders"));
    let created_at = loaded["createdAt"].as_str().unwrap().to_owned();

    let mut edited = post("first", true);
    edited["title"] = json!("First, edited");
    let saved: Value = app
        .admin(Method::PUT, &format!("/posts/{first}"), &signed)
        .json(&edited)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(saved["title"], "First, edited");
    assert_eq!(saved["createdAt"], created_at.as_str(), "created_at is kept");
    assert!(saved["updatedAt"].as_str().unwrap() >= created_at.as_str());

    let missing = app.admin(Method::GET, "/posts/999", &signed).send().await.unwrap();
    assert_eq!(missing.status().as_u16(), 404);
}

#[tokio::test]
async fn blank_fields_get_the_editors_messages_and_a_used_slug_is_refused() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let blank =
        json!({ "title": " ", "slug": "", "excerpt": "", "content": "<p><br></p>", "published": true });
    let response = create(&app, &signed, &blank).await;
    assert_eq!(response.status().as_u16(), 422);
    let errors = response.json::<Value>().await.unwrap()["errors"].clone();
    assert_eq!(errors["title"][0], "Title is required");
    assert_eq!(errors["slug"][0], "Slug is required");
    assert_eq!(errors["excerpt"][0], "Excerpt is required");
    assert_eq!(errors["content"][0], "Content is required");

    created_id(&app, &signed, &post("taken", true)).await;
    let again = create(&app, &signed, &post("taken", false)).await;
    assert_eq!(again.status().as_u16(), 422);
    let message = again.json::<Value>().await.unwrap()["errors"]["slug"][0].as_str().unwrap().to_owned();
    assert!(message.contains("already used"), "{message}");

    let other = created_id(&app, &signed, &post("other", false)).await;
    let clash = app.admin(Method::PUT, &format!("/posts/{other}"), &signed).json(&post("taken", false));
    assert_eq!(clash.send().await.unwrap().status().as_u16(), 422);
}

#[tokio::test]
async fn changing_a_published_posts_slug_makes_the_old_address_answer_301() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let id = created_id(&app, &signed, &post("old-name", true)).await;
    let renamed = app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(&post("new-name", true));
    assert_eq!(renamed.send().await.unwrap().status().as_u16(), 200);

    let old = app.get("/blog/old-name").await;
    assert_eq!(old.status().as_u16(), 301);
    assert_eq!(old.headers()["location"], "/blog/new-name");
    app.page("/blog/new-name", 200).await;

    // A new post may take the old slug back; then it is that post's address again.
    created_id(&app, &signed, &post("old-name", true)).await;
    app.page("/blog/old-name", 200).await;
}

#[tokio::test]
async fn saved_html_is_sanitised_and_the_preview_shows_the_same() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut body = post("payloads", true);
    let payloads = concat!(
        r#"<p>Safe text</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">j</a>"#,
        r#"<a href="data:text/html,<script>alert(1)</script>">d</a><svg onload="alert(1)"></svg>"#,
        r#"<math><mi xlink:href="javascript:alert(1)">m</mi></math><iframe srcdoc="<script>alert(1)</script>"></iframe>"#,
        r#"<p style="background:url(javascript:alert(1)); color: red">s</p><script>alert(1)</script>"#,
    );
    body["content"] = json!(payloads);
    let id = created_id(&app, &signed, &body).await;
    let stored = trailerworks::blog::store::get(&app.db().await, trailerworks::domain::PostId(id))
        .await
        .unwrap()
        .unwrap()
        .content
        .unwrap();
    for gone in ["onerror", "javascript:", "data:text/html", "<svg", "<math", "srcdoc", "url(", "<script"] {
        assert!(!stored.contains(gone), "{gone} in {stored}");
    }
    assert!(stored.contains("Safe text"));
    let preview: Value = app
        .admin(Method::POST, "/posts/preview", &signed)
        .json(&json!({ "content": payloads }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(preview["content"], stored.as_str());
}

#[tokio::test]
async fn deleting_a_post_removes_it_from_the_public_blog() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let id = created_id(&app, &signed, &post("short-lived", true)).await;
    app.page("/blog/short-lived", 200).await;
    let deleted = app.admin(Method::DELETE, &format!("/posts/{id}"), &signed).send().await.unwrap();
    assert_eq!(deleted.status().as_u16(), 204);
    app.page("/blog/short-lived", 404).await;
    assert!(!app.page("/blog", 200).await.contains("short-lived"));
}

#[tokio::test]
async fn an_uploaded_image_is_re_encoded_stored_under_a_server_name_and_served_with_srcset() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let response = app.upload(&signed, "../../etc/passwd.png", "image/png", png(1200, 630)).await;
    assert_eq!(response.status().as_u16(), 201);
    let stored: Value = response.json().await.unwrap();
    let url = stored["url"].as_str().unwrap().to_owned();
    let name = url.strip_prefix("/media/blog-images/").expect("under /media/blog-images/");
    let (stem, extension) = name.rsplit_once('.').unwrap();
    assert_eq!(extension, "png");
    let (timestamp, random) = stem.split_once('-').unwrap();
    assert!(timestamp.len() >= 13 && timestamp.bytes().all(|b| b.is_ascii_digit()), "{name}");
    assert!(!random.is_empty(), "{name}");
    let stored_files = app.stored_images(trailerworks::media::Folder::BlogImages).await;
    assert!(stored_files.contains(&name.to_owned()), "{stored_files:?}");
    assert!(stored_files.contains(&format!("{stem}-480w.png")), "{stored_files:?}");

    let served = app.get(&url).await;
    assert_eq!(served.status().as_u16(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(image::guess_format(&served.bytes().await.unwrap()).unwrap(), image::ImageFormat::Png);

    let mut body = post("with-image", true);
    body["featuredImage"] = json!(url);
    created_id(&app, &signed, &body).await;
    let page = app.page("/blog/with-image", 200).await;
    assert!(page.contains(&format!("{stem}-480w.png 480w")), "the post offers the smaller copies");
}

#[tokio::test]
async fn phone_photos_are_stored_upright_as_jpeg_without_exif_or_gps() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images");
    // A HEIC from an iPhone often arrives with no type at all; the bytes decide.
    for (name, mime, upright) in [
        ("IMG_0412.HEIC", "application/octet-stream", (640, 480)),
        ("phone-photo-gps.jpg", "image/jpeg", (480, 640)),
    ] {
        let bytes =
            std::fs::read(fixtures.join(if name.ends_with(".HEIC") { "phone-photo.heic" } else { name }))
                .expect("the fixture");
        assert!(bytes.windows(4).any(|w| w == b"Exif"), "{name} carries EXIF to strip");
        let response = app.upload(&signed, name, mime, bytes).await;
        assert_eq!(response.status().as_u16(), 201, "{name}");
        let url = response.json::<Value>().await.unwrap()["url"].as_str().unwrap().to_owned();
        assert!(url.ends_with(".jpg"), "{name} is stored as a JPEG: {url}");
        let served = app.get(&url).await;
        assert_eq!(served.headers()["content-type"], "image/jpeg");
        let bytes = served.bytes().await.unwrap();
        for needle in [&b"Exif"[..], b"GPS", b"iPhone"] {
            assert!(
                !bytes.windows(needle.len()).any(|w| w == needle),
                "{name}: {needle:?} left in the stored file"
            );
        }
        let stored = image::load_from_memory(&bytes).unwrap();
        assert_eq!((stored.width(), stored.height()), upright, "{name}");
    }
}

#[tokio::test]
async fn a_fake_png_an_svg_and_a_six_megabyte_image_are_refused() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let fake = app.upload(&signed, "photo.png", "image/png", b"this is text, not a picture".to_vec()).await;
    assert_eq!(fake.status().as_u16(), 422);
    let svg =
        br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>"#;
    let svg = app.upload(&signed, "logo.svg", "image/svg+xml", svg.to_vec()).await;
    assert_eq!(svg.status().as_u16(), 422);
    let mut big = png(8, 8);
    big.resize(6 * 1024 * 1024, 0);
    let big = app.upload(&signed, "big.png", "image/png", big).await;
    assert_eq!(big.status().as_u16(), 413);
    assert_eq!(
        app.stored_images(trailerworks::media::Folder::BlogImages).await,
        Vec::<String>::new(),
        "nothing refused is stored"
    );
    assert_eq!(app.get("/media/blog-images/..%2Ftrailerworks.db").await.status().as_u16(), 404);
}

#[tokio::test]
async fn the_booking_inbox_lists_filters_sets_statuses_and_exports_csv() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    for (id, name) in [("a", "Dana Driver"), ("b", "=HYPERLINK(\"x\")")] {
        let booking = json!({
            "submissionId": format!("00000000-0000-4000-8000-00000000000{id}"),
            "name": name, "email": "dana@example.com", "phone": "303-555-0100", "details": "",
            "answers": [{ "question": "What type of trailer do you have?", "answer": "Dump Trailer" }],
            "website": "", "fillMs": 20000,
        });
        assert_eq!(app.post_json("/api/bookings", &booking).await.status().as_u16(), 201);
    }
    let inbox: Value =
        app.admin(Method::GET, "/bookings", &signed).send().await.unwrap().json().await.unwrap();
    let bookings = inbox["bookings"].as_array().unwrap();
    assert_eq!(bookings.len(), 2);
    assert_eq!(bookings[1]["name"], "Dana Driver");
    assert_eq!(bookings[1]["answers"][0]["answer"], "Dump Trailer");
    let id = bookings[1]["id"].as_i64().unwrap();

    let set = app
        .admin(Method::PUT, &format!("/bookings/{id}/status"), &signed)
        .json(&json!({ "status": "scheduled" }));
    assert_eq!(set.send().await.unwrap().status().as_u16(), 200);
    let bad =
        app.admin(Method::PUT, &format!("/bookings/{id}/status"), &signed).json(&json!({ "status": "lost" }));
    assert_eq!(bad.send().await.unwrap().status().as_u16(), 422);
    let scheduled = app.admin_json("/bookings?status=scheduled", &signed).await;
    assert_eq!(scheduled["bookings"].as_array().unwrap().len(), 1);

    let csv = app.admin(Method::GET, "/bookings.csv", &signed).send().await.unwrap();
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let text = csv.text().await.unwrap();
    assert!(
        text.starts_with(
            // The assistant's answers by their labels, then those to questions it does not ask.
            "received (America/Denver),id,status,urgent,name,email,phone,Trailer,Trailer type,Service,\
             Problem,Project,Service asked about,Mobile or shop,Where,Address,Urgency,Budget,Timeline,other answers,\
             details,location,service area,time,cancelled,source page,source button,referrer,utm_source,utm_campaign,\
             notes,deliveries\n"
        ),
        "{text}"
    );
    assert!(text.contains("scheduled,no,Dana Driver,dana@example.com"), "{text}");
    assert!(text.contains(",What type of trailer do you have?: Dump Trailer,"), "{text}");
    assert!(text.contains("'=HYPERLINK"), "formulas are defused: {text}");
    let log: Value = app.admin(Method::GET, "/audit", &signed).send().await.unwrap().json().await.unwrap();
    assert_eq!(log["entries"][0]["action"], "booking-status-changed");
}

/// The shop's wall-clock time (America/Denver) `seconds` from the server's now, as the editor
/// sends it.
fn denver_in(app: &TestApp, seconds: i64) -> String {
    let zone = jiff::tz::TimeZone::get("America/Denver").expect("the shop's zone");
    let at = app.clock.now() + jiff::SignedDuration::from_secs(seconds);
    at.to_zoned(zone).datetime().strftime("%Y-%m-%dT%H:%M:%S").to_string()
}

#[tokio::test]
async fn a_scheduled_post_goes_live_at_its_time_with_nobody_visiting() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut body = post("spring-checkup", false);
    body["publishAt"] = json!(denver_in(&app, 2 * 3600));
    let response = create(&app, &signed, &body).await;
    assert_eq!(response.status().as_u16(), 201);
    let saved: Value = response.json().await.unwrap();
    assert!(saved["publishAt"].as_str().unwrap().ends_with('Z'), "stored in UTC: {saved}");
    app.page("/blog/spring-checkup", 404).await;
    assert!(!app.page("/blog/feed.xml", 200).await.contains("spring-checkup"));
    app.page("/sitemaps/posts-1.xml", 404).await;

    // Nobody asks for anything while the time comes; the server publishes on its own.
    app.clock.advance(std::time::Duration::from_secs(2 * 3600 + 60));
    eventually("published once its time came", || async {
        app.count("SELECT COUNT(*) FROM blog_posts WHERE published = TRUE").await == 1
    })
    .await;
    assert!(app.page("/blog/spring-checkup", 200).await.contains("riders"));
    assert!(app.page("/blog/feed.xml", 200).await.contains("spring-checkup"));
    assert!(app.page("/sitemaps/posts-1.xml", 200).await.contains("/blog/spring-checkup"));
    let listed: Value = app.admin(Method::GET, "/posts", &signed).send().await.unwrap().json().await.unwrap();
    assert_eq!(listed["posts"][0]["publishAt"], Value::Null);
    let actions: Vec<(String,)> = app.rows("SELECT action FROM audit_log ORDER BY id").await;
    assert!(actions.contains(&("post-scheduled".to_owned(),)), "{actions:?}");
    assert!(actions.contains(&("post-published-on-schedule".to_owned(),)), "{actions:?}");
}

#[tokio::test]
async fn a_post_moved_to_an_earlier_time_goes_live_then_and_one_unscheduled_stays_a_draft() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut moved = post("moved-earlier", false);
    moved["publishAt"] = json!(denver_in(&app, 4 * 3600));
    let moved_id = created_id(&app, &signed, &moved).await;
    let mut dropped = post("not-after-all", false);
    dropped["publishAt"] = json!(denver_in(&app, 2 * 3600));
    let dropped_id = created_id(&app, &signed, &dropped).await;
    let save =
        |id: i64, body: &Value| app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(body).send();
    moved["publishAt"] = json!(denver_in(&app, 3600));
    assert_eq!(save(moved_id, &moved).await.unwrap().status().as_u16(), 200);
    dropped["publishAt"] = Value::Null;
    assert_eq!(save(dropped_id, &dropped).await.unwrap().status().as_u16(), 200);

    app.clock.advance(std::time::Duration::from_secs(3600 + 60));
    eventually("the moved post went live at its new time", || async {
        app.count("SELECT COUNT(*) FROM blog_posts WHERE published = TRUE").await == 1
    })
    .await;
    app.page("/blog/moved-earlier", 200).await;
    // The jobs of the old times find nothing more to publish.
    app.clock.advance(std::time::Duration::from_secs(4 * 3600));
    app.deliver_due().await;
    app.page("/blog/not-after-all", 404).await;
    assert_eq!(app.count("SELECT COUNT(*) FROM blog_posts WHERE published = TRUE").await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM jobs WHERE kind = 'publish-due'").await, 0, "every job ran");
}

#[tokio::test]
async fn a_schedule_must_be_a_future_time_and_publishing_now_drops_it() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    for (at, message) in
        [("2020-01-01T09:00", "Pick a time in the future"), ("next week", "Enter a date and a time")]
    {
        let mut body = post("later", false);
        body["publishAt"] = json!(at);
        let response = create(&app, &signed, &body).await;
        assert_eq!(response.status().as_u16(), 422);
        assert_eq!(response.json::<Value>().await.unwrap()["errors"]["publishAt"][0], message);
    }
    // Tomorrow at noon on the shop's clock: a wall time the clocks never repeat or skip.
    let tomorrow = app
        .clock
        .now()
        .to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("the zone"))
        .date()
        .tomorrow();
    let mut body = post("later", false);
    body["publishAt"] = json!(format!("{}T12:00:00", tomorrow.expect("a day")));
    let id = created_id(&app, &signed, &body).await;
    let now = app
        .admin(Method::PUT, &format!("/posts/{id}/published"), &signed)
        .json(&json!({ "published": true }));
    let saved: Value = now.send().await.unwrap().json().await.unwrap();
    assert_eq!(saved["published"], true);
    assert_eq!(saved["publishAt"], Value::Null);
}

#[tokio::test]
async fn a_posts_own_description_and_social_image_go_in_its_head() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut body = post("hitch-tips", true);
    body["metaDescription"] = json!("Five hitch checks before every trip, from our Denver shop.");
    body["socialImage"] = json!("https://images.example.com/hitch.jpg");
    created_id(&app, &signed, &body).await;
    let page = app.page("/blog/hitch-tips", 200).await;
    assert!(page.contains(r#"<meta name="description" content="Five hitch checks before every trip, from our Denver shop.">"#), "{page}");
    assert!(page.contains(r#"<meta property="og:image" content="https://images.example.com/hitch.jpg">"#));
    // Without them, the excerpt and the featured image.
    created_id(&app, &signed, &post("plain-tips", true)).await;
    assert!(
        app.page("/blog/plain-tips", 200)
            .await
            .contains(r#"<meta name="description" content="A short summary.">"#)
    );
    let mut long = post("long-tips", true);
    long["metaDescription"] = json!("x".repeat(301));
    let refused = create(&app, &signed, &long).await;
    assert_eq!(refused.status().as_u16(), 422);
}

#[tokio::test]
async fn a_post_ends_with_the_booking_button_which_books_the_service_it_names() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    created_id(&app, &signed, &post("any-service", true)).await;
    let page = app.page("/blog/any-service", 200).await;
    assert!(page.contains("Ready to Get Your Trailer Back on the Road?"), "the closing call to action");
    assert!(page.contains("Schedule Service Now"), "{page}");

    let mut brakes = post("brake-season", true);
    brakes["service"] = json!(" Suspension and Brake Repair ");
    let id = created_id(&app, &signed, &brakes).await;
    assert_eq!(
        app.admin_json(&format!("/posts/{id}"), &signed).await["service"],
        "Suspension and Brake Repair"
    );
    let page = app.page("/blog/brake-season", 200).await;
    assert!(page.contains("Book Suspension and Brake Repair"), "{page}");
    let data: Value = app.get("/api/page?path=/blog/brake-season").await.json().await.unwrap();
    assert_eq!(data["counted"], true, "a post is a page Insights counts");
    assert_eq!(data["data"]["service"]["title"], "Suspension and Brake Repair");
    assert_eq!(data["data"]["service"]["chatAnswers"], json!(["repairs-needed"]));

    let mut unknown = post("rockets", true);
    unknown["service"] = json!("Rocket Repair");
    let refused = create(&app, &signed, &unknown).await;
    assert_eq!(refused.status().as_u16(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["errors"]["service"][0], "Pick one of the services on the Services page", "{body}");
}

#[tokio::test]
async fn the_featured_images_description_is_its_alt_text_on_the_page_and_in_shared_links() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut body = post("axle-swap", true);
    let uploaded: Value = app
        .upload(&signed, "axle.png", "image/png", crate::helpers::png(1200, 800))
        .await
        .json()
        .await
        .unwrap();
    body["featuredImage"] = uploaded["url"].clone();
    body["featuredImageAlt"] = json!("  A new axle under a \"utility\" trailer ");
    body["content"] =
        json!(r#"<p>Before:</p><p><img src="/site/blog-brakes.svg" alt="The old bent axle"></p>"#);
    let id = created_id(&app, &signed, &body).await;
    let page = app.page("/blog/axle-swap", 200).await;
    assert!(
        page.contains(
            r#"<meta property="og:image:alt" content="A new axle under a &quot;utility&quot; trailer">"#
        ),
        "{page}"
    );
    assert!(page.contains(
        r#"<meta name="twitter:image:alt" content="A new axle under a &quot;utility&quot; trailer">"#
    ));
    assert!(
        page.contains(r#"alt="A new axle under a &quot;utility&quot; trailer""#),
        "the picture at the top has it"
    );
    assert!(page.contains(r#"alt="The old bent axle""#), "pictures in the text keep theirs");
    let stored = app.admin_json(&format!("/posts/{id}"), &signed).await;
    assert_eq!(stored["featuredImageAlt"], "A new axle under a \"utility\" trailer");
    let revisions = app.admin_json(&format!("/posts/{id}/revisions"), &signed).await;
    let revision_id = revisions["revisions"][0]["id"].as_i64().unwrap();
    let revision = app.admin_json(&format!("/posts/{id}/revisions/{revision_id}"), &signed).await;
    assert_eq!(
        revision["featuredImageAlt"], stored["featuredImageAlt"],
        "a revision keeps it with the image"
    );
    // A social image of its own is not described by the featured image's text.
    body["socialImage"] = json!("https://images.example.com/share.jpg");
    let saved = app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(&body).send().await.unwrap();
    assert_eq!(saved.status().as_u16(), 200);
    assert!(!app.page("/blog/axle-swap", 200).await.contains("og:image:alt"));
}

#[tokio::test]
async fn every_save_keeps_a_revision_that_can_be_read_back() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let id = created_id(&app, &signed, &post("bearing-care", false)).await;
    let mut second = post("bearing-care", true);
    second["title"] = json!("Bearing Care, Second Try");
    let saved = app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(&second).send().await.unwrap();
    assert_eq!(saved.status().as_u16(), 200);

    let list = app.admin_json(&format!("/posts/{id}/revisions"), &signed).await;
    let revisions = list["revisions"].as_array().unwrap();
    assert_eq!(revisions.len(), 2);
    assert_eq!(revisions[0]["title"], "Bearing Care, Second Try", "newest first");
    assert_eq!(revisions[1]["savedBy"], "owner@example.com");
    let first_id = revisions[1]["id"].as_i64().unwrap();
    let first = app.admin_json(&format!("/posts/{id}/revisions/{first_id}"), &signed).await;
    assert_eq!(first["title"], "Post bearing-care");
    assert!(first["content"].as_str().unwrap().contains("<strong>riders</strong>"));
    let other = app
        .admin(Method::GET, &format!("/posts/{}/revisions/{first_id}", id + 1), &signed)
        .send()
        .await
        .unwrap();
    assert_eq!(other.status().as_u16(), 404, "a revision belongs to its post");
    // A deleted post keeps its revisions while it can be restored.
    app.admin(Method::DELETE, &format!("/posts/{id}"), &signed).send().await.unwrap();
    assert_eq!(app.count("SELECT COUNT(*) FROM post_revisions").await, 2);
}

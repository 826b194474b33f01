//! A post's life in the admin beyond one save: the list a page at a time, the bin of deleted
//! posts, the original text kept as a version, the full preview, and search that follows every
//! change at once.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Signed, TestApp, spawn_app};

fn post(title: &str, slug: &str, content: &str, published: bool) -> Value {
    json!({
        "title": title,
        "slug": slug,
        "excerpt": format!("About {title}."),
        "content": content,
        "featuredImage": null,
        "published": published,
    })
}

async fn create(app: &TestApp, signed: &Signed, body: &Value) -> i64 {
    let response = app.admin(Method::POST, "/posts", signed).json(body).send().await.expect("a response");
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
}

/// The slugs the blog search finds, best first.
async fn search(app: &TestApp, query: &str) -> Vec<String> {
    let found: Value = crate::blog::search(app, query).await.json().await.expect("JSON");
    found["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .map(|p| p["slug"].as_str().expect("a slug").to_owned())
        .collect()
}

#[tokio::test]
async fn search_finds_words_in_the_post_text_ranks_title_matches_first_and_follows_each_change() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let bearings = create(
        &app,
        &signed,
        &post(
            "Bearing care",
            "bearing-care",
            "<p>Pack them with <strong>marine grease</strong> and set the preload.</p>",
            true,
        ),
    )
    .await;
    create(&app, &signed, &post("Grease guns compared", "grease-guns", "<p>Three tools.</p>", true)).await;
    create(&app, &signed, &post("Draft about grease", "draft-grease", "<p>grease</p>", false)).await;
    assert_eq!(
        search(&app, "grease").await,
        ["grease-guns", "bearing-care"],
        "the title match first, no draft"
    );
    assert_eq!(search(&app, "PRELOAD").await, ["bearing-care"]);
    assert_eq!(search(&app, "greas").await.len(), 2, "the start of a word finds it");
    assert_eq!(search(&app, "bearings").await, ["bearing-care"], "another form of the word finds it");
    assert_eq!(search(&app, "strong").await, Vec::<String>::new(), "markup is not text");

    let mut edited = post("Bearing care", "bearing-care", "<p>Pack them with marine grease.</p>", true);
    edited["excerpt"] = json!("About bearings.");
    let saved =
        app.admin(Method::PUT, &format!("/posts/{bearings}"), &signed).json(&edited).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    assert_eq!(search(&app, "preload").await, Vec::<String>::new(), "the change is searchable at once");
    app.admin(Method::DELETE, &format!("/posts/{bearings}"), &signed).send().await.unwrap();
    assert_eq!(search(&app, "grease").await, ["grease-guns"]);
}

#[tokio::test]
async fn the_posts_list_pages_filters_sorts_and_counts_from_the_database() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    for n in 1..=30 {
        let published = n % 3 != 0;
        create(&app, &signed, &post(&format!("Note {n:02}"), &format!("note-{n:02}"), "<p>x</p>", published))
            .await;
    }
    let first = app.admin_json("/posts", &signed).await;
    assert_eq!(first["posts"].as_array().unwrap().len(), 25);
    assert_eq!(
        (first["total"].clone(), first["page"].clone(), first["pageCount"].clone()),
        (json!(30), json!(1), json!(2))
    );
    assert_eq!(first["posts"][0]["title"], "Note 30", "newest first");
    assert_eq!(
        first["counts"],
        json!({ "all": 30, "published": 20, "drafts": 10, "scheduled": 0, "deleted": 0 })
    );
    let second = app.admin_json("/posts?page=2", &signed).await;
    let titles = |list: &Value| -> Vec<String> {
        list["posts"].as_array().unwrap().iter().map(|p| p["title"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(titles(&second), ["Note 05", "Note 04", "Note 03", "Note 02", "Note 01"]);
    let drafts = app.admin_json("/posts?status=drafts&sort=title", &signed).await;
    assert_eq!(drafts["total"], 10);
    assert_eq!(titles(&drafts)[..3], ["Note 03", "Note 06", "Note 09"]);
    let searched = app.admin_json("/posts?q=note%202&sort=oldest", &signed).await;
    assert_eq!(
        titles(&searched),
        [
            "Note 20", "Note 21", "Note 22", "Note 23", "Note 24", "Note 25", "Note 26", "Note 27",
            "Note 28", "Note 29"
        ]
    );
    let nothing = app.admin_json("/posts?q=100%25", &signed).await;
    assert_eq!(nothing["total"], 0, "% is a character, not a wildcard");
    for bad in ["/posts?status=secret", "/posts?sort=random", "/posts?page=x"] {
        let response = app.admin(Method::GET, bad, &signed).send().await.unwrap();
        assert_eq!(response.status(), 400, "{bad}");
    }
    let big = app.admin(Method::GET, "/posts", &signed).send().await.unwrap().bytes().await.unwrap();
    assert!(big.len() < 100 * 1024, "one page, not every post: {} bytes", big.len());
}

#[tokio::test]
async fn a_deleted_post_waits_thirty_days_under_deleted_and_can_be_restored_as_a_draft() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let id = create(&app, &signed, &post("Winter storage", "winter-storage", "<p>Cover it.</p>", true)).await;
    assert_eq!(
        app.admin(Method::DELETE, &format!("/posts/{id}"), &signed).send().await.unwrap().status(),
        204
    );
    app.page("/blog/winter-storage", 404).await;
    let all = app.admin_json("/posts", &signed).await;
    assert_eq!((all["total"].clone(), all["counts"]["deleted"].clone()), (json!(0), json!(1)));
    let bin = app.admin_json("/posts?status=deleted", &signed).await;
    assert_eq!(bin["posts"][0]["title"], "Winter storage");
    assert!(bin["posts"][0]["deletedAt"].is_string());

    let again =
        app.admin(Method::POST, "/posts", &signed).json(&post("New", "winter-storage", "<p>x</p>", false));
    let again = again.send().await.unwrap();
    assert_eq!(again.status(), 422);
    let message = again.json::<Value>().await.unwrap()["errors"]["slug"][0].as_str().unwrap().to_owned();
    assert!(message.contains("deleted post"), "{message}");
    let edit = app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(&post(
        "W",
        "winter-storage",
        "<p>x</p>",
        true,
    ));
    assert_eq!(edit.send().await.unwrap().status(), 404, "a deleted post is not edited");

    let restored = app.admin(Method::POST, &format!("/posts/{id}/restore"), &signed).send().await.unwrap();
    assert_eq!(restored.status(), 200);
    let restored: Value = restored.json().await.unwrap();
    assert_eq!((restored["published"].clone(), restored["deletedAt"].clone()), (json!(false), Value::Null));
    let twice = app.admin(Method::POST, &format!("/posts/{id}/restore"), &signed).send().await.unwrap();
    assert_eq!(twice.status(), 404);
    let actions: Vec<(String,)> = app.rows("SELECT action FROM audit_log ORDER BY id").await;
    assert!(actions.iter().any(|(a,)| a == "post-restored"), "{actions:?}");

    // Thirty days on, the server removes the post for good, with its versions.
    app.admin(Method::DELETE, &format!("/posts/{id}"), &signed).send().await.unwrap();
    app.clock.advance(std::time::Duration::from_secs(31 * 24 * 60 * 60));
    crate::helpers::eventually("the post is removed", || async {
        app.count("SELECT COUNT(*) FROM blog_posts").await == 0
    })
    .await;
    assert_eq!(app.count("SELECT COUNT(*) FROM post_revisions").await, 0);
    let purged: Vec<(String, String)> =
        app.rows("SELECT action, detail FROM audit_log WHERE action = 'post-purged'").await;
    assert_eq!(purged.len(), 1, "{purged:?}");
    assert_eq!(purged[0].1, "\u{201c}Winter storage\u{201d}");
}

#[tokio::test]
async fn a_sample_post_keeps_its_original_text_as_a_version_at_its_first_save() {
    let app = spawn_app().await;
    let db = app.db().await;
    assert_eq!(trailerworks::blog::samples::add(&db).await.expect("added"), 5);
    let signed = app.signed_in_admin().await;
    let list = app.admin_json("/posts", &signed).await;
    let id = list["posts"][0]["id"].as_i64().unwrap();
    let original = app.admin_json(&format!("/posts/{id}"), &signed).await;
    let mut changed = post("My own title", original["slug"].as_str().unwrap(), "<p>My own words.</p>", true);
    changed["excerpt"] = original["excerpt"].clone();
    let saved = app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(&changed).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    let revisions = app.admin_json(&format!("/posts/{id}/revisions"), &signed).await;
    let revisions = revisions["revisions"].as_array().unwrap();
    assert_eq!(revisions.len(), 2, "{revisions:?}");
    assert_eq!(revisions[1]["savedBy"], "", "the original is nobody's save");
    let first = app.admin_json(&format!("/posts/{id}/revisions/{}", revisions[1]["id"]), &signed).await;
    assert_eq!(first["title"], original["title"]);
    assert_eq!(first["content"], original["content"]);
    // Later saves add one version each.
    app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(&changed).send().await.unwrap();
    assert_eq!(
        app.admin_json(&format!("/posts/{id}/revisions"), &signed).await["revisions"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[tokio::test]
async fn the_full_preview_shows_an_unsaved_post_as_its_page_to_the_admin_only() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    create(&app, &signed, &post("Older news", "older-news", "<p>Old.</p>", true)).await;
    let body = json!({
        "postId": null,
        "post": post("Not saved yet", "not-saved-yet", "<h2>Unsaved heading</h2><p>Draft words.</p>", false),
    });
    let response = app.admin(Method::POST, "/posts/full-preview", &signed).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201);
    let url = response.json::<Value>().await.unwrap()["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/dbadmin/preview/"), "{url}");
    let page =
        app.client.get(format!("{}{url}", app.url)).header("cookie", &signed.cookie).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["cache-control"], "no-store");
    let html = page.text().await.unwrap();
    assert!(
        html.contains("<h2>Unsaved heading</h2>") && html.contains("Not saved yet"),
        "the post page's own code"
    );
    assert!(html.contains("Older news"), "with the related posts");
    assert!(html.contains("noindex"));
    assert_eq!(app.count("SELECT COUNT(*) FROM blog_posts").await, 1, "nothing is saved");

    let visitor = app.get(&url).await;
    assert_eq!(
        (visitor.status().as_u16(), visitor.headers()["location"].to_str().unwrap()),
        (303, "/dbadmin")
    );
    let unknown =
        app.client.get(format!("{}/dbadmin/preview/nope", app.url)).header("cookie", &signed.cookie);
    assert_eq!(unknown.send().await.unwrap().status(), 404);
    let bad = json!({ "postId": null, "post": post(" ", "", "", false) });
    let refused = app.admin(Method::POST, "/posts/full-preview", &signed).json(&bad).send().await.unwrap();
    assert_eq!(refused.status(), 422);
}

#[tokio::test]
async fn dates_people_read_are_on_the_shops_clock() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let id = create(&app, &signed, &post("Late evening post", "late-evening", "<p>x</p>", true)).await;
    // Published at 5:53 PM in Denver on November 23, which is already the 24th in UTC.
    app.execute("UPDATE blog_posts SET created_at = '2026-11-24T00:53:00.000Z'").await;
    let changed = app.admin(Method::PUT, &format!("/posts/{id}"), &signed).json(&post(
        "Late evening post",
        "late-evening",
        "<p>y</p>",
        true,
    ));
    assert_eq!(changed.send().await.unwrap().status(), 200);
    let html = app.page("/blog/late-evening", 200).await;
    assert!(html.contains("November 23, 2026") && !html.contains("November 24, 2026"), "the shop's date");

    let mut scheduled = post("Spring", "spring", "<p>x</p>", false);
    scheduled["publishAt"] = json!("2099-12-01T09:00");
    create(&app, &signed, &scheduled).await;
    let details: Vec<(String,)> =
        app.rows("SELECT detail FROM audit_log WHERE action = 'post-scheduled'").await;
    assert!(details[0].0.ends_with("for Dec 1, 2099, 9:00 AM MST"), "{details:?}");
    // A scheduled post is counted and listed as scheduled, not among the drafts.
    let list = app.admin_json("/posts?status=drafts", &signed).await;
    assert_eq!((list["counts"]["scheduled"].as_i64(), list["counts"]["drafts"].as_i64()), (Some(1), Some(0)));
    assert_eq!(list["total"], 0, "{list}");
    assert_eq!(app.admin_json("/posts?status=scheduled", &signed).await["total"], 1);
}

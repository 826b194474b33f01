//! The site details in the admin: a save shows on every page at once, is audited and kept as a
//! version that can be restored; a bad value is refused by field and changes nothing; the CLI
//! moves the details between sites.

use std::process::Command;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{
    OWN_PHONE, Signed, TestApp, TestStorage, spawn_app, spawn_app_on, spawn_app_with_own_details,
    storage_args,
};

/// The shipped placeholder: the owner sees it in the site details, visitors see no phone.
const PHONE: &str = "(303) 555-0147";
const NEW_PHONE: &str = "(720) 555-2199";

async fn site(app: &TestApp, signed: &Signed) -> (i64, Value) {
    let body = app.admin_json("/site", signed).await;
    (body["version"].as_i64().expect("a version"), body["site"].clone())
}

async fn save(app: &TestApp, signed: &Signed, version: i64, site: &Value) -> reqwest::Response {
    app.admin(Method::PUT, "/site", signed)
        .json(&json!({ "version": version, "site": site }))
        .send()
        .await
        .expect("a response")
}

#[tokio::test]
async fn a_new_phone_number_shows_on_every_page_at_once_and_is_audited() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    // Cached before the change, as a visitor would have them: no phone while it is a placeholder.
    for path in ["/", "/about", "/service-areas/aurora", "/blog"] {
        let html = app.page(path, 200).await;
        assert!(!html.contains(PHONE) && !html.contains("href=\"tel:"), "{path} hides the placeholder");
    }
    let (version, mut details) = site(&app, &signed).await;
    assert_eq!(version, 0, "the content file is shown until the first save");
    assert_eq!(details["business"]["phone"], PHONE, "the file's field names");
    details["business"]["phone"] = NEW_PHONE.into();

    let saved: Value = save(&app, &signed, version, &details).await.json().await.expect("JSON");
    assert_eq!((&saved["version"], &saved["summary"]), (&json!(2), &json!("Business details (phone)")));
    for path in ["/", "/about", "/service-areas/aurora", "/blog"] {
        let html = app.page(path, 200).await;
        assert!(html.contains(NEW_PHONE) && !html.contains(PHONE), "{path} shows only the new phone");
    }
    let json: Value = app.get("/api/page?path=/contact").await.json().await.expect("JSON");
    assert!(json.to_string().contains(NEW_PHONE), "client navigation gets it too");

    let audit: Vec<(String, String, String)> = app.rows("SELECT email, action, detail FROM audit_log").await;
    assert!(audit.contains(&(
        crate::helpers::ADMIN_EMAIL.to_owned(),
        "site-changed".to_owned(),
        "version 2: Business details (phone)".to_owned()
    )));
}

#[tokio::test]
async fn an_earlier_version_can_be_restored() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = site(&app, &signed).await;
    details["business"]["phone"] = NEW_PHONE.into();
    assert_eq!(save(&app, &signed, version, &details).await.status(), 200);

    let versions = app.admin_json("/site/versions", &signed).await;
    let summaries: Vec<&str> = versions["versions"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v["summary"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(summaries, ["Business details (phone)", "The content file the site started with"]);

    let restored =
        app.admin(Method::POST, "/site/versions/1/restore", &signed).send().await.expect("a response");
    let restored: Value = restored.json().await.expect("JSON");
    assert_eq!(
        (&restored["version"], &restored["summary"]),
        (&json!(3), &json!("Restored version 1: Business details (phone)"))
    );
    assert!(!app.page("/", 200).await.contains(NEW_PHONE), "the placeholder is back: no phone shown");
    let audit: i64 = app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'site-restored'").await;
    assert_eq!(audit, 1);

    let missing =
        app.admin(Method::POST, "/site/versions/99/restore", &signed).send().await.expect("a response");
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn a_bad_value_is_named_by_its_field_and_changes_nothing() {
    let app = spawn_app_with_own_details().await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = site(&app, &signed).await;
    details["business"]["phone"] = "call us".into();
    details["testimonials"][0]["rating"] = 6.into();
    details["business"]["email"] = "nobody".into();
    details["rating"]["value"] = 7.into();
    details["business"]["hours"][0]["closes"] = "07:00".into();

    let refused = save(&app, &signed, version, &details).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.expect("JSON");
    assert_eq!(
        body["errors"],
        json!({
            "business.phone": ["Must be a US phone number with its area code."],
            "testimonials[0].rating": ["Must be between 1 and 5."],
            "business.email": ["Must be an e-mail address."],
            "rating.value": ["Must be between 0 and 5."],
            "business.hours[0]": ["The closing time must be after the opening time."],
        })
    );
    // Every message speaks of what the form shows, never of the content file's field names.
    for messages in body["errors"].as_object().unwrap().values() {
        let message = messages[0].as_str().unwrap();
        assert!(
            !message.contains('_') && !message.contains("rating.") && !message.contains("opens"),
            "{message}"
        );
    }
    assert_eq!(site(&app, &signed).await.0, 0, "no version was saved");
    assert!(app.page("/", 200).await.contains(OWN_PHONE));

    let wrong_shape = save(&app, &signed, version, &json!({ "business": {} })).await;
    assert_eq!(wrong_shape.status(), 422);
    let body: Value = wrong_shape.json().await.expect("JSON");
    assert!(body["errors"]["site"][0].as_str().unwrap_or("").contains("Missing field"), "{body}");
}

#[tokio::test]
async fn prices_and_common_questions_show_on_the_services_page_and_to_search_engines() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let faq_page =
        |html: &str| crate::site_pages::json_ld(html).into_iter().find(|d| d["@type"] == "FAQPage");
    assert!(faq_page(&app.page("/services", 200).await).is_none(), "no questions yet, no FAQ page");
    let (version, mut details) = site(&app, &signed).await;
    assert_eq!(details["servicesPage"]["faq"], json!([]));
    let card = &mut details["servicesPage"]["sections"][0]["cards"][0];
    assert_eq!(card["fromCents"], Value::Null);
    card["fromCents"] = 8950.into();
    details["servicesPage"]["faq"] = json!([
        { "question": "Is there a trip fee for mobile service?", "answer": "Yes: $95 within 15 miles of the shop." },
        { "question": "Do you take a deposit?", "answer": "For custom builds, a quarter when you approve the quote." },
    ]);
    let saved = save(&app, &signed, version, &details).await;
    assert_eq!(saved.status(), 200);

    let html = app.page("/services", 200).await;
    assert!(html.contains("$89.50"), "the card's price");
    assert!(
        html.contains("Is there a trip fee for mobile service?")
            && html.contains("a quarter when you approve")
    );
    let faq = faq_page(&html).expect("an FAQ page");
    assert_eq!(faq["mainEntity"][0]["name"], "Is there a trip fee for mobile service?");
    assert_eq!(
        faq["mainEntity"][1]["acceptedAnswer"]["text"],
        "For custom builds, a quarter when you approve the quote."
    );
    assert!(app.page("/", 200).await.contains(r#""prices":true"#), "the assistant links to them");

    let (version, mut details) = site(&app, &signed).await;
    details["servicesPage"]["sections"][0]["cards"][0]["fromCents"] = 0.into();
    details["servicesPage"]["faq"][1]["answer"] = " ".into();
    let refused = save(&app, &signed, version, &details).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.expect("JSON");
    assert_eq!(
        body["errors"]["servicesPage.sections[0].cards[0].fromCents"][0],
        "Must be a price from $0.01 to $100,000.",
        "{body}"
    );
    assert!(body["errors"]["servicesPage.faq[1].answer"][0].is_string(), "{body}");
}

#[tokio::test]
async fn a_save_made_on_an_older_version_is_refused() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = site(&app, &signed).await;
    details["business"]["phone"] = NEW_PHONE.into();
    assert_eq!(save(&app, &signed, version, &details).await.status(), 200);
    details["business"]["email"] = "office@example.com".into();
    let stale = save(&app, &signed, version, &details).await;
    assert_eq!(stale.status(), 409);
    let body: Value = stale.json().await.expect("JSON");
    assert!(body["error"].as_str().unwrap_or("").starts_with("Someone saved the site details"), "{body}");

    let unchanged = save(&app, &signed, 2, &site(&app, &signed).await.1).await;
    let unchanged = unchanged.json::<Value>().await.expect("JSON");
    assert_eq!((&unchanged["version"], &unchanged["summary"]), (&json!(2), &Value::Null));
}

#[tokio::test]
async fn a_new_testimonial_and_a_new_work_photo_show_on_the_home_page() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let uploaded: Value = app
        .upload(&signed, "after.png", "image/png", crate::helpers::png(800, 600))
        .await
        .json()
        .await
        .expect("JSON");
    let photo = uploaded["url"].as_str().expect("a url");
    let (version, mut details) = site(&app, &signed).await;
    details["testimonials"].as_array_mut().expect("a list").insert(
        0,
        json!({ "name": "Dana Whitfield", "role": "Horse owner", "location": "Parker", "rating": 5,
                "quote": "They rewired my horse trailer the same afternoon.", "photo": photo }),
    );
    details["beforeAfter"].as_array_mut().expect("a list").push(json!({
        "title": "Horse Trailer Rewire", "description": "New lights and plug.",
        "before": "/site/utility-before.svg", "beforeAlt": "Old wiring",
        "after": photo, "afterAlt": "New sealed wiring",
    }));
    let saved: Value = save(&app, &signed, version, &details).await.json().await.expect("JSON");
    assert_eq!(
        saved["summary"],
        "Before and after (Horse Trailer Rewire added), Testimonials (Dana Whitfield added)"
    );
    let home = app.page("/", 200).await;
    assert!(home.contains("They rewired my horse trailer the same afternoon."));
    assert!(home.contains("Horse Trailer Rewire") && home.contains("New sealed wiring"));
    assert!(home.contains(photo));

    details["beforeAfter"][4]["after"] = "/media/blog-images/../../etc/passwd".into();
    let refused: Value = save(&app, &signed, 2, &details).await.json().await.expect("JSON");
    assert_eq!(
        refused["errors"]["beforeAfter[4].after"],
        json!(["Is not an uploaded picture; upload it again."])
    );
}

/// Runs `trailerworks content ...` on `storage`.
#[tokio::test]
async fn a_city_page_added_shows_everywhere_and_once_removed_its_address_redirects() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = site(&app, &signed).await;
    let mut castle_rock = details["cities"][0].clone();
    castle_rock["slug"] = "castle-rock".into();
    castle_rock["name"] = "Castle Rock".into();
    castle_rock["zips"] = json!(["80104", "80108", "80109"]);
    castle_rock["description"] = "Castle Rock sits halfway to the Springs on I-25.".into();
    castle_rock["localInfo"] = "The fairgrounds host horse shows all summer.".into();
    details["cities"].as_array_mut().expect("a list").push(castle_rock.clone());
    let saved: Value = save(&app, &signed, version, &details).await.json().await.expect("JSON");
    assert_eq!(saved["summary"], "City pages (Castle Rock added)");
    assert!(app.page("/service-areas/castle-rock", 200).await.contains("Trailer Repair in Castle Rock"));
    assert!(app.page("/service-areas", 200).await.contains("/service-areas/castle-rock"));
    assert!(
        app.get("/sitemaps/pages.xml").await.text().await.unwrap().contains("/service-areas/castle-rock")
    );
    let area: Value = app.get("/api/service-area?place=80104").await.json().await.unwrap();
    assert_eq!(area["inArea"], true, "{area}");
    assert_eq!(area["city"]["slug"], "castle-rock");

    // Removed: the old address moves for good to the list of areas, and the rest follows.
    let (version, mut details) = site(&app, &signed).await;
    details["cities"].as_array_mut().expect("a list").retain(|city| city["slug"] != "castle-rock");
    let saved: Value = save(&app, &signed, version, &details).await.json().await.expect("JSON");
    assert_eq!(saved["summary"], "City pages (Castle Rock removed)");
    let gone = app.get("/service-areas/castle-rock").await;
    assert_eq!(gone.status(), 301);
    assert_eq!(gone.headers()["location"], "/service-areas");
    assert!(!app.page("/service-areas", 200).await.contains("/service-areas/castle-rock"));
    assert!(!app.get("/sitemaps/pages.xml").await.text().await.unwrap().contains("castle-rock"));
    let area: Value = app.get("/api/service-area?place=80104").await.json().await.unwrap();
    assert_eq!(area["inArea"], false, "{area}");
    assert_eq!(app.get("/service-areas/never-was").await.status(), 404, "an unknown city is still missing");

    // Added again, it is a page again.
    let (version, mut details) = site(&app, &signed).await;
    details["cities"].as_array_mut().expect("a list").push(castle_rock);
    assert_eq!(save(&app, &signed, version, &details).await.status(), 200);
    app.page("/service-areas/castle-rock", 200).await;
}

fn content(args: &[&str], storage: &TestStorage) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_trailerworks"))
        .arg("content")
        .args(args)
        .args(storage_args(&storage.config))
        .output()
        .expect("the binary runs")
}

#[tokio::test]
async fn export_then_import_into_an_empty_site_then_export_again_is_identical() {
    let from = TestStorage::new().await;
    let app = spawn_app_on(&from, |_| {}).await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = site(&app, &signed).await;
    details["business"]["phone"] = NEW_PHONE.into();
    details["cities"][0]["localInfo"] = "Lakewood owners tow to Bear Creek Lake every weekend.".into();
    assert_eq!(save(&app, &signed, version, &details).await.status(), 200);
    app.stop().await;

    let exported = content(&["export"], &from);
    assert!(exported.status.success(), "{}", String::from_utf8_lossy(&exported.stderr));
    let dir = tempfile::tempdir().expect("a directory");
    let file = dir.path().join("site.toml");
    std::fs::write(&file, &exported.stdout).expect("written");

    let to = TestStorage::new().await;
    let imported = content(&["import", file.to_str().expect("UTF-8")], &to);
    assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stderr));
    assert!(String::from_utf8_lossy(&imported.stdout).contains("Saved as version 2"));
    let again = content(&["export"], &to);
    assert_eq!(String::from_utf8_lossy(&again.stdout), String::from_utf8_lossy(&exported.stdout));

    let app = spawn_app_on(&to, |_| {}).await;
    assert!(app.page("/", 200).await.contains(NEW_PHONE));
    assert!(app.page("/service-areas/lakewood", 200).await.contains("Bear Creek Lake every weekend"));
    let audit: i64 = app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'site-imported'").await;
    assert_eq!(audit, 1);
}

#[tokio::test]
async fn an_import_with_a_bad_field_changes_nothing_and_says_which() {
    let storage = TestStorage::new().await;
    let dir = tempfile::tempdir().expect("a directory");
    let file = dir.path().join("site.toml");
    let text = include_str!("../../../content/site.toml").replacen("rating = 5", "rating = 6", 1);
    std::fs::write(&file, text).expect("written");

    let refused = content(&["import", file.to_str().expect("UTF-8")], &storage);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("testimonials[0].rating: must be between 1 and 5")
    );
    let app = spawn_app_on(&storage, |_| {}).await;
    assert_eq!(app.count("SELECT COUNT(*) FROM site_versions").await, 0);
}

#[tokio::test]
async fn an_import_shows_on_a_running_server_within_seconds() {
    let storage = TestStorage::new().await;
    let app = spawn_app_on(&storage, |_| {}).await;
    assert!(!app.page("/", 200).await.contains(NEW_PHONE));
    let dir = tempfile::tempdir().expect("a directory");
    let file = dir.path().join("site.toml");
    std::fs::write(&file, include_str!("../../../content/site.toml").replace(PHONE, NEW_PHONE))
        .expect("written");
    let imported = content(&["import", file.to_str().expect("UTF-8")], &storage);
    assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stderr));
    crate::helpers::eventually("the import shows", || async { app.page("/", 200).await.contains(NEW_PHONE) })
        .await;
}

#[tokio::test]
async fn a_city_page_needs_only_a_name_and_zip_codes_and_claims_nothing_it_was_not_given() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = site(&app, &signed).await;
    // As the admin's 'Add a city page' makes one: coordinates the shop's, every fact empty.
    let brighton = json!({
        "slug": "brighton", "name": "Brighton", "county": "", "population": "", "distance": "",
        "latitude": 39.83, "longitude": -104.97, "zips": [], "blurb": "", "description": "",
        "localInfo": "", "keyFeatures": [], "testimonials": [], "stats": [],
    });
    details["cities"].as_array_mut().expect("a list").push(brighton);
    let at = details["cities"].as_array().expect("a list").len() - 1;
    let refused = save(&app, &signed, version, &details).await;
    assert_eq!(refused.status(), 422);
    let refused: Value = refused.json().await.expect("JSON");
    let errors = refused["errors"].as_object().expect("messages");
    assert_eq!(
        errors.keys().collect::<Vec<_>>(),
        [&format!("cities[{at}].zips")],
        "only the ZIP codes: {errors:?}"
    );
    assert!(refused["errors"][format!("cities[{at}].zips")].to_string().contains("at least one ZIP code"));

    details["cities"][at]["zips"] = json!(["80601", "80602"]);
    let saved = save(&app, &signed, version, &details).await;
    assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap_or_default());
    let html = app.page("/service-areas/brighton", 200).await;
    assert!(html.contains("Trailer Service in Brighton"), "a heading that claims nothing");
    for claim in [
        "Since",
        "Local Customers",
        "Response Time",
        "Average Rating",
        "Towing in",
        "Customers Say",
        "Population",
    ] {
        assert!(!html.contains(claim), "/service-areas/brighton claims {claim:?} without a value set for it");
    }
    // Its ZIP codes make it a place of the booking assistant.
    let area: Value = app.get("/api/service-area?place=80601").await.json().await.expect("JSON");
    assert_eq!(area["city"]["name"], "Brighton", "{area}");
    let list = app.page("/service-areas", 200).await;
    assert!(list.contains("View <!-- -->Brighton<!-- --> Services"), "the list links the new page");
}

#[tokio::test]
async fn a_city_pages_texts_may_be_empty_but_not_repeat_another_citys() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = site(&app, &signed).await;
    let mut copy = details["cities"][0].clone();
    copy["slug"] = "castle-rock".into();
    copy["name"] = "Castle Rock".into();
    copy["localInfo"] = "".into();
    details["cities"].as_array_mut().expect("a list").push(copy);
    let at = details["cities"].as_array().expect("a list").len() - 1;
    let refused = save(&app, &signed, version, &details).await;
    assert_eq!(refused.status(), 422);
    let refused: Value = refused.json().await.expect("JSON");
    let description = refused["errors"][format!("cities[{at}].description")].to_string();
    assert!(description.contains("Repeats another city's text"), "{refused}");
    assert!(refused["errors"].get(format!("cities[{at}].localInfo")).is_none(), "empty is allowed");
}

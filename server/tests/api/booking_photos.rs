//! Photos sent with a booking: uploaded with the admin's checks, attached by the booking, shown
//! to the admin and to the customer on their own request's page (no one else), limited per
//! request and per network, and deleted when no booking took them.

use reqwest::Method;
use serde_json::{Value, json};
use trailerworks::media::Folder;

use crate::helpers::{Signed, TestApp, png, spawn_app, spawn_app_with};

async fn upload_photo(app: &TestApp, name: &str, mime: &str, bytes: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str(mime)
        .expect("a MIME type");
    app.client
        .post(format!("{}/api/booking-photos", app.url))
        .multipart(reqwest::multipart::Form::new().part("photo", part))
        .send()
        .await
        .expect("a response")
}

/// A photo uploaded as a visitor does: its token, for a request to name.
pub async fn token(app: &TestApp) -> String {
    let response = upload_photo(app, "trailer.png", "image/png", png(640, 480)).await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!((body["width"].as_u64(), body["height"].as_u64()), (Some(640), Some(480)));
    body["token"].as_str().expect("a token").to_owned()
}

fn booking_with(submission_id: &str, photos: &[String]) -> Value {
    json!({
        "submissionId": submission_id,
        "name": "Pat Lee",
        "email": "pat@example.com",
        "phone": "303-555-0166",
        "answers": [{ "question": "What type of trailer do you have?", "answer": "Enclosed Trailer" }],
        "photos": photos,
        "fillMs": 30000,
    })
}

#[tokio::test]
async fn photos_reach_the_booking_and_only_the_admin_sees_them() {
    let app = spawn_app().await;
    let tokens = vec![token(&app).await, token(&app).await];
    assert_eq!(
        app.post_json("/api/bookings", &booking_with("photos-0000-0001", &tokens)).await.status(),
        201
    );

    let signed = app.signed_in_admin().await;
    let inbox: Value =
        app.admin(Method::GET, "/bookings", &signed).send().await.unwrap().json().await.unwrap();
    let booking = &inbox["bookings"][0];
    let photos = booking["photos"].as_array().unwrap();
    assert_eq!(photos.len(), 2);
    let url = photos[0]["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/booking-photos/"), "{url}");
    assert!(
        booking["message"].as_str().unwrap().ends_with(
            "Photos: 2 sent with the request; see them at https://trailers.example.com/dbadmin/bookings"
        ),
        "{booking}"
    );

    assert_eq!(app.get(&url).await.status(), 401, "visitors and search engines never see a photo");
    let response =
        app.client.get(format!("{}{url}", app.url)).header("cookie", &signed.cookie).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["cache-control"].to_str().unwrap().starts_with("private"));
    let bytes = response.bytes().await.unwrap();
    assert!(image::load_from_memory(&bytes).is_ok(), "a real image");
    let blog_path = url.replace("booking-photos", "blog-images");
    assert_eq!(app.get(&blog_path).await.status(), 404, "photos are not blog images");
}

/// Books `photos` and answers the token of the request's own page.
async fn booked_with(app: &TestApp, submission_id: &str, photos: &[String]) -> String {
    let response = app.post_json("/api/bookings", &booking_with(submission_id, photos)).await;
    assert_eq!(response.status(), 201);
    let booked: Value = response.json().await.expect("JSON");
    booked["manageUrl"].as_str().and_then(|url| url.rsplit('/').next()).expect("a link").to_owned()
}

#[tokio::test]
async fn the_customer_sees_the_photos_they_sent_on_their_page_and_no_one_elses() {
    let app = spawn_app().await;
    let mine = vec![token(&app).await];
    let link = booked_with(&app, "photos-0000-0002", &mine).await;
    let theirs = vec![token(&app).await];
    let other_link = booked_with(&app, "photos-0000-0003", &theirs).await;

    let page: Value = app.get(&format!("/api/manage/{link}")).await.json().await.expect("JSON");
    let photos = page["photos"].as_array().expect("photos");
    assert_eq!(photos.len(), 1, "{page}");
    assert_eq!((photos[0]["width"].as_u64(), photos[0]["height"].as_u64()), (Some(640), Some(480)));
    let url = photos[0]["url"].as_str().expect("a URL");
    assert_eq!(url, format!("/api/manage/{link}/photos/{}", mine[0]));
    let response = app.get(url).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["cache-control"].to_str().unwrap().starts_with("private"));
    assert!(image::load_from_memory(&response.bytes().await.unwrap()).is_ok(), "a real image");

    for (path, why) in [
        (format!("/api/manage/{other_link}/photos/{}", mine[0]), "another request's link"),
        (format!("/api/manage/{link}/photos/{}", theirs[0]), "another request's photo"),
        (format!("/api/manage/no-such-link-0000000000/photos/{}", mine[0]), "no link"),
    ] {
        assert_eq!(app.get(&path).await.status(), 404, "{why}");
    }
}

#[tokio::test]
async fn a_photo_gets_the_same_checks_as_the_admins_images() {
    let app = spawn_app().await;
    let response =
        upload_photo(&app, "notes.png", "image/png", b"just some text, not a picture".to_vec()).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Please select an image file (PNG, JPG, GIF, WebP or HEIC)");
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.to_vec();
    assert_eq!(upload_photo(&app, "x.svg", "image/svg+xml", svg).await.status(), 422);
    let empty = app
        .client
        .post(format!("{}/api/booking-photos", app.url))
        .multipart(reqwest::multipart::Form::new().text("other", "x"))
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status(), 422);
    assert_eq!(empty.json::<Value>().await.unwrap()["error"], "Choose a photo to upload");
    assert_eq!(app.count("SELECT COUNT(*) FROM booking_photos").await, 0, "nothing kept");
}

#[tokio::test]
async fn a_booking_takes_three_photos_at_most_and_only_uploaded_ones() {
    let app = spawn_app().await;
    let one = token(&app).await;
    let four = vec![one.clone(), one.clone(), one.clone(), one.clone()];
    let response = app.post_json("/api/bookings", &booking_with("photos-0000-0002", &four)).await;
    assert_eq!(response.status(), 422);
    assert!(response.json::<Value>().await.unwrap()["errors"]["photos"].is_array());
    let response = app
        .post_json("/api/bookings", &booking_with("photos-0000-0003", &["../trailerworks.db".to_owned()]))
        .await;
    assert_eq!(response.status(), 422);
    assert_eq!(app.count("SELECT COUNT(*) FROM bookings").await, 0);
}

#[tokio::test]
async fn photo_uploads_are_rate_limited_per_network() {
    let app = spawn_app_with(|c| c.booking_rate_limit = 1).await;
    for _ in 0..3 {
        token(&app).await;
    }
    let response = upload_photo(&app, "fourth.png", "image/png", png(64, 64)).await;
    assert_eq!(response.status(), 429);
    let error = response.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(error.starts_with("Too many requests") && !error.contains("555-0147"), "{error}");
}

#[tokio::test]
async fn photos_no_booking_took_within_a_day_are_deleted_with_their_files() {
    let app = spawn_app().await;
    let kept = token(&app).await;
    assert_eq!(
        app.post_json("/api/bookings", &booking_with("photos-0000-0004", std::slice::from_ref(&kept)))
            .await
            .status(),
        201
    );
    let abandoned = token(&app).await;
    app.execute("UPDATE booking_photos SET created_at = '2000-01-01T00:00:00.000Z'").await;
    assert!(app.stored_images(Folder::BookingPhotos).await.contains(&abandoned));
    token(&app).await; // the next upload clears what is left over
    let stored = app.stored_images(Folder::BookingPhotos).await;
    assert!(!stored.contains(&abandoned), "the abandoned photo's file is gone");
    assert!(stored.contains(&kept), "a booking's photo stays");
    assert_eq!(app.count("SELECT COUNT(*) FROM booking_photos").await, 2);
}

async fn manage_page(app: &TestApp, link: &str) -> Value {
    app.get(&format!("/api/manage/{link}")).await.json().await.expect("JSON")
}

/// A photo the team takes of request `id` with `label`, as the request's page sends it.
async fn take(app: &TestApp, signed: &Signed, id: i64, label: &str, bytes: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name("IMG_2231.jpg")
        .mime_str("image/jpeg")
        .expect("a type");
    app.admin(Method::POST, &format!("/bookings/{id}/photos?label={label}"), signed)
        .multipart(reqwest::multipart::Form::new().part("photo", part))
        .send()
        .await
        .expect("an answer")
}

#[tokio::test]
async fn the_team_takes_labelled_photos_without_their_place_and_shares_one_with_the_customer() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let sent = vec![token(&app).await];
    let link = booked_with(&app, "photos-0000-0009", &sent).await;
    let id = app.admin_json("/bookings", &signed).await["bookings"][0]["id"].as_i64().expect("an id");
    let phone_photo = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images/phone-photo-gps.jpg"),
    )
    .expect("the fixture");

    assert_eq!(take(&app, &signed, id, "sideways", phone_photo.clone()).await.status(), 400, "no such label");
    assert_eq!(take(&app, &signed, 999_999, "before", phone_photo.clone()).await.status(), 404);
    let before = take(&app, &signed, id, "before", phone_photo.clone()).await;
    assert_eq!(before.status(), 201);
    let before: Value = before.json().await.expect("JSON");
    assert_eq!(
        (&before["label"], &before["fromShop"], &before["shared"]),
        (&json!("before"), &json!(true), &json!(false))
    );
    assert_eq!(before["takenBy"], crate::helpers::ADMIN_EMAIL);
    let photo_url = format!("{}{}", app.url, before["url"].as_str().expect("a URL"));
    let served = app.client.get(&photo_url).header("cookie", &signed.cookie).send().await.expect("the photo");
    assert_eq!(served.status(), 200);
    let bytes = served.bytes().await.expect("bytes");
    for needle in [&b"Exif"[..], b"GPS"] {
        assert!(!bytes.windows(needle.len()).any(|w| w == needle), "{needle:?} left in the team's photo");
    }
    let damage: Value = take(&app, &signed, id, "damage", png(800, 600)).await.json().await.expect("JSON");

    let page = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    let labels: Vec<&Value> =
        page["booking"]["photos"].as_array().expect("photos").iter().map(|p| &p["label"]).collect();
    assert_eq!(
        labels,
        [&Value::Null, &json!("before"), &json!("damage")],
        "the customer's first, then the team's"
    );
    let customers_page = manage_page(&app, &link).await;
    assert_eq!(customers_page["photos"].as_array().map(Vec::len), Some(1), "not shared yet");

    let name = before["name"].as_str().expect("a name");
    let shared = app
        .admin(Method::PUT, &format!("/bookings/{id}/photos/{name}"), &signed)
        .json(&json!({ "label": "after", "shared": true }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(shared.status(), 200);
    let customers_page = manage_page(&app, &link).await;
    let photos = customers_page["photos"].as_array().expect("photos");
    assert_eq!(photos.len(), 2);
    let audit: Vec<(String,)> = app.rows("SELECT action FROM audit_log WHERE action LIKE 'photo-%'").await;
    assert_eq!(audit, [("photo-shared".to_owned(),)], "a share is in the audit log");
    assert_eq!(
        (&photos[1]["label"], &photos[1]["takenBy"]),
        (&json!("after"), &Value::Null),
        "the shop's, unnamed"
    );
    let url = photos[1]["url"].as_str().expect("a URL");
    assert_eq!(app.get(url).await.status(), 200, "served under the customer's link");

    let delete =
        |name: String| app.admin(Method::DELETE, &format!("/bookings/{id}/photos/{name}"), &signed).send();
    assert_eq!(delete(sent[0].clone()).await.expect("an answer").status(), 409, "the customer's photo stays");
    let damage_name = damage["name"].as_str().expect("a name").to_owned();
    assert_eq!(delete(damage_name.clone()).await.expect("an answer").status(), 204);
    assert_eq!(delete(damage_name.clone()).await.expect("an answer").status(), 404);
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'photo-deleted'").await, 1);
    app.deliver_due().await;
    let stored = app.stored_images(Folder::BookingPhotos).await;
    assert!(!stored.iter().any(|file| file.starts_with(damage_name.trim_end_matches(".png"))), "{stored:?}");
    for kept in [&sent[0], &name.to_owned()] {
        assert!(stored.contains(kept), "{kept} stays: {stored:?}");
    }
}

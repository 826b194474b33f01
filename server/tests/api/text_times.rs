//! The texts about an appointment, to a customer who agreed to texts and with no e-mail set up:
//! the time confirmed, its reminder, the customer's own move and cancellation, a time the shop
//! drops, and the thank-you with the review link; each within two SMS and naming the shop. A
//! customer who did not tick the box gets none of them.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp, spawn_app_with},
    scheduling::{booking_at, open_times},
    text_stand_in::{self, TextStandIn},
    texts::{move_to_hour, with_texts},
};

/// A booking at the first open shop time, with or without the box ticked: its id and its link's
/// token.
async fn book(app: &TestApp, n: u32, consent: bool) -> (i64, String) {
    let times = open_times(app, "kind=shop").await["times"].clone();
    let mut body =
        booking_at(&format!("text-times-{n:04}"), "shop", times[0]["start"].as_str().expect("an open time"));
    body["textConsent"] = json!(consent);
    let response = app.post_json("/api/bookings", &body).await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap_or_default());
    let booked: Value = response.json().await.expect("JSON");
    let token =
        booked["manageUrl"].as_str().and_then(|url| url.rsplit('/').next()).expect("a link").to_owned();
    (booked["id"].as_i64().expect("an id"), token)
}

/// The shop's clock's date `days` from now.
fn date_in(app: &TestApp, days: i64) -> String {
    let zone = jiff::tz::TimeZone::get("America/Denver").expect("the zone");
    app.clock.now().to_zoned(zone).date().saturating_add(jiff::Span::new().days(days)).to_string()
}

async fn set_time(app: &TestApp, signed: &Signed, id: i64, date: &str) {
    let time = json!({ "kind": "shop", "date": date, "start": "10:00", "minutes": 60, "outsideHours": true, "overbook": true });
    let set = app.admin(Method::PUT, &format!("/bookings/{id}/appointment"), signed).json(&time);
    let response = set.send().await.expect("an answer");
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap_or_default());
}

/// The texts the stand-in took since `seen`, checked: to the customer, naming the shop, within
/// two SMS.
fn new_texts(stand_in: &TextStandIn, seen: &mut usize) -> Vec<String> {
    let taken = stand_in.taken();
    let new: Vec<String> = taken[*seen..].iter().map(|text| text.body().to_owned()).collect();
    *seen = taken.len();
    for (text, body) in taken.iter().rev().take(new.len()).zip(new.iter().rev()) {
        assert_eq!(text.to(), "+13035550166");
        assert!(body.starts_with("Front Range Trailer Works: "), "{body}");
        assert!(!body.contains("dbadmin"), "{body}");
        assert!(trailerworks::delivery::text::segments::segments(body).count() <= 2, "{body}");
    }
    new
}

#[tokio::test]
async fn a_customer_who_agreed_hears_of_every_change_to_their_time_by_text() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let (id, token) = book(&app, 1, true).await;
    let (silent, _) = book(&app, 2, false).await;
    app.deliver_due().await;
    let mut seen = 0;
    assert_eq!(new_texts(&stand_in, &mut seen).len(), 1, "the 'received' text");

    let signed = app.signed_in_admin().await;
    let date = date_in(&app, 3);
    set_time(&app, &signed, id, &date).await;
    set_time(&app, &signed, silent, &date).await;
    app.deliver_due().await;
    let confirmed = new_texts(&stand_in, &mut seen);
    assert_eq!(confirmed.len(), 1, "{confirmed:?}");
    assert!(confirmed[0].contains("your appointment is confirmed for"), "{}", confirmed[0]);
    assert!(confirmed[0].contains("https://trailers.example.com/booking/"), "{}", confirmed[0]);

    // The reminder, at its time.
    let db = app.db().await;
    let due: trailerworks::clock::At = trailerworks::with_db!(&db, |pool| {
        sqlx::query_scalar(
            "SELECT next_attempt_at FROM deliveries WHERE booking_id = $1 AND channel = 'text' AND purpose LIKE 'reminder-%'",
        )
        .bind(id)
        .fetch_one(pool)
        .await
        .expect("a reminder waits")
    });
    app.clock.advance(
        Duration::try_from(due.timestamp().duration_since(app.clock.now())).unwrap() + Duration::from_secs(1),
    );
    app.deliver_due().await;
    let reminded = new_texts(&stand_in, &mut seen);
    assert_eq!(reminded.len(), 1, "{reminded:?}");
    assert!(reminded[0].contains("a reminder of your appointment"), "{}", reminded[0]);

    // The customer moves it with their link, then the shop drops it, then the customer cancels.
    move_to_hour(&app, 10);
    let times = open_times(&app, "kind=shop").await["times"].clone();
    let moved = app
        .client
        .put(format!("{}/api/manage/{token}/time", app.url))
        .json(&json!({ "start": times[0]["start"] }));
    assert_eq!(moved.send().await.unwrap().status(), 200);
    app.deliver_due().await;
    let asked = new_texts(&stand_in, &mut seen);
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].contains(&format!("you asked to move request #{id} to")), "{}", asked[0]);

    let signed = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let dropped =
        app.admin(Method::DELETE, &format!("/bookings/{id}/appointment"), &signed).send().await.unwrap();
    assert_eq!(dropped.status(), 204);
    app.clock.advance(Duration::from_secs(61));
    app.deliver_due().await;
    let off = new_texts(&stand_in, &mut seen);
    assert_eq!(off.len(), 1, "{off:?}");
    assert!(off[0].contains("was called off"), "{}", off[0]);

    let cancel =
        app.client.post(format!("{}/api/manage/{token}/cancel", app.url)).json(&json!({ "reason": "" }));
    assert_eq!(cancel.send().await.unwrap().status(), 200);
    app.deliver_due().await;
    let cancelled = new_texts(&stand_in, &mut seen);
    assert_eq!(cancelled.len(), 1, "{cancelled:?}");
    assert!(cancelled[0].contains(&format!("request #{id} is cancelled, as you asked")), "{}", cancelled[0]);
    assert!(!cancelled.iter().chain(&off).any(|body| body.contains("CANCEL")), "no text asks for CANCEL");

    let none: i64 = trailerworks::with_db!(&db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM deliveries WHERE booking_id = $1 AND channel = 'text'")
            .bind(silent)
            .fetch_one(pool)
            .await
            .expect("a count")
    });
    assert_eq!(none, 0, "nothing for the customer who did not tick the box");
}

#[tokio::test]
async fn the_review_request_goes_by_text_when_only_texts_are_set_up() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let (id, _) = book(&app, 3, true).await;
    let signed = app.signed_in_admin().await;
    let saved = app
        .change_site(&signed, |details| {
            details["scheduling"]["reviewUrl"] = json!("https://reviews.example.com/shop")
        })
        .await;
    assert_eq!(saved.status(), 200);
    set_time(&app, &signed, id, &date_in(&app, 1)).await;
    let done =
        app.admin(Method::PUT, &format!("/bookings/{id}/status"), &signed).json(&json!({ "status": "done" }));
    assert_eq!(done.send().await.unwrap().status(), 200);
    app.deliver_due().await;
    move_to_hour(&app, 10);
    move_to_hour(&app, 10);
    let signed = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let asked =
        app.admin(Method::POST, &format!("/bookings/{id}/review-request"), &signed).send().await.unwrap();
    assert_eq!(asked.status(), 202, "{}", asked.text().await.unwrap_or_default());
    app.deliver_due().await;
    let mut seen = stand_in.taken().len() - 1;
    let review = new_texts(&stand_in, &mut seen);
    assert!(review[0].contains("A short review helps"), "{review:?}");
    assert!(review[0].contains("/review/"), "{review:?}");
}

#[tokio::test]
async fn todays_jobs_say_whom_on_my_way_can_be_texted_to() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let (agreed, _) = book(&app, 4, true).await;
    let (silent, _) = book(&app, 5, false).await;
    let signed = app.signed_in_admin().await;
    let today = date_in(&app, 0);
    for id in [agreed, silent] {
        let time = json!({ "kind": "mobile", "date": today, "start": "15:00", "minutes": 60, "outsideHours": true, "overbook": true });
        let set = app.admin(Method::PUT, &format!("/bookings/{id}/appointment"), &signed).json(&time);
        assert_eq!(set.send().await.unwrap().status(), 200);
    }
    let desk = app.admin_json("/today", &signed).await;
    assert_eq!(desk["today"]["jobs"].as_array().map(Vec::len), Some(2), "{desk}");
    assert_eq!(desk["today"]["textable"], json!([agreed]));

    let way = app
        .admin(Method::POST, &format!("/bookings/{agreed}/on-my-way"), &signed)
        .json(&json!({ "minutes": 20 }));
    assert_eq!(way.send().await.unwrap().status(), 202);
    app.deliver_due().await;
    let bodies: Vec<String> = stand_in.taken().iter().map(|text| text.body().to_owned()).collect();
    assert!(bodies.iter().any(|body| body.contains("20 minutes")), "{bodies:?}");
}

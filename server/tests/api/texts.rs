//! Texts with customers: the "received" text to a visitor who ticked the box, sent through the
//! provider's Messages API with its form fields and credentials; the provider's signed callbacks
//! (403 for anything unsigned); the stop words, a plain "stop texting me", START and HELP; quiet
//! hours on a moved clock; and a customer's reply in the thread of their newest request.

use std::time::Duration;

use base64ct::{Base64, Encoding as _};
use jiff::{ToSpan as _, tz::TimeZone};
use serde_json::{Value, json};
use trailerworks::{clock::At, config::ServeConfig};

use crate::{
    helpers::{TestApp, eventually, spawn_app_with},
    text_stand_in::{self, ACCOUNT_SID, AUTH_TOKEN, FROM, TextStandIn},
};

pub const PUBLIC_URL: &str = "https://trailers.example.com";
/// The visitor's number as typed, and as texts go to it.
const TYPED: &str = "(303) 555-0177";
pub const NUMBER: &str = "+13035550177";

pub fn with_texts(stand_in: &TextStandIn) -> impl FnOnce(&mut ServeConfig) {
    let url = stand_in.url.clone();
    move |config| {
        config.texts.sms_account_sid = Some(ACCOUNT_SID.to_owned());
        config.texts.sms_auth_token = Some(AUTH_TOKEN.parse().expect("a secret"));
        config.texts.sms_from = Some(FROM.to_owned());
        config.texts.sms_api_url = url;
    }
}

pub fn request(n: u32, consent: bool) -> Value {
    json!({
        "submissionId": format!("00000000-0000-4000-8000-{n:012}"),
        "name": "Sam Reyes", "email": "sam@example.com", "phone": TYPED,
        "details": "The brake lights stopped working.", "answers": [], "website": "", "fillMs": 20000,
        "textConsent": consent,
    })
}

pub async fn book(app: &TestApp, n: u32, consent: bool) -> i64 {
    let response = app.post_json("/api/bookings", &request(n, consent)).await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap_or_default());
    response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
}

/// Moves the app's clock to the next `hour`:00 on the shop's clock (Denver).
pub fn move_to_hour(app: &TestApp, hour: i8) {
    let zone = TimeZone::get("America/Denver").expect("the zone");
    let now = app.clock.now().to_zoned(zone.clone());
    let mut target = now.date().to_datetime(jiff::civil::time(hour, 0, 0, 0)).to_zoned(zone).expect("a time");
    if target <= now {
        target = target.checked_add(1.day()).expect("a day later");
    }
    let ahead = target.timestamp().duration_since(app.clock.now());
    app.clock.advance(Duration::try_from(ahead).expect("ahead") + Duration::from_secs(60));
}

/// A thread's texts as the admin's API gives them: (from the customer, status, sent by).
pub fn who_said(texts: &Value) -> Vec<(bool, &str, &str)> {
    texts
        .as_array()
        .expect("texts")
        .iter()
        .map(|t| {
            (
                t["incoming"].as_bool().unwrap_or_default(),
                t["status"].as_str().unwrap_or_default(),
                t["sentBy"].as_str().unwrap_or(""),
            )
        })
        .collect()
}

async fn texts_of(app: &TestApp, booking: i64) -> Vec<(bool, String, String)> {
    let db = app.db().await;
    trailerworks::with_db!(&db, |pool| {
        sqlx::query_as("SELECT incoming, body, status FROM texts WHERE booking_id = $1 ORDER BY id")
            .bind(booking)
            .fetch_all(pool)
            .await
            .expect("the texts")
    })
}

#[tokio::test]
async fn a_visitor_who_ticked_the_box_gets_one_received_text_with_the_apis_fields() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let id = book(&app, 1, true).await;
    let without = book(&app, 2, false).await;
    app.deliver_due().await;
    let taken = stand_in.taken();
    assert_eq!(taken.len(), 1, "one text, to the visitor who ticked the box: {taken:?}");
    let text = &taken[0];
    assert_eq!(text.account, ACCOUNT_SID);
    let credentials = Base64::encode_string(format!("{ACCOUNT_SID}:{AUTH_TOKEN}").as_bytes());
    assert_eq!(text.authorization, format!("Basic {credentials}"));
    assert_eq!((text.to(), text.fields["From"].as_str()), (NUMBER, FROM));
    assert_eq!(text.fields["StatusCallback"], format!("{PUBLIC_URL}/api/sms/status"));
    assert!(text.body().starts_with("Front Range Trailer Works: "), "it names the shop: {}", text.body());
    assert!(
        text.body().contains(&format!("#{id}")) && text.body().contains(&format!("{PUBLIC_URL}/booking/"))
    );
    assert!(!text.body().contains("dbadmin") && !text.body().to_uppercase().contains("CANCEL"));
    let parts = trailerworks::delivery::text::segments::segments(text.body()).count();
    assert!(parts <= 2, "{parts} parts: {}", text.body());
    assert_eq!(texts_of(&app, id).await, vec![(false, text.body().to_owned(), "queued".to_owned())]);
    assert!(texts_of(&app, without).await.is_empty());

    // The consent is kept with its words and the visitor's address.
    let kept: Vec<(String, Option<i64>, bool, String, String)> =
        app.rows("SELECT phone, booking_id, given, how, wording FROM text_consents ORDER BY id").await;
    assert_eq!(kept.len(), 1);
    assert_eq!(
        (kept[0].0.as_str(), kept[0].1, kept[0].2, kept[0].3.as_str()),
        (NUMBER, Some(id), true, "form")
    );
    assert!(kept[0].4.contains("Reply STOP to opt out"));

    // A second request from the number within the hour gets no second "received" text.
    book(&app, 3, true).await;
    app.deliver_due().await;
    assert_eq!(stand_in.taken().len(), 1);
    // An hour after the first, the number's next request is told it arrived.
    app.clock.advance(Duration::from_secs(60 * 60));
    let later = book(&app, 4, true).await;
    app.deliver_due().await;
    assert_eq!(stand_in.taken().len(), 2);
    assert_eq!(texts_of(&app, later).await.len(), 1);
}

#[tokio::test]
async fn requests_left_waiting_are_texted_oldest_first_one_a_number_an_hour_by_their_agreements() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    // What a restart or a long burst leaves for the outbox: more requests than it queues in one
    // transaction, agreed on when they were stored. Two from one number within the hour, a third
    // from it an hour after the first, and 100 from other numbers.
    let agreed = app.clock.now();
    let mut waiting = vec![(book(&app, 1, false).await, NUMBER.to_owned(), agreed)];
    waiting.push((book(&app, 2, false).await, NUMBER.to_owned(), agreed));
    for n in 0..100 {
        let mut body = request(100 + n, false);
        body["phone"] = json!(format!("720-555-{n:04}"));
        let response = app.post_json("/api/bookings", &body).await;
        let id = response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
        waiting.push((id, format!("+1720555{n:04}"), agreed));
    }
    let third = book(&app, 3, false).await;
    app.clock.advance(Duration::from_secs(60 * 60 + 1));
    waiting.push((third, NUMBER.to_owned(), app.clock.now()));
    let db = app.db().await;
    trailerworks::with_db!(&db, |pool| {
        for (id, phone, at) in &waiting {
            sqlx::query(
                "INSERT INTO text_consents (phone, booking_id, given, how, wording, at)
                 VALUES ($1, $2, TRUE, 'form', 'Text me about this request', $3)",
            )
            .bind(phone)
            .bind(id)
            .bind(At::from(*at))
            .execute(pool)
            .await
            .expect("agreed");
        }
        sqlx::query("INSERT INTO received_texts_due (booking_id) SELECT booking_id FROM text_consents")
            .execute(pool)
            .await
            .expect("left waiting");
    });
    app.clock.advance(Duration::from_secs(60 * 60));
    app.deliver_due().await;
    // The hour is the agreements', however late the texts were queued: the second request's
    // text does not go, the third's does.
    // Sent from the queue: on a loaded machine the third may reach the stand-in a moment later.
    eventually("one text a number, and the third request's", || async { stand_in.taken().len() >= 102 })
        .await;
    assert_eq!(stand_in.taken().len(), 102, "one text a number, and the third request's");
    assert_eq!((texts_of(&app, waiting[0].0).await.len(), texts_of(&app, third).await.len()), (1, 1));
    assert_eq!(app.count("SELECT COUNT(*) FROM received_texts_due").await, 0, "none left waiting");
}

#[tokio::test]
async fn what_the_provider_posts_must_be_signed_for_our_url() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    let id = book(&app, 1, true).await;
    for (url, signature) in [
        (PUBLIC_URL, Some("AAAAAAAAAAAAAAAAAAAAAAAAAAA=")),
        ("https://another.example.com", None),
        (PUBLIC_URL, Some("")),
    ] {
        let status = stand_in.inbound_signed(&app.url, url, NUMBER, "STOP", signature).await;
        assert_eq!(status, 403, "signed for {url} with {signature:?}");
    }
    let unsigned =
        app.client.post(format!("{}/api/sms/inbound", app.url)).form(&[("From", NUMBER), ("Body", "STOP")]);
    assert_eq!(unsigned.send().await.unwrap().status(), 403);
    let status = app.client.post(format!("{}/api/sms/status", app.url)).form(&[("MessageSid", "SM1")]);
    assert_eq!(status.send().await.unwrap().status(), 403);
    assert_eq!(app.count("SELECT COUNT(*) FROM text_consents WHERE NOT given").await, 0, "nothing changed");
    // No reply was recorded (the site's own "received" text may be out already: by day it is).
    assert!(texts_of(&app, id).await.iter().all(|(incoming, ..)| !incoming));
    // Without texts set up, the same posts are refused too.
    let off = crate::helpers::spawn_app().await;
    assert_eq!(stand_in.inbound(&off.url, PUBLIC_URL, NUMBER, "STOP").await, 403);
}

#[tokio::test]
async fn every_stop_word_stops_texts_and_is_answered_once_start_and_help_are_answered() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    book(&app, 1, true).await;
    app.deliver_due().await;
    let mut expected = 1;
    for word in [
        "STOP",
        "stopall",
        "Unsubscribe",
        "CANCEL",
        "end",
        "QUIT",
        "revoke",
        "OptOut",
        "Please stop texting me",
    ] {
        assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, word).await, 200, "{word}");
        app.deliver_due().await;
        expected += 1;
        let taken = stand_in.taken();
        assert_eq!(taken.len(), expected, "{word} is answered once");
        assert!(
            taken[expected - 1].body().contains("no more texts"),
            "{word}: {}",
            taken[expected - 1].body()
        );
        let stopped: Vec<(bool, String)> =
            app.rows("SELECT given, how FROM text_consents ORDER BY id DESC LIMIT 1").await;
        let how = if word.contains(' ') { "reply" } else { "keyword" };
        assert_eq!(stopped, vec![(false, how.to_owned())], "{word}");
        assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "START").await, 200);
        app.deliver_due().await;
        expected += 1;
        assert!(stand_in.taken()[expected - 1].body().contains("on again"));
    }
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "help").await, 200);
    app.deliver_due().await;
    let help = stand_in.taken().last().cloned().unwrap();
    assert!(
        help.body().contains("Reply STOP") && help.body().contains("Msg & data rates may apply"),
        "{}",
        help.body()
    );
    // The shipped placeholder phone and e-mail reach nobody: the answer names neither.
    assert!(help.body().contains("Reply here") && !help.body().contains("555-0147"), "{}", help.body());
    assert!(!help.body().contains("example.com"), "{}", help.body());
}

#[tokio::test]
async fn help_names_the_shops_own_phone_and_e_mail() {
    let stand_in = text_stand_in::start().await;
    let texts = with_texts(&stand_in);
    let app = spawn_app_with(|config| {
        texts(config);
        config.content = Some(crate::helpers::own_details().to_owned());
    })
    .await;
    move_to_hour(&app, 10);
    book(&app, 1, true).await;
    app.deliver_due().await;
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "HELP").await, 200);
    app.deliver_due().await;
    let help = stand_in.taken().last().cloned().unwrap();
    let own = format!("Call {} or e-mail {}.", crate::helpers::OWN_PHONE, crate::helpers::OWN_EMAIL);
    assert!(help.body().contains(&own), "{}", help.body());
}

#[tokio::test]
async fn after_a_stop_no_text_goes_out_but_its_answer() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    // At night the "received" text waits for the morning; the stop comes first, and is answered
    // at once.
    move_to_hour(&app, 23);
    let id = book(&app, 1, true).await;
    app.deliver_due().await;
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "STOP").await, 200);
    app.deliver_due().await;
    move_to_hour(&app, 8);
    app.deliver_due().await;
    let taken = stand_in.taken();
    assert_eq!(taken.len(), 1, "{taken:?}");
    assert!(taken[0].body().contains("no more texts"));
    let bodies: Vec<(bool, String, String)> = texts_of(&app, id).await;
    assert_eq!(bodies.iter().filter(|(incoming, _, _)| *incoming).count(), 1, "the STOP is in the thread");
    let held: Vec<(String,)> =
        app.rows("SELECT last_error FROM deliveries WHERE channel = 'text' AND purpose = 'request'").await;
    assert!(held[0].0.contains("the customer stopped texts"), "ended by the stop at once: {held:?}");
}

#[tokio::test]
async fn a_status_callback_moves_a_text_and_never_back() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let id = book(&app, 1, true).await;
    app.deliver_due().await;
    let sid = stand_in.taken()[0].sid.clone();
    assert_eq!(stand_in.status(&app.url, &sid, "sent", None).await, 204);
    assert_eq!(texts_of(&app, id).await[0].2, "sent");
    assert_eq!(stand_in.status(&app.url, &sid, "undelivered", Some("30003")).await, 204);
    assert_eq!(texts_of(&app, id).await[0].2, "undelivered");
    assert_eq!(stand_in.status(&app.url, &sid, "sent", None).await, 204);
    assert_eq!(texts_of(&app, id).await[0].2, "undelivered", "a late callback does not move it back");
    let code: Vec<(Option<String>,)> = app.rows("SELECT error_code FROM texts").await;
    assert_eq!(code[0].0.as_deref(), Some("30003"));
}

#[tokio::test]
async fn a_text_waits_for_8_am_on_the_shops_clock_unless_it_is_an_emergency() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 22);
    book(&app, 1, true).await;
    app.deliver_due().await;
    assert!(stand_in.taken().is_empty(), "not at 10 PM");
    let due: Vec<(At,)> = app.rows("SELECT next_attempt_at FROM deliveries WHERE channel = 'text'").await;
    let zone = TimeZone::get("America/Denver").unwrap();
    let morning = due[0].0.timestamp().to_zoned(zone);
    assert_eq!((morning.hour(), morning.minute()), (8, 0), "{morning}");
    move_to_hour(&app, 8);
    app.deliver_due().await;
    assert_eq!(stand_in.taken().len(), 1, "sent in the morning");
    let attempts: Vec<(i64,)> = app.rows("SELECT attempts FROM deliveries WHERE channel = 'text'").await;
    assert_eq!(attempts[0].0, 1, "the night's wait was not a try");
}

#[tokio::test]
async fn a_customers_reply_lands_in_their_newest_requests_thread() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let first = book(&app, 1, true).await;
    // Its text is sent before the clock moves on (a send in flight when the clock jumps past its
    // lease would be sent again).
    app.deliver_due().await;
    app.clock.advance(Duration::from_secs(2 * 3600));
    let newest = book(&app, 2, true).await;
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "Running late, there by 10:30").await, 200);
    app.deliver_due().await;
    let reply: Vec<(bool, String, String)> =
        texts_of(&app, newest).await.into_iter().filter(|(incoming, _, _)| *incoming).collect();
    assert_eq!(reply, vec![(true, "Running late, there by 10:30".to_owned(), "received".to_owned())]);
    assert!(texts_of(&app, first).await.iter().all(|(incoming, _, _)| !incoming));
    let taken = stand_in.taken();
    assert_eq!(taken.len(), 2, "the two requests' texts, and no answer to a message for the shop: {taken:?}");
}

#[tokio::test]
async fn a_number_the_provider_refuses_ends_the_text_at_once() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    stand_in.refuse_next(&[21610]);
    book(&app, 1, true).await;
    app.deliver_due().await;
    assert!(stand_in.taken().is_empty());
    let ended: Vec<(String, i64, String)> =
        app.rows("SELECT state, attempts, last_error FROM deliveries WHERE channel = 'text'").await;
    // Failed at the first try, with no retry, and shown under Failed deliveries in words.
    assert_eq!((ended[0].0.as_str(), ended[0].1), ("dead", 1), "no retry: {ended:?}");
    assert!(ended[0].2.contains("opted out of texts"), "{ended:?}");
}

#[tokio::test]
async fn the_form_offers_texts_only_while_they_can_be_sent_and_the_terms_page_says_how_to_stop() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    let terms = app.page("/sms-terms", 200).await;
    for words in [
        "Text message terms",
        "Reply STOP to opt out",
        "Msg &amp; data rates may apply",
        "never more than 8",
        "START",
        "HELP",
    ] {
        assert!(terms.contains(words), "the terms say {words:?}");
    }
    assert!(!terms.contains("not sending texts"));
    let contact = app.page("/contact", 200).await;
    assert!(
        contact.contains(r#""texts":{"terms":"/sms-terms","wording":"Text me about this request"#),
        "the layout offers texts"
    );

    let off = crate::helpers::spawn_app().await;
    assert!(off.page("/sms-terms", 200).await.contains("not sending texts"));
    assert!(off.page("/contact", 200).await.contains(r#""texts":null"#), "no box without texts");
    // A form that says yes while texts are off is taken, and nothing is texted.
    book(&off, 9, true).await;
    off.deliver_due().await;
    assert_eq!(off.count("SELECT COUNT(*) FROM deliveries WHERE channel = 'text'").await, 0);
}

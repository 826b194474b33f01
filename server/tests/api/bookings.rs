//! The booking endpoint: validation, durable storage, idempotency, spam and deliveries.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, TestStorage, eventually, spawn_app, spawn_app_on, spawn_app_with},
    stand_ins,
};

pub fn booking(submission_id: &str) -> Value {
    json!({
        "submissionId": submission_id,
        "name": "Jamie Ortiz",
        "email": "jamie@example.com",
        "phone": "303-555-0188",
        "details": "The lift is slow and leaks at the cylinder.",
        "answers": [
            { "question": "Hi! I'm your trailer assistant. What type of trailer do you have?", "answer": "Dump Trailer" },
            { "question": "What service do you need?", "answer": "Repairs needed" },
            { "question": "Do you need mobile service, or can you bring the trailer to our shop?", "answer": "Need mobile service" },
            { "question": "How urgent is this?", "answer": "Soon (within a week)" },
        ],
        "website": "",
        "fillMs": 42000,
    })
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    app.count(sql).await
}

#[tokio::test]
async fn each_missing_or_bad_field_gets_the_browsers_message() {
    let app = spawn_app().await;
    let mut body = booking("0b7e2c58-missing-fields");
    body["name"] = json!("  ");
    body["email"] = json!("");
    body["phone"] = json!("");
    let response = app.post_json("/api/bookings", &body).await;
    assert_eq!(response.status(), 422);
    let errors: Value = response.json().await.expect("JSON");
    assert_eq!(errors["errors"]["name"][0], "Name is required");
    assert_eq!(errors["errors"]["email"][0], "Email is required");
    assert_eq!(errors["errors"]["phone"][0], "Phone number is required");

    body = booking("0b7e2c58-bad-email");
    body["email"] = json!("jamie-at-example.com");
    let errors: Value = app.post_json("/api/bookings", &body).await.json().await.expect("JSON");
    assert_eq!(errors["errors"]["email"][0], "Invalid email format");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings").await, 0);
}

#[tokio::test]
async fn a_phone_number_must_be_a_us_number_with_its_area_code() {
    let app = spawn_app().await;
    for (n, bad) in ["12", "555-0100", "call me", "303-555-01000", "+44 20 7946 0958"].iter().enumerate() {
        let mut body = booking(&format!("0b7e2c58-phone-bad-{n}"));
        body["phone"] = json!(bad);
        let response = app.post_json("/api/bookings", &body).await;
        assert_eq!(response.status(), 422, "{bad}");
        let errors: Value = response.json().await.expect("JSON");
        assert_eq!(errors["errors"]["phone"][0], "Enter a phone number with area code", "{bad}");
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings").await, 0);
    for (n, good) in ["(303) 555-0188", "+1 303.555.0188", "1-303-555-0188 ext. 12"].iter().enumerate() {
        let mut body = booking(&format!("0b7e2c58-phone-good-{n}"));
        body["phone"] = json!(good);
        assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201, "{good}");
    }
    let stored: Vec<(String,)> = app.rows("SELECT phone FROM bookings ORDER BY id").await;
    assert_eq!(stored[2].0, "1-303-555-0188 ext. 12", "kept as typed");
}

#[tokio::test]
async fn a_malformed_body_is_refused_with_a_clear_error() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(format!("{}/api/bookings", app.url))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("response");
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("JSON");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
}

#[tokio::test]
async fn a_booking_is_in_the_database_with_its_answers_and_message_after_201() {
    let app = spawn_app().await;
    let response = app.post_json("/api/bookings", &booking("4a1f0c22-stored")).await;
    assert_eq!(response.status(), 201);
    let id = response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");

    let rows: Vec<(i64, String, String, String, String)> =
        app.rows("SELECT id, name, status, client_ip, message FROM bookings").await;
    assert_eq!(rows.len(), 1);
    let (stored_id, name, status, client_ip, message) = &rows[0];
    assert_eq!(*stored_id, id);
    assert_eq!(name, "Jamie Ortiz");
    assert_eq!(status, "new");
    assert_eq!(client_ip, "127.0.0.1");
    assert_eq!(
        message,
        "The lift is slow and leaks at the cylinder.\n\nConversation Summary:\n\
         Hi! I'm your trailer assistant. What type of trailer do you have?: Dump Trailer\n\
         What service do you need?: Repairs needed\n\
         Do you need mobile service, or can you bring the trailer to our shop?: Need mobile service\n\
         How urgent is this?: Soon (within a week)"
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM booking_answers").await, 4);
}

#[tokio::test]
async fn the_same_submission_id_twice_makes_one_booking() {
    let app = spawn_app().await;
    let first = app.post_json("/api/bookings", &booking("9c3d7e11-twice")).await;
    let second = app.post_json("/api/bookings", &booking("9c3d7e11-twice")).await;
    assert_eq!(first.status(), 201);
    assert_eq!(second.status(), 200);
    let (a, b): (Value, Value) = (first.json().await.expect("JSON"), second.json().await.expect("JSON"));
    assert_eq!(a["id"], b["id"]);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings").await, 1);
}

#[tokio::test]
async fn a_webhook_that_fails_twice_then_succeeds_gets_exactly_one_successful_delivery() {
    let hook = stand_ins::webhook(2).await;
    let app = spawn_app_with(|c| {
        c.webhook_url = Some(hook.url.clone());
        c.webhook_access_key = Some("test-access-key".into());
    })
    .await;
    assert_eq!(app.post_json("/api/bookings", &booking("5e6f7a8b-webhook")).await.status(), 201);

    // Two retries, each after its wait: polled.
    eventually("the webhook delivery is sent", || async {
        count(&app, "SELECT COUNT(*) FROM deliveries WHERE state = 'sent'").await == 1
    })
    .await;
    let requests = hook.log.requests();
    assert_eq!(requests.len(), 3, "two failures, then one success");
    assert!(
        requests.iter().all(|request| request["webhook-id"] == "5e6f7a8b-webhook"),
        "every attempt carries the same idempotency key, so the receiver can drop a repeat"
    );
    let delivered = &requests[2];
    assert_eq!(delivered["access_key"], "test-access-key");
    assert_eq!(delivered["name"], "Jamie Ortiz");
    assert_eq!(delivered["email"], "jamie@example.com");
    assert_eq!(delivered["phone"], "303-555-0188");
    assert!(delivered["message"].starts_with("The lift is slow"));
    assert!(delivered["message"].contains("Conversation Summary:"));
    assert_eq!(count(&app, "SELECT attempts FROM deliveries").await, 3);

    app.deliver_due().await;
    assert_eq!(hook.log.requests().len(), 3, "nothing is sent again after success");
}

#[tokio::test]
async fn the_business_inbox_gets_an_email_with_reply_to_the_visitor() {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
    })
    .await;
    let mut body = booking("7d8e9f00-email");
    // Line breaks are refused at the door (bad_input_...); quotes and a comma must not split the
    // Reply-To into a second address either.
    body["name"] = json!("Jamie \"JO\" Ortiz, Bcc: victim@example.net");
    assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201);

    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "the shop's e-mail and the visitor's copy arrive");
    let messages = mailbox.messages();
    let message = messages.iter().find(|m| m.contains("\nTo: owner@example.com")).expect("the shop's e-mail");
    assert!(message.contains("Message-ID: <booking-7d8e9f00-email@example.com>"), "{message}");
    assert!(message.contains("To: owner@example.com"), "{message}");
    let unfolded = message.replace("\n ", " ");
    let reply_to = unfolded.lines().find(|l| l.starts_with("Reply-To: ")).expect("a Reply-To header");
    assert!(reply_to.ends_with("<jamie@example.com>"), "{message}");
    assert!(
        message.contains("Subject: New service request from Jamie \"JO\" Ortiz, Bcc: victim@example.net"),
        "{message}"
    );
    assert!(!message.lines().any(|line| line.to_ascii_lowercase().starts_with("bcc:")), "{message}");
    assert!(message.contains("Phone: 303-555-0188"), "{message}");
    assert!(message.contains("Conversation Summary:"), "{message}");
}

#[tokio::test]
async fn a_delivery_pending_when_the_app_stops_is_sent_after_it_starts_again() {
    let storage = TestStorage::new().await;
    let down = stand_ins::webhook(usize::MAX).await;
    let app = spawn_app_on(&storage, |c| {
        c.webhook_url = Some(down.url.clone());
        c.webhook_access_key = Some("key".into());
        c.delivery_retry_base_ms = 300;
        // A try cut off by the stop keeps its lease; a short one lets the restart resume it soon.
        c.delivery_lease_ms = 1000;
    })
    .await;
    assert_eq!(app.post_json("/api/bookings", &booking("1a2b3c4d-restart")).await.status(), 201);
    app.deliver_due().await;
    assert!(!down.log.requests().is_empty(), "the first try fails");
    app.stop().await;

    let up = stand_ins::webhook(0).await;
    let app = spawn_app_on(&storage, |c| {
        c.webhook_url = Some(up.url.clone());
        c.webhook_access_key = Some("key".into());
        c.delivery_lease_ms = 1000;
    })
    .await;
    eventually("the delivery is sent after the restart", || async {
        count(&app, "SELECT COUNT(*) FROM deliveries WHERE state = 'sent'").await == 1
    })
    .await;
    assert_eq!(up.log.requests().len(), 1);
    assert_eq!(up.log.requests()[0]["name"], "Jamie Ortiz");
}

#[tokio::test]
async fn a_delivery_is_marked_dead_with_its_last_error_after_the_last_try() {
    let hook = stand_ins::webhook(usize::MAX).await;
    let app = spawn_app_with(|c| {
        c.webhook_url = Some(hook.url.clone());
        c.webhook_access_key = Some("key".into());
        c.delivery_max_attempts = 3;
    })
    .await;
    assert_eq!(app.post_json("/api/bookings", &booking("2b3c4d5e-dead")).await.status(), 201);
    eventually("the delivery is dead", || async {
        count(&app, "SELECT COUNT(*) FROM deliveries WHERE state = 'dead'").await == 1
    })
    .await;
    let errors: Vec<(String,)> = app.rows("SELECT last_error FROM deliveries").await;
    assert!(errors[0].0.contains("500"), "{errors:?}");
    assert_eq!(hook.log.requests().len(), 3);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings").await, 1, "the booking itself is kept");
}

#[tokio::test]
async fn too_many_bookings_from_one_address_get_429_with_a_clear_message() {
    let app = spawn_app_with(|c| c.booking_rate_limit = 2).await;
    for n in 0..2 {
        let response = app.post_json("/api/bookings", &booking(&format!("6f7a8b9c-limit-{n}"))).await;
        assert_eq!(response.status(), 201);
    }
    let response = app.post_json("/api/bookings", &booking("6f7a8b9c-limit-2")).await;
    assert_eq!(response.status(), 429);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(
        body["error"], "Too many requests from your network. Please wait a few minutes and try again.",
        "no placeholder phone to call"
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings").await, 2);
}

#[tokio::test]
async fn the_limit_holds_when_twenty_bookings_arrive_at_once() {
    let app = spawn_app_with(|c| c.booking_rate_limit = 5).await;
    let app = &app;
    let answers = futures_util::future::join_all((0..20).map(|n| async move {
        app.post_json("/api/bookings", &booking(&format!("9b0c1d2e-burst-{n}"))).await
    }))
    .await;
    let stored = answers.iter().filter(|answer| answer.status() == 201).count();
    let refused = answers.iter().filter(|answer| answer.status() == 429).count();
    assert_eq!((stored, refused), (5, 15));
    assert_eq!(count(app, "SELECT COUNT(*) FROM bookings").await, 5);
}

/// Posts a booking as if relayed by a proxy that says the visitor is `forwarded_for`.
async fn book_forwarded(app: &TestApp, submission_id: &str, forwarded_for: &str) -> reqwest::Response {
    app.client
        .post(format!("{}/api/bookings", app.url))
        .header("x-forwarded-for", forwarded_for)
        .json(&booking(submission_id))
        .send()
        .await
        .expect("the request completes")
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_visitor_has_their_own_limit_and_address() {
    let app = spawn_app_with(|c| {
        c.booking_rate_limit = 1;
        c.trusted_proxies = "127.0.0.1".into();
    })
    .await;
    assert_eq!(book_forwarded(&app, "7a8b9c0d-proxy-1", "203.0.113.9").await.status(), 201);
    assert_eq!(book_forwarded(&app, "7a8b9c0d-proxy-2", "198.51.100.7").await.status(), 201);
    assert_eq!(
        book_forwarded(&app, "7a8b9c0d-proxy-3", "10.9.9.9, 203.0.113.9").await.status(),
        429,
        "the address the proxy appended counts, not one the visitor made up"
    );
    let mut addresses: Vec<(String,)> = app.rows("SELECT client_ip FROM bookings").await;
    addresses.sort();
    assert_eq!(addresses, [("198.51.100.7".to_string(),), ("203.0.113.9".to_string(),)]);
}

#[tokio::test]
async fn without_trusted_proxies_x_forwarded_for_is_ignored() {
    let app = spawn_app_with(|c| c.booking_rate_limit = 1).await;
    assert_eq!(book_forwarded(&app, "8a9b0c1d-direct-1", "203.0.113.9").await.status(), 201);
    assert_eq!(book_forwarded(&app, "8a9b0c1d-direct-2", "198.51.100.7").await.status(), 429);
    let addresses: Vec<(String,)> = app.rows("SELECT client_ip FROM bookings").await;
    assert_eq!(addresses, [("127.0.0.1".to_string(),)]);
}

#[tokio::test]
async fn a_honeypot_hit_is_stored_as_spam_with_the_same_success_and_not_delivered() {
    let hook = stand_ins::webhook(0).await;
    let app = spawn_app_with(|c| {
        c.webhook_url = Some(hook.url.clone());
        c.webhook_access_key = Some("key".into());
    })
    .await;
    let mut body = booking("8b9c0d1e-honeypot");
    body["website"] = json!("https://cheap-pills.example");
    assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201);
    let mut hurried = booking("8b9c0d1e-hurried");
    hurried["fillMs"] = json!(400);
    assert_eq!(app.post_json("/api/bookings", &hurried).await.status(), 201);

    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings WHERE status = 'spam'").await, 2);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings WHERE spam_reason IS NOT NULL").await, 2);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM deliveries").await, 0);
}

#[tokio::test]
async fn an_oversized_body_is_refused_before_parsing() {
    let app = spawn_app().await;
    let mut body = booking("3c4d5e6f-huge");
    body["details"] = json!("x".repeat(64 * 1024));
    assert_eq!(app.post_json("/api/bookings", &body).await.status(), 413);
}

#[tokio::test]
async fn half_configured_e_mail_delivery_is_refused_at_start_up() {
    let storage = TestStorage::new().await;
    let mut config = crate::helpers::test_config(storage.config.clone());
    config.smtp_url = Some("smtp://127.0.0.1:2525".into());
    let error = trailerworks::startup::Application::build(&config).await.err().expect("start-up fails");
    assert!(format!("{error:#}").contains("--mail-from"));
}

#[tokio::test]
async fn the_inbox_lists_bookings_newest_first_with_answers_and_delivery_status() {
    use trailerworks::{
        audit::{Action, Actor, Line},
        booking::store,
        domain::{BookingId, BookingStatus},
    };
    let hook = stand_ins::webhook(usize::MAX).await;
    let app = spawn_app_with(|c| {
        c.webhook_url = Some(hook.url.clone());
        c.webhook_access_key = Some("key".into());
        c.delivery_retry_base_ms = 60_000;
    })
    .await;
    for id in ["c0ffee00-first", "c0ffee00-second"] {
        assert_eq!(app.post_json("/api/bookings", &booking(id)).await.status(), 201);
    }
    let mut spam = booking("c0ffee00-spam");
    spam["website"] = json!("x");
    assert_eq!(app.post_json("/api/bookings", &spam).await.status(), 201);
    app.deliver_due().await;
    assert!(
        count(&app, "SELECT COUNT(*) FROM deliveries WHERE attempts = 1").await == 2,
        "both deliveries failed once"
    );

    let signed = app.signed_in_admin().await;
    let all = app.admin_json("/bookings", &signed).await;
    let all = all["bookings"].as_array().expect("bookings");
    assert_eq!(all.len(), 3);
    let ids: Vec<i64> = all.iter().map(|b| b["id"].as_i64().expect("an id")).collect();
    assert!(ids[0] > ids[1] && ids[1] > ids[2], "newest first");
    let second = &all[1];
    assert_eq!(second["answers"].as_array().expect("answers").len(), 4);
    assert_eq!(second["answers"][0]["answer"], "Dump Trailer");
    assert_eq!(second["deliveries"].as_array().expect("deliveries").len(), 1);
    assert_eq!(second["deliveries"][0]["state"], "retrying");
    assert!(second["deliveries"][0]["lastError"].as_str().is_some_and(|e| e.contains("500")));

    let spam_only = app.admin_json("/bookings?status=spam", &signed).await;
    assert_eq!(spam_only["bookings"].as_array().expect("bookings").len(), 1);
    assert_eq!(spam_only["bookings"][0]["deliveries"], json!([]));

    let db = app.db().await;
    assert!(
        store::set_status(
            &db,
            BookingId(ids[1]),
            BookingStatus::Contacted,
            &Line {
                actor: &Actor { user_id: None, email: "owner@example.com", client_ip: "127.0.0.1" },
                action: Action::BookingStatusChanged,
                detail: format!("booking {}: contacted", ids[1]),
            }
        )
        .await
        .expect("updated")
    );
    let contacted = app.admin_json("/bookings?status=contacted", &signed).await;
    assert_eq!(contacted["bookings"].as_array().expect("bookings").len(), 1);
    assert_eq!(contacted["total"], 1);
    let unknown = app
        .admin(Method::PUT, &format!("/bookings/{}/status", ids[1]), &signed)
        .json(&json!({ "status": "lost" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(unknown.status(), 422, "a status that is none of the six");
}

#[tokio::test]
async fn bad_input_gets_a_clear_4xx_json_message_and_nothing_is_stored() {
    let app = spawn_app().await;
    let with = |field: &str, value: Value| {
        let mut body = booking("9c0d1e2f-bad-input");
        body[field] = value;
        body
    };
    let cases: Vec<(&str, Value, u16)> = vec![
        ("control characters as a name", with("name", json!("\u{0}\u{1}")), 422),
        ("a header injected through the name", with("name", json!("Eve\r\nBcc: victim@example.com")), 422),
        (
            "a header injected through the e-mail",
            with("email", json!("eve@example.com\r\nBcc: v@example.com")),
            422,
        ),
        ("a new line in the phone", with("phone", json!("303\n555")), 422),
        ("a NUL in the details", with("details", json!("hello\u{0}")), 422),
        ("a huge name", with("name", json!("x".repeat(10_000))), 422),
        ("an empty name", with("name", json!("")), 422),
        ("a number as the name", with("name", json!(42)), 422),
        ("answers that are not a list", with("answers", json!("Dump Trailer")), 422),
        ("an unknown field", with("coupon", json!("FREE")), 422),
    ];
    for (what, body, status) in cases {
        let response = app.post_json("/api/bookings", &body).await;
        assert_eq!(response.status().as_u16(), status, "{what}");
        let answer: Value = response.json().await.unwrap_or_else(|_| panic!("{what}: a JSON answer"));
        assert!(answer.get("errors").or(answer.get("error")).is_some(), "{what}: {answer}");
    }
    for (what, raw, content_type) in [
        ("invalid JSON", "{\"name\": ", "application/json"),
        ("an empty body", "", "application/json"),
        ("JSON that is not an object", "[1, 2, 3]", "application/json"),
        ("not JSON at all", "name=Jamie", "application/x-www-form-urlencoded"),
    ] {
        let response = app
            .client
            .post(format!("{}/api/bookings", app.url))
            .header("content-type", content_type)
            .body(raw)
            .send()
            .await
            .expect("answered");
        assert!(response.status().is_client_error(), "{what}: {}", response.status());
        let answer: Value = response.json().await.unwrap_or_else(|_| panic!("{what}: a JSON answer"));
        assert!(answer["error"].as_str().is_some_and(|m| !m.is_empty()), "{what}: {answer}");
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings").await, 0);
}

#[tokio::test]
async fn the_contact_pages_plain_form_is_stored_like_a_booking_and_says_whether_it_arrived() {
    let app = spawn_app().await;
    let no_redirects =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let send = |fields: Vec<(&'static str, &'static str)>| {
        no_redirects.post(format!("{}/contact/request", app.url)).form(&fields).send()
    };
    let sent = send(vec![
        ("name", "Pat Lee"),
        ("email", "pat@example.com"),
        ("phone", "+1 720 555 0188"),
        ("details", "Left brake drags, smells hot after a mile"),
        ("location", "80205"),
        ("website", ""),
    ])
    .await
    .expect("an answer");
    assert_eq!(sent.status(), 303);
    assert_eq!(sent.headers()["location"], "/contact#request-sent");
    let rows: Vec<(String, String, String)> = app
        .rows("SELECT details, status || ' ' || location_city, source_page || ' ' || phone_national FROM bookings")
        .await;
    assert_eq!(
        rows,
        [(
            "Left brake drags, smells hot after a mile".to_owned(),
            "new Denver".to_owned(),
            "/contact 7205550188".to_owned()
        )],
        "stored, not taken for spam though it could not be timed"
    );

    let refused = send(vec![
        ("name", "Pat Lee"),
        ("email", "pat@example"),
        ("phone", "12"),
        ("details", "Brake <drags> & squeals"),
        ("location", "80205"),
    ])
    .await
    .expect("an answer");
    assert_eq!(refused.status(), 422, "the form comes back, not a redirect");
    let page = refused.text().await.expect("a page");
    for kept in [
        "value=\"Pat Lee\"",
        "value=\"pat@example\"",
        "value=\"12\"",
        "Brake &lt;drags&gt; &amp; squeals</textarea>",
    ] {
        assert!(page.contains(kept), "the refused form keeps {kept}");
    }
    assert!(page.contains("id=\"plain-email-error\""), "the e-mail's error is under its field");
    assert!(page.contains("id=\"plain-phone-error\""), "the phone's error is under its field");
    assert!(!page.contains("id=\"plain-name-error\""), "a good field has no error");
    assert!(page.contains("some fields need a change"), "a line above the form says what happened");
    let garbled = no_redirects
        .post(format!("{}/contact/request", app.url))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("%%%")
        .send()
        .await
        .expect("an answer");
    assert_eq!(garbled.status(), 422);
    assert!(garbled.text().await.expect("a page").contains("Your request could not be read."));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings").await, 1, "nothing else stored");

    let bot = send(vec![
        ("name", "Bot"),
        ("email", "bot@example.com"),
        ("phone", "303-555-0100"),
        ("website", "spam.example"),
    ])
    .await
    .expect("an answer");
    assert_eq!(bot.headers()["location"], "/contact#request-sent", "a bot hears what anyone hears");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM bookings WHERE status = 'spam'").await, 1, "kept, flagged");

    let contact = app.page("/contact", 200).await;
    for part in ["id=\"request\"", "action=\"/contact/request#request\"", "id=\"request-sent\""] {
        assert!(contact.contains(part), "the contact page has {part}");
    }
    let home = app.page("/", 200).await;
    assert!(home.contains("href=\"/contact#request\""), "a booking button is a link until the script runs");
}

/// The labels and answers of request `at` in the inbox, in order.
async fn labelled(app: &TestApp, signed: &crate::helpers::Signed) -> Vec<(String, String)> {
    let all = app.admin_json("/bookings", signed).await;
    all["bookings"][0]["answers"]
        .as_array()
        .expect("answers")
        .iter()
        .map(|a| {
            (
                a["label"].as_str().unwrap_or_default().to_owned(),
                a["answer"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn answers_keep_their_question_when_it_is_renamed_also_those_stored_before_keys() {
    let storage = TestStorage::new().await;
    let app = spawn_app_on(&storage, |_| {}).await;
    let mut sent = booking("6a1f0c3e-keys-0001");
    // As the dialog sends them now: with the keys of the question and the option.
    sent["answers"][1] = json!({ "key": "service", "option": "repairs-needed", "question": "What service do you need?", "answer": "Repairs needed" });
    assert_eq!(app.post_json("/api/bookings", &sent).await.status(), 201);
    // As a page from before keys sends them: the server finds the keys by the words.
    assert_eq!(app.post_json("/api/bookings", &booking("6a1f0c3e-keys-0002")).await.status(), 201);
    let keys: Vec<(Option<String>, Option<String>)> =
        app.rows("SELECT question_key, option_key FROM booking_answers ORDER BY booking_id, position").await;
    let keyed = [
        ("trailer", "dump-trailer"),
        ("service", "repairs-needed"),
        ("mobile-or-shop", "need-mobile-service"),
        ("urgency", "soon"),
    ]
    .map(|(q, o)| (Some(q.to_owned()), Some(o.to_owned())));
    assert_eq!(keys, [keyed.clone(), keyed.clone()].concat());
    // Stored before keys: the server keys them at start-up, by the script it runs.
    app.execute("UPDATE booking_answers SET question_key = NULL, option_key = NULL").await;
    app.stop().await;
    let app = spawn_app_on(&storage, |_| {}).await;
    let again: Vec<(Option<String>, Option<String>)> =
        app.rows("SELECT question_key, option_key FROM booking_answers ORDER BY booking_id, position").await;
    assert_eq!(again, keys);

    let signed = app.signed_in_admin().await;
    let saved = app
        .change_site(&signed, |site| {
            let service = &mut site["chat"]["steps"][1];
            assert_eq!(service["key"], "service");
            service["question"] = json!("What can we do for your trailer?");
            service["label"] = json!("Work asked for");
            service["options"][0]["text"] = json!("A repair");
            site["chat"]["steps"][0]["label"] = json!("");
        })
        .await;
    assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap_or_default());
    let shown = labelled(&app, &signed).await;
    assert_eq!(shown[1], ("Work asked for".to_owned(), "Repairs needed".to_owned()), "{shown:?}");
    assert_eq!(
        shown[0].0, "Hi! I'm your trailer assistant. What type of trailer do you have?",
        "no label: the question"
    );
    let csv = app
        .admin(Method::GET, "/bookings.csv", &signed)
        .send()
        .await
        .expect("the export")
        .text()
        .await
        .expect("text");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let column = header.iter().position(|name| *name == "Work asked for").expect("the renamed column");
    let row: Vec<&str> = lines.next().expect("a row").split(',').collect();
    assert_eq!(row[column], "Repairs needed", "under the renamed question, not among other answers");
    let site = app.admin_json("/site", &signed).await;
    assert_eq!(
        site["site"]["chat"]["steps"][1]["options"][0],
        json!({ "key": "repairs-needed", "text": "A repair" })
    );
}

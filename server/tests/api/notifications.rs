//! Notifications in the admin: who gets the booking e-mails, how each channel did lately, and a
//! test that goes through the outbox to the local SMTP and webhook stand-ins.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{Signed, TestApp, spawn_app, spawn_app_with},
    stand_ins,
};

async fn notifications(app: &TestApp, signed: &Signed) -> Value {
    app.admin_json("/notifications", signed).await
}

async fn send_test(app: &TestApp, signed: &Signed, channel: &str) -> reqwest::Response {
    app.admin(Method::POST, "/notifications/test", signed)
        .json(&json!({ "channel": channel }))
        .send()
        .await
        .expect("a response")
}

#[tokio::test]
async fn the_owner_sets_who_gets_booking_emails_and_a_test_reaches_them() {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
    })
    .await;
    let signed = app.signed_in_admin().await;
    let shown = notifications(&app, &signed).await;
    assert_eq!(shown["email"]["configured"], true);
    assert_eq!(shown["email"]["recipients"], json!([]));
    assert_eq!(shown["webhook"]["configured"], false);
    let refused = send_test(&app, &signed, "email").await;
    assert_eq!(refused.status(), 409, "nobody to send it to yet");

    let bad = app
        .admin(Method::PUT, "/notifications/recipients", &signed)
        .json(&json!({ "recipients": ["office@example.com", "not an address"] }))
        .send()
        .await
        .expect("a response");
    assert_eq!(bad.status(), 422);
    assert_eq!(
        bad.json::<Value>().await.expect("JSON")["errors"]["recipients[1]"],
        json!(["Invalid email format"])
    );
    assert_eq!(notifications(&app, &signed).await["email"]["recipients"], json!([]), "nothing was stored");

    let set = app
        .admin(Method::PUT, "/notifications/recipients", &signed)
        .json(&json!({ "recipients": ["Office@Example.com ", "crew@example.com"] }))
        .send()
        .await
        .expect("a response");
    assert_eq!(set.json::<Value>().await.expect("JSON"), json!(["crew@example.com", "office@example.com"]));

    let queued = send_test(&app, &signed, "email").await;
    assert_eq!(queued.status(), 202);
    app.deliver_due().await;
    assert!(!mailbox.messages().is_empty(), "the test e-mail arrives");
    let message = mailbox.messages().remove(0);
    assert!(message.contains("Subject: Test: booking e-mails from Front Range Trailer Works"), "{message}");
    assert!(message.contains("crew@example.com") && message.contains("office@example.com"), "{message}");
    app.deliver_due().await;
    let shown = notifications(&app, &signed).await;
    assert!(
        shown["tests"][0]["state"] == "sent" && shown["email"]["health"]["lastSuccessAt"].is_string(),
        "the admin sees it sent"
    );

    let audit: Vec<(String, String)> = app.rows("SELECT action, detail FROM audit_log ORDER BY id").await;
    assert!(audit.contains(&("recipients-changed".into(), "crew@example.com, office@example.com".into())));
    assert!(audit.contains(&("test-notification-sent".into(), "email".into())));

    // A booking now goes to both addresses.
    let booking = crate::bookings::booking("5c1d-recipients");
    assert_eq!(app.post_json("/api/bookings", &booking).await.status(), 201);
    app.deliver_due().await;
    assert!(
        mailbox.messages().iter().any(|m| m.contains("New service request from")),
        "the booking e-mail arrives"
    );
    let shop = mailbox.messages().into_iter().find(|m| m.contains("New service request from")).expect("sent");
    assert!(shop.contains("crew@example.com") && shop.contains("office@example.com"), "{shop}");
}

#[tokio::test]
async fn last_delivered_counts_every_e_mail_the_server_sent_confirmations_included() {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    // Nobody set to get the shop's e-mail: only the visitors' confirmations go out.
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
    })
    .await;
    let signed = app.signed_in_admin().await;
    assert!(notifications(&app, &signed).await["email"]["health"]["lastSuccessAt"].is_null());
    assert_eq!(
        app.post_json("/api/bookings", &crate::bookings::booking("5c1d-only-copy")).await.status(),
        201
    );
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 1, "the visitor's copy arrives");
    app.deliver_due().await;
    assert!(
        notifications(&app, &signed).await["email"]["health"]["lastSuccessAt"].is_string(),
        "the e-mail channel counts it"
    );
}

#[tokio::test]
async fn a_failing_webhook_test_shows_its_last_error() {
    let hook = stand_ins::webhook(usize::MAX).await;
    let app = spawn_app_with(|c| {
        c.webhook_url = Some(hook.url.clone());
        c.webhook_access_key = Some("key".into());
        c.delivery_max_attempts = 2;
    })
    .await;
    let signed = app.signed_in_admin().await;
    assert_eq!(send_test(&app, &signed, "webhook").await.status(), 202);
    app.deliver_due().await;
    assert!(!hook.log.requests().is_empty(), "the webhook hears the test");
    let request = hook.log.requests().remove(0);
    assert_eq!(request.get("test").map(String::as_str), Some("true"));
    app.deliver_due().await;
    let shown = notifications(&app, &signed).await;
    assert!(
        shown["webhook"]["health"]["lastError"].as_str().is_some_and(|e| e.contains("500"))
            && shown["webhook"]["health"]["lastErrorAt"].is_string()
            && shown["webhook"]["health"]["lastSuccessAt"].is_null(),
        "the admin sees the failure"
    );
}

#[tokio::test]
async fn without_settings_a_test_is_refused_in_plain_words() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let refused = send_test(&app, &signed, "email").await;
    assert_eq!(refused.status(), 409);
    let body: Value = refused.json().await.expect("JSON");
    assert!(body["error"].as_str().unwrap_or("").contains("no SMTP settings"), "{body}");
    assert_eq!(send_test(&app, &signed, "webhook").await.status(), 409);
    assert_eq!(send_test(&app, &signed, "pigeon").await.status(), 422);
}

//! The visitor's confirmation e-mail: the request number, what happens next and the answers they
//! picked; never the admin's address, nothing the visitor typed, at most three an hour to an
//! address, none for spam.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{OWN_PHONE, TestApp, own_details, png, spawn_app_with},
    stand_ins::{self, Mailbox},
};

async fn app_with_mail() -> (TestApp, Mailbox) {
    app_with_mail_and(|_| {}).await
}

async fn app_with_mail_and(
    configure: impl FnOnce(&mut trailerworks::config::ServeConfig),
) -> (TestApp, Mailbox) {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        configure(c);
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
        c.delivery_retry_base_ms = 60_000;
    })
    .await;
    (app, mailbox)
}

fn booking(submission_id: &str, email: &str) -> Value {
    json!({
        "submissionId": submission_id,
        "name": "Visit https://spam.example now",
        "email": email,
        "phone": "303-555-0142",
        "details": "Buy cheap watches at spam.example",
        "answers": [
            { "question": "Hi! I'm your trailer assistant. What type of trailer do you have?", "answer": "Other (please specify)" },
            { "question": "No problem! What kind of trailer is it? A few words are enough, like \"horse trailer\" or \"car hauler\".", "answer": "a prize waiting at spam.example" },
            { "question": "What service do you need?", "answer": "Repairs needed" },
        ],
        "fillMs": 30000,
    })
}

/// The visitor's copies in the mailbox (the shop's notices go to owner@example.com).
fn copies(mailbox: &Mailbox) -> Vec<String> {
    mailbox
        .messages()
        .into_iter()
        .filter(|m| !m.contains("\nTo: owner@example.com"))
        .map(|m| m.replace("=\r\n", "").replace("=\n", ""))
        .collect()
}

#[tokio::test]
async fn the_confirmation_holds_no_visitor_text_and_no_admin_address_only_picked_answers_and_photo_count() {
    let (app, mailbox) = app_with_mail().await;
    let mut tokens = Vec::new();
    for _ in 0..2 {
        let part =
            reqwest::multipart::Part::bytes(png(320, 240)).file_name("t.png").mime_str("image/png").unwrap();
        let response = app
            .client
            .post(format!("{}/api/booking-photos", app.url))
            .multipart(reqwest::multipart::Form::new().part("photo", part))
            .send()
            .await
            .unwrap();
        tokens.push(response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned());
    }
    let mut body = booking("confirm-content-0001", "stranger@example.com");
    body["photos"] = json!(tokens);
    let id =
        app.post_json("/api/bookings", &body).await.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "both e-mails arrive");
    let copy = copies(&mailbox).pop().expect("the visitor's copy");
    assert!(copy.contains("\nTo: stranger@example.com\n"), "the address alone, no name: {copy}");
    assert!(copy.contains(&format!("Your request number is #{id}.")), "{copy}");
    assert!(copy.contains("What happens next"), "{copy}");
    // The visitor's own words are not repeated to a stranger's address, nor the prompt to give them.
    assert!(copy.contains("  Trailer: Other\n  Service: Repairs needed\n"), "{copy}");
    assert!(copy.contains("We received your 2 photos."), "{copy}");
    // The shipped placeholder phone reaches nobody: the e-mail offers no number to call.
    assert!(!copy.contains("call us any time"), "{copy}");
    for never in ["spam.example", "/dbadmin", "/api/admin", "watches", "Visit", "555-0147"] {
        assert!(!copy.contains(never), "{never} in {copy}");
    }
    let shop = mailbox.messages().into_iter().find(|m| m.contains("\nTo: owner@example.com")).unwrap();
    assert!(shop.replace("=\n", "").contains("/dbadmin/bookings"), "the shop's own notice links its inbox");
}

#[tokio::test]
async fn the_confirmation_names_the_shops_own_phone_once_it_is_set() {
    let (app, mailbox) = app_with_mail_and(|c| c.content = Some(own_details().to_owned())).await;
    assert_eq!(
        app.post_json("/api/bookings", &booking("confirm-phone-0001", "dana@example.com")).await.status(),
        201
    );
    app.deliver_due().await;
    let copy = copies(&mailbox).pop().expect("the visitor's copy");
    let urgent = format!("If it can't wait, call us any time at {OWN_PHONE}.");
    assert!(copy.contains(&urgent) && copy.contains(&format!("\n{OWN_PHONE}\n")), "{copy}");
}

#[tokio::test]
async fn an_address_gets_at_most_three_confirmations_an_hour_and_spam_gets_none() {
    let (app, mailbox) = app_with_mail().await;
    let to_target = |mailbox: &Mailbox| {
        copies(mailbox)
            .iter()
            .filter(|m| m.lines().any(|l| l.to_lowercase() == "to: target@example.com"))
            .count()
    };
    let addresses = ["Target@Example.com", "target@example.com", "other@example.com", "TARGET@example.com"];
    for (n, email) in addresses.iter().enumerate() {
        let response =
            app.post_json("/api/bookings", &booking(&format!("confirm-limit-{n:04}"), email)).await;
        assert_eq!(response.status(), 201, "every request is still taken");
    }
    // A customer's second request within the hour is confirmed too (the owner's walk).
    app.deliver_due().await;
    assert_eq!(to_target(&mailbox), 3, "three to one address in an hour, whatever its case");
    app.post_json("/api/bookings", &booking("confirm-limit-0004", "target@example.com")).await;
    let mut spam = booking("confirm-limit-spam", "victim@example.com");
    spam["website"] = json!("http://bot.example");
    assert_eq!(app.post_json("/api/bookings", &spam).await.status(), 201);
    app.deliver_due().await;
    assert_eq!(to_target(&mailbox), 3, "no fourth within the hour");
    let to: Vec<String> = copies(&mailbox)
        .iter()
        .filter_map(|m| m.lines().find(|l| l.starts_with("To: ")).map(str::to_owned))
        .collect();
    assert_eq!(to.len(), 4, "none to the spam's address: {to:?}");
    assert!(to.contains(&"To: other@example.com".to_owned()), "{to:?}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE channel = 'email'").await,
        5,
        "the shop hears of every real request"
    );

    // An hour after the first, the address's next hour begins.
    app.clock.advance(std::time::Duration::from_secs(60 * 60));
    app.post_json("/api/bookings", &booking("confirm-limit-0005", "target@example.com")).await;
    app.deliver_due().await;
    assert_eq!(to_target(&mailbox), 4, "the next hour's first");
}

#[tokio::test]
async fn marking_a_booking_as_spam_stops_its_waiting_deliveries() {
    // The mail server is down: the deliveries fail once and wait a minute for their retry.
    let app = spawn_app_with(|c| {
        c.smtp_url = Some("smtp://127.0.0.1:9".into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
        c.delivery_retry_base_ms = 60_000;
    })
    .await;
    let response = app.post_json("/api/bookings", &booking("confirm-spam-later", "later@example.com")).await;
    let id = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    app.deliver_due().await;
    assert!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE attempts = 1 AND state = 'pending'").await == 2,
        "both deliveries failed once"
    );
    let signed = app.signed_in_admin().await;
    let marked = app
        .admin(Method::PUT, &format!("/bookings/{id}/status"), &signed)
        .json(&json!({ "status": "spam" }))
        .send()
        .await
        .unwrap();
    assert_eq!(marked.status(), 200);
    assert_eq!(app.count("SELECT COUNT(*) FROM deliveries").await, 0, "nothing of spam is sent");
}

#[tokio::test]
async fn a_trailer_typed_for_other_shows_in_the_visitors_copy_when_a_card_named_the_service() {
    let (smtp_url, mailbox) = crate::stand_ins::smtp().await;
    let app = crate::helpers::spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
    })
    .await;
    let mut body = crate::bookings::booking("2f3a4b5c-card-other");
    body["answers"] = serde_json::json!([
        { "question": "What service do you need?", "answer": "Repairs needed" },
        { "question": "Hi! I'm your trailer assistant. What type of trailer do you have?", "answer": "Other (please specify)" },
        { "question": "No problem! What kind of trailer is it? A few words are enough, like \"horse trailer\" or \"car hauler\".", "answer": "Horse trailer" },
        { "question": "Do you need mobile service, or can you bring the trailer to our shop?", "answer": "Can bring to shop" },
        { "question": "How urgent is this?", "answer": "Soon (within a week)" },
        { "question": "Service asked about", "answer": "Suspension and Brake Repair" },
    ]);
    assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201);
    app.deliver_due().await;
    let copy =
        mailbox.messages().into_iter().find(|m| m.contains("\nTo: jamie@example.com")).expect("the copy");
    let copy = copy.replace("=\r\n", "").replace("=\n", "");
    assert!(copy.contains("Trailer: Horse trailer"), "{copy}");
    assert!(copy.contains("Service: Suspension and Brake Repair"), "{copy}");
    assert!(!copy.contains("Other (please specify)"), "{copy}");
}

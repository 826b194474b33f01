//! A quote sent and answered: the team sends a finished draft by e-mail (a job, with a fresh link
//! to the customer's page); opening the page marks it viewed; the customer sees what their choice
//! of optional lines adds up to and approves it by typing their name (kept with the time, address
//! and browser), or asks for changes; the shop hears of each answer by e-mail and on Today, which
//! lists the quotes waiting; a withdrawn quote leaves the page and one past its date takes no
//! answer; one left unanswered is reminded once, three days on, in the shop's day; the team's
//! list shows each by where it stands; a sent quote not approved is revised into a new draft.
//! On SQLite and on PostgreSQL.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp},
    price_book::settings,
    quotes::{brake_job, request, send},
    scheduling::{Mail, app_with_mail, read_mail},
    stand_ins::Mailbox,
};

/// A finished brake quote for a new request, saved: the request's and the quote's ids.
pub async fn drafted(app: &TestApp, owner: &Signed, submission: &str) -> (i64, i64) {
    assert_eq!(send(app, owner, Method::PUT, "/price-book/settings", Some(&settings())).await.0, 200);
    let booking = request(app, submission).await;
    let (_, quote) = send(app, owner, Method::POST, &format!("/bookings/{booking}/quotes"), None).await;
    let id = quote["id"].as_i64().expect("an id");
    assert_eq!(send(app, owner, Method::PUT, &format!("/quotes/{id}"), Some(&brake_job())).await.0, 200);
    (booking, id)
}

pub fn mails(mailbox: &Mailbox, to: &str) -> Vec<Mail> {
    mailbox.messages().iter().map(|raw| read_mail(raw)).filter(|mail| mail.to == to).collect()
}

/// The token of the page link in `mail`.
pub fn token_in(mail: &Mail) -> String {
    let link = mail.text.split_whitespace().find(|word| word.contains("/booking/")).expect("a link");
    let token = link.rsplit('/').next().expect("a token");
    token.split('#').next().unwrap_or(token).to_owned()
}

pub async fn post(app: &TestApp, path: &str, body: &Value) -> (u16, Value) {
    let response = app
        .client
        .post(format!("{}{path}", app.url))
        .header("User-Agent", "QuoteTest/1.0 (phone)")
        .json(body)
        .send()
        .await
        .expect("a response");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn an_emailed_quote_is_viewed_then_approved_by_name_and_the_shop_hears_of_it() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let owner = app.signed_in_admin().await;
    let (booking, id) = drafted(&app, &owner, "quote-answer-0001").await;

    let (status, sent) = send(
        &app,
        &owner,
        Method::POST,
        &format!("/quotes/{id}/send"),
        Some(&json!({ "email": true, "text": false })),
    )
    .await;
    assert_eq!(status, 200, "{sent}");
    assert_eq!(sent["state"], "sent");
    assert!(sent["sending"]["terms"].as_str().expect("terms").starts_with("Work starts once you approve."));
    let request = app.admin_json(&format!("/bookings/{booking}"), &owner).await;
    assert!(request["booking"]["firstResponseAt"].is_string(), "a quote sent answers the request: {request}");
    let (status, again) = send(
        &app,
        &owner,
        Method::POST,
        &format!("/quotes/{id}/send"),
        Some(&json!({ "email": true, "text": false })),
    )
    .await;
    assert_eq!(
        (status, again["error"].as_str()),
        (409, Some("This quote has been sent, so it is no longer changed or deleted."))
    );
    let total = sent["figures"][0]["totals"]["total"].as_i64().expect("a total");
    let today = app.admin_json("/today", &owner).await;
    let waiting = &today["quotesWaiting"];
    assert_eq!(waiting["total"], 1, "{waiting}");
    let listed = &waiting["shown"][0];
    assert_eq!((listed["id"].as_i64(), listed["state"].as_str()), (Some(id), Some("sent")));
    assert_eq!((listed["name"].as_str(), listed["total"].as_i64()), (Some("Jamie Ortiz"), Some(total)));

    app.deliver_due().await;
    let to_customer = mails(&mailbox, "jamie@example.com");
    let mail = to_customer
        .iter()
        .find(|mail| mail.subject.starts_with("Your quote Q-"))
        .expect("the quote's e-mail");
    assert!(mail.text.contains("Hello Jamie Ortiz"), "{}", mail.text);
    assert!(mail.text.contains("Thanks for asking: here is what the brakes need."), "{}", mail.text);
    assert!(mail.text.contains(&format!("Total: ${}.{:02}", total / 100, total % 100)), "{}", mail.text);
    assert!(mail.text.contains("You may add the optional items"), "{}", mail.text);
    assert!(!mail.text.contains("dbadmin"), "nothing the customer gets names the admin area");
    let token = token_in(mail);
    let quote = app.admin_json(&format!("/quotes/{id}"), &owner).await;
    assert!(quote["sending"]["emailedAt"].is_string(), "{quote}");
    assert!(quote["sending"]["viewedAt"].is_null());

    // Opening the page marks it viewed; the page lists every line with its price.
    let page: Value = app.get(&format!("/api/manage/{token}")).await.json().await.expect("JSON");
    let shown = &page["quotes"][0];
    assert_eq!(shown["state"], "viewed");
    assert_eq!(shown["options"][0]["lines"][0]["price"], 12500, "labour at the quote's hourly rate");
    assert_eq!(shown["options"][0]["totals"]["total"], total);
    assert!(shown["answer"].is_null());
    let quote = app.admin_json(&format!("/quotes/{id}"), &owner).await;
    assert_eq!(quote["state"], "viewed");
    assert!(quote["sending"]["viewedAt"].is_string());

    // The optional bearing kit, ticked, is added up by the server.
    let figures = format!("/api/manage/{token}/quotes/{id}/figures");
    let (status, with_kit) = post(&app, &figures, &json!({ "option": 0, "optional": [2] })).await;
    assert_eq!(status, 200, "{with_kit}");
    let with_kit_total = with_kit["total"].as_i64().expect("a total");
    assert!(with_kit_total > total + 2000, "{with_kit}");
    assert_eq!(post(&app, &figures, &json!({ "option": 0, "optional": [0] })).await.0, 422, "not optional");
    assert_eq!(post(&app, &figures, &json!({ "option": 3 })).await.0, 422, "no such option");

    let approve = format!("/api/manage/{token}/quotes/{id}/approve");
    let (status, unsigned) =
        post(&app, &approve, &json!({ "option": 0, "optional": [2], "name": "  " })).await;
    assert_eq!(status, 422);
    assert_eq!(unsigned["errors"]["name"][0], "Type your full name to approve the quote");
    let (status, page) =
        post(&app, &approve, &json!({ "option": 0, "optional": [2], "name": " Jamie  Ortiz " })).await;
    assert_eq!(status, 200, "{page}");
    let answer = &page["quotes"][0]["answer"];
    assert_eq!(page["quotes"][0]["state"], "approved");
    assert_eq!((answer["answer"].as_str(), answer["name"].as_str()), (Some("approved"), Some("Jamie Ortiz")));
    assert_eq!(answer["total"], with_kit_total);
    assert_eq!(answer["deposit"], with_kit["deposit"]);
    assert!(answer.get("address").is_none(), "the customer's page shows nothing of the team's record");
    let (status, twice) = post(&app, &approve, &json!({ "option": 0, "name": "Jamie Ortiz" })).await;
    assert_eq!(status, 409, "{twice}");

    let quote = app.admin_json(&format!("/quotes/{id}"), &owner).await;
    assert_eq!(quote["state"], "approved");
    assert_eq!(app.admin_json("/today", &owner).await["quotesWaiting"]["total"], 0, "answered");
    let (status, kept) = send(&app, &owner, Method::POST, &format!("/quotes/{id}/revise"), None).await;
    assert_eq!(status, 409, "an approved quote is kept as signed: {kept}");
    let kept = &quote["answers"][0];
    assert_eq!(
        (kept["address"].as_str(), kept["agent"].as_str()),
        (Some("127.0.0.1"), Some("QuoteTest/1.0 (phone)"))
    );
    assert_eq!(kept["optional"], json!([2]));
    let notes = app.admin_json(&format!("/bookings/{booking}"), &owner).await;
    assert!(notes.to_string().contains("Approved quote Q-"), "the request's history says so");
    let changed = app.rows::<(i64,)>("SELECT id FROM bookings WHERE customer_change_at IS NOT NULL").await;
    assert_eq!(changed, [(booking,)], "Today lists it as the customer's change");

    app.deliver_due().await;
    let to_shop = mails(&mailbox, "owner@example.com");
    let told = to_shop.iter().find(|mail| mail.subject.starts_with("Quote Q-")).expect("the shop's e-mail");
    assert!(told.subject.ends_with("approved by Jamie Ortiz"), "{}", told.subject);
    assert!(told.text.contains(&format!("/dbadmin/bookings/{booking}")), "{}", told.text);
    let actions = app.rows::<(String,)>("SELECT action FROM audit_log WHERE action = 'quote-sent'").await;
    assert_eq!(actions.len(), 1);

    // Answered: three days on, no reminder goes.
    app.clock.advance(Duration::from_secs(3 * 24 * 60 * 60));
    app.deliver_due().await;
    assert!(!mails(&mailbox, "jamie@example.com").iter().any(|mail| mail.subject.starts_with("Reminder")));
}

#[tokio::test]
async fn an_unanswered_quote_is_reminded_once_three_days_on_in_the_shops_day() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let owner = app.signed_in_admin().await;
    let (_, id) = drafted(&app, &owner, "quote-answer-0003").await;
    // Sent at 9:30 PM on the shop's clock: three days on is night, so the reminder waits.
    app.clock.advance(Duration::from_secs(12 * 60 * 60));
    let owner = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let path = format!("/quotes/{id}/send");
    assert_eq!(
        send(&app, &owner, Method::POST, &path, Some(&json!({ "email": true, "text": false }))).await.0,
        200
    );
    app.deliver_due().await;
    let reminders = |mailbox: &Mailbox| {
        mails(mailbox, "jamie@example.com")
            .into_iter()
            .filter(|mail| mail.subject.starts_with("Reminder: your quote Q-"))
            .collect::<Vec<_>>()
    };
    app.clock.advance(Duration::from_secs(72 * 60 * 60 - 60));
    app.deliver_due().await;
    assert!(reminders(&mailbox).is_empty(), "not before three days");
    app.clock.advance(Duration::from_secs(2 * 60));
    app.deliver_due().await;
    assert!(reminders(&mailbox).is_empty(), "not at night");
    app.clock.advance(Duration::from_secs(11 * 60 * 60));
    app.deliver_due().await;
    let sent = reminders(&mailbox);
    assert_eq!(sent.len(), 1, "in the morning");
    assert!(sent[0].text.contains("A reminder: on "), "{}", sent[0].text);
    assert!(sent[0].text.contains("waits for your answer"), "{}", sent[0].text);
    let page: Value =
        app.get(&format!("/api/manage/{}", token_in(&sent[0]))).await.json().await.expect("JSON");
    assert_eq!(page["quotes"][0]["state"], "viewed", "its link opens the quote");

    app.clock.advance(Duration::from_secs(4 * 24 * 60 * 60));
    app.deliver_due().await;
    assert_eq!(reminders(&mailbox).len(), 1, "once");
    let owner = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let quote = app.admin_json(&format!("/quotes/{id}"), &owner).await;
    assert!(quote["sending"]["remindedAt"].is_string(), "{quote}");

    // Revised while it waits: the new draft has its lines, deposit and note; it is withdrawn.
    let (status, copy) = send(&app, &owner, Method::POST, &format!("/quotes/{id}/revise"), None).await;
    assert_eq!(status, 201, "{copy}");
    assert_ne!(copy["number"], quote["number"]);
    for field in ["options", "deposit", "message", "rate"] {
        assert_eq!(copy[field], quote[field], "{field}");
    }
    assert_eq!(app.admin_json(&format!("/quotes/{id}"), &owner).await["state"], "withdrawn");
    let audit = app.rows::<(String,)>("SELECT action FROM audit_log WHERE action = 'quote-revised'").await;
    assert_eq!(audit.len(), 1);
}

#[tokio::test]
async fn changes_are_asked_a_withdrawn_quote_leaves_the_page_and_a_past_one_takes_no_answer() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let owner = app.signed_in_admin().await;
    let (_, first) = drafted(&app, &owner, "quote-answer-0002").await;

    // Not finished, no way picked, or a text to a customer who cannot get one: each is said.
    let mut unfinished = brake_job();
    unfinished["options"][0]["lines"][1]["description"] = json!("");
    assert_eq!(send(&app, &owner, Method::PUT, &format!("/quotes/{first}"), Some(&unfinished)).await.0, 200);
    let path = format!("/quotes/{first}/send");
    let (status, refused) =
        send(&app, &owner, Method::POST, &path, Some(&json!({ "email": true, "text": false }))).await;
    assert_eq!(status, 422);
    assert_eq!(refused["errors"]["options.0.lines.1.description"][0], "Say what the line is for");
    assert_eq!(send(&app, &owner, Method::PUT, &format!("/quotes/{first}"), Some(&brake_job())).await.0, 200);
    let (status, refused) =
        send(&app, &owner, Method::POST, &path, Some(&json!({ "email": false, "text": false }))).await;
    assert_eq!(
        (status, refused["errors"]["email"][0].as_str()),
        (422, Some("Send it by e-mail, by text, or both"))
    );
    let (status, refused) =
        send(&app, &owner, Method::POST, &path, Some(&json!({ "email": true, "text": true }))).await;
    assert_eq!(status, 409);
    assert!(refused["error"].as_str().expect("why").starts_with("Texts are not set up"), "{refused}");
    assert_eq!(app.count("SELECT COUNT(*) FROM jobs").await, 0, "nothing was queued");

    assert_eq!(
        send(&app, &owner, Method::POST, &path, Some(&json!({ "email": true, "text": false }))).await.0,
        200
    );
    app.deliver_due().await;
    let token = token_in(
        mails(&mailbox, "jamie@example.com")
            .iter()
            .rfind(|mail| mail.subject.starts_with("Your quote"))
            .expect("sent"),
    );

    let changes = format!("/api/manage/{token}/quotes/{first}/changes");
    assert_eq!(post(&app, &changes, &json!({ "message": "  " })).await.0, 422);
    let (status, page) =
        post(&app, &changes, &json!({ "message": "Could you quote it without the magnets?" })).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["quotes"][0]["state"], "changes-asked");
    assert_eq!(page["quotes"][0]["answer"]["message"], "Could you quote it without the magnets?");
    let today = app.admin_json("/today", &owner).await;
    assert_eq!(today["quotesWaiting"]["shown"][0]["state"], "changes-asked", "the shop's turn");
    app.deliver_due().await;
    let told = mails(&mailbox, "owner@example.com");
    let told =
        told.iter().find(|mail| mail.subject.starts_with("Changes asked to quote")).expect("the shop hears");
    assert!(told.text.contains("Could you quote it without the magnets?"), "{}", told.text);

    // Withdrawn: gone from the page, and it takes no answer.
    let (status, withdrawn) =
        send(&app, &owner, Method::POST, &format!("/quotes/{first}/withdraw"), None).await;
    assert_eq!((status, withdrawn["state"].as_str()), (200, Some("withdrawn")));
    assert_eq!(send(&app, &owner, Method::POST, &format!("/quotes/{first}/withdraw"), None).await.0, 409);
    let page: Value = app.get(&format!("/api/manage/{token}")).await.json().await.expect("JSON");
    assert_eq!(page["quotes"], json!([]));
    let approve = format!("/api/manage/{token}/quotes/{first}/approve");
    assert_eq!(post(&app, &approve, &json!({ "option": 0, "name": "Jamie Ortiz" })).await.0, 404);

    // A second quote, good for a day, two days on: expired, and an approval is refused with why.
    let mut one_day = settings();
    one_day["quoteDays"] = json!(1);
    assert_eq!(send(&app, &owner, Method::PUT, "/price-book/settings", Some(&one_day)).await.0, 200);
    let booking = withdrawn["bookingId"].as_i64().expect("a request");
    let (_, second) = send(&app, &owner, Method::POST, &format!("/bookings/{booking}/quotes"), None).await;
    let second = second["id"].as_i64().expect("an id");
    assert_eq!(
        send(&app, &owner, Method::PUT, &format!("/quotes/{second}"), Some(&brake_job())).await.0,
        200
    );
    let (_, sent) = send(
        &app,
        &owner,
        Method::POST,
        &format!("/quotes/{second}/send"),
        Some(&json!({ "email": true, "text": false })),
    )
    .await;
    assert_eq!(sent["state"], "sent");
    app.clock.advance(Duration::from_secs(2 * 24 * 60 * 60));
    let page: Value = app.get(&format!("/api/manage/{token}")).await.json().await.expect("JSON");
    assert_eq!(page["quotes"][0]["state"], "expired");
    let approve = format!("/api/manage/{token}/quotes/{second}/approve");
    let (status, refused) = post(&app, &approve, &json!({ "option": 0, "name": "Jamie Ortiz" })).await;
    assert_eq!(status, 409);
    assert!(refused["error"].as_str().expect("why").contains("its date has passed"), "{refused}");
    let owner = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(app.admin_json(&format!("/quotes/{second}"), &owner).await["state"], "expired");

    // The team's list, by where each stands.
    let (_, draft) = send(&app, &owner, Method::POST, &format!("/bookings/{booking}/quotes"), None).await;
    let draft = draft["id"].as_i64().expect("an id");
    for (show, ids) in [
        ("", vec![draft, second, first]),
        ("?show=all", vec![draft, second, first]),
        ("?show=drafts", vec![draft]),
        ("?show=waiting", vec![]),
        ("?show=expired", vec![second]),
        ("?show=withdrawn", vec![first]),
    ] {
        let list = app.admin_json(&format!("/quotes{show}"), &owner).await;
        let listed: Vec<i64> = list["quotes"]
            .as_array()
            .expect("quotes")
            .iter()
            .filter_map(|quote| quote["id"].as_i64())
            .collect();
        assert_eq!(listed, ids, "{show}");
        assert_eq!(list["total"], json!(ids.len()), "{show}");
    }
    let list = app.admin_json("/quotes?show=expired", &owner).await;
    assert_eq!(list["quotes"][0]["state"], "expired", "past its date, as stored sent");
    assert_eq!(list["quotes"][0]["name"], "Jamie Ortiz");
    assert_eq!(send(&app, &owner, Method::GET, "/quotes?show=lost", None).await.0, 400);

    // Revised: a draft is changed instead; an expired quote is copied and stays as it was.
    assert_eq!(send(&app, &owner, Method::POST, &format!("/quotes/{draft}/revise"), None).await.0, 409);
    let (status, copy) = send(&app, &owner, Method::POST, &format!("/quotes/{second}/revise"), None).await;
    assert_eq!((status, copy["state"].as_str()), (201, Some("draft")), "{copy}");
    assert_eq!(copy["options"], options_of(&app, &owner, second).await);
    assert_eq!(app.admin_json(&format!("/quotes/{second}"), &owner).await["state"], "expired");
}

/// Quote `id`'s options as the team reads them.
async fn options_of(app: &TestApp, owner: &Signed, id: i64) -> Value {
    app.admin_json(&format!("/quotes/{id}"), owner).await["options"].clone()
}

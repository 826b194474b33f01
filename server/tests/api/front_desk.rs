//! The owner's front desk: Today (emergencies first, unanswered requests, the week's response
//! times), a request's own page and its history, the first response, the live stream, the
//! unanswered count, and signing in and out (kept sessions, reset links, a stale tab's logout).

use std::time::Duration;

use futures_util::StreamExt as _;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    bookings::booking,
    helpers::{
        ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp, eventually, session_cookie, spawn_app, spawn_app_with,
    },
    push::emergency,
    stand_ins,
};

async fn book(app: &TestApp, body: &Value) -> i64 {
    let response = app.post_json("/api/bookings", body).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
}

#[tokio::test]
async fn today_shows_the_emergency_first_and_every_unanswered_request_in_a_line() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    for n in 0..6 {
        book(&app, &booking(&format!("1a2b3c4d-today-{n}"))).await;
    }
    let sos = book(&app, &emergency("1a2b3c4d-today-sos")).await;
    let mut urgent = booking("1a2b3c4d-today-urgent");
    urgent["answers"][3]["answer"] = json!("Urgent (24-48 hours)");
    let urgent = book(&app, &urgent).await;

    let today = app.admin_json("/today", &signed).await;
    assert_eq!(today["emergencies"]["total"], 1);
    let first = &today["emergencies"]["shown"][0];
    assert_eq!((first["id"].as_i64(), first["emergency"].as_bool()), (Some(sos), Some(true)));
    assert_eq!(first["place"], "Aurora");
    assert_eq!(today["unanswered"]["total"], 7, "the six and the urgent one; the emergency is above");
    let line = today["unanswered"]["shown"]
        .as_array()
        .expect("lines")
        .iter()
        .find(|line| line["id"].as_i64() == Some(urgent))
        .expect("the urgent request");
    assert_eq!(
        (line["emergency"].as_bool(), line["urgent"].as_bool()),
        (Some(false), Some(true)),
        "urgent is not an emergency"
    );
    assert_eq!(line["summary"], "Dump Trailer · Repairs needed · Need mobile service");
    assert_eq!(line["phone"], "303-555-0188");
    assert_eq!(today["response"]["emergencies"]["promise"], "30 minutes");
    assert_eq!(today["response"]["emergencies"]["waiting"]["count"], 1);
    assert_eq!(today["response"]["emergencies"]["answered"]["count"], 0);
    assert_eq!(today["response"]["others"]["promise"], "1 business day");
    assert_eq!(today["response"]["others"]["requests"], 7);
    let desk = app.admin_json("/desk", &signed).await;
    assert_eq!(desk["unanswered"], 8);
}

#[tokio::test]
async fn a_call_a_note_or_a_status_answers_a_request_and_its_page_keeps_the_history() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (called, noted, marked) = (
        book(&app, &booking("2b3c4d5e-first-call")).await,
        book(&app, &booking("2b3c4d5e-first-note")).await,
        book(&app, &booking("2b3c4d5e-first-status")).await,
    );
    let tap = app
        .admin(Method::POST, &format!("/bookings/{called}/contact"), &signed)
        .json(&json!({ "how": "call" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(tap.status(), 204);
    let note = app
        .admin(Method::POST, &format!("/bookings/{noted}/notes"), &signed)
        .json(&json!({ "body": "Left a voicemail" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(note.status(), 201);
    let status = app
        .admin(Method::PUT, &format!("/bookings/{marked}/status"), &signed)
        .json(&json!({ "status": "contacted" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(status.status(), 200);

    assert_eq!(app.count("SELECT COUNT(*) FROM bookings WHERE first_response_at IS NOT NULL").await, 3);
    assert_eq!(app.admin_json("/today", &signed).await["unanswered"]["total"], 0);
    // A second tap leaves the first response where it was.
    let first: Vec<(trailerworks::clock::At,)> =
        app.rows("SELECT first_response_at FROM bookings ORDER BY id LIMIT 1").await;
    app.clock.advance(Duration::from_secs(60));
    app.admin(Method::POST, &format!("/bookings/{called}/contact"), &signed)
        .json(&json!({ "how": "text" }))
        .send()
        .await
        .expect("a response");
    let again: Vec<(trailerworks::clock::At,)> =
        app.rows("SELECT first_response_at FROM bookings ORDER BY id LIMIT 1").await;
    assert_eq!(first, again);

    let page = app.admin_json(&format!("/bookings/{called}"), &signed).await;
    assert_eq!(page["booking"]["id"].as_i64(), Some(called));
    let kinds: Vec<&str> =
        page["history"].as_array().expect("history").iter().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds, ["call", "text"]);
    assert_eq!(page["history"][0]["by"], ADMIN_EMAIL);
    assert_eq!(page["overdue"], false);
    let missing = app.admin(Method::GET, "/bookings/99999", &signed).send().await.expect("a response");
    assert_eq!(missing.status(), 404);
    let bad = app
        .admin(Method::POST, &format!("/bookings/{called}/contact"), &signed)
        .json(&json!({ "how": "fax" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(bad.status(), 422);
}

#[tokio::test]
async fn the_owners_email_links_to_the_requests_own_page() {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
    })
    .await;
    let id = book(&app, &emergency("3c4d5e6f-email-link")).await;
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "the shop's e-mail and the visitor's copy arrive");
    // Bodies are quoted-printable: long lines end in "=" and go on in the next.
    let messages: Vec<String> = mailbox.messages().iter().map(|m| m.replace("=\n", "")).collect();
    let shop = messages.iter().find(|m| m.contains("\nTo: owner@example.com")).expect("the shop's e-mail");
    assert!(shop.contains(&format!("https://trailers.example.com/dbadmin/bookings/{id}")), "{shop}");
    assert!(shop.contains("Subject: EMERGENCY: New service request"), "{shop}");
    let visitor =
        messages.iter().find(|m| !m.contains("\nTo: owner@example.com")).expect("the visitor's copy");
    assert!(!visitor.contains("/dbadmin"), "nothing a visitor receives names the admin area");
}

#[tokio::test]
async fn the_live_stream_says_desk_at_once_and_again_when_a_request_arrives() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let response = app.admin(Method::GET, "/live", &signed).send().await.expect("a response");
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut stream = response.bytes_stream();
    let mut seen = String::new();
    let mut read_until = async |count: usize, seen: &mut String| {
        while seen.matches("event: desk").count() < count {
            let chunk =
                tokio::time::timeout(Duration::from_secs(5), stream.next()).await.expect("an event in time");
            seen.push_str(&String::from_utf8_lossy(&chunk.expect("more").expect("bytes")));
        }
    };
    read_until(1, &mut seen).await;
    book(&app, &booking("4d5e6f70-live")).await;
    read_until(2, &mut seen).await;
}

#[tokio::test]
async fn logout_ends_the_session_even_from_a_tab_with_an_older_token() {
    let app = spawn_app().await;
    let first = app.signed_in_admin().await;
    // Another tab signs in again: the browser's cookie is now the new session's; this tab still
    // holds the first session's CSRF token.
    let again = app.sign_in_with_cookie(&first.cookie).await;
    let stale_tab = Signed { cookie: again.cookie.clone(), csrf: first.csrf.clone() };
    let out = app.admin(Method::POST, "/logout", &stale_tab).send().await.expect("a response");
    assert_eq!(out.status(), 204);
    assert_eq!(out.headers()["clear-site-data"], "\"cache\"");
    assert!(out.headers()["set-cookie"].to_str().expect("text").contains("Max-Age=0"));
    assert_eq!(app.session_email(&again).await, None, "the session the cookie names has ended");
    assert_eq!(app.count("SELECT COUNT(*) FROM sessions").await, 0);
    // Signed out already: another logout is fine, and a cross-site one is refused.
    assert_eq!(app.admin(Method::POST, "/logout", &again).send().await.expect("a response").status(), 204);
    let forged = app
        .client
        .post(format!("{}/api/admin/logout", app.url))
        .header("origin", "https://evil.example")
        .send()
        .await
        .expect("a response");
    assert_eq!(forged.status(), 403);
}

#[tokio::test]
async fn keep_me_signed_in_lasts_30_days_idle_and_a_device_can_be_signed_out() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    let login = app
        .post_json(
            "/api/admin/login",
            &json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "keepSignedIn": true }),
        )
        .await;
    let cookie_header = login.headers()["set-cookie"].to_str().expect("text").to_owned();
    assert!(cookie_header.contains("Max-Age=2592000"), "{cookie_header}");
    let kept = Signed {
        cookie: session_cookie(&login).expect("a cookie"),
        csrf: login.json::<Value>().await.expect("JSON")["csrfToken"].as_str().expect("a token").to_owned(),
    };
    let other = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    // Three idle days later the kept session lives; the other ended after two idle hours.
    app.execute("UPDATE sessions SET last_seen_at = '2020-01-01T00:00:00.000Z'").await;
    assert_eq!(app.session_email(&kept).await.as_deref(), Some(ADMIN_EMAIL));
    assert_eq!(app.session_email(&other).await, None);
    let account = app.admin_json("/account", &kept).await;
    let sessions = account["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0]["kept"], true);
    // A kept session older than 30 days has ended.
    app.execute("UPDATE sessions SET created_at = '2020-01-01T00:00:00.000Z'").await;
    assert_eq!(app.session_email(&kept).await, None);

    let phone = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let laptop = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let listed = app.admin_json("/account", &laptop).await;
    let phone_id = listed["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .find(|session| session["current"] == false)
        .and_then(|session| session["id"].as_str())
        .expect("the other device")
        .to_owned();
    let ended = app
        .admin(Method::DELETE, &format!("/account/sessions/{phone_id}"), &laptop)
        .send()
        .await
        .expect("a response");
    assert_eq!(ended.status(), 204);
    assert_eq!(app.session_email(&phone).await, None);
    assert_eq!(app.session_email(&laptop).await.as_deref(), Some(ADMIN_EMAIL));
}

/// The reset link in the newest e-mail the SMTP stand-in took.
fn reset_link(mailbox: &stand_ins::Mailbox) -> String {
    let messages = mailbox.messages();
    let message = messages.last().expect("an e-mail").replace("=\n", "");
    let start = message.find("/dbadmin/reset/").expect("a reset link");
    message[start + "/dbadmin/reset/".len()..].chars().take_while(char::is_ascii_hexdigit).collect()
}

#[tokio::test]
async fn a_reset_link_works_once_for_30_minutes_and_unknown_addresses_get_the_same_answer() {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
    })
    .await;
    let signed = app.signed_in_admin().await;
    let app = &app;
    let ask = |email: &'static str| async move {
        app.post_json("/api/admin/password-reset", &json!({ "email": email })).await
    };
    // The unknown address is asked first, so a message to it would come before the known
    // one's link.
    let unknown: Value = ask("nobody@example.com").await.json().await.expect("JSON");
    let known = ask(ADMIN_EMAIL).await;
    assert_eq!(known.status(), 202);
    let known: Value = known.json().await.expect("JSON");
    assert_eq!(known, unknown, "the same answer for any address");
    eventually("the link is e-mailed", || async { !mailbox.messages().is_empty() }).await;
    assert_eq!(mailbox.messages().len(), 1, "none to an unknown address");
    let token = reset_link(&mailbox);
    assert_eq!(token.len(), 64);
    let stored: Vec<(String,)> = app.rows("SELECT token_hash FROM password_resets").await;
    assert_ne!(stored[0].0, token, "only the link's hash is kept");

    assert_eq!(app.admin_json("/session", &signed).await["user"]["email"], ADMIN_EMAIL);
    let check = app.get(&format!("/api/admin/password-reset/{token}")).await;
    assert_eq!(check.status(), 200);
    let new_password = json!({ "newPassword": "a brand new owner secret" });
    let used = app.post_json(&format!("/api/admin/password-reset/{token}"), &new_password).await;
    assert_eq!(used.status(), 204);
    assert_eq!(app.session_email(&signed).await, None, "every session ended");
    assert_eq!(app.login(ADMIN_EMAIL, "a brand new owner secret").await.status(), 200);
    let twice = app.post_json(&format!("/api/admin/password-reset/{token}"), &new_password).await;
    assert_eq!(twice.status(), 410, "once only");
    let actions: Vec<(String,)> =
        app.rows("SELECT action FROM audit_log WHERE action LIKE 'password-reset%' ORDER BY id").await;
    assert_eq!(actions.len(), 3, "{actions:?}");

    // A link older than 30 minutes no longer works.
    ask(ADMIN_EMAIL).await;
    eventually("a second link", || async { mailbox.messages().len() == 2 }).await;
    let late = reset_link(&mailbox);
    app.execute("UPDATE password_resets SET expires_at = '2020-01-01T00:00:00.000Z'").await;
    assert_eq!(app.get(&format!("/api/admin/password-reset/{late}")).await.status(), 410);
    assert_eq!(
        app.post_json(&format!("/api/admin/password-reset/{late}"), &new_password).await.status(),
        410
    );
}

#[tokio::test]
async fn reset_requests_are_throttled_per_address_and_per_network_known_or_not() {
    let (smtp_url, _mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
    })
    .await;
    let app = &app;
    let ask = |email: String| async move {
        app.post_json("/api/admin/password-reset", &json!({ "email": email })).await.status().as_u16()
    };
    let statuses = [
        ask("a@example.com".into()).await,
        ask("a@example.com".into()).await,
        ask("A@example.com".into()).await,
        ask("a@example.com".into()).await,
    ];
    assert_eq!(statuses, [202, 202, 202, 429], "three an hour per address");
    let mut network = Vec::new();
    for n in 0..8 {
        network.push(ask(format!("someone{n}@example.com")).await);
    }
    assert_eq!(network.iter().filter(|s| **s == 429).count(), 1, "ten an hour per network: {network:?}");
}

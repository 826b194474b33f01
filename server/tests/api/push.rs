//! Push notifications to the owner's devices: subscriptions kept and removed, each new request
//! pushed to every device encrypted for it and signed with the server's VAPID key, a device its
//! push service says is gone forgotten, quiet hours and 'urgent only' honoured, a test push.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    bookings::booking,
    helpers::{Signed, TestApp, spawn_app},
    push_service::{Browser, push_service, vapid},
};

pub async fn subscribe(app: &TestApp, signed: &Signed, browser: &Browser) -> reqwest::Response {
    app.admin(Method::POST, "/push-subscriptions", signed)
        .header(
            "user-agent",
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36",
        )
        .json(&browser.subscription)
        .send()
        .await
        .expect("a response")
}

/// An emergency: an enclosed trailer stuck in Aurora.
pub fn emergency(submission: &str) -> Value {
    let mut body = booking(submission);
    body["answers"] = json!([
        { "question": "Hi! I'm your trailer assistant. What type of trailer do you have?", "answer": "Enclosed Trailer" },
        { "question": "What service do you need?", "answer": "Emergency service" },
        { "question": "Do you need mobile service, or can you bring the trailer to our shop?", "answer": "Need mobile service" },
    ]);
    body["location"] = json!("Aurora");
    body
}

#[tokio::test]
async fn a_subscription_is_kept_changed_and_removed() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let push = push_service().await;
    let browser = Browser::new(&push.origin, "push", "phone");
    let added = subscribe(&app, &signed, &browser).await;
    assert_eq!(added.status(), 201);
    let device: Value = added.json().await.expect("JSON");
    assert_eq!(device["name"], "Chrome on Android");
    assert_eq!(device["notify"], "all");
    assert_eq!(
        subscribe(&app, &signed, &browser).await.status(),
        200,
        "the same browser again is the same device"
    );

    let listed = app.admin_json("/push-subscriptions", &signed).await;
    assert_eq!(listed["devices"].as_array().map(Vec::len), Some(1));
    assert_eq!(listed["publicKey"].as_str().map(str::len), Some(87), "an uncompressed P-256 key, base64url");

    let id = device["id"].as_i64().expect("an id");
    let settings = json!({ "name": "Owner's Pixel", "notify": "urgent", "customerChanges": false, "quietFrom": "22:00", "quietTo": "06:00" });
    let changed = app
        .admin(Method::PUT, &format!("/push-subscriptions/{id}"), &signed)
        .json(&settings)
        .send()
        .await
        .expect("a response");
    assert_eq!(changed.status(), 200);
    let changed: Value = changed.json().await.expect("JSON");
    assert_eq!(
        (changed["name"].as_str(), changed["quietTo"].as_str()),
        (Some("Owner's Pixel"), Some("06:00"))
    );
    let half = json!({ "name": "x", "notify": "all", "customerChanges": true, "quietFrom": "22:00", "quietTo": null });
    let refused = app
        .admin(Method::PUT, &format!("/push-subscriptions/{id}"), &signed)
        .json(&half)
        .send()
        .await
        .expect("a response");
    assert_eq!(refused.status(), 422);

    let removed = app
        .admin(Method::DELETE, &format!("/push-subscriptions/{id}"), &signed)
        .send()
        .await
        .expect("a response");
    assert_eq!(removed.status(), 204);
    let listed = app.admin_json("/push-subscriptions", &signed).await;
    assert_eq!(listed["devices"], json!([]));
    let actions: Vec<(String,)> =
        app.rows("SELECT action FROM audit_log WHERE action LIKE '%device%' ORDER BY id").await;
    assert_eq!(actions.len(), 3, "{actions:?}");
}

#[tokio::test]
async fn endpoints_must_be_https_except_on_loopback_and_keys_must_be_keys() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut browser = Browser::new("http://push.example.com", "push", "plain");
    let refused = subscribe(&app, &signed, &browser).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.expect("JSON");
    assert_eq!(body["errors"]["endpoint"][0], "The push endpoint must be an https address");
    browser.subscription["endpoint"] = json!("https://push.example.com/send/1");
    browser.subscription["keys"]["p256dh"] = json!("AAAA");
    assert_eq!(subscribe(&app, &signed, &browser).await.status(), 422);
    browser.subscription["keys"]["p256dh"] =
        Browser::new("https://x", "push", "y").subscription["keys"]["p256dh"].clone();
    assert_eq!(subscribe(&app, &signed, &browser).await.status(), 201, "https elsewhere is fine");
}

#[tokio::test]
async fn each_device_gets_the_request_encrypted_for_it_and_signed_without_contact_details() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let push = push_service().await;
    let (phone, laptop) =
        (Browser::new(&push.origin, "push", "phone"), Browser::new(&push.origin, "push", "laptop"));
    assert_eq!(subscribe(&app, &signed, &phone).await.status(), 201);
    assert_eq!(subscribe(&app, &signed, &laptop).await.status(), 201);
    let public_key =
        app.admin_json("/push-subscriptions", &signed).await["publicKey"].as_str().expect("a key").to_owned();

    let created = app.post_json("/api/bookings", &emergency("5c1d2e3f-push-emergency")).await;
    assert_eq!(created.status(), 201);
    let id = created.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
    app.deliver_due().await;
    assert!(push.log.received().len() == 2, "both devices get a push");

    for browser in [&phone, &laptop] {
        let received = push.log.for_subscription(&browser.name);
        assert_eq!(received.len(), 1, "one push per device");
        let notice = browser.read(&received[0]);
        assert_eq!(notice["title"], "Emergency: Enclosed Trailer, Aurora");
        assert_eq!(notice["url"], format!("/dbadmin/bookings/{id}"));
        assert_eq!(notice["urgent"], true);
        let text = notice.to_string();
        for contact in ["Jamie", "Ortiz", "555-0188", "jamie@"] {
            assert!(!text.contains(contact), "the lock screen shows no contact details: {text}");
        }
        let headers = &received[0].headers;
        assert_eq!(headers.get("urgency").map(String::as_str), Some("high"));
        assert!(headers.get("ttl").and_then(|ttl| ttl.parse::<u64>().ok()).is_some_and(|ttl| ttl > 0));
        assert!(headers.contains_key("topic"));
        let (claims, key) = vapid(&received[0], &push.origin);
        assert_eq!(key, public_key, "signed with the key browsers subscribed with");
        assert_eq!(claims["sub"], "mailto:service@example.com");
        let expires = claims["exp"].as_u64().expect("an exp");
        let now = u64::try_from(app.clock.now().as_second()).expect("after 1970");
        assert!(expires > now && expires <= now + 24 * 3600, "exp within 24 h: {expires} vs {now}");
    }
    app.deliver_due().await;
    assert!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE channel = 'push' AND state = 'sent'").await == 2,
        "both pushes are marked sent"
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM push_devices WHERE last_push_at IS NOT NULL").await, 2);
}

#[tokio::test]
async fn a_device_its_push_service_calls_gone_is_forgotten() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let push = push_service().await;
    let gone = Browser::new(&push.origin, "gone", "old-phone");
    assert_eq!(subscribe(&app, &signed, &gone).await.status(), 201);
    assert_eq!(app.post_json("/api/bookings", &booking("6d2e3f40-push-gone")).await.status(), 201);
    app.deliver_due().await;
    assert!(app.count("SELECT COUNT(*) FROM push_devices").await == 0, "the device is removed");
    assert_eq!(push.log.received().len(), 1, "tried once, not retried");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE channel = 'push'").await,
        0,
        "its pushes went with it"
    );
}

/// The shop's clock an hour before and after the app's now, as "HH:MM".
fn hours_around_now(app: &TestApp) -> (String, String) {
    // On the wall clock, as the owner sets them: an hour before and after now, also on the night
    // the clocks go back (01:30 is then an hour before 01:30 again).
    let now =
        app.clock.now().to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("the zone")).datetime();
    let at = |offset: i64| {
        let shifted = now.checked_add(jiff::SignedDuration::from_mins(offset)).expect("a time");
        format!("{:02}:{:02}", shifted.hour(), shifted.minute())
    };
    (at(-60), at(60))
}

#[tokio::test]
async fn quiet_hours_hold_back_all_but_emergencies_and_urgent_only_devices_skip_the_rest() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let push = push_service().await;
    let (quiet, urgent_only) =
        (Browser::new(&push.origin, "push", "quiet"), Browser::new(&push.origin, "push", "urgent"));
    let quiet_id = subscribe(&app, &signed, &quiet).await.json::<Value>().await.expect("JSON")["id"]
        .as_i64()
        .expect("an id");
    let urgent_id = subscribe(&app, &signed, &urgent_only).await.json::<Value>().await.expect("JSON")["id"]
        .as_i64()
        .expect("an id");
    let (from, to) = hours_around_now(&app);
    let settings = json!({ "name": "Bedside", "notify": "all", "customerChanges": true, "quietFrom": from, "quietTo": to });
    assert_eq!(
        app.admin(Method::PUT, &format!("/push-subscriptions/{quiet_id}"), &signed)
            .json(&settings)
            .send()
            .await
            .expect("a response")
            .status(),
        200
    );
    let settings = json!({ "name": "Urgent only", "notify": "urgent", "customerChanges": false, "quietFrom": null, "quietTo": null });
    assert_eq!(
        app.admin(Method::PUT, &format!("/push-subscriptions/{urgent_id}"), &signed)
            .json(&settings)
            .send()
            .await
            .expect("a response")
            .status(),
        200
    );

    assert_eq!(app.post_json("/api/bookings", &booking("7e3f4051-push-quiet")).await.status(), 201);
    assert_eq!(app.post_json("/api/bookings", &emergency("7e3f4051-push-loud")).await.status(), 201);
    app.deliver_due().await;
    assert!(push.log.received().len() == 2, "the emergency reaches both devices");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(push.log.received().len(), 2, "the routine request reached neither");
    for browser in [&quiet, &urgent_only] {
        let received = push.log.for_subscription(&browser.name);
        assert_eq!(browser.read(&received[0])["title"], "Emergency: Enclosed Trailer, Aurora");
    }
    let held: Vec<(String, Option<String>)> =
        app.rows("SELECT state, last_error FROM deliveries WHERE channel = 'push' AND state <> 'sent'").await;
    assert_eq!(held, vec![("cancelled".to_owned(), Some("held back: the device's quiet hours".to_owned()))]);
}

#[tokio::test]
async fn a_test_push_reaches_the_device_through_the_outbox() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let push = push_service().await;
    let phone = Browser::new(&push.origin, "push", "phone");
    let id = subscribe(&app, &signed, &phone).await.json::<Value>().await.expect("JSON")["id"]
        .as_i64()
        .expect("an id");
    let test = app
        .admin(Method::POST, &format!("/push-subscriptions/{id}/test"), &signed)
        .send()
        .await
        .expect("a response");
    assert_eq!(test.status(), 202);
    app.deliver_due().await;
    assert!(push.log.received().len() == 1, "the test arrives");
    let notice = phone.read(&push.log.received()[0]);
    assert_eq!(notice["title"], "Test notification");
    assert_eq!(push.log.received()[0].headers.get("urgency").map(String::as_str), Some("normal"));
}

#[tokio::test]
async fn a_slow_webhook_holds_up_no_push() {
    let hook = crate::stand_ins::slow_webhook(0, std::time::Duration::from_secs(60)).await;
    let app = crate::helpers::spawn_app_with(|c| {
        c.webhook_url = Some(hook.url.clone());
        c.webhook_access_key = Some("test-access-key".into());
    })
    .await;
    let signed = app.signed_in_admin().await;
    let push = push_service().await;
    assert_eq!(subscribe(&app, &signed, &Browser::new(&push.origin, "push", "phone")).await.status(), 201);
    // Three requests: their webhooks take a minute each, two at a time.
    for n in 0..3 {
        let created = app.post_json("/api/bookings", &emergency(&format!("6d2e3f4a-slow-hook-{n}"))).await;
        assert_eq!(created.status(), 201);
    }
    crate::helpers::eventually("the owner's phone has all three pushes", || async {
        push.log.received().len() == 3
    })
    .await;
    crate::helpers::eventually("two webhooks are being answered", || async {
        hook.log.requests().len() == 2
    })
    .await;
}

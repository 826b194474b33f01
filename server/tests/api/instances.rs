//! Two or more instances of the real binary on one PostgreSQL database and one bucket: what one
//! does, the others see. These need the PostgreSQL server and the S3 stand-in that
//! scripts/test-all.sh starts, so a plain `cargo test` skips them (it runs them with
//! `--include-ignored` once both are up).

use std::{
    collections::{HashMap, HashSet},
    process::Stdio,
    time::{Duration, Instant},
};

use reqwest::Method;
use serde_json::{Value, json};
use tokio::{io::AsyncWriteExt as _, process::Command};
use trailerworks::config::StorageConfig;

use crate::{
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestStorage, png, spawn_app_at, storage_args},
    process::Instance,
    stand_ins::{self, Relay},
};

const NEEDS: &str = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts";

/// Storage on the test PostgreSQL server and bucket, with an admin created through the CLI.
pub async fn shared_storage() -> TestStorage {
    let storage = TestStorage::new().await;
    assert!(storage.config.database_url.is_some() && storage.config.media_store.is_some(), "{NEEDS}");
    let mut create = Command::new(env!("CARGO_BIN_EXE_trailerworks"))
        .args(["admin", "create", "--email", ADMIN_EMAIL])
        .args(storage_args(&storage.config))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("the CLI starts");
    let mut stdin = create.stdin.take().expect("stdin");
    stdin.write_all(format!("{ADMIN_PASSWORD}\n").as_bytes()).await.expect("the password is written");
    drop(stdin);
    assert!(create.wait().await.expect("the CLI ends").success());
    storage
}

/// Polls `check` every 10 ms; how long it took to hold, or a panic after `limit`.
pub async fn within<F, Fut>(limit: Duration, what: &str, mut check: F) -> Duration
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let started = Instant::now();
    while started.elapsed() < limit {
        if check().await {
            return started.elapsed();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{what} did not happen within {limit:?}");
}

fn post(slug: &str, title: &str, published: bool) -> Value {
    json!({
        "title": title, "slug": slug, "excerpt": "News from the shop.",
        "content": "<p>Shop news.</p>", "featuredImage": null, "published": published,
    })
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn two_instances_started_together_on_an_empty_database_both_come_up() {
    let storage = TestStorage::new().await;
    assert!(storage.config.database_url.is_some(), "{NEEDS}");
    let (a, b) = tokio::join!(Instance::start(&storage.config, &[]), Instance::start(&storage.config, &[]));
    assert_eq!(a.get("/healthz").await.status(), 200);
    assert_eq!(b.get("/healthz").await.status(), 200);
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn sessions_throttling_rate_limits_and_uploads_are_shared() {
    let storage = shared_storage().await;
    let flags = ["--booking-rate-limit", "2"];
    let (a, b) =
        tokio::join!(Instance::start(&storage.config, &flags), Instance::start(&storage.config, &flags));

    // A session signed in on one instance is valid on the other; signing out ends it on both.
    let signed = a.sign_in().await;
    assert_eq!(b.admin(Method::GET, "/account", &signed).send().await.expect("a response").status(), 200);
    assert_eq!(b.admin(Method::POST, "/logout", &signed).send().await.expect("a response").status(), 204);
    assert_eq!(a.admin(Method::GET, "/account", &signed).send().await.expect("a response").status(), 401);

    // An image uploaded through one instance is served by the other.
    let signed = b.sign_in().await;
    let part = reqwest::multipart::Part::bytes(png(640, 320))
        .file_name("shop.png")
        .mime_str("image/png")
        .expect("a type");
    let uploaded: Value = b
        .admin(Method::POST, "/images", &signed)
        .multipart(reqwest::multipart::Form::new().part("image", part))
        .send()
        .await
        .expect("a response")
        .json()
        .await
        .expect("JSON");
    let image = a.get(uploaded["url"].as_str().expect("a URL")).await;
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/png");

    // The booking rate limit counts bookings on every instance.
    assert_eq!(a.book("1a2b3c4d-shared-1").await.status(), 201);
    assert_eq!(b.book("1a2b3c4d-shared-2").await.status(), 201);
    assert_eq!(a.book("1a2b3c4d-shared-3").await.status(), 429);

    // Failed sign-ins add up across instances: the sixth in a row gets 429 wherever it lands.
    for attempt in 0..5 {
        let instance = if attempt % 2 == 0 { &a } else { &b };
        assert_eq!(instance.login("not the right password").await.status(), 401);
    }
    assert_eq!(b.login(ADMIN_PASSWORD).await.status(), 429);
    assert_eq!(a.login(ADMIN_PASSWORD).await.status(), 429);
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn a_change_on_one_instance_shows_on_the_other_within_a_second() {
    let storage = shared_storage().await;
    let (a, b) = tokio::join!(Instance::start(&storage.config, &[]), Instance::start(&storage.config, &[]));
    let signed = a.sign_in().await;
    let limit = Duration::from_secs(1);
    let cached = |instance: &Instance| {
        let (client, url) = (instance.client.clone(), instance.url.clone());
        async move {
            for path in ["/blog", "/sitemaps/pages.xml", "/blog/feed.xml"] {
                client.get(format!("{url}{path}")).send().await.expect("a response");
            }
        }
    };

    cached(&b).await;
    let created: Value = a
        .admin(Method::POST, "/posts", &signed)
        .json(&post("shop-news", "Shop news", true))
        .send()
        .await
        .expect("a response")
        .json()
        .await
        .expect("JSON");
    let id = created["id"].as_i64().expect("an id");
    within(limit, "the publish shows on the other instance", || async {
        b.text("/blog").await.contains("Shop news")
    })
    .await;
    within(limit, "the feed of the other instance has it", || async {
        b.text("/blog/feed.xml").await.contains("/blog/shop-news")
    })
    .await;

    b.get("/blog/shop-news").await;
    a.admin(Method::PUT, &format!("/posts/{id}"), &signed)
        .json(&post("shop-news", "Shop news, edited", true))
        .send()
        .await
        .expect("a response");
    within(limit, "the edit shows on the other instance", || async {
        b.text("/blog/shop-news").await.contains("Shop news, edited")
    })
    .await;

    a.admin(Method::PUT, &format!("/posts/{id}"), &signed)
        .json(&post("yard-news", "Shop news, edited", true))
        .send()
        .await
        .expect("a response");
    within(limit, "the rename shows on the other instance", || async {
        let old = b.get("/blog/shop-news").await;
        old.status() == 301 && old.headers()["location"] == "/blog/yard-news"
    })
    .await;

    cached(&b).await;
    a.admin(Method::PUT, &format!("/posts/{id}/published"), &signed)
        .json(&json!({ "published": false }))
        .send()
        .await
        .expect("a response");
    within(limit, "the unpublish shows on the other instance", || async {
        b.get("/blog/yard-news").await.status() == 404
    })
    .await;
    within(limit, "the other instance's list drops it", || async {
        !b.text("/blog").await.contains("Shop news")
    })
    .await;

    a.admin(Method::PUT, &format!("/posts/{id}/published"), &signed)
        .json(&json!({ "published": true }))
        .send()
        .await
        .expect("a response");
    within(limit, "the republish shows on the other instance", || async {
        b.get("/blog/yard-news").await.status() == 200
    })
    .await;
    a.admin(Method::DELETE, &format!("/posts/{id}"), &signed).send().await.expect("a response");
    within(limit, "the delete shows on the other instance", || async {
        b.get("/blog/yard-news").await.status() == 404
    })
    .await;
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn a_site_details_save_on_one_instance_shows_on_the_other_within_a_second() {
    let storage = shared_storage().await;
    let (a, b) = tokio::join!(Instance::start(&storage.config, &[]), Instance::start(&storage.config, &[]));
    let signed = a.sign_in().await;
    assert!(!b.text("/about").await.contains("(720) 555-2199"), "cached without the new phone");
    let body: Value =
        a.admin(Method::GET, "/site", &signed).send().await.expect("a response").json().await.expect("JSON");
    let mut site = body["site"].clone();
    site["business"]["phone"] = "(720) 555-2199".into();
    let saved = a
        .admin(Method::PUT, "/site", &signed)
        .json(&json!({ "version": body["version"], "site": site }))
        .send()
        .await
        .expect("a response");
    assert_eq!(saved.status(), 200);
    within(Duration::from_secs(1), "the new phone shows on the other instance", || async {
        b.text("/about").await.contains("(720) 555-2199")
    })
    .await;
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn deliveries_are_sent_once_and_an_instance_killed_mid_send_is_covered_by_another() {
    let storage = shared_storage().await;
    let hook = stand_ins::slow_webhook(0, Duration::from_millis(300)).await;
    let flags = [
        "--webhook-url",
        hook.url.as_str(),
        "--webhook-access-key",
        "key",
        "--delivery-lease-ms",
        "3000",
        "--booking-rate-limit",
        "0",
    ];
    let a = Instance::start(&storage.config, &flags).await;
    let b = Instance::start(&storage.config, &flags).await;

    // While both run normally, each booking is delivered exactly once.
    for n in 0..10 {
        let instance = if n % 2 == 0 { &a } else { &b };
        assert_eq!(instance.book(&format!("0a0b0c0d-normal-{n:02}")).await.status(), 201);
    }
    within(Duration::from_secs(30), "ten deliveries", || async { hook.log.requests().len() >= 10 }).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let ids: Vec<String> = hook.log.requests().iter().map(|r| r["webhook-id"].clone()).collect();
    assert_eq!(ids.len(), 10, "nothing was sent twice: {ids:?}");
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 10);

    // Instance b stops sending (killed), a keeps running. Bookings queued on b: those b was in
    // the middle of sending when it died are sent again by a after the lease, with the same
    // Webhook-Id, so the receiver can drop the repeat. Nothing is lost.
    b.kill().await;
    let c = Instance::start(&storage.config, &flags).await;
    for n in 0..6 {
        assert_eq!(c.book(&format!("0a0b0c0d-killed-{n:02}")).await.status(), 201);
    }
    within(Duration::from_secs(2), "c starts sending", || async {
        hook.log.requests().iter().any(|r| r["webhook-id"].contains("killed"))
    })
    .await;
    c.kill().await;
    within(Duration::from_secs(60), "every booking is delivered", || async {
        let delivered: HashSet<String> =
            hook.log.requests().iter().map(|r| r["webhook-id"].clone()).collect();
        (0..6).all(|n| delivered.contains(&format!("0a0b0c0d-killed-{n:02}")))
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut sent: HashMap<String, usize> = HashMap::new();
    for request in hook.log.requests() {
        *sent.entry(request["webhook-id"].clone()).or_default() += 1;
    }
    let repeated: Vec<_> = sent.iter().filter(|(_, n)| **n > 1).collect();
    assert!(repeated.len() <= 1, "at most the delivery in flight when c died is repeated: {repeated:?}");
    assert!(sent.keys().filter(|id| id.contains("normal")).all(|id| sent[id] == 1));
    a.kill().await;
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn while_the_database_is_unreachable_readyz_says_503_within_a_second_and_bookings_get_a_clear_503() {
    let storage = TestStorage::new().await;
    let direct = storage.config.database_url.clone().expect(NEEDS).expose().to_owned();
    let relay = Relay::in_front_of(&direct).await;
    let config = StorageConfig { database_url: Some(relay.url(&direct).into()), ..storage.config.clone() };
    let app = spawn_app_at(config, |_| {}).await;
    assert_eq!(app.get("/readyz").await.status(), 200);

    relay.cut();
    let booking = json!({
        "submissionId": "5a5b5c5d-outage", "name": "Jamie Ortiz", "email": "jamie@example.com",
        "phone": "303-555-0188", "details": "", "answers": [], "website": "", "fillMs": 20000,
    });
    // Every probe is answered within a second (Kubernetes waits one), the first one already.
    for _ in 0..3 {
        let asked = Instant::now();
        let ready = app.get("/readyz").await;
        let took = asked.elapsed();
        assert_eq!(ready.status(), 503);
        assert!(took < Duration::from_secs(1), "readyz took {took:?}");
        assert!(ready.text().await.unwrap().starts_with("not ready: "));
        let asked = Instant::now();
        assert_eq!(app.get("/healthz").await.status(), 200, "the process is alive all the same");
        assert!(asked.elapsed() < Duration::from_millis(100));
    }
    let refused = app.post_json("/api/bookings", &booking).await;
    assert_eq!(refused.status(), 503);
    let body: Value = refused.json().await.expect("JSON");
    assert!(body["error"].as_str().expect("a message").contains("Nothing was saved"), "{body}");
    assert_eq!(app.get("/").await.status(), 200, "cached pages keep serving");

    relay.restore();
    within(Duration::from_secs(10), "readyz says 200 again", || async {
        app.get("/readyz").await.status() == 200
    })
    .await;
    assert_eq!(app.post_json("/api/bookings", &booking).await.status(), 201, "the same booking now stores");
    assert_eq!(app.count("SELECT COUNT(*) FROM bookings").await, 1, "nothing was half-stored");
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn a_stopping_instance_releases_the_delivery_it_was_sending_and_another_sends_it_within_a_second() {
    let storage = shared_storage().await;
    // The first request never gets an answer: instance a is stuck sending it when told to stop.
    let hook = stand_ins::stalling_webhook(1).await;
    let flags =
        ["--webhook-url", hook.url.as_str(), "--webhook-access-key", "key", "--booking-rate-limit", "0"];
    let a = Instance::start(&storage.config, &flags).await;
    assert_eq!(a.book("0a0b0c0d-released").await.status(), 201);
    within(Duration::from_secs(10), "a is sending", || async { hook.log.requests().len() == 1 }).await;
    let b = Instance::start(&storage.config, &flags).await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Told to stop, a releases the delivery at once; b hears of it and sends it, long before
    // the 60 s lease would have run out.
    let stopping = tokio::spawn(a.terminate());
    within(Duration::from_secs(1), "b sends the released delivery", || async {
        hook.log.requests().len() >= 2
    })
    .await;
    stopping.await.expect("a stops");
    let requests = hook.log.requests();
    assert_eq!(requests[1]["webhook-id"], requests[0]["webhook-id"], "the same delivery, not a new one");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(hook.log.requests().len(), 2, "sent once more, not again and again");
    b.kill().await;
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn twenty_visitors_on_two_instances_racing_for_the_last_free_window_one_gets_it() {
    let storage = shared_storage().await;
    let flags = ["--booking-rate-limit", "0"];
    let (a, b) =
        tokio::join!(Instance::start(&storage.config, &flags), Instance::start(&storage.config, &flags));
    let times: Value = a.get("/api/availability?kind=mobile").await.json().await.expect("JSON");
    let window = times["times"][0]["start"].as_str().expect("a time").to_owned();
    let (on_a, on_b) = tokio::join!(
        crate::scheduling::race(&a.url, "race-on-a", "mobile", &window, 10),
        crate::scheduling::race(&b.url, "race-on-b", "mobile", &window, 10)
    );
    let statuses: Vec<u16> = on_a.into_iter().chain(on_b).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 19, "{statuses:?}");
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn a_reminder_is_sent_once_by_two_instances_with_a_kill_9_between() {
    let storage = shared_storage().await;
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let flags = [
        "--smtp-url",
        smtp_url.as_str(),
        "--mail-from",
        "Trailer Works <bookings@example.com>",
        "--notify-email",
        "owner@example.com",
        "--delivery-lease-ms",
        "1000",
        "--booking-rate-limit",
        "0",
    ];
    let (a, b) =
        tokio::join!(Instance::start(&storage.config, &flags), Instance::start(&storage.config, &flags));
    let days: Value = a.get("/api/availability?kind=shop").await.json().await.expect("JSON");
    let day = days["days"][4].as_str().expect("a day");
    let times: Value =
        a.get(&format!("/api/availability?kind=shop&date={day}")).await.json().await.expect("JSON");
    let start = times["times"][0]["start"].as_str().expect("a time");
    let booked: Value = a
        .client
        .post(format!("{}/api/bookings", a.url))
        .json(&crate::scheduling::booking_at("reminder-twice-0001", "shop", start))
        .send()
        .await
        .expect("a response")
        .json()
        .await
        .expect("JSON");
    let id = booked["id"].as_i64().expect("an id");
    let signed = a.sign_in().await;
    let confirmed =
        a.admin(Method::POST, &format!("/bookings/{id}/appointment/confirm"), &signed).send().await;
    assert_eq!(confirmed.expect("a response").status(), 200);
    let db = storage.db().await;
    let sent = || async {
        trailerworks::with_db!(&db, |pool| {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM deliveries WHERE state = 'sent'")
                .fetch_one(pool)
                .await
                .expect("counted")
        })
    };
    within(Duration::from_secs(20), "the request, the copy and the confirmation, sent", || async {
        sent().await == 3
    })
    .await;

    // Instance a dies; the reminder's day comes while b runs and a starts again.
    a.kill().await;
    trailerworks::with_db!(&db, |pool| {
        sqlx::query("UPDATE deliveries SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE purpose LIKE 'reminder-%'")
            .execute(pool)
            .await
            .expect("made due");
    });
    let again = Instance::start(&storage.config, &flags).await;
    within(Duration::from_secs(20), "the reminder", || async { mailbox.messages().len() == 4 }).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let reminders = mailbox.messages().iter().filter(|m| m.contains("Subject: Reminder:")).count();
    assert_eq!((mailbox.messages().len(), reminders), (4, 1), "exactly once");
    again.kill().await;
    b.kill().await;
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn visits_counted_on_two_instances_add_up() {
    let storage = shared_storage().await;
    let flags = ["--insights-write-every-ms", "100"];
    let (a, b) =
        tokio::join!(Instance::start(&storage.config, &flags), Instance::start(&storage.config, &flags));
    let browse = |instance: &Instance, agent: &'static str, paths: &'static [&'static str]| {
        let (client, url) = (instance.client.clone(), instance.url.clone());
        async move {
            for path in paths {
                let page = client
                    .get(format!("{url}{path}"))
                    .header("user-agent", agent)
                    .send()
                    .await
                    .expect("a page");
                assert_eq!(page.status(), 200);
            }
            let seen = client
                .post(format!("{url}/api/insights"))
                .header("user-agent", agent)
                .header("sec-fetch-site", "same-origin")
                .body(json!({ "kind": "seen", "path": paths[0] }).to_string())
                .send()
                .await
                .expect("a beacon");
            assert_eq!(seen.status(), 204);
        }
    };
    const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const SAFARI: &str = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
    tokio::join!(browse(&a, FIREFOX, &["/", "/services", "/"]), browse(&b, SAFARI, &["/", "/about"]));
    let signed = a.sign_in().await;
    let figures = || async {
        let response = a.admin(Method::GET, "/insights?days=7", &signed).send().await.expect("a response");
        response.json::<Value>().await.expect("JSON")
    };
    within(Duration::from_secs(5), "both instances' counts are written", || async {
        let insights = figures().await;
        insights["totals"]["visitors"] == 2 && insights["totals"]["pageViews"] == 5
    })
    .await;
    let insights = figures().await;
    assert_eq!(insights["pages"][0], json!({ "path": "/", "pageViews": 3, "visitors": 2 }), "{insights}");
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn each_request_is_pushed_once_by_two_instances_with_a_kill_9_between_and_both_sign_with_one_key() {
    let storage = shared_storage().await;
    let push = crate::push_service::push_service().await;
    let flags = ["--delivery-lease-ms", "1000", "--booking-rate-limit", "0"];
    let (a, b) =
        tokio::join!(Instance::start(&storage.config, &flags), Instance::start(&storage.config, &flags));
    let (signed_a, signed_b) = (a.sign_in().await, b.sign_in().await);
    let key_a = a.admin(Method::GET, "/push-subscriptions", &signed_a).send().await.expect("a response");
    let key_b = b.admin(Method::GET, "/push-subscriptions", &signed_b).send().await.expect("a response");
    let (key_a, key_b): (Value, Value) =
        (key_a.json().await.expect("JSON"), key_b.json().await.expect("JSON"));
    assert_eq!(key_a["publicKey"], key_b["publicKey"], "the instances share one VAPID key");
    let phone = crate::push_service::Browser::new(&push.origin, "push", "phone");
    let added =
        a.admin(Method::POST, "/push-subscriptions", &signed_a).json(&phone.subscription).send().await;
    assert_eq!(added.expect("a response").status(), 201);

    // Requests arrive at both; one instance dies while their pushes go out, and starts again.
    for n in 0..6 {
        let instance = if n % 2 == 0 { &a } else { &b };
        assert_eq!(instance.book(&format!("0f1e2d3c-push-{n:02}")).await.status(), 201);
    }
    a.kill().await;
    let again = Instance::start(&storage.config, &flags).await;
    let db = storage.db().await;
    within(Duration::from_secs(20), "six pushes marked sent", || async {
        trailerworks::with_db!(&db, |pool| {
            sqlx::query_scalar::<_, i64>(
                "SELECT COUNT(*) FROM deliveries WHERE channel = 'push' AND state = 'sent'",
            )
            .fetch_one(pool)
            .await
            .expect("counted")
        }) == 6
    })
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let received = push.log.received();
    let topics: HashSet<String> =
        received.iter().filter_map(|push| push.headers.get("topic").cloned()).collect();
    assert_eq!(topics.len(), 6, "each request's push reached the device");
    // A push the killed instance had handed over before it died may go again after its lease,
    // with the same Topic: the push service keeps one. It sends as many pushes at once as
    // `Channel::Push.at_once()` allows, so that many may go twice.
    let at_once = trailerworks::delivery::Channel::Push.at_once();
    assert!(received.len() <= 6 + at_once, "{} pushes for 6 requests", received.len());
    for one in &received {
        assert!(phone.read(one)["url"].as_str().is_some_and(|url| url.starts_with("/dbadmin/bookings/")));
    }
    again.kill().await;
    b.kill().await;
}

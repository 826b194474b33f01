//! Insights: visits counted on the server without cookies (a visitor once a day, never an address
//! or a browser stored), bots and browsers that decline left out, the beacon's checks, the
//! booking funnel, two instances adding up, and the weekly report sent once.

use std::time::Duration;

use jiff::tz::TimeZone;
use reqwest::{Method, RequestBuilder};
use serde_json::{Value, json};
use sqlx::{Column as _, Row as _};
use trailerworks::{db::Db, with_db};

use crate::{
    bookings::booking,
    helpers::{Signed, TestApp, TestStorage, eventually, spawn_app_on, spawn_app_with},
    stand_ins,
};

const CHROME: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
/// Always a day apart from each other (UTC-11 and UTC+14).
const BEHIND: &str = "Pacific/Pago_Pago";
const AHEAD: &str = "Pacific/Kiritimati";

/// The app behind a trusted proxy (so each test visitor has an address), writing every 100 ms.
async fn counting_app() -> TestApp {
    spawn_app_with(|c| {
        c.trusted_proxies = "127.0.0.1".into();
        c.insights_write_every_ms = 100;
    })
    .await
}

/// A request from the browser `agent` at `address`.
fn from(app: &TestApp, method: Method, path: &str, address: &str, agent: &str) -> RequestBuilder {
    app.client
        .request(method, format!("{}{path}", app.url))
        .header("x-forwarded-for", address)
        .header("user-agent", agent)
}

async fn visit(app: &TestApp, path: &str, address: &str, agent: &str) {
    let response = from(app, Method::GET, path, address, agent).send().await.expect("a response");
    assert_eq!(response.status(), 200, "{path}");
}

/// A beacon as a page of the site sends it.
async fn beacon(app: &TestApp, address: &str, agent: &str, body: &Value) -> u16 {
    from(app, Method::POST, "/api/insights", address, agent)
        .header("sec-fetch-site", "same-origin")
        .header("content-type", "text/plain;charset=UTF-8")
        .body(body.to_string())
        .send()
        .await
        .expect("a response")
        .status()
        .as_u16()
}

/// A visit whose page ran its script (which tells the server it is a browser).
async fn browse(app: &TestApp, path: &str, address: &str, agent: &str) {
    visit(app, path, address, agent).await;
    let page = path.split_once('?').map_or(path, |(page, _)| page);
    assert_eq!(beacon(app, address, agent, &json!({ "kind": "seen", "path": page })).await, 204);
}

/// The app's today on the clock of `zone`.
fn today_in(app: &TestApp, zone: &str) -> String {
    app.clock.now().to_zoned(TimeZone::get(zone).expect("a zone")).date().to_string()
}

async fn set_time_zone(app: &TestApp, signed: &Signed, zone: &str) {
    let body = app.admin_json("/site", signed).await;
    let mut site = body["site"].clone();
    site["business"]["timeZone"] = zone.into();
    let response = app
        .admin(Method::PUT, "/site", signed)
        .json(&json!({ "version": body["version"], "site": site }))
        .send()
        .await
        .expect("a response");
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap_or_default());
    // The day is looked at once a second.
    app.clock.advance(Duration::from_secs(1));
}

async fn visitors_on(app: &TestApp, day: &str) -> i64 {
    let db = app.db().await;
    with_db!(&db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM insight_visitors WHERE day = $1")
            .bind(day)
            .fetch_one(pool)
            .await
            .expect("a count")
    })
}

/// Every value of every row of the Insights tables, as text.
async fn every_stored_value(db: &Db) -> Vec<String> {
    let mut values = Vec::new();
    for table in ["insight_visitors", "insight_pages", "insight_steps", "insight_bots"] {
        let sql = format!("SELECT * FROM {table}");
        with_db!(db, |pool| {
            for row in sqlx::query(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await.expect("rows") {
                for column in row.columns() {
                    let index = column.ordinal();
                    let value = row
                        .try_get::<String, _>(index)
                        .or_else(|_| row.try_get::<i64, _>(index).map(|n| n.to_string()))
                        .expect("text or a number");
                    values.push(format!("{table}.{}={value}", column.name()));
                }
            }
        });
    }
    values
}

#[tokio::test]
async fn a_visitor_counts_once_a_day_and_again_the_next_and_no_row_holds_an_address_or_browser() {
    let app = counting_app().await;
    let signed = app.signed_in_admin().await;
    set_time_zone(&app, &signed, BEHIND).await;
    let day = today_in(&app, BEHIND);

    browse(&app, "/", "203.0.113.5", CHROME).await;
    visit(&app, "/", "203.0.113.5", CHROME).await;
    visit(&app, "/services", "203.0.113.5", CHROME).await;
    browse(&app, "/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring", "198.51.100.9", IPHONE)
        .await;
    eventually("both visitors are written", || async { visitors_on(&app, &day).await == 2 }).await;
    eventually("every view is written", || async {
        app.count("SELECT CAST(COALESCE(SUM(views), 0) AS BIGINT) FROM insight_pages").await == 4
    })
    .await;

    let insights = app.admin_json("/insights?days=7", &signed).await;
    assert_eq!(insights["totals"]["visitors"], 2, "{insights}");
    assert_eq!(insights["totals"]["pageViews"], 4, "{insights}");
    assert_eq!(insights["pages"][0], json!({ "path": "/", "pageViews": 2, "visitors": 1 }), "{insights}");
    let devices = insights["devices"].as_array().expect("devices");
    assert!(devices.contains(&json!({ "device": "phone", "visitors": 1 })), "{insights}");
    assert!(devices.contains(&json!({ "device": "desktop", "visitors": 1 })), "{insights}");
    let campaign = &insights["campaigns"][0];
    assert_eq!(
        (&campaign["source"], &campaign["medium"], &campaign["campaign"]),
        (&json!("newsletter"), &json!("email"), &json!("spring"))
    );
    assert!(
        insights["sources"]
            .as_array()
            .expect("sources")
            .contains(&json!({ "source": "Direct", "visitors": 1, "bookings": 0, "conversion": 0.0 })),
        "{insights}"
    );

    // The shop's next day: a new salt, so the same address and browser is a new visitor.
    set_time_zone(&app, &signed, AHEAD).await;
    let next_day = today_in(&app, AHEAD);
    assert_ne!(next_day, day);
    browse(&app, "/", "203.0.113.5", CHROME).await;
    eventually("the visitor counts again on the next day", || async {
        visitors_on(&app, &next_day).await == 1
    })
    .await;
    let keys: Vec<(i64,)> = app.rows("SELECT visitor FROM insight_visitors ORDER BY day").await;
    assert_eq!(keys.len(), 3);
    assert!(
        !keys[2..].iter().any(|key| keys[..2].contains(key)),
        "no visitor can be followed into the next day"
    );

    let stored = every_stored_value(&app.db().await).await;
    assert!(stored.len() > 20, "{stored:?}");
    for value in &stored {
        // The addresses as written and as numbers; a visitor key is random, so a shorter fragment could
        // turn up in one by chance.
        for secret in [
            "203.0.113.5",
            "198.51.100.9",
            "3405803781",
            "3325256713",
            "Mozilla",
            "Chrome",
            "iPhone",
            "Windows",
        ] {
            assert!(!value.contains(secret), "{value} holds {secret}");
        }
    }
}

#[tokio::test]
async fn bots_tools_silent_clients_and_browsers_that_decline_are_not_counted() {
    let app = counting_app().await;
    let signed = app.signed_in_admin().await;
    visit(&app, "/", "192.0.2.1", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
        .await;
    visit(&app, "/", "192.0.2.2", "curl/8.5.0").await;
    // A client that looks like a browser but never loads anything besides the page.
    visit(&app, "/services", "192.0.2.3", CHROME).await;
    visit(&app, "/about", "192.0.2.3", CHROME).await;
    // Browsers that ask not to be tracked, however far they go.
    for (header, address) in [("dnt", "192.0.2.4"), ("sec-gpc", "192.0.2.5")] {
        let response = from(&app, Method::GET, "/", address, CHROME)
            .header(header, "1")
            .send()
            .await
            .expect("a response");
        assert_eq!(response.status(), 200);
        let response = from(&app, Method::POST, "/api/insights", address, CHROME)
            .header(header, "1")
            .header("sec-fetch-site", "same-origin")
            .body(json!({ "kind": "seen", "path": "/" }).to_string())
            .send()
            .await
            .expect("a response");
        assert_eq!(response.status(), 204);
    }
    // The silent client becomes a bot after five writes (half a second here).
    eventually("all four bot requests are counted as such", || async {
        app.count("SELECT CAST(COALESCE(SUM(views), 0) AS BIGINT) FROM insight_bots").await == 4
    })
    .await;
    assert_eq!(app.count("SELECT COUNT(*) FROM insight_visitors").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM insight_pages").await, 0);
    let insights = app.admin_json("/insights?days=30", &signed).await;
    assert_eq!(insights["totals"]["visitors"], 0);
    assert_eq!(insights["totals"]["bots"], 4);
}

#[tokio::test]
async fn the_beacon_takes_only_small_well_formed_same_origin_input_and_stores_nothing_else() {
    let app = counting_app().await;
    let address = "203.0.113.20";
    let send = |headers: Vec<(&'static str, String)>, body: String| {
        let mut request = from(&app, Method::POST, "/api/insights", address, CHROME).body(body);
        for (name, value) in headers {
            request = request.header(name, value);
        }
        async move {
            let response = request.send().await.expect("a response");
            (response.status().as_u16(), response.text().await.unwrap_or_default())
        }
    };
    let same = || vec![("sec-fetch-site", "same-origin".to_owned())];
    let seen = json!({ "kind": "seen", "path": "/" }).to_string();
    let host = app.url.trim_start_matches("http://").to_owned();

    for (headers, what) in [
        (vec![], "neither Sec-Fetch-Site nor Origin"),
        (vec![("sec-fetch-site", "cross-site".to_owned())], "another site"),
        (vec![("origin", "https://evil.example".to_owned())], "another origin"),
    ] {
        let (status, body) = send(headers, seen.clone()).await;
        assert_eq!(status, 400, "{what}: {body}");
        assert!(body.contains("site's own pages"), "{body}");
    }
    let bad_bodies = [
        "not json".to_owned(),
        json!({ "kind": "view" }).to_string(),
        json!({ "kind": "view", "path": "/", "address": "1.2.3.4" }).to_string(),
        json!({ "kind": "view", "path": "/no-such-page" }).to_string(),
        json!({ "kind": "view", "path": "https://evil.example/" }).to_string(),
        json!({ "kind": "step", "step": "answered", "question": 40, "page": "/", "button": "Book" })
            .to_string(),
        json!({ "kind": "step", "step": "opened", "page": "/", "button": "x".repeat(121) }).to_string(),
        json!({ "kind": "step", "step": "paid", "page": "/", "button": "Book" }).to_string(),
    ];
    for body in bad_bodies {
        let (status, answer) = send(same(), body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer.contains("\"error\""), "{answer}");
    }
    let (status, _) =
        send(same(), json!({ "kind": "view", "path": format!("/{}", "a".repeat(2000)) }).to_string()).await;
    assert_eq!(status, 413, "a beacon is small");

    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(every_stored_value(&app.db().await).await.is_empty(), "nothing refused is stored");

    // From a browser without Sec-Fetch-Site, its Origin is the site's own: accepted.
    let (status, body) = send(vec![("origin", format!("http://{host}"))], seen).await;
    assert_eq!(status, 204, "{body}");
    let (status, body) = send(
        same(),
        json!({ "kind": "step", "step": "answered", "question": 0, "page": "/", "button": "Book" })
            .to_string(),
    )
    .await;
    assert_eq!(status, 204, "{body}");
    eventually("the accepted beacons are written", || async {
        app.count("SELECT COUNT(*) FROM insight_steps WHERE step = 'answered:0'").await == 1
    })
    .await;
}

#[tokio::test]
async fn the_funnel_follows_a_visitor_from_a_city_page_to_a_request_with_its_source_and_landing_page() {
    let app = counting_app().await;
    let signed = app.signed_in_admin().await;
    let (address, page, button) = ("203.0.113.30", "/service-areas/aurora", "Schedule Service in Aurora");
    let response = from(&app, Method::GET, page, address, IPHONE)
        .header("referer", "https://www.google.com/")
        .send()
        .await
        .expect("a response");
    assert_eq!(response.status(), 200);
    assert_eq!(beacon(&app, address, IPHONE, &json!({ "kind": "seen", "path": page })).await, 204);
    let step = |step: &str| json!({ "kind": "step", "step": step, "page": page, "button": button });
    assert_eq!(beacon(&app, address, IPHONE, &step("opened")).await, 204);
    for question in 0..4 {
        let answered = json!({ "kind": "step", "step": "answered", "question": question, "page": page, "button": button });
        assert_eq!(beacon(&app, address, IPHONE, &answered).await, 204);
    }
    assert_eq!(beacon(&app, address, IPHONE, &step("contact")).await, 204);
    let mut request = booking("5e6f7a8b-funnel");
    request["source"] = json!({ "page": page, "button": button, "referrer": "www.google.com" });
    let response = from(&app, Method::POST, "/api/bookings", address, IPHONE)
        .json(&request)
        .send()
        .await
        .expect("a response");
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap_or_default());
    // Somebody else opens the dialog and leaves.
    browse(&app, "/", "203.0.113.31", CHROME).await;
    let opened_home = json!({ "kind": "step", "step": "opened", "page": "/", "button": "Schedule Service" });
    assert_eq!(beacon(&app, "203.0.113.31", CHROME, &opened_home).await, 204);

    eventually("the request and both openings are counted", || async {
        app.count("SELECT COUNT(*) FROM insight_steps WHERE step = 'submitted'").await == 1
            && app.count("SELECT COUNT(*) FROM insight_steps WHERE step = 'opened'").await == 2
    })
    .await;
    let insights = app.admin_json("/insights?days=30", &signed).await;
    let funnel: Vec<(String, i64)> = insights["funnel"]
        .as_array()
        .expect("a funnel")
        .iter()
        .map(|step| {
            (step["step"].as_str().expect("a step").to_owned(), step["visitors"].as_i64().expect("a count"))
        })
        .collect();
    assert_eq!(funnel.first(), Some(&("opened".to_owned(), 2)), "{funnel:?}");
    assert!(funnel.contains(&("answered:0".to_owned(), 1)), "{funnel:?}");
    assert!(funnel.contains(&("contact".to_owned(), 1)), "{funnel:?}");
    assert_eq!(funnel.last(), Some(&("submitted".to_owned(), 1)), "{funnel:?}");
    assert!(
        insights["funnel"][1]["label"].as_str().expect("a label").starts_with("Answered: "),
        "{insights}"
    );
    assert_eq!(insights["totals"]["bookings"], 1);
    assert_eq!(insights["totals"]["conversion"], 0.5);
    let sources = insights["sources"].as_array().expect("sources");
    assert!(
        sources.contains(
            &json!({ "source": "www.google.com", "visitors": 1, "bookings": 1, "conversion": 1.0 })
        ),
        "{insights}"
    );
    let landing = insights["landingPages"].as_array().expect("landing pages");
    assert!(
        landing.contains(&json!({ "path": page, "visitors": 1, "bookings": 1, "conversion": 1.0 })),
        "{insights}"
    );
    assert_eq!(
        insights["openers"][0],
        json!({ "page": page, "button": button, "opened": 1, "submitted": 1 })
    );
    assert_eq!(
        app.admin(Method::GET, "/insights?days=12", &signed).send().await.expect("a response").status(),
        400
    );
}

/// Counts as if they were made in the week whose report is due now.
async fn seed_due_week(app: &TestApp) -> String {
    let zone = TimeZone::get("America/Denver").expect("the shop's zone");
    let week = trailerworks::insights::report::due_week(&app.clock.now().to_zoned(zone));
    let day = week.saturating_add(jiff::Span::new().days(2)).to_string();
    let db = app.db().await;
    with_db!(&db, |pool| {
        for visitor in 1..=3_i64 {
            sqlx::query(
                "INSERT INTO insight_visitors (day, visitor, referrer, utm_source, utm_medium, utm_campaign, landing, device)
                 VALUES ($1, $2, 'www.google.com', '', '', '', '/', 'phone')",
            )
            .bind(&day)
            .bind(visitor)
            .execute(pool)
            .await
            .expect("a visitor");
        }
    });
    week.to_string()
}

#[tokio::test]
async fn the_weekly_report_goes_out_once_when_on_and_not_again_after_a_restart() {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let storage = TestStorage::new().await;
    let configure = |c: &mut trailerworks::config::ServeConfig| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
        c.insights_write_every_ms = 100;
    };
    let app = spawn_app_on(&storage, configure).await;
    let signed = app.signed_in_admin().await;
    let switch = |on: bool| app.admin(Method::PUT, "/insights/report", &signed).json(&json!({ "on": on }));
    assert_eq!(switch(false).send().await.expect("a response").status(), 200);
    let week = seed_due_week(&app).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(mailbox.messages().is_empty(), "switched off: no report");

    assert_eq!(switch(true).send().await.expect("a response").status(), 200);
    eventually("the report arrives", || async { mailbox.messages().len() == 1 }).await;
    let message = &mailbox.messages()[0];
    assert!(message.contains("To: owner@example.com"), "{message}");
    assert!(message.contains("Subject: Front Range Trailer Works: the website's week of "), "{message}");
    assert!(message.contains("Visitors: 3 (none the week before)"), "{message}");
    assert!(message.contains("www.google.com: 3 visitors, 0 requests"), "{message}");
    assert!(message.contains(&format!("Message-ID: <message-report-{week}@example.com>")), "{message}");
    let insights = app.admin_json("/insights", &signed).await;
    assert_eq!(
        insights["report"],
        json!({ "on": true, "email": true, "canSend": true, "recipients": ["owner@example.com"], "lastSentWeek": week })
    );
    app.stop().await;

    let again = spawn_app_on(&storage, configure).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(mailbox.messages().len(), 1, "one report a week, across a restart");
    assert_eq!(again.count("SELECT COUNT(*) FROM deliveries WHERE purpose = 'report'").await, 1);
}

//! The inbox at any size: every booking reachable a page at a time (also while new ones
//! arrive), filters and search across pages, counts, a customer's other requests, and the CSV
//! export of exactly what the filters show. Runs on SQLite and, in `make test`, on PostgreSQL.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Signed, TestApp, spawn_app};

fn booking(n: usize, phone: &str, email: &str, answer: &str, page: &str) -> Value {
    json!({
        "submissionId": format!("0000inbx-0000-4000-8000-{n:012}"),
        "name": format!("Visitor {n}"), "email": email, "phone": phone,
        "details": if n % 10 == 3 { "Wobbly axle after the pass" } else { "" },
        "answers": [
            { "question": "What type of trailer do you have?", "answer": answer },
            { "question": "How urgent is this?", "answer": if n.is_multiple_of(7) { "Emergency (need immediate help)" } else { "Flexible" } },
        ],
        "source": { "page": page },
        "fillMs": 20000,
    })
}

/// Books `range`: every third from the same customer (303-555-0101 / regular@example.com).
async fn book(app: &TestApp, range: std::ops::Range<usize>) {
    for n in range {
        let (phone, email) = if n.is_multiple_of(3) {
            ("(303) 555-0101".to_owned(), "Regular@Example.com".to_owned())
        } else {
            (format!("720-555-{:04}", n), format!("visitor{n}@example.com"))
        };
        let answer = if n.is_multiple_of(2) { "Dump Trailer" } else { "Horse Trailer" };
        let page = if n.is_multiple_of(4) { "/service-areas/aurora" } else { "/services" };
        let response = app.post_json("/api/bookings", &booking(n, &phone, &email, answer, page)).await;
        assert_eq!(response.status(), 201, "booking {n}");
    }
}

fn ids(inbox: &Value) -> Vec<i64> {
    inbox["bookings"].as_array().expect("bookings").iter().map(|b| b["id"].as_i64().expect("an id")).collect()
}

/// Every id the list shows with `query`, following `older` to the end; `between` runs after
/// each page.
async fn walk(app: &TestApp, signed: &Signed, query: &str, mut between: impl AsyncFnMut(usize)) -> Vec<i64> {
    let mut seen = Vec::new();
    let mut path = format!("/bookings?{query}");
    for step in 0.. {
        let inbox = app.admin_json(&path, signed).await;
        assert!(inbox["bookings"].as_array().expect("bookings").len() <= 25, "a page is bounded");
        seen.extend(ids(&inbox));
        between(step).await;
        match inbox["older"].as_str() {
            Some(cursor) => path = format!("/bookings?{query}&after={}", urlencode(cursor)),
            None => break,
        }
    }
    seen
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[tokio::test]
async fn paging_reaches_every_booking_exactly_once_while_new_ones_arrive() {
    let app = spawn_app().await;
    book(&app, 0..70).await;
    let signed = app.signed_in_admin().await;
    let mut next = 70;
    let seen = walk(&app, &signed, "", async |_| {
        book(&app, next..next + 2).await;
        next += 2;
    })
    .await;
    let mut unique = seen.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), seen.len(), "no booking twice");
    let first_70 = app
        .count("SELECT COUNT(*) FROM bookings WHERE submission_id < '0000inbx-0000-4000-8000-000000000070'")
        .await;
    assert_eq!(first_70, 70);
    let stored: Vec<(i64,)> = app
        .rows("SELECT id FROM bookings WHERE submission_id < '0000inbx-0000-4000-8000-000000000070'")
        .await;
    assert!(stored.iter().all(|(id,)| seen.contains(id)), "every booking there at the start was shown");

    // Open urgent requests come first, then the newest; the page before is the same page again.
    let first = app.admin_json("/bookings", &signed).await;
    let urgent: Vec<bool> =
        first["bookings"].as_array().unwrap().iter().map(|b| b["urgent"] == true).collect();
    assert!(urgent.iter().skip_while(|u| **u).all(|u| !u), "urgent first: {urgent:?}");
    assert!(first["newer"].is_null());
    let second = app
        .admin_json(&format!("/bookings?after={}", urlencode(first["older"].as_str().unwrap())), &signed)
        .await;
    let back = app
        .admin_json(&format!("/bookings?before={}", urlencode(second["newer"].as_str().unwrap())), &signed)
        .await;
    assert_eq!(ids(&back), ids(&first));
    assert!(back["newer"].is_null(), "the first page has none before it");
}

#[tokio::test]
async fn filters_and_search_hold_across_pages_and_the_export_has_exactly_what_they_show() {
    let app = spawn_app().await;
    book(&app, 0..60).await;
    app.execute("UPDATE bookings SET created_at = '2026-03-10T18:00:00.000Z' WHERE name IN ('Visitor 1', 'Visitor 2')").await;
    app.execute("UPDATE bookings SET status = 'done' WHERE name LIKE 'Visitor 1%'").await;
    let signed = app.signed_in_admin().await;

    let all = app.admin_json("/bookings", &signed).await;
    assert_eq!(all["total"], 60);
    assert_eq!(all["counts"]["done"], 11, "Visitor 1 and 10 to 19");
    assert_eq!(all["counts"]["new"], 49);
    let sources: Vec<&str> = all["sources"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert_eq!(sources, ["/service-areas/aurora", "/services"]);

    for (query, expected) in [
        ("status=done", 11),
        ("urgent=true", 9),
        ("source=%2Fservice-areas%2Faurora", 15),
        ("q=horse", 30),
        ("q=HORSE+trailer&status=new", 24),
        ("q=wobbly", 6),
        ("q=303.555.0101", 20),
        ("q=regular%40example", 20),
        ("from=2026-03-10&to=2026-03-10", 2),
        ("to=2026-03-09", 0),
    ] {
        let seen = walk(&app, &signed, query, async |_| {}).await;
        let inbox = app.admin_json(&format!("/bookings?{query}"), &signed).await;
        assert_eq!(seen.len(), expected, "{query}: every match, across pages");
        assert_eq!(inbox["total"], expected, "{query}: the total");
        let csv = app.admin(Method::GET, &format!("/bookings.csv?{query}"), &signed).send().await.unwrap();
        assert_eq!(csv.status(), 200);
        let rows = csv::Reader::from_reader(csv.text().await.unwrap().as_bytes()).records().count();
        assert_eq!(rows, expected, "{query}: the export");
    }

    // A customer's other requests are one click away.
    let regular = app.admin_json("/bookings?q=regular%40example.com", &signed).await;
    assert_eq!(regular["bookings"][0]["otherRequests"], 19);
    let id = regular["bookings"][0]["id"].as_i64().unwrap();
    let theirs = app.admin_json(&format!("/bookings?customer={id}"), &signed).await;
    assert_eq!(theirs["total"], 20);
    assert!(theirs["customer"]["name"].as_str().is_some_and(|name| name.starts_with("Visitor")));
    let one_off = app.admin_json("/bookings?q=visitor1%40example.com", &signed).await;
    assert_eq!(one_off["bookings"][0]["otherRequests"], 0);
}

#[tokio::test]
async fn wrong_filters_and_cursors_get_a_422_naming_them() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    for (query, field) in [
        ("status=lost", "status"),
        ("from=yesterday", "from"),
        ("from=2026-03-10&to=2026-03-01", "to"),
        ("after=1.2.not-a-time", "after"),
        ("before=banana", "before"),
        ("after=0.1.2026-03-10T18:00:00.000Z&before=0.1.2026-03-10T18:00:00.000Z", "before"),
        ("customer=999", "customer"),
    ] {
        let response = app.admin(Method::GET, &format!("/bookings?{query}"), &signed).send().await.unwrap();
        assert_eq!(response.status(), 422, "{query}");
        let body: Value = response.json().await.unwrap();
        assert!(body["errors"][field].is_array(), "{query}: {body}");
    }
    let response = app.admin(Method::GET, "/bookings.csv?to=soon", &signed).send().await.unwrap();
    assert_eq!(response.status(), 422);
}

//! The booking desk: the service-area check, the urgent flag, where a request came from, the
//! visitor's confirmation with its request number, and the admin's per-source table.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{spawn_app, spawn_app_with},
    stand_ins,
};

const EMERGENCY: &str = "Emergency (need immediate help)";
const WHERE: &str = "Where is the trailer? Type the city or ZIP code, or pick a city below. On a highway, the highway and the nearest exit work too.";

fn mobile_booking(submission_id: &str, urgency: &str, location: &str) -> Value {
    json!({
        "submissionId": submission_id,
        "name": "Sam Reyes",
        "email": "sam@example.com",
        "phone": "303-555-0177",
        "answers": [
            { "question": "Hi! I'm your trailer assistant. What type of trailer do you have?", "answer": "Flatbed Trailer" },
            { "question": "What service do you need?", "answer": "Repairs needed" },
            { "question": "Do you need mobile service, or can you bring the trailer to our shop?", "answer": "Need mobile service" },
            { "question": WHERE, "answer": location },
            { "question": "How urgent is this?", "answer": urgency },
        ],
        "location": location,
        "source": {
            "page": "/service-areas/aurora",
            "button": "Schedule Service in Aurora",
            "referrer": "www.google.com",
            "utmSource": "flyer",
            "utmCampaign": "spring-brakes",
        },
        "fillMs": 30000,
    })
}

async fn check(app: &crate::helpers::TestApp, place: &str) -> reqwest::Response {
    app.client
        .get(format!("{}/api/service-area", app.url))
        .query(&[("place", place)])
        .send()
        .await
        .expect("a response")
}

#[tokio::test]
async fn the_service_area_check_names_the_city_page_or_says_outside() {
    let app = spawn_app().await;
    let inside: Value = check(&app, "80011").await.json().await.unwrap();
    assert_eq!(inside["inArea"], true);
    assert_eq!(inside["city"], json!({ "name": "Aurora", "slug": "aurora" }));
    assert_eq!(
        inside["message"],
        "Good news: 80011 is in our service area (Aurora), and our mobile crew comes out there."
    );

    let typo: Value = check(&app, "westminister co").await.json().await.unwrap();
    assert_eq!(typo["city"]["slug"], "westminster");

    let home: Value = check(&app, "Denver").await.json().await.unwrap();
    assert_eq!((home["inArea"].clone(), home["city"].clone()), (json!(true), Value::Null));

    let outside: Value = check(&app, "Boulder").await.json().await.unwrap();
    assert_eq!((outside["inArea"].clone(), outside["city"].clone()), (json!(false), Value::Null));
    assert!(outside["message"].as_str().unwrap().contains("still like to help"));

    for bad in ["", "   ", &"x".repeat(121), "Aurora\nx"] {
        let response = check(&app, bad).await;
        assert_eq!(response.status(), 422, "{bad:?}");
        let body: Value = response.json().await.unwrap();
        assert!(body["errors"]["place"].is_array(), "{body}");
    }
    let response = app.get("/api/service-area").await;
    assert_eq!(response.status(), 400, "no place at all");
}

#[tokio::test]
async fn an_emergency_is_urgent_in_the_inbox_the_csv_and_the_shops_subject_and_the_visitor_gets_a_numbered_copy()
 {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
    })
    .await;
    let response =
        app.post_json("/api/bookings", &mobile_booking("desk-urgent-0001", EMERGENCY, "80011")).await;
    assert_eq!(response.status(), 201);
    let id = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();

    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "both e-mails arrive");
    // Bodies are quoted-printable: long lines end in "=" and go on in the next.
    let messages: Vec<String> =
        mailbox.messages().iter().map(|m| m.replace("=\r\n", "").replace("=\n", "")).collect();
    let shop = messages.iter().find(|m| m.contains("\nTo: owner@example.com")).expect("the shop's e-mail");
    assert!(shop.contains("Subject: EMERGENCY: New service request from Sam Reyes"), "{shop}");
    assert!(shop.contains("Trailer location: 80011, in the service area (Aurora)"), "{shop}");
    let copy = messages.iter().find(|m| m.contains("\nTo: sam@example.com")).expect("the visitor's copy");
    let unfolded = copy.replace("\r\n ", " ").replace("\n ", " ");
    assert!(
        unfolded.contains(&format!("Subject: Your service request #{id} with Front Range Trailer Works")),
        "{copy}"
    );
    assert!(
        copy.contains("Reply-To: \"Trailer Works\" <bookings@example.com>"),
        "the sender's address while the shop's public one is still the example one: {copy}"
    );
    assert!(copy.contains(&format!("Your request number is #{id}.")), "{copy}");
    assert!(copy.contains("Trailer: Flatbed Trailer"), "{copy}");
    assert!(!copy.contains("(303) 555-0147"), "no placeholder phone to call: {copy}");
    assert!(!copy.contains("80011") && !copy.contains("Sam Reyes"), "nothing the visitor typed: {copy}");
    assert!(copy.contains("Message-ID: <confirmation-desk-urgent-0001@example.com>"), "{copy}");

    let signed = app.signed_in_admin().await;
    let inbox: Value =
        app.admin(Method::GET, "/bookings", &signed).send().await.unwrap().json().await.unwrap();
    let booking = &inbox["bookings"][0];
    assert_eq!(booking["urgent"], true);
    assert_eq!(booking["location"], "80011");
    assert_eq!(booking["locationCity"], "Aurora");
    assert_eq!(
        booking["source"],
        json!({
            "page": "/service-areas/aurora",
            "button": "Schedule Service in Aurora",
            "referrerHost": "www.google.com",
            "utmSource": "flyer",
            "utmCampaign": "spring-brakes",
        })
    );
    let channels: Vec<&str> =
        booking["deliveries"].as_array().unwrap().iter().map(|d| d["channel"].as_str().unwrap()).collect();
    assert_eq!(channels, ["email", "confirmation"], "in the order they were made");

    let csv = app.admin(Method::GET, "/bookings.csv", &signed).send().await.unwrap().text().await.unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let row = reader.records().next().unwrap().unwrap();
    let field = |name: &str| {
        row[headers.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name}"))].to_owned()
    };
    assert_eq!(field("urgent"), "yes");
    assert_eq!(field("location"), "80011");
    assert_eq!(field("service area"), "Aurora");
    assert_eq!(field("source page"), "/service-areas/aurora");
    assert_eq!(field("source button"), "Schedule Service in Aurora");
    assert_eq!(field("referrer"), "www.google.com");
    assert_eq!(field("utm_source"), "flyer");
    assert_eq!(field("utm_campaign"), "spring-brakes");
}

#[tokio::test]
async fn a_routine_request_from_outside_the_area_is_accepted_and_says_so() {
    let app = spawn_app().await;
    let mut body = mobile_booking("desk-outside-01", "Soon (within a week)", "Boulder");
    body["source"] = json!({ "page": "/", "button": "Get Free Quote" });
    assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201);
    let signed = app.signed_in_admin().await;
    let inbox: Value =
        app.admin(Method::GET, "/bookings", &signed).send().await.unwrap().json().await.unwrap();
    let booking = &inbox["bookings"][0];
    assert_eq!(booking["urgent"], false);
    assert_eq!(booking["location"], "Boulder");
    assert_eq!(booking["locationCity"], Value::Null);
    assert!(
        booking["message"]
            .as_str()
            .unwrap()
            .ends_with("Trailer location: Boulder, outside the usual service area")
    );
    assert_eq!(booking["source"]["referrerHost"], Value::Null);
}

#[tokio::test]
async fn the_admin_sees_bookings_per_source_page_and_week() {
    let app = spawn_app().await;
    for (n, page) in ["/service-areas/aurora", "/service-areas/aurora", "/contact"].iter().enumerate() {
        let mut body = mobile_booking(&format!("desk-source-{n:03}"), "Soon (within a week)", "Aurora");
        body["source"] = json!({ "page": page, "button": "Schedule Service" });
        assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201);
    }
    let mut spam = mobile_booking("desk-source-spam", "Soon (within a week)", "Aurora");
    spam["website"] = json!("http://spam.example");
    assert_eq!(app.post_json("/api/bookings", &spam).await.status(), 201);
    let mut unrecorded = mobile_booking("desk-source-none", "Soon (within a week)", "Aurora");
    unrecorded.as_object_mut().unwrap().remove("source");
    assert_eq!(app.post_json("/api/bookings", &unrecorded).await.status(), 201);

    assert_eq!(app.get("/api/admin/bookings/sources").await.status(), 401);
    let signed = app.signed_in_admin().await;
    let table = app.admin_json("/bookings/sources?weeks=4", &signed).await;
    assert_eq!(table["weeks"].as_array().unwrap().len(), 4);
    let rows: Vec<(String, u64, u64)> = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["page"].as_str().unwrap().to_owned(),
                r["counts"][3].as_u64().unwrap(),
                r["total"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [("/service-areas/aurora".into(), 2, 2), ("/contact".into(), 1, 1), ("(not recorded)".into(), 1, 1)],
        "this week's bookings, spam left out"
    );
    for weeks in ["0", "53", "x"] {
        let response = app
            .admin(Method::GET, &format!("/bookings/sources?weeks={weeks}"), &signed)
            .send()
            .await
            .unwrap();
        assert!(matches!(response.status().as_u16(), 400 | 422), "{weeks}: {}", response.status());
    }
}

#[tokio::test]
async fn the_desk_counts_unanswered_requests_and_names_the_channels_or_none() {
    let app = spawn_app().await;
    assert_eq!(app.get("/api/admin/desk").await.status(), 401);
    let signed = app.signed_in_admin().await;
    let desk = app.admin_json("/desk", &signed).await;
    assert_eq!(
        desk,
        json!({
            "unanswered": 0, "channels": [], "emailConfigured": false,
            "backups": { "lastSuccessAt": null, "lastFailureAt": null, "lastError": null, "everySeconds": null },
        }),
        "a server with no channel (and no scheduled backups) says so"
    );
    for n in 0..2 {
        let body = mobile_booking(&format!("desk-count-{n}"), "Soon (within a week)", "Aurora");
        assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201);
    }
    assert_eq!(app.admin_json("/desk", &signed).await["unanswered"], 2);
    let id = app.admin_json("/bookings", &signed).await["bookings"][0]["id"].as_i64().unwrap();
    let contacted = app
        .admin(Method::PUT, &format!("/bookings/{id}/status"), &signed)
        .json(&json!({ "status": "contacted" }))
        .send()
        .await
        .unwrap();
    assert_eq!(contacted.status().as_u16(), 200);
    assert_eq!(app.admin_json("/desk", &signed).await["unanswered"], 1);

    let with_channels = spawn_app_with(|c| {
        c.webhook_url = Some("http://127.0.0.1:9/hook".into());
        c.webhook_access_key = Some("key".into());
        c.smtp_url = Some("smtp://127.0.0.1:9".into());
        c.mail_from = Some("Shop <shop@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
    })
    .await;
    let signed = with_channels.signed_in_admin().await;
    assert_eq!(with_channels.admin_json("/desk", &signed).await["channels"], json!(["email", "webhook"]));

    // E-mail set up but nobody to send to: the desk says only the address is missing.
    let no_address = spawn_app_with(|c| {
        c.smtp_url = Some("smtp://127.0.0.1:9".into());
        c.mail_from = Some("Shop <shop@example.com>".into());
    })
    .await;
    let signed = no_address.signed_in_admin().await;
    let desk = no_address.admin_json("/desk", &signed).await;
    assert_eq!((desk["channels"].clone(), desk["emailConfigured"].clone()), (json!([]), json!(true)));
}

#[tokio::test]
async fn urgent_and_emergency_answers_both_make_a_request_urgent_and_first_in_the_inbox() {
    let app = spawn_app().await;
    let soon = mobile_booking("desk-urgent-soon", "Soon (within a week)", "Aurora");
    assert_eq!(app.post_json("/api/bookings", &soon).await.status(), 201);
    let urgent = mobile_booking("desk-urgent-2448", "Urgent (24-48 hours)", "Aurora");
    assert_eq!(app.post_json("/api/bookings", &urgent).await.status(), 201);
    let mut emergency_service = mobile_booking("desk-urgent-service", "Soon (within a week)", "Aurora");
    emergency_service["answers"][1]["answer"] = json!("Emergency service");
    assert_eq!(app.post_json("/api/bookings", &emergency_service).await.status(), 201);
    assert_eq!(
        app.post_json("/api/bookings", &mobile_booking("desk-urgent-late", "Soon (within a week)", "Aurora"))
            .await
            .status(),
        201
    );
    let signed = app.signed_in_admin().await;
    let inbox = app.admin_json("/bookings", &signed).await;
    let order: Vec<(bool, String)> = inbox["bookings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["urgent"].as_bool().unwrap(), b["answers"][4]["answer"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        order.iter().map(|(urgent, _)| *urgent).collect::<Vec<_>>(),
        [true, true, false, false],
        "urgent ones first: {order:?}"
    );
    let csv = app.admin(Method::GET, "/bookings.csv", &signed).send().await.unwrap().text().await.unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let column = reader.headers().unwrap().iter().position(|h| h == "urgent").unwrap();
    let urgent = reader.records().filter(|row| &row.as_ref().unwrap()[column] == "yes").count();
    assert_eq!(urgent, 2, "{csv}");
}

#[tokio::test]
async fn the_inbox_searches_names_emails_and_phone_numbers_however_they_were_typed() {
    let app = spawn_app().await;
    for (n, (name, email, phone)) in [
        ("Dana Hill", "dana@example.com", "(303) 555-0188"),
        ("Lee Park", "lee.park@mail.example", "720.555.0101"),
        ("Sam 100% Reyes", "sam@example.com", "303 555 0177"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut body = mobile_booking(&format!("desk-search-{n}"), "Soon (within a week)", "Aurora");
        body["name"] = json!(name);
        body["email"] = json!(email);
        body["phone"] = json!(phone);
        assert_eq!(app.post_json("/api/bookings", &body).await.status(), 201);
    }
    let signed = app.signed_in_admin().await;
    let names = |inbox: Value| -> Vec<String> {
        inbox["bookings"].as_array().unwrap().iter().map(|b| b["name"].as_str().unwrap().to_owned()).collect()
    };
    for (query, expected) in [
        ("dana", vec!["Dana Hill"]),
        ("PARK", vec!["Lee Park"]),
        ("mail.example", vec!["Lee Park"]),
        ("303-555-0188", vec!["Dana Hill"]),
        ("3035550177", vec!["Sam 100% Reyes"]),
        ("555", vec!["Sam 100% Reyes", "Lee Park", "Dana Hill"]),
        ("100%", vec!["Sam 100% Reyes"]),
        ("%", vec!["Sam 100% Reyes"]),
        ("nobody", vec![]),
    ] {
        let path = format!("/bookings?q={}", urlencoding(query));
        assert_eq!(names(app.admin_json(&path, &signed).await), expected, "{query}");
    }
    assert_eq!(
        names(app.admin_json("/bookings?status=contacted&q=dana", &signed).await),
        Vec::<String>::new()
    );
    let csv =
        app.admin(Method::GET, "/bookings.csv?q=lee", &signed).send().await.unwrap().text().await.unwrap();
    assert!(csv.contains("Lee Park") && !csv.contains("Dana Hill"), "the export follows the search");
}

#[tokio::test]
async fn the_inbox_labels_answers_puts_open_emergencies_first_and_keeps_notes() {
    let app = spawn_app().await;
    for (id, urgency) in [("desk-order-0001", EMERGENCY), ("desk-order-0002", "Soon (within a week)")] {
        assert_eq!(app.post_json("/api/bookings", &mobile_booking(id, urgency, "80011")).await.status(), 201);
    }
    let signed = app.signed_in_admin().await;
    let inbox = app.admin_json("/bookings", &signed).await;
    let first = &inbox["bookings"][0];
    assert_eq!(first["urgent"], true, "the open emergency is first although it is older");
    let labels: Vec<&str> = first["answers"]
        .as_array()
        .expect("answers")
        .iter()
        .map(|a| a["label"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(labels, ["Trailer", "Service", "Mobile or shop", "Where", "Urgency"]);

    let id = first["id"].as_i64().expect("an id");
    let done =
        app.admin(Method::PUT, &format!("/bookings/{id}/status"), &signed).json(&json!({ "status": "done" }));
    assert_eq!(done.send().await.expect("a response").status(), 200);
    let inbox = app.admin_json("/bookings", &signed).await;
    assert_eq!(inbox["bookings"][0]["urgent"], false, "a finished emergency takes its place by date");

    let note = app
        .admin(Method::POST, &format!("/bookings/{id}/notes"), &signed)
        .json(&json!({ "body": "  Called back, coming Tuesday at 9.  " }))
        .send()
        .await
        .expect("a response");
    assert_eq!(note.status(), 201);
    let empty = app
        .admin(Method::POST, &format!("/bookings/{id}/notes"), &signed)
        .json(&json!({ "body": " " }))
        .send()
        .await
        .expect("a response");
    assert_eq!(empty.status(), 422);
    let missing = app
        .admin(Method::POST, "/bookings/999/notes", &signed)
        .json(&json!({ "body": "x" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(missing.status(), 404);
    let inbox = app.admin_json("/bookings?status=done", &signed).await;
    let notes = &inbox["bookings"][0]["notes"];
    assert_eq!(notes[0]["body"], "Called back, coming Tuesday at 9.");
    assert_eq!(notes[0]["writtenBy"], crate::helpers::ADMIN_EMAIL);

    let csv = app.admin(Method::GET, "/bookings.csv", &signed).send().await.expect("a response");
    let csv = csv.text().await.expect("text");
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let headers = reader.headers().expect("headers").clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let field = |row: &csv::StringRecord, name: &str| {
        row[headers.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name}"))].to_owned()
    };
    let done = rows.iter().find(|row| field(row, "id") == id.to_string()).expect("the done booking");
    assert_eq!(field(done, "Urgency"), EMERGENCY);
    assert_eq!(field(done, "Trailer"), "Flatbed Trailer");
    assert_eq!(field(done, "Where"), "80011");
    assert!(
        field(done, "notes")
            .ends_with(&format!("{}: Called back, coming Tuesday at 9.", crate::helpers::ADMIN_EMAIL))
    );
    let received = field(done, "received (America/Denver)");
    assert!(jiff::civil::DateTime::strptime("%Y-%m-%d %H:%M", &received).is_ok(), "{received}");
    let stored: Vec<(trailerworks::clock::At,)> =
        app.rows("SELECT created_at FROM bookings ORDER BY id LIMIT 1").await;
    let expected = stored[0]
        .0
        .timestamp()
        .to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("a zone"))
        .strftime("%Y-%m-%d %H:%M")
        .to_string();
    assert_eq!(received, expected, "on the shop's clock");
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' || b == b'-' {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test]
async fn a_notes_author_changes_or_deletes_it_and_no_one_else_can() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let booked = app.post_json("/api/bookings", &crate::bookings::booking("notes-own-0001")).await;
    let id = booked.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
    let note: Value = app
        .admin(Method::POST, &format!("/bookings/{id}/notes"), &signed)
        .json(&json!({ "body": "Called, no answer." }))
        .send()
        .await
        .expect("a response")
        .json()
        .await
        .expect("JSON");
    let path = format!("/bookings/{id}/notes/{}", note["id"]);
    assert_eq!(note["editedAt"], Value::Null);

    let changed = app.admin(Method::PUT, &path, &signed).json(&json!({ "body": " Called, coming Friday. " }));
    let changed: Value = changed.send().await.expect("a response").json().await.expect("JSON");
    assert_eq!(changed["body"], "Called, coming Friday.");
    assert!(changed["editedAt"].is_string(), "{changed}");
    let empty = app.admin(Method::PUT, &path, &signed).json(&json!({ "body": "  " })).send().await;
    assert_eq!(empty.expect("a response").status(), 422);

    // Another admin may read it, not change or delete it.
    app.add_user("partner@example.com", "another long enough secret", "owner").await;
    let partner = app.sign_in("partner@example.com", "another long enough secret").await;
    let theirs = app.admin(Method::PUT, &path, &partner).json(&json!({ "body": "Mine now." })).send().await;
    assert_eq!(theirs.expect("a response").status(), 403);
    assert_eq!(app.admin(Method::DELETE, &path, &partner).send().await.expect("a response").status(), 403);
    let elsewhere = format!("/bookings/{}/notes/{}", id + 1, note["id"]);
    assert_eq!(
        app.admin(Method::DELETE, &elsewhere, &signed).send().await.expect("a response").status(),
        404
    );

    assert_eq!(app.admin(Method::DELETE, &path, &signed).send().await.expect("a response").status(), 204);
    let page = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    assert_eq!(page["booking"]["notes"], json!([]));
    let audit: Vec<(String,)> =
        app.rows("SELECT action FROM audit_log WHERE action LIKE 'booking-note-%' ORDER BY id").await;
    let actions: Vec<&str> = audit.iter().map(|(action,)| action.as_str()).collect();
    assert_eq!(actions, ["booking-note-added", "booking-note-changed", "booking-note-deleted"]);
}

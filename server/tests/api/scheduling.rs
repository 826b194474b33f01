//! From request to scheduled job: the open times, a time taken with the booking (never twice),
//! the visitor's link to change or cancel it, the owner's confirmation and moves, the reminder,
//! the calendar files and feed, and the review request. Times are on the shop's clock.

use std::collections::HashMap;

use mailparse::{MailHeaderMap as _, ParsedMail};
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{Signed, TestApp, spawn_app, spawn_app_with},
    ical,
    stand_ins::{self, Mailbox},
};

const SHOP: &str = "Can bring to shop";
const MOBILE: &str = "Need mobile service";

/// A booking that picked `start` (one of the availability's) for `kind`.
pub fn booking_at(submission_id: &str, kind: &str, start: &str) -> Value {
    json!({
        "submissionId": submission_id,
        "name": "Pat Lee",
        "email": format!("{submission_id}@example.com"),
        "phone": "303-555-0166",
        "answers": [
            { "question": "Hi! I'm your trailer assistant. What type of trailer do you have?", "answer": "Dump Trailer" },
            { "question": "What service do you need?", "answer": "Repairs needed" },
            { "question": "Do you need mobile service, or can you bring the trailer to our shop?", "answer": if kind == "shop" { SHOP } else { MOBILE } },
            { "question": "How urgent is this?", "answer": "Soon (within a week)" },
        ],
        "appointment": { "kind": kind, "start": start },
        "fillMs": 30000,
    })
}

pub async fn open_times(app: &TestApp, query: &str) -> Value {
    let response = app.get(&format!("/api/availability?{query}")).await;
    assert_eq!(response.status(), 200, "{query}");
    response.json().await.expect("JSON")
}

pub async fn app_with_mail(
    configure: impl FnOnce(&mut trailerworks::config::ServeConfig),
) -> (TestApp, Mailbox) {
    let (smtp_url, mailbox) = stand_ins::smtp().await;
    let app = spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@example.com>".into());
        c.notify_email = Some("owner@example.com".into());
        configure(c);
    })
    .await;
    (app, mailbox)
}

/// A parsed e-mail: its subject, text and calendar attachment.
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub calendar: Option<String>,
}

pub fn read_mail(raw: &str) -> Mail {
    let message = mailparse::parse_mail(raw.as_bytes()).expect("a MIME message");
    let headers = message.get_headers();
    let to = headers.get_first_header("To").expect("a To header");
    let first_part = |mimetype: &str| {
        message
            .parts()
            .find(|part: &&ParsedMail| part.ctype.mimetype == mimetype)
            .map(|part| part.get_body().expect("a readable part"))
    };
    Mail {
        to: mailparse::addrparse_header(to)
            .ok()
            .and_then(|list| list.extract_single_info())
            .map(|address| address.addr)
            .unwrap_or_default(),
        subject: headers.get_first_value("Subject").unwrap_or_default(),
        text: first_part("text/plain").unwrap_or_default(),
        calendar: first_part("text/calendar"),
    }
}

fn mails(mailbox: &Mailbox) -> Vec<Mail> {
    mailbox.messages().iter().map(|raw| read_mail(raw)).collect()
}

async fn admin_post(app: &TestApp, signed: &Signed, path: &str) -> reqwest::Response {
    app.admin(Method::POST, path, signed).send().await.expect("a response")
}

#[tokio::test]
async fn the_next_open_times_are_offered_and_a_full_one_is_not() {
    let app = spawn_app().await;
    let shop = open_times(&app, "kind=shop").await;
    let times = shop["times"].as_array().expect("times");
    assert_eq!(times.len(), 6);
    let first = &times[0];
    assert!(
        first["label"].as_str().unwrap().ends_with(":00 AM")
            || first["label"].as_str().unwrap().contains("PM")
    );
    assert!(shop["days"].as_array().unwrap().len() >= 20, "four weeks of open days: {shop}");
    let day = first["date"].as_str().unwrap();
    let that_day = open_times(&app, &format!("kind=shop&date={day}")).await;
    assert!(that_day["times"].as_array().unwrap().len() >= 6, "every time of the day");

    // The mobile crew takes one job at a time: a booked window is no longer offered.
    let mobile = open_times(&app, "kind=mobile").await;
    let window = mobile["times"][0]["start"].as_str().unwrap().to_owned();
    let booked = app.post_json("/api/bookings", &booking_at("sched-full-0001", "mobile", &window)).await;
    assert_eq!(booked.status(), 201);
    let body: Value = booked.json().await.unwrap();
    assert_eq!(body["appointment"]["label"], mobile["times"][0]["label"]);
    assert!(body["manageUrl"].as_str().unwrap().starts_with("/booking/"));
    let after = open_times(&app, "kind=mobile").await;
    assert_ne!(after["times"][0]["start"], window.as_str(), "the taken window is gone");
    // The shop takes two at once: one booking leaves the slot open.
    let slot = first["start"].as_str().unwrap().to_owned();
    assert_eq!(
        app.post_json("/api/bookings", &booking_at("sched-full-0002", "shop", &slot)).await.status(),
        201
    );
    assert_eq!(open_times(&app, "kind=shop").await["times"][0]["start"], slot.as_str());
    assert_eq!(
        app.post_json("/api/bookings", &booking_at("sched-full-0003", "shop", &slot)).await.status(),
        201
    );
    assert_ne!(open_times(&app, "kind=shop").await["times"][0]["start"], slot.as_str());
    let third = app.post_json("/api/bookings", &booking_at("sched-full-0004", "shop", &slot)).await;
    assert_eq!(third.status(), 409);
    let said: Value = third.json().await.unwrap();
    assert!(said["error"].as_str().unwrap().contains("was just taken"), "{said}");

    for bad in ["kind=boat", "kind=shop&date=tomorrow", "date=2026-12-01"] {
        let status = app.get(&format!("/api/availability?{bad}")).await.status().as_u16();
        assert!(matches!(status, 400 | 422), "{bad}: {status}");
    }
}

#[tokio::test]
async fn a_time_outside_the_hours_in_the_past_or_too_far_ahead_is_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    let first = open_times(&app, "kind=shop").await["times"][0]["start"].as_str().unwrap().to_owned();
    let start: jiff::Timestamp = first.parse().unwrap();
    let off_grid = (start + jiff::SignedDuration::from_mins(15)).to_string();
    let far = (start + jiff::SignedDuration::from_hours(24 * 70)).to_string();
    for (time, says) in [
        (off_grid.as_str(), "not one of our open times"),
        ("2020-01-06T15:00:00.000Z", "passed"),
        (far.as_str(), ""),
        ("next tuesday", "not one of our open times"),
    ] {
        let response = app.post_json("/api/bookings", &booking_at("sched-bad-0001", "shop", time)).await;
        assert_eq!(response.status(), 422, "{time}");
        let body: Value = response.json().await.unwrap();
        let message = body["errors"]["appointment"][0].as_str().unwrap_or_default().to_owned();
        assert!(message.contains(says), "{time}: {message}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM bookings").await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM appointment_seats").await, 0);
}

/// Books `count` requests (submission ids from `prefix`) for the same `start` at once; the
/// statuses, sorted.
pub async fn race(url: &str, prefix: &str, kind: &str, start: &str, count: usize) -> Vec<u16> {
    let client = reqwest::Client::new();
    let mut handles = Vec::new();
    for n in 0..count {
        let body = booking_at(&format!("{prefix}-{kind}-{n:04}"), kind, start);
        let (client, url) = (client.clone(), url.to_owned());
        handles.push(tokio::spawn(async move {
            client
                .post(format!("{url}/api/bookings"))
                .json(&body)
                .send()
                .await
                .expect("a response")
                .status()
                .as_u16()
        }));
    }
    let mut statuses = Vec::new();
    for handle in handles {
        statuses.push(handle.await.expect("the request ends"));
    }
    statuses.sort_unstable();
    statuses
}

#[tokio::test]
async fn twenty_visitors_racing_for_the_last_free_window_one_gets_it() {
    let app = spawn_app().await;
    let window = open_times(&app, "kind=mobile").await["times"][0]["start"].as_str().unwrap().to_owned();
    let statuses = race(&app.url, "race", "mobile", &window, 20).await;
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 19, "{statuses:?}");
    assert_eq!(app.count("SELECT COUNT(*) FROM bookings").await, 1, "the others stored nothing");
    assert_eq!(app.count("SELECT COUNT(*) FROM appointment_seats").await, 4, "two hours: four half hours");
}

#[tokio::test]
async fn the_visitor_is_sent_the_requested_time_with_a_calendar_file_and_a_link_to_change_or_cancel() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let slot = open_times(&app, "kind=shop").await["times"][0].clone();
    let booked: Value = app
        .post_json("/api/bookings", &booking_at("sched-mail-0001", "shop", slot["start"].as_str().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    let id = booked["id"].as_i64().unwrap();
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "both e-mails arrive");
    let all = mails(&mailbox);
    let shop = all.iter().find(|m| m.to == "owner@example.com").expect("the shop's e-mail");
    assert!(
        shop.text.contains(&format!("Requested time: {}", slot["label"].as_str().unwrap())),
        "{}",
        shop.text
    );
    let copy = all.iter().find(|m| m.to != "owner@example.com").expect("the visitor's copy");
    assert!(
        copy.text.contains(&format!(
            "Requested: {} Mountain Time (drop-off at the shop, 2150 West 64th Avenue",
            slot["label"].as_str().unwrap()
        )),
        "{}",
        copy.text
    );
    assert!(copy.text.contains("We'll confirm this time"), "{}", copy.text);
    let link = copy.text.split_whitespace().find(|w| w.contains("/booking/")).expect("a link").to_owned();
    assert!(
        link.starts_with("https://trailers.example.com/booking/") && !copy.text.contains("/dbadmin"),
        "{link}"
    );

    let calendar = ical::read(copy.calendar.as_deref().expect("a calendar file"));
    let event = &calendar["events"][0];
    assert_eq!(calendar["zones"], json!(["America/Denver"]));
    assert_eq!(event["start"]["tzid"], "America/Denver");
    assert_eq!(event["start"]["utc"], slot["start"].as_str().unwrap().replace(".000", ""));
    assert_eq!(event["status"], "TENTATIVE");
    assert_eq!(event["uid"], format!("booking-{id}@trailers.example.com"));
    assert!(event["location"].as_str().unwrap().contains("West 64th Avenue"), "the shop's address: {event}");

    // The link works, and the calendar file can be downloaded from it.
    let token = link.rsplit('/').next().unwrap();
    let page = app.get(&format!("/booking/{token}")).await;
    assert_eq!(
        (page.status().as_u16(), page.headers()["cache-control"].to_str().unwrap()),
        (200, "no-store")
    );
    let html = page.text().await.unwrap();
    assert!(html.contains("noindex"));
    // The page reads whole without script: the request and its time are in the server's HTML.
    assert!(
        html.contains(&format!("Your service request #{id}"))
            && html.contains(slot["label"].as_str().unwrap())
            && html.contains("Requested: the shop will confirm this time"),
        "the request in the HTML"
    );
    assert!(!html.contains("Loading your request"));
    // A link that leads nowhere is a 404, with a page that says so.
    let bad = app.get(&format!("/booking/{}", "0".repeat(64))).await;
    assert_eq!(bad.status(), 404);
    let html = bad.text().await.unwrap();
    assert!(
        html.contains("noindex") && html.contains("There is no such request, or this link was replaced"),
        "said on the page"
    );
    assert_eq!(app.get("/booking/not-a-token").await.status(), 404);
    let view: Value = app.get(&format!("/api/manage/{token}")).await.json().await.unwrap();
    assert_eq!(view["number"], id);
    assert_eq!(view["time"]["label"], slot["label"]);
    assert_eq!(view["time"]["state"], "requested");
    // Their page gives the details it was sent with (a link older than 14 days asks for the
    // phone's last four digits first).
    assert_eq!((&view["name"], &view["contact"]["phone"]), (&json!("Pat Lee"), &json!("303-555-0166")));
    let file = app.get(&format!("/api/manage/{token}/calendar.ics")).await;
    assert!(file.headers()["content-type"].to_str().unwrap().starts_with("text/calendar"));
    assert_eq!(ical::read(&file.text().await.unwrap())["events"][0]["status"], "TENTATIVE");
    assert_eq!(app.get(&format!("/api/manage/{}", "0".repeat(64))).await.status(), 404);
}

/// The token of the manage link a booking answered with.
fn token_of(booked: &Value) -> String {
    booked["manageUrl"].as_str().expect("a link").rsplit('/').next().expect("a token").to_owned()
}

#[tokio::test]
async fn with_the_link_the_visitor_moves_the_time_or_cancels_and_the_shop_hears_at_once() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let times = open_times(&app, "kind=mobile").await["times"].clone();
    let (first, second) = (times[0]["start"].as_str().unwrap(), times[1].clone());
    let booked: Value = app
        .post_json("/api/bookings", &booking_at("sched-move-0001", "mobile", first))
        .await
        .json()
        .await
        .unwrap();
    let token = token_of(&booked);
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "the first e-mails arrive");

    let offered: Value = app.get(&format!("/api/manage/{token}/times")).await.json().await.unwrap();
    let offered: Vec<&str> =
        offered["times"].as_array().unwrap().iter().map(|t| t["start"].as_str().unwrap()).collect();
    assert!(!offered.contains(&first), "the time it holds is not offered back: {offered:?}");
    let moved = app
        .client
        .put(format!("{}/api/manage/{token}/time", app.url))
        .json(&json!({ "start": second["start"] }))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 200);
    let view: Value = moved.json().await.unwrap();
    assert_eq!(view["time"]["label"], second["label"]);
    let free_again = open_times(&app, "kind=mobile").await;
    assert_eq!(free_again["times"][0]["start"], first, "the old window is free again");
    // The shop and the customer both hear of it.
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 4, "the shop hears of the change");
    let notice = mails(&mailbox)
        .into_iter()
        .find(|mail| mail.to == "owner@example.com" && mail.subject.contains("another time"))
        .unwrap();
    assert!(
        notice.subject.contains("another time") && notice.text.contains(second["label"].as_str().unwrap()),
        "{}",
        notice.text
    );

    let signed = app.signed_in_admin().await;
    let inbox = app.admin_json("/bookings", &signed).await;
    let card = &inbox["bookings"][0];
    assert!(card["notes"][0]["body"].as_str().unwrap().starts_with("Asked for another time"), "{card}");

    let reason = "Sold the trailer; thanks anyway";
    let cancelled =
        app.client.post(format!("{}/api/manage/{token}/cancel", app.url)).json(&json!({ "reason": reason }));
    let view: Value = cancelled.send().await.unwrap().json().await.unwrap();
    assert_eq!((view["cancelled"].clone(), view["time"]["state"].clone()), (json!(true), json!("cancelled")));
    assert_eq!(app.count("SELECT COUNT(*) FROM appointment_seats").await, 0, "its time is free");
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 6, "the shop hears of the cancellation");
    let notice = mails(&mailbox)
        .into_iter()
        .find(|mail| mail.to == "owner@example.com" && mail.subject.contains("cancelled"))
        .unwrap();
    assert!(notice.text.contains(reason));
    let inbox = app.admin_json("/bookings", &signed).await;
    assert_eq!(inbox["bookings"][0]["cancelReason"], reason);
    assert_eq!(inbox["bookings"][0]["open"], false);
    // Set back to contacted by the owner, a request the customer cancelled is still not open.
    let id = inbox["bookings"][0]["id"].as_i64().unwrap();
    let set = app
        .admin(Method::PUT, &format!("/bookings/{id}/status"), &signed)
        .json(&json!({ "status": "contacted" }));
    assert_eq!(set.send().await.unwrap().status(), 200);
    let inbox = app.admin_json("/bookings", &signed).await;
    assert_eq!(
        (&inbox["bookings"][0]["status"], &inbox["bookings"][0]["open"]),
        (&json!("contacted"), &json!(false))
    );
    let again =
        app.client.put(format!("{}/api/manage/{token}/time", app.url)).json(&json!({ "start": first }));
    assert_eq!(again.send().await.unwrap().status(), 409, "a cancelled request takes no time");

    // A day after its time the request can no longer be changed; the link still shows it.
    app.execute("UPDATE appointments SET starts_at = '2020-01-01T15:00:00.000Z', ends_at = '2020-01-01T17:00:00.000Z'").await;
    let view: Value = app.get(&format!("/api/manage/{token}")).await.json().await.unwrap();
    assert_eq!(view["closed"], true);
    let late = app.client.post(format!("{}/api/manage/{token}/cancel", app.url)).json(&json!({}));
    let late = late.send().await.unwrap();
    assert_eq!(late.status(), 410);
    assert!(late.text().await.unwrap().contains("time has passed"));
    assert_eq!(app.get(&format!("/api/manage/{token}/times")).await.status(), 410);
}

/// The open times of the `nth` open day (some days ahead, so its reminder is still to come).
async fn times_of_day(app: &TestApp, kind: &str, nth: usize) -> Vec<Value> {
    let days = open_times(app, &format!("kind={kind}")).await["days"].clone();
    let day = days[nth].as_str().expect("a day");
    open_times(app, &format!("kind={kind}&date={day}")).await["times"].as_array().expect("times").clone()
}

/// A time's start as the shop's clock shows it, "08:00".
pub fn shop_clock(time: &Value) -> String {
    let start: jiff::Timestamp = time["start"].as_str().expect("a start").parse().expect("a time");
    start.to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("a zone")).strftime("%H:%M").to_string()
}

#[tokio::test]
async fn the_owner_confirms_the_visitor_is_told_reminded_once_and_told_again_when_it_moves() {
    // Quick polling, so a reminder made due is sent at once.
    let (app, mailbox) = app_with_mail(|c| c.delivery_lease_ms = 1000).await;
    let first = times_of_day(&app, "shop", 4).await[0].clone();
    let booked: Value = app
        .post_json("/api/bookings", &booking_at("sched-conf-0001", "shop", first["start"].as_str().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    let id = booked["id"].as_i64().unwrap();
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "the first e-mails arrive");
    let signed = app.signed_in_admin().await;

    let confirmed = admin_post(&app, &signed, &format!("/bookings/{id}/appointment/confirm")).await;
    assert_eq!(confirmed.status(), 200);
    let job: Value = confirmed.json().await.unwrap();
    assert_eq!(job["job"]["state"], "confirmed");
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 3, "the visitor is told");
    let told = mails(&mailbox).pop().unwrap();
    assert_eq!(told.subject, format!("Confirmed: {}", first["label"].as_str().unwrap()));
    let calendar = ical::read(told.calendar.as_deref().expect("a calendar file"));
    assert_eq!(
        (calendar["events"][0]["status"].clone(), calendar["events"][0]["sequence"].clone()),
        (json!("CONFIRMED"), json!(2))
    );
    let inbox = app.admin_json("/bookings", &signed).await;
    assert_eq!(inbox["bookings"][0]["status"], "scheduled");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE purpose = 'reminder-2' AND state = 'pending'").await,
        1
    );

    // The owner moves it: the visitor gets the new time; the old reminder is not sent.
    let next = times_of_day(&app, "shop", 5).await[2].clone();
    let moved = app
        .admin(Method::PUT, &format!("/bookings/{id}/appointment"), &signed)
        .json(&json!({ "kind": "shop", "date": next["date"], "start": shop_clock(&next), "minutes": 60 }))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 200, "{}", moved.text().await.unwrap_or_default());
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 4, "the visitor hears of the move");
    assert_eq!(
        mails(&mailbox).pop().unwrap().subject,
        format!("New time: {}", next["label"].as_str().unwrap())
    );
    let states: Vec<(String, String)> =
        app.rows("SELECT purpose, state FROM deliveries WHERE purpose LIKE 'reminder-%' ORDER BY id").await;
    assert_eq!(states, [("reminder-2".into(), "cancelled".into()), ("reminder-3".into(), "pending".into())]);

    // Its day comes: the reminder goes once.
    app.execute("UPDATE deliveries SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE purpose LIKE 'reminder-%' AND state = 'pending'").await;
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 5, "the reminder is sent");
    let reminder = mails(&mailbox).pop().unwrap();
    assert!(reminder.subject.starts_with("Reminder: your trailer service tomorrow"), "{}", reminder.subject);
    assert!(reminder.text.contains(next["label"].as_str().unwrap()));
    // Days pass: nothing sends it again. (Crossing a Monday morning may bring the owner's weekly
    // report, an e-mail of its own: only the reminders are counted.)
    app.clock.advance(std::time::Duration::from_secs(3 * 24 * 3600));
    app.deliver_due().await;
    let reminders = mails(&mailbox).iter().filter(|mail| mail.subject.starts_with("Reminder:")).count();
    assert_eq!(reminders, 1, "once");
}

#[tokio::test]
async fn a_full_time_is_refused_to_the_owner_unless_booked_anyway_and_dst_keeps_the_shops_clock() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut ids = Vec::new();
    for n in 0..2 {
        let window = open_times(&app, "kind=mobile").await["times"][n]["start"].as_str().unwrap().to_owned();
        let booked: Value = app
            .post_json("/api/bookings", &booking_at(&format!("sched-own-{n:04}"), "mobile", &window))
            .await
            .json()
            .await
            .unwrap();
        ids.push(booked["id"].as_i64().unwrap());
    }
    // Across the next year's spring change (the second Sunday of March: March 14 in 2027) and
    // its autumn one (the first Sunday of November), always ahead of the clock: 8 AM before and
    // after each, on the shop's clock.
    let year = app.clock.now().to_zoned(jiff::tz::TimeZone::UTC).year() + 1;
    let sunday = |month: i8, nth: i8| {
        jiff::civil::date(year, month, 1)
            .nth_weekday_of_month(nth, jiff::civil::Weekday::Sunday)
            .expect("a Sunday")
    };
    let day =
        |date: jiff::civil::Date, days: i64| date.checked_add(jiff::Span::new().days(days)).expect("a day");
    let utc_at = |date: jiff::civil::Date, hour: i8| format!("{date}T{hour:02}:00:00.000Z");
    let (friday, monday, november) = (day(sunday(3, 2), -2), day(sunday(3, 2), 1), day(sunday(11, 1), 1));
    let set = |id: i64, date: &str, overbook: bool| {
        app.admin(Method::PUT, &format!("/bookings/{id}/appointment"), &signed)
            .json(&json!({ "kind": "mobile", "date": date, "start": "08:00", "minutes": 120, "overbook": overbook }))
    };
    let before: Value = set(ids[0], &friday.to_string(), false).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        (before["job"]["start"].clone(), before["job"]["hours"].clone()),
        (json!(utc_at(friday, 15)), json!("8:00-10:00 AM"))
    );
    let after: Value = set(ids[0], &monday.to_string(), false).send().await.unwrap().json().await.unwrap();
    assert_eq!(after["job"]["start"], json!(utc_at(monday, 14)), "8 AM MDT");
    let autumn: Value = set(ids[0], &november.to_string(), false).send().await.unwrap().json().await.unwrap();
    assert_eq!(autumn["job"]["start"], json!(utc_at(november, 15)), "8 AM MST");

    let full = set(ids[1], &november.to_string(), false).send().await.unwrap();
    assert_eq!(full.status(), 409);
    assert!(full.json::<Value>().await.unwrap()["error"].as_str().unwrap().contains("book it anyway"));
    assert_eq!(
        set(ids[1], &november.to_string(), true).send().await.unwrap().status(),
        200,
        "the owner may book it anyway"
    );
    let past = set(ids[1], "2020-01-06", false).send().await.unwrap();
    assert_eq!(past.status(), 422);

    let week = app.admin_json(&format!("/schedule?from={november}&days=7"), &signed).await;
    let jobs = week["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 2);
    assert!(
        jobs.iter().all(|job| job["state"] == "confirmed" && job["date"] == november.to_string()),
        "{week}"
    );
    assert_eq!(jobs[0]["summary"], "Dump Trailer · Repairs needed · Need mobile service");
    let requested = app
        .admin_json(
            &format!(
                "/schedule?from={}&days=62",
                app.clock.now().to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("a zone")).date()
            ),
            &signed,
        )
        .await;
    assert!(requested["jobs"].as_array().unwrap().is_empty(), "both were moved away");
}

#[tokio::test]
async fn the_owners_calendar_feed_lists_the_jobs_and_a_new_address_stops_the_old() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    assert_eq!(app.admin_json("/account/calendar-feed", &signed).await["url"], Value::Null);
    let window = open_times(&app, "kind=mobile").await["times"][0].clone();
    let booked: Value = app
        .post_json(
            "/api/bookings",
            &booking_at("sched-feed-0001", "mobile", window["start"].as_str().unwrap()),
        )
        .await
        .json()
        .await
        .unwrap();
    let made: Value = admin_post(&app, &signed, "/account/calendar-feed").await.json().await.unwrap();
    let url = made["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("https://trailers.example.com/calendar/") && url.ends_with(".ics"), "{url}");
    let path = url.trim_start_matches("https://trailers.example.com");
    let feed = app.get(path).await;
    assert_eq!(feed.headers()["content-type"], "text/calendar; charset=utf-8");
    let calendar = ical::read(&feed.text().await.unwrap());
    let event = &calendar["events"][0];
    assert_eq!(event["summary"], "Requested: Pat Lee: Dump Trailer · Repairs needed · Need mobile service");
    assert_eq!(event["status"], "TENTATIVE");
    assert_eq!(event["uid"], format!("booking-{}@trailers.example.com", booked["id"]));
    assert_eq!(
        app.admin_json("/account/calendar-feed", &signed).await["url"],
        url.as_str(),
        "shown again to copy"
    );

    let renewed: Value = admin_post(&app, &signed, "/account/calendar-feed").await.json().await.unwrap();
    assert_ne!(renewed["url"], url.as_str());
    assert_eq!(app.get(path).await.status(), 404, "the old address stopped");
    app.admin(Method::DELETE, "/account/calendar-feed", &signed).send().await.unwrap();
    let new_path =
        renewed["url"].as_str().unwrap().trim_start_matches("https://trailers.example.com").to_owned();
    assert_eq!(app.get(&new_path).await.status(), 404);
    assert_eq!(app.get("/calendar/nothing.ics").await.status(), 404);
}

#[tokio::test]
async fn after_a_job_the_customer_is_thanked_with_a_review_link_whose_click_the_inbox_shows() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let signed = app.signed_in_admin().await;
    let (version, mut details) = {
        let body = app.admin_json("/site", &signed).await;
        (body["version"].clone(), body["site"].clone())
    };
    let booked: Value = app
        .post_json("/api/bookings", &crate::bookings::booking("sched-review-0001"))
        .await
        .json()
        .await
        .unwrap();
    let id = booked["id"].as_i64().unwrap();
    let refused = admin_post(&app, &signed, &format!("/bookings/{id}/review-request")).await;
    assert_eq!(refused.status(), 409, "off until the review page is set");
    details["scheduling"]["reviewUrl"] = json!("https://reviews.example.com/front-range-trailer-works");
    let saved = app
        .admin(Method::PUT, "/site", &signed)
        .json(&json!({ "version": version, "site": details }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    assert_eq!(
        admin_post(&app, &signed, &format!("/bookings/{id}/review-request")).await.status(),
        409,
        "not done yet"
    );
    app.admin(Method::PUT, &format!("/bookings/{id}/status"), &signed)
        .json(&json!({ "status": "done" }))
        .send()
        .await
        .unwrap();
    let sent = admin_post(&app, &signed, &format!("/bookings/{id}/review-request")).await;
    assert_eq!(sent.status(), 202, "{}", sent.text().await.unwrap_or_default());
    app.deliver_due().await;
    assert!(mails(&mailbox).iter().any(|m| m.subject.starts_with("Thank you from")), "the thank-you arrives");
    let thanks = mails(&mailbox).into_iter().find(|m| m.subject.starts_with("Thank you from")).unwrap();
    let link = thanks.text.split_whitespace().find(|w| w.contains("/review/")).unwrap().to_owned();
    app.deliver_due().await;
    assert!(
        app.admin_json("/bookings", &signed).await["bookings"][0]["review"]["state"] == "sent",
        "the inbox shows it sent"
    );
    assert_eq!(app.admin_json("/bookings", &signed).await["bookings"][0]["review"]["openedAt"], Value::Null);

    let click = app.get(link.trim_start_matches("https://trailers.example.com")).await;
    assert_eq!(click.status(), 303);
    assert_eq!(click.headers()["location"], "https://reviews.example.com/front-range-trailer-works");
    let inbox = app.admin_json("/bookings", &signed).await;
    assert!(inbox["bookings"][0]["review"]["openedAt"].is_string(), "the click is counted");
    let counts: HashMap<String, i64> = app
        .rows::<(String, i64)>("SELECT purpose, COUNT(*) FROM deliveries GROUP BY purpose")
        .await
        .into_iter()
        .collect();
    assert_eq!(counts.get("review"), Some(&1));
}

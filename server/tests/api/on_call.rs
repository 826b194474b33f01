//! Who is on call and escalation, on a test clock (no waiting): the rota, its gaps and a
//! member's 'I'm on call until'; each step of an unanswered emergency to the right people at its
//! time, stopped by 'I've got it' or a call tap; each step once with two instances. On SQLite and
//! on PostgreSQL.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use trailerworks::on_call;

use crate::{
    bookings::booking,
    helpers::{ADMIN_EMAIL, Signed, TestApp, spawn_app},
    push::{emergency, subscribe},
    push_service::{Browser, PushService, push_service},
    scheduling::{app_with_mail, read_mail},
    team::staff_member,
    texts::move_to_hour,
};

/// The day of the week and hour it is now on the shop's clock, a few minutes into the hour (the
/// clock is moved there if the hour is about to end).
fn hour_now(app: &TestApp) -> (u8, u8) {
    let zone = jiff::tz::TimeZone::get("America/Denver").expect("the shop's zone");
    let minute = app.clock.now().to_zoned(zone.clone()).minute();
    if minute >= 45 {
        app.clock.advance(Duration::from_secs(20 * 60));
    }
    on_call::rota::slot(app.clock.now(), &zone)
}

/// Every hour of the week but `except` (day, hour), with `first` and `second` on call.
fn rota(first: i64, second: Option<i64>, except: Option<(u8, u8)>) -> Value {
    let mut shifts = Vec::new();
    for day in 0..7u8 {
        match except {
            Some((skip_day, hour)) if skip_day == day => {
                if hour > 0 {
                    shifts.push(
                        json!({ "weekday": day, "from": 0, "to": hour, "first": first, "second": second }),
                    );
                }
                if hour < 23 {
                    shifts.push(json!({ "weekday": day, "from": hour + 1, "to": 24, "first": first, "second": second }));
                }
            }
            _ => {
                shifts.push(json!({ "weekday": day, "from": 0, "to": 24, "first": first, "second": second }))
            }
        }
    }
    json!({ "shifts": shifts })
}

async fn put(app: &TestApp, signed: &Signed, path: &str, body: &Value) -> u16 {
    app.admin(Method::PUT, path, signed).json(body).send().await.expect("a response").status().as_u16()
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .map(|people| people.iter().filter_map(|p| p["name"].as_str()).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn the_rota_says_who_is_on_call_at_a_shop_hour_with_its_gaps_and_a_hand_over() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let staff = staff_member(&app, &owner, "ana@example.com").await;
    let ana = app.count("SELECT id FROM users WHERE email = 'ana@example.com'").await;
    let page = app.admin_json("/on-call", &staff).await;
    assert_eq!(names(&page["now"]["first"]), [ADMIN_EMAIL], "no rota: every owner, always");
    assert_eq!(page["gaps"], json!([]));

    let (day, hour) = hour_now(&app);
    assert_eq!(put(&app, &owner, "/on-call/rota", &rota(1, Some(ana), None)).await, 204);
    let page = app.admin_json("/on-call", &staff).await;
    assert_eq!(
        (names(&page["now"]["first"]), names(&page["now"]["second"])),
        (vec![ADMIN_EMAIL], vec!["Ana Ruiz"])
    );
    assert_eq!(page["rota"].as_array().map(Vec::len), Some(7));

    // The hour it is now left out: a gap, on Today as well.
    assert_eq!(put(&app, &owner, "/on-call/rota", &rota(ana, Some(1), Some((day, hour)))).await, 204);
    let page = app.admin_json("/on-call", &owner).await;
    assert_eq!(page["gaps"], json!([{ "weekday": day, "from": hour, "to": hour + 1 }]));
    assert_eq!(page["now"]["gap"], true);
    assert_eq!(app.admin_json("/today", &owner).await["onCall"]["gap"], true);
    // The owner's calendar feed shows the gap each week, on the shop's clock.
    let feed: Value = app
        .admin(Method::POST, "/account/calendar-feed", &owner)
        .send()
        .await
        .expect("a response")
        .json()
        .await
        .expect("JSON");
    let path =
        feed["url"].as_str().expect("a feed").trim_start_matches("https://trailers.example.com").to_owned();
    let calendar = crate::ical::read(&app.get(&path).await.text().await.expect("the feed"));
    let gaps: Vec<&Value> = calendar["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["summary"] == "Nobody on call")
        .collect();
    assert!((8..=9).contains(&gaps.len()), "one an hour long each week for 8 weeks: {calendar}");

    // Ana hands over to herself for two hours: she is first, and the gap is covered.
    let covered = app.admin(Method::POST, "/on-call/cover", &staff).json(&json!({ "hours": 2 })).send().await;
    assert_eq!(covered.expect("a response").status().as_u16(), 204);
    let now = app.admin_json("/today", &owner).await["onCall"].clone();
    assert_eq!((names(&now["first"]), now["gap"].as_bool()), (vec!["Ana Ruiz"], Some(false)));
    assert_eq!(now["cover"]["person"]["name"], "Ana Ruiz");
    app.clock.advance(Duration::from_secs(3 * 3600));
    // Signed in again: the sessions were idle for longer than they last.
    let owner = app.sign_in(ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD).await;
    let staff = app.sign_in("ana@example.com", crate::team::STAFF_PASSWORD).await;
    let later = app.admin_json("/on-call", &owner).await;
    assert!(later["now"]["cover"].is_null(), "the cover ended: {later}");

    // What the rota refuses, and who may change it.
    let overlapping = json!({ "shifts": [
        { "weekday": 0, "from": 8, "to": 12, "first": 1 },
        { "weekday": 0, "from": 11, "to": 14, "first": ana },
    ] });
    assert_eq!(put(&app, &owner, "/on-call/rota", &overlapping).await, 422);
    let stranger = json!({ "shifts": [{ "weekday": 0, "from": 8, "to": 12, "first": 999 }] });
    assert_eq!(put(&app, &owner, "/on-call/rota", &stranger).await, 422);
    assert_eq!(put(&app, &staff, "/on-call/rota", &rota(ana, None, None)).await, 403);
    let steps =
        json!({ "firstAfter": 10, "secondAfter": 5, "everyoneAfter": 15, "urgentInShopHours": false });
    assert_eq!(put(&app, &owner, "/on-call/steps", &steps).await, 422);
    assert_eq!(put(&app, &staff, "/on-call/phone", &json!({ "phone": "555" })).await, 422);
    assert_eq!(put(&app, &staff, "/on-call/phone", &json!({ "phone": "(720) 555-0134" })).await, 204);
    assert_eq!(app.admin_json("/on-call", &staff).await["yourPhone"], "+17205550134");

    // Removing Ana takes her places on call: where she was first, the owner (second) moves up.
    let removed = app.admin(Method::DELETE, &format!("/team/members/{ana}"), &owner).send().await;
    assert_eq!(removed.expect("a response").status().as_u16(), 204);
    let page = app.admin_json("/on-call", &owner).await;
    let shifts = page["rota"].as_array().expect("the rota");
    assert!(!shifts.is_empty() && shifts.iter().all(|s| s["first"] == 1 && s["second"].is_null()), "{page}");
    assert_eq!(page["gaps"], json!([{ "weekday": day, "from": hour, "to": hour + 1 }]));
}

/// An owner and Ana (staff), each with a phone subscribed; the rota: the owner first, Ana second.
async fn shop_of_two(app: &TestApp, push: &PushService) -> (Signed, Signed, Browser, Browser) {
    let owner = app.signed_in_admin().await;
    let staff = staff_member(app, &owner, "ana@example.com").await;
    let ana = app.count("SELECT id FROM users WHERE email = 'ana@example.com'").await;
    let (owners_phone, anas_phone) =
        (Browser::new(&push.origin, "push", "owner"), Browser::new(&push.origin, "push", "ana"));
    assert_eq!(subscribe(app, &owner, &owners_phone).await.status(), 201);
    assert_eq!(subscribe(app, &staff, &anas_phone).await.status(), 201);
    assert_eq!(put(app, &owner, "/on-call/rota", &rota(1, Some(ana), None)).await, 204);
    (owner, staff, owners_phone, anas_phone)
}

/// The titles of the pushes `browser` got.
fn titles(push: &PushService, browser: &Browser) -> Vec<String> {
    push.log
        .for_subscription(&browser.name)
        .iter()
        .map(|received| browser.read(received)["title"].as_str().unwrap_or("").to_owned())
        .collect()
}

/// Whom each of the escalation's beats went to, in the request's history (its steps, the last
/// alert and the reminders past the promise, as "kind: whom").
async fn beats_in_history(app: &TestApp, signed: &Signed, id: i64) -> Vec<String> {
    let page = app.admin_json(&format!("/bookings/{id}"), signed).await;
    page["history"]
        .as_array()
        .expect("a history")
        .iter()
        .filter(|entry| {
            ["escalated", "last-alert", "past-promise"].contains(&entry["kind"].as_str().unwrap_or(""))
        })
        .map(|entry| {
            format!("{}: {}", entry["kind"].as_str().unwrap_or(""), entry["detail"].as_str().unwrap_or(""))
        })
        .collect()
}

async fn steps_in_history(app: &TestApp, signed: &Signed, id: i64) -> Vec<String> {
    beats_in_history(app, signed, id)
        .await
        .into_iter()
        .filter_map(|beat| beat.strip_prefix("escalated: ").map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn an_unanswered_emergency_escalates_step_by_step_and_taking_it_holds_the_steps_for_10_minutes() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let push = push_service().await;
    let (owner, staff, owners_phone, anas_phone) = shop_of_two(&app, &push).await;
    let mut body = emergency("escalate-0001");
    let what_happened = "What happened? A few words help the crew come ready, like \"axle snapped\" or \"tire blew out, no spare\".";
    body["answers"]
        .as_array_mut()
        .expect("answers")
        .insert(2, json!({ "question": what_happened, "answer": "Axle snapped" }));
    let stored: Value = app.post_json("/api/bookings", &body).await.json().await.expect("JSON");
    let id = stored["id"].as_i64().expect("an id");
    app.deliver_due().await;
    assert_eq!(titles(&push, &owners_phone).len(), 1, "at once: the first push, as before");
    let mails_before = mailbox.messages().len();

    app.clock.advance(Duration::from_secs(4 * 60));
    app.deliver_due().await;
    assert!(steps_in_history(&app, &owner, id).await.is_empty(), "nothing before 5 minutes");

    app.clock.advance(Duration::from_secs(60));
    app.deliver_due().await;
    assert_eq!(steps_in_history(&app, &owner, id).await, [ADMIN_EMAIL]);
    assert_eq!(
        titles(&push, &owners_phone).last().map(String::as_str),
        Some(&*format!("Still waiting: emergency #{id}"))
    );
    assert_eq!(titles(&push, &anas_phone).len(), 1, "Ana is second: not yet");
    let still_waiting =
        push.log.for_subscription(&owners_phone.name).last().map(|received| owners_phone.read(received));
    let still_waiting = still_waiting.expect("the step's push");
    assert_eq!(
        (&still_waiting["take"], &still_waiting["renotify"]),
        (&json!(true), &json!(true)),
        "it rings again"
    );
    let paged: Vec<_> = mailbox.messages()[mails_before..].iter().map(|raw| read_mail(raw)).collect();
    assert_eq!(paged.len(), 1, "texts are not set up: the first on call is e-mailed");
    assert_eq!(paged[0].to, ADMIN_EMAIL);
    assert_eq!(paged[0].subject, format!("Still waiting: emergency #{id} in Aurora"));
    // What the member needs to call at once: the customer, the number and what is wrong.
    let link = format!("/dbadmin/bookings/{id}");
    for said in [link.as_str(), "Call Jamie Ortiz at ", "(\"Axle snapped\")", "alert 1 of 3"] {
        assert!(paged[0].text.contains(said), "{said}: {}", paged[0].text);
    }
    let today = app.admin_json("/today", &staff).await;
    assert_eq!(today["emergencies"]["shown"][0]["escalated"]["to"], ADMIN_EMAIL);

    app.clock.advance(Duration::from_secs(5 * 60));
    app.deliver_due().await;
    assert_eq!(steps_in_history(&app, &owner, id).await, [ADMIN_EMAIL, "Ana Ruiz"]);
    assert_eq!(titles(&push, &anas_phone).len(), 2, "then Ana");
    assert_eq!(mailbox.messages().last().map(|raw| read_mail(raw).to), Some("ana@example.com".to_owned()));

    // Ana takes it at 10 minutes: everyone's step (due at 15) waits until 20.
    let taken = app.admin(Method::POST, &format!("/bookings/{id}/take"), &staff).send().await;
    assert_eq!(taken.expect("a response").status().as_u16(), 200);
    let today = app.admin_json("/today", &owner).await;
    assert!(today["emergencies"]["shown"][0]["escalated"].is_null(), "taken since: {today}");
    app.clock.advance(Duration::from_secs(9 * 60));
    app.deliver_due().await;
    assert_eq!(steps_in_history(&app, &owner, id).await.len(), 2, "held for 10 minutes");
    app.clock.advance(Duration::from_secs(60));
    app.deliver_due().await;
    assert_eq!(
        steps_in_history(&app, &owner, id).await,
        [ADMIN_EMAIL, "Ana Ruiz", "everyone"],
        "nobody called"
    );

    // 5 minutes before the promise runs out: the last alert, to the people on call and Ana.
    app.clock.advance(Duration::from_secs(5 * 60));
    app.deliver_due().await;
    assert_eq!(
        beats_in_history(&app, &owner, id).await.last().map(String::as_str),
        Some(&*format!("last-alert: {ADMIN_EMAIL}, Ana Ruiz"))
    );
    assert_eq!(
        titles(&push, &anas_phone).last().map(String::as_str),
        Some(&*format!("Last alert: emergency #{id}"))
    );
    let last = read_mail(mailbox.messages().last().expect("the last alert's e-mail"));
    assert!(last.text.contains("the 30-minute promise runs out soon"), "{}", last.text);

    // Past the promise: everyone, every 15 minutes, until someone answers.
    app.clock.advance(Duration::from_secs(5 * 60));
    app.deliver_due().await;
    app.clock.advance(Duration::from_secs(15 * 60));
    app.deliver_due().await;
    let beats = beats_in_history(&app, &owner, id).await;
    assert_eq!(beats[beats.len() - 2..], ["past-promise: everyone", "past-promise: everyone"]);
    assert_eq!(
        titles(&push, &owners_phone).last().map(String::as_str),
        Some(&*format!("Past the promise: emergency #{id}"))
    );
    let past = read_mail(mailbox.messages().last().expect("the reminder's e-mail"));
    assert!(past.text.contains("in 45 minutes"), "{}", past.text);

    let call =
        app.admin(Method::POST, &format!("/bookings/{id}/contact"), &staff).json(&json!({ "how": "call" }));
    assert_eq!(call.send().await.expect("a response").status().as_u16(), 204);
    let (owner_pushes, mails, beats) = (
        titles(&push, &owners_phone).len(),
        mailbox.messages().len(),
        beats_in_history(&app, &owner, id).await.len(),
    );
    app.clock.advance(Duration::from_secs(60 * 60));
    app.deliver_due().await;
    assert_eq!(beats_in_history(&app, &owner, id).await.len(), beats, "the call stopped it");
    assert_eq!((titles(&push, &owners_phone).len(), mailbox.messages().len()), (owner_pushes, mails));
    let figures = app.admin_json("/today", &owner).await["escalation"].clone();
    assert_eq!(
        figures,
        json!({ "beforeAnyStep": 0, "afterStep": [0, 1, 0], "waiting": 0 }),
        "Ana took it after the second step"
    );
}

#[tokio::test]
async fn a_call_tap_stops_the_escalation_and_an_answered_request_never_escalates() {
    let app = spawn_app().await;
    let push = push_service().await;
    let (owner, _staff, owners_phone, _) = shop_of_two(&app, &push).await;
    let first: Value =
        app.post_json("/api/bookings", &emergency("escalate-0002")).await.json().await.expect("JSON");
    let second: Value =
        app.post_json("/api/bookings", &emergency("escalate-0003")).await.json().await.expect("JSON");
    let (first, second) = (first["id"].as_i64().expect("an id"), second["id"].as_i64().expect("an id"));
    let call = app
        .admin(Method::POST, &format!("/bookings/{second}/contact"), &owner)
        .json(&json!({ "how": "call" }));
    assert_eq!(call.send().await.expect("a response").status().as_u16(), 204);
    app.clock.advance(Duration::from_secs(5 * 60));
    app.deliver_due().await;
    assert_eq!(steps_in_history(&app, &owner, first).await.len(), 1);
    assert!(steps_in_history(&app, &owner, second).await.is_empty(), "answered before its first step");
    let call = app
        .admin(Method::POST, &format!("/bookings/{first}/contact"), &owner)
        .json(&json!({ "how": "call" }));
    assert_eq!(call.send().await.expect("a response").status().as_u16(), 204);
    let pushes = titles(&push, &owners_phone).len();
    app.clock.advance(Duration::from_secs(30 * 60));
    app.deliver_due().await;
    assert_eq!(steps_in_history(&app, &owner, first).await.len(), 1, "the call stopped it");
    assert_eq!(titles(&push, &owners_phone).len(), pushes);
    assert_eq!(app.count("SELECT COUNT(*) FROM escalations WHERE due_at IS NOT NULL").await, 0);
    let figures = app.admin_json("/today", &owner).await["escalation"].clone();
    assert_eq!(figures, json!({ "beforeAnyStep": 1, "afterStep": [1, 0, 0], "waiting": 0 }));
}

/// An urgent request (not an emergency) sent now; its id.
async fn urgent_request(app: &TestApp, submission: &str) -> i64 {
    let mut body = booking(submission);
    body["answers"][3]["answer"] = json!("Urgent (24-48 hours)");
    let stored: Value = app.post_json("/api/bookings", &body).await.json().await.expect("JSON");
    stored["id"].as_i64().expect("an id")
}

#[tokio::test]
async fn an_urgent_request_escalates_only_in_shop_hours_and_only_when_the_owner_chose_so() {
    let app = spawn_app().await;
    // 10 AM on a day the shop is open, by its own calendar (closed on Sundays and holidays, as
    // New Year's Day: `make dates` starts one run at 23:59 on New Year's Eve); signed in then, as
    // a session ends after two idle hours.
    let content = trailerworks::site::content::Content::load(None).expect("the built-in content");
    move_to_hour(&app, 10);
    while !trailerworks::schedule::calendar::Calendar::new(&content).open_at(app.clock.now()) {
        move_to_hour(&app, 10);
    }
    let owner = app.signed_in_admin().await;
    let before = urgent_request(&app, "escalate-urgent-1").await;
    let chosen = json!({
        "firstAfter": 5, "secondAfter": 10, "everyoneAfter": 15, "lastAlertBefore": 5, "urgentInShopHours": true
    });
    assert_eq!(put(&app, &owner, "/on-call/steps", &chosen).await, 204);
    assert_eq!(app.admin_json("/on-call", &owner).await["steps"], chosen);
    let after = urgent_request(&app, "escalate-urgent-2").await;
    app.clock.advance(Duration::from_secs(5 * 60));
    app.deliver_due().await;
    assert!(steps_in_history(&app, &owner, before).await.is_empty(), "sent before the owner chose so");
    assert_eq!(steps_in_history(&app, &owner, after).await, [ADMIN_EMAIL]);
    let today = app.admin_json("/today", &owner).await;
    let line = today["unanswered"]["shown"]
        .as_array()
        .expect("the lines")
        .iter()
        .find(|l| l["id"] == after)
        .cloned();
    assert_eq!(line.expect("the request waits")["escalated"]["to"], ADMIN_EMAIL);
    assert_eq!(today["escalation"]["waiting"], 0, "the figures are the emergencies'");

    // At night the shop is closed: an urgent request waits for the morning, as before.
    move_to_hour(&app, 22);
    let night = urgent_request(&app, "escalate-urgent-3").await;
    app.clock.advance(Duration::from_secs(20 * 60));
    app.deliver_due().await;
    let owner = app.sign_in(ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD).await;
    assert!(steps_in_history(&app, &owner, night).await.is_empty(), "closed: no escalation");
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn each_step_fires_once_when_two_instances_race_for_it() {
    let storage = crate::helpers::TestStorage::new().await;
    assert!(storage.config.database_url.is_some(), "needs PostgreSQL");
    let a = crate::helpers::spawn_app_on(&storage, |_| {}).await;
    let b = crate::helpers::spawn_app_on(&storage, |_| {}).await;
    let push = push_service().await;
    let owner = a.signed_in_admin().await;
    assert_eq!(subscribe(&a, &owner, &Browser::new(&push.origin, "push", "owner")).await.status(), 201);
    for n in 0..20 {
        let app = if n % 2 == 0 { &a } else { &b };
        assert_eq!(app.post_json("/api/bookings", &emergency(&format!("race-{n:04}"))).await.status(), 201);
    }
    for minutes in [5, 5, 5] {
        for app in [&a, &b] {
            app.clock.advance(Duration::from_secs(minutes * 60));
        }
        tokio::join!(a.deliver_due(), b.deliver_due());
    }
    assert_eq!(
        a.count("SELECT COUNT(*) FROM booking_events WHERE kind = 'escalated'").await,
        60,
        "3 steps each"
    );
    assert_eq!(
        a.count("SELECT COUNT(*) FROM deliveries WHERE purpose LIKE 'escalate-%' AND state = 'sent'").await,
        40,
        "the first step and everyone's: one push each to the owner's one device"
    );
    assert_eq!(
        a.count("SELECT COUNT(*) FROM escalations WHERE due_at IS NOT NULL AND next_step = 4").await,
        20,
        "each waits for its last alert"
    );
}

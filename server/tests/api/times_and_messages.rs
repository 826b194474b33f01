//! Every time and every message right: holidays and closed hours refused to the owner unless
//! taken anyway, no time offered on a holiday, the shop's own city's ZIP codes in the area, one
//! clean message sequence (no reminder beside a late confirmation, none after done or
//! cancelled, no review before the job ended), a customer's cancellation as its own status, the
//! customer told of their own changes with a calendar file that updates the same event, and
//! every e-mail a MIME message.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{Signed, TestApp, spawn_app},
    ical,
    scheduling::{self, booking_at, open_times, read_mail},
    stand_ins::Mailbox,
};

/// Holidays of the default six between late 2026 and mid 2027, by their rule.
const HOLIDAYS: [&str; 5] = ["2026-11-26", "2026-12-25", "2027-01-01", "2027-05-31", "2027-07-04"];

/// An app with e-mail set up that polls its outbox every second.
async fn app_with_mail() -> (TestApp, Mailbox) {
    scheduling::app_with_mail(|c| c.delivery_lease_ms = 1000).await
}

fn set_time(app: &TestApp, signed: &Signed, id: i64, time: Value) -> reqwest::RequestBuilder {
    app.admin(Method::PUT, &format!("/bookings/{id}/appointment"), signed).json(&time)
}

async fn book(app: &TestApp, body: &Value) -> Value {
    let response = app.post_json("/api/bookings", body).await;
    assert_eq!(response.status(), 201, "{body}");
    response.json().await.expect("JSON")
}

async fn field_error(response: reqwest::Response, field: &str) -> String {
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.expect("JSON");
    body["errors"][field][0].as_str().unwrap_or_else(|| panic!("a message for {field}: {body}")).to_owned()
}

/// The e-mails `to` got, raw.
fn raw_to(mailbox: &Mailbox, to: &str) -> Vec<String> {
    mailbox.messages().into_iter().filter(|raw| raw.contains(&format!("To: {to}"))).collect()
}

#[tokio::test]
async fn no_time_is_offered_on_a_holiday_and_the_schedule_shows_them() {
    let app = spawn_app().await;
    for kind in ["shop", "mobile"] {
        let days = open_times(&app, &format!("kind={kind}")).await["days"].clone();
        for day in days.as_array().unwrap() {
            assert!(!HOLIDAYS.contains(&day.as_str().unwrap()), "{kind} offers {day}");
        }
    }
    let signed = app.signed_in_admin().await;
    let schedule = app.admin_json("/schedule?from=2026-11-20&days=45", &signed).await;
    let (weekly, set_apart): (Vec<Value>, Vec<Value>) =
        schedule["closed"].as_array().unwrap().iter().cloned().partition(|day| day["weekly"] == true);
    assert_eq!(
        set_apart,
        [
            json!({ "date": "2026-11-26", "reason": "Thanksgiving", "weekly": false }),
            json!({ "date": "2026-12-25", "reason": "Christmas Day", "weekly": false }),
            json!({ "date": "2027-01-01", "reason": "New Year's Day", "weekly": false }),
        ]
    );
    // Sundays have no hours of either kind: closed, not 'nothing booked'.
    let sundays: Vec<&str> = weekly.iter().map(|day| day["date"].as_str().unwrap()).collect();
    assert_eq!(
        sundays,
        ["2026-11-22", "2026-11-29", "2026-12-06", "2026-12-13", "2026-12-20", "2026-12-27", "2027-01-03"]
    );
    assert!(weekly.iter().all(|day| day["reason"] == "Closed"));

    // The owner adds the day after Thanksgiving and a closed day of their own.
    let saved = app
        .change_site(&signed, |details| {
            details["scheduling"]["holidays"].as_array_mut().unwrap().push(json!("day_after_thanksgiving"));
            details["scheduling"]["closedDates"] = json!(["2026-12-28"]);
        })
        .await;
    assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap_or_default());
    let schedule = app.admin_json("/schedule?from=2026-11-27&days=2", &signed).await;
    assert_eq!(
        schedule["closed"],
        json!([{ "date": "2026-11-27", "reason": "Day after Thanksgiving", "weekly": false }])
    );
    let schedule = app.admin_json("/schedule?from=2026-12-28&days=1", &signed).await;
    assert_eq!(schedule["closed"], json!([{ "date": "2026-12-28", "reason": "Closed", "weekly": false }]));

    let refused = app
        .change_site(&signed, |details| details["scheduling"]["holidays"] = json!(["groundhog_day"]))
        .await;
    assert_eq!(refused.status(), 422, "an unknown holiday");
}

#[tokio::test]
async fn the_owner_is_told_why_a_closed_or_late_time_is_refused_and_may_take_it_anyway() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let window = open_times(&app, "kind=mobile").await["times"][0]["start"].as_str().unwrap().to_owned();
    let id = book(&app, &booking_at("rules-owner-0001", "mobile", &window)).await["id"].as_i64().unwrap();
    let at = |date: &str, start: &str, outside: bool| json!({ "kind": "shop", "date": date, "start": start, "minutes": 60, "outsideHours": outside });

    // Next year's Christmas, and its first Sunday of December and the Monday after: always ahead
    // of the clock.
    let year = app.clock.now().to_zoned(jiff::tz::TimeZone::UTC).year() + 1;
    let christmas_day = jiff::civil::date(year, 12, 25);
    let sunday_date = jiff::civil::date(year, 12, 1)
        .nth_weekday_of_month(1, jiff::civil::Weekday::Sunday)
        .expect("a Sunday");
    let monday_date = sunday_date.tomorrow().expect("a Monday");
    let christmas = field_error(
        set_time(&app, &signed, id, at(&christmas_day.to_string(), "10:00", false)).send().await.unwrap(),
        "start",
    )
    .await;
    let named = christmas_day.strftime("%A, %B %-d").to_string();
    assert!(christmas.contains(&format!("closed on {named} (Christmas Day)")), "{christmas}");
    let sunday = field_error(
        set_time(&app, &signed, id, at(&sunday_date.to_string(), "22:00", false)).send().await.unwrap(),
        "start",
    )
    .await;
    assert!(sunday.contains("no drop-off hours on Sundays"), "{sunday}");
    let late = field_error(
        set_time(&app, &signed, id, at(&monday_date.to_string(), "18:00", false)).send().await.unwrap(),
        "start",
    )
    .await;
    let named = monday_date.strftime("%A, %B %-d").to_string();
    assert!(late.contains(&format!("outside the drop-off hours on {named} (8:00 AM-6:00 PM)")), "{late}");
    assert!(late.ends_with("Pick another time, or set it anyway."), "{late}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM appointments WHERE state = 'confirmed'").await,
        0,
        "nothing taken"
    );

    let anyway =
        set_time(&app, &signed, id, at(&sunday_date.to_string(), "22:00", true)).send().await.unwrap();
    assert_eq!(anyway.status(), 200, "taken on purpose");
    let past = set_time(&app, &signed, id, at("2020-01-06", "10:00", true)).send().await.unwrap();
    assert!(field_error(past, "start").await.contains("has not passed"), "the past never");
}

#[tokio::test]
async fn the_shops_own_citys_zip_codes_are_in_the_area_and_a_mobile_time_outside_it_is_not_taken() {
    let app = spawn_app().await;
    for zip in ["80205", "80202", "80211", "80216", "80219", "80237"] {
        let check: Value = app.get(&format!("/api/service-area?place={zip}")).await.json().await.unwrap();
        assert_eq!(check["inArea"], true, "{zip}: {check}");
        assert!(check["message"].as_str().unwrap().contains("our shop is in Denver"), "{check}");
    }
    let far: Value = app.get("/api/service-area?place=80501").await.json().await.unwrap();
    assert_eq!(far["inArea"], false, "Longmont is not");

    let window = open_times(&app, "kind=mobile").await["times"][0]["start"].as_str().unwrap().to_owned();
    let mut outside = booking_at("rules-area-0001", "mobile", &window);
    outside["location"] = json!("Cheyenne, WY");
    let refused = app.post_json("/api/bookings", &outside).await;
    assert!(field_error(refused, "appointment").await.contains("we'll call to arrange"));
    let drop_off = open_times(&app, "kind=shop").await["times"][0]["start"].as_str().unwrap().to_owned();
    let mut shop = booking_at("rules-area-0002", "shop", &drop_off);
    shop["location"] = json!("Cheyenne, WY");
    book(&app, &shop).await;
    let mut denver = booking_at("rules-area-0003", "mobile", &window);
    denver["location"] = json!("80205");
    book(&app, &denver).await;
}

#[tokio::test]
async fn a_late_confirmation_goes_alone_and_done_or_cancelled_stops_the_reminders() {
    let (app, mailbox) = app_with_mail().await;
    let signed = app.signed_in_admin().await;
    // Reminders at midnight: one for tomorrow's job is always past by now.
    let saved =
        app.change_site(&signed, |details| details["scheduling"]["reminderTime"] = json!("00:00")).await;
    assert_eq!(saved.status(), 200);
    let tomorrow = app
        .clock
        .now()
        .to_zoned(jiff::tz::TimeZone::get("America/Denver").unwrap())
        .date()
        .tomorrow()
        .unwrap()
        .to_string();
    let mut ids = Vec::new();
    for n in 0..3 {
        let mut body = crate::bookings::booking(&format!("rules-seq-{n:04}"));
        body["email"] = json!(format!("customer{n}@example.com"));
        let booked = book(&app, &body).await;
        ids.push(booked["id"].as_i64().unwrap());
    }
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 6, "the first e-mails");
    let time = json!({ "kind": "shop", "date": tomorrow, "start": "12:00", "minutes": 60, "outsideHours": true, "overbook": true });
    let confirmed = set_time(&app, &signed, ids[0], time.clone()).send().await.unwrap();
    assert_eq!(confirmed.status(), 200);
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 7, "the confirmation");
    assert!(read_mail(&mailbox.messages()[6]).subject.starts_with("Confirmed: "));
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE purpose LIKE 'reminder-%'").await,
        0,
        "no reminder beside it"
    );

    // Two jobs days ahead, with reminders waiting: done and cancelled stop them.
    let later = app
        .clock
        .now()
        .to_zoned(jiff::tz::TimeZone::get("America/Denver").unwrap())
        .date()
        .saturating_add(jiff::Span::new().days(10))
        .to_string();
    for id in &ids[1..] {
        let set = set_time(
            &app,
            &signed,
            *id,
            json!({ "kind": "shop", "date": later, "start": "10:00", "minutes": 60, "outsideHours": true, "overbook": true }),
        );
        assert_eq!(set.send().await.unwrap().status(), 200);
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE purpose LIKE 'reminder-%' AND state = 'pending'")
            .await,
        2
    );
    for (id, status) in [(ids[1], "done"), (ids[2], "cancelled")] {
        let set = app
            .admin(Method::PUT, &format!("/bookings/{id}/status"), &signed)
            .json(&json!({ "status": status }));
        assert_eq!(set.send().await.unwrap().status(), 200);
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE purpose LIKE 'reminder-%' AND state = 'pending'")
            .await,
        0
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM appointments WHERE state = 'cancelled'").await,
        1,
        "the cancelled job's time is free"
    );

    // The done job's review waits for its appointment to end.
    let saved = app
        .change_site(&signed, |details| {
            details["scheduling"]["reviewUrl"] = json!("https://reviews.example.com/shop")
        })
        .await;
    assert_eq!(saved.status(), 200);
    let early = app
        .admin(Method::POST, &format!("/bookings/{}/review-request", ids[1]), &signed)
        .send()
        .await
        .unwrap();
    assert!(field_error(early, "appointment").await.contains("once it has ended"));
    assert_eq!(app.count("SELECT COUNT(*) FROM deliveries WHERE purpose = 'review'").await, 0);
}

#[tokio::test]
async fn a_customers_cancellation_is_a_status_and_they_hear_of_their_own_changes() {
    // With the shop's own phone, which the e-mails offer to call.
    let (app, mailbox) = scheduling::app_with_mail(|c| {
        c.delivery_lease_ms = 1000;
        c.content = Some(crate::helpers::own_details().to_owned());
    })
    .await;
    let times = open_times(&app, "kind=shop").await["times"].clone();
    let booked = book(&app, &booking_at("rules-own-0001", "shop", times[0]["start"].as_str().unwrap())).await;
    let id = booked["id"].as_i64().unwrap();
    let token = booked["manageUrl"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    let customer = "rules-own-0001@example.com";
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "the first e-mails");

    let moved = app
        .client
        .put(format!("{}/api/manage/{token}/time", app.url))
        .json(&json!({ "start": times[1]["start"] }));
    assert_eq!(moved.send().await.unwrap().status(), 200);
    app.deliver_due().await;
    assert!(raw_to(&mailbox, customer).len() == 2, "the customer hears of their move");
    let told = raw_to(&mailbox, customer).pop().unwrap();
    assert_eq!(
        read_mail(&told).subject,
        format!("New time asked for: {}", times[1]["label"].as_str().unwrap())
    );
    let first = ical::read(&read_mail(&raw_to(&mailbox, customer)[0]).calendar.expect("a calendar file"));
    let second = ical::read(&read_mail(&told).calendar.expect("a calendar file"));
    assert_eq!(second["events"][0]["uid"], first["events"][0]["uid"], "the same event");
    assert!(second["events"][0]["sequence"].as_i64() > first["events"][0]["sequence"].as_i64());

    let cancel = app
        .client
        .post(format!("{}/api/manage/{token}/cancel", app.url))
        .json(&json!({ "reason": "Fixed it myself" }));
    assert_eq!(cancel.send().await.unwrap().status(), 200);
    app.deliver_due().await;
    assert!(raw_to(&mailbox, customer).len() == 3, "the customer hears of the cancellation");
    let cancelled = raw_to(&mailbox, customer).pop().unwrap();
    assert!(
        read_mail(&cancelled).subject.starts_with("Cancelled: your service request"),
        "{}",
        read_mail(&cancelled).subject
    );
    let file = read_mail(&cancelled).calendar.expect("a calendar file");
    assert!(file.contains("METHOD:CANCEL"), "{file}");
    assert!(cancelled.contains("method=CANCEL"), "the part says so too");
    let third = ical::read(&file);
    assert_eq!(
        (third["events"][0]["uid"].clone(), third["events"][0]["status"].clone()),
        (first["events"][0]["uid"].clone(), json!("CANCELLED"))
    );
    assert!(third["events"][0]["sequence"].as_i64() > second["events"][0]["sequence"].as_i64());

    let signed = app.signed_in_admin().await;
    let inbox = app.admin_json("/bookings", &signed).await;
    assert_eq!(
        (inbox["bookings"][0]["id"].as_i64(), inbox["bookings"][0]["status"].clone()),
        (Some(id), json!("cancelled"))
    );
    assert_eq!(inbox["bookings"][0]["cancelReason"], "Fixed it myself");
    let today = app.admin_json("/today", &signed).await;
    assert_eq!(today["unanswered"]["total"], 0, "{today}");
    let open = app.admin_json("/bookings?status=new", &signed).await;
    assert_eq!(open["bookings"].as_array().unwrap().len(), 0);

    // Every e-mail is a MIME message, plain ones too, and no sentence is broken across lines.
    for raw in mailbox.messages() {
        assert!(raw.contains("MIME-Version: 1.0"), "{raw}");
    }
    let text = read_mail(&raw_to(&mailbox, customer).remove(0)).text;
    assert!(text.contains("to confirm the details. If it can't wait"), "{text}");
}

#[tokio::test]
async fn dropping_a_time_tells_the_customer_a_minute_later_unless_undone() {
    let (app, mailbox) = app_with_mail().await;
    let signed = app.signed_in_admin().await;
    let times = open_times(&app, "kind=shop").await["times"].clone();
    let booked =
        book(&app, &booking_at("rules-drop-0001", "shop", times[0]["start"].as_str().unwrap())).await;
    let id = booked["id"].as_i64().unwrap();
    let customer = "rules-drop-0001@example.com";
    app.deliver_due().await;
    assert!(mailbox.messages().len() == 2, "the first e-mails");
    assert_eq!(
        app.admin(Method::POST, &format!("/bookings/{id}/appointment/confirm"), &signed)
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    app.deliver_due().await;
    assert!(raw_to(&mailbox, customer).len() == 2, "the confirmation");
    let status =
        || async { app.admin_json(&format!("/bookings/{id}"), &signed).await["booking"]["status"].clone() };
    let drop = || async {
        let dropped =
            app.admin(Method::DELETE, &format!("/bookings/{id}/appointment"), &signed).send().await.unwrap();
        assert_eq!(dropped.status(), 204);
    };

    // Dropped and undone within the minute: the customer hears nothing, the job is as it was.
    drop().await;
    assert_eq!(status().await, "contacted", "a job without a time is not scheduled");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE purpose = 'time-3' AND state = 'pending'").await,
        1,
        "waiting a minute"
    );
    let again = json!({ "kind": "shop", "date": times[0]["date"], "start": scheduling::shop_clock(&times[0]),
                        "minutes": 60, "overbook": true, "outsideHours": true });
    assert_eq!(set_time(&app, &signed, id, again).send().await.unwrap().status(), 200);
    assert_eq!(status().await, "scheduled");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE purpose LIKE 'time-%' AND state = 'pending'").await,
        0
    );
    app.deliver_due().await;
    assert_eq!(raw_to(&mailbox, customer).len(), 2, "no 'new time' for the same time");

    // Dropped for good: told a minute later.
    drop().await;
    assert_eq!(
        app.count("SELECT COUNT(*) FROM deliveries WHERE purpose = 'time-5' AND state = 'pending'").await,
        1,
        "waiting a minute"
    );
    app.execute(
        "UPDATE deliveries SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE purpose = 'time-5'",
    )
    .await;
    app.deliver_due().await;
    assert!(raw_to(&mailbox, customer).len() == 3, "the customer hears of the drop");
    let told = raw_to(&mailbox, customer).pop().unwrap();
    assert!(read_mail(&told).subject.starts_with("Time cancelled: "), "{}", read_mail(&told).subject);
    assert!(read_mail(&told).calendar.unwrap().contains("STATUS:CANCELLED"));
    let view: Value = app
        .get(&format!("/api/manage/{}", booked["manageUrl"].as_str().unwrap().rsplit('/').next().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(view["time"]["state"], "cancelled", "{view}");
}

#[tokio::test]
async fn an_emergency_is_promised_the_emergency_response_time() {
    let (app, mailbox) = app_with_mail().await;
    book(&app, &crate::push::emergency("rules-sos-0001")).await;
    app.deliver_due().await;
    assert!(raw_to(&mailbox, "jamie@example.com").len() == 1, "the e-mails");
    let raw = raw_to(&mailbox, "jamie@example.com").pop().unwrap();
    let text = read_mail(&raw).text;
    assert!(text.contains("within 30 minutes"), "{text}");
    assert!(!text.contains("business day"), "{text}");
}

#[tokio::test]
async fn the_trailer_type_typed_for_other_is_in_the_customers_email_and_on_their_page() {
    let (app, mailbox) = app_with_mail().await;
    let mut body = crate::bookings::booking("rules-other-0001");
    body["answers"][0]["answer"] = json!("Other (please specify)");
    let typed = "No problem! What kind of trailer is it? A few words are enough, like \"horse trailer\" or \"car hauler\".";
    body["answers"]
        .as_array_mut()
        .unwrap()
        .insert(1, json!({ "question": typed, "answer": "Gooseneck horse trailer" }));
    let booked = book(&app, &body).await;
    app.deliver_due().await;
    assert!(raw_to(&mailbox, "jamie@example.com").len() == 1, "the customer's e-mail");
    let raw = raw_to(&mailbox, "jamie@example.com").remove(0);
    let text = read_mail(&raw).text;
    assert!(text.contains("Trailer: Gooseneck horse trailer"), "{text}");
    let token = booked["manageUrl"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    let view: Value = app.get(&format!("/api/manage/{token}")).await.json().await.unwrap();
    assert_eq!(view["answers"][0], json!({ "label": "Trailer", "answer": "Gooseneck horse trailer" }));

    // A link typed there is not repeated by e-mail, only on the customer's own page.
    let mut body = crate::bookings::booking("rules-other-0002");
    body["email"] = json!("someone@example.com");
    body["answers"][0]["answer"] = json!("Other (please specify)");
    body["answers"]
        .as_array_mut()
        .unwrap()
        .insert(1, json!({ "question": typed, "answer": "see cheap-pills.com" }));
    book(&app, &body).await;
    app.deliver_due().await;
    assert!(raw_to(&mailbox, "someone@example.com").len() == 1, "the second e-mail");
    let raw = raw_to(&mailbox, "someone@example.com").remove(0);
    assert!(!raw.contains("cheap-pills"), "{raw}");
}

#[tokio::test]
async fn a_customer_moving_their_time_is_not_offered_the_one_they_hold() {
    let app = spawn_app().await;
    let times = open_times(&app, "kind=shop").await["times"].clone();
    let held = times[0]["start"].as_str().unwrap().to_owned();
    let booked = book(&app, &booking_at("rules-hold-0001", "shop", &held)).await;
    let token = booked["manageUrl"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    let offered: Value = app.get(&format!("/api/manage/{token}/times")).await.json().await.unwrap();
    let starts: Vec<&str> =
        offered["times"].as_array().unwrap().iter().map(|t| t["start"].as_str().unwrap()).collect();
    assert!(!starts.contains(&held.as_str()), "{starts:?}");
    assert_eq!(starts[0], times[1]["start"], "the next time is offered in its place");
    let day = times[0]["date"].as_str().unwrap();
    let that_day: Value =
        app.get(&format!("/api/manage/{token}/times?date={day}")).await.json().await.unwrap();
    assert!(that_day["times"].as_array().unwrap().iter().all(|t| t["start"] != held.as_str()));
}

#[tokio::test]
async fn the_customers_emails_say_where_the_crew_comes() {
    let (app, mailbox) = app_with_mail().await;
    let windows = open_times(&app, "kind=mobile").await["times"].clone();
    let mut body = booking_at("rules-place-0001", "mobile", windows[0]["start"].as_str().unwrap());
    body["location"] = json!("1234 W Colfax Ave, Lakewood 80215");
    let booked = book(&app, &body).await;
    let customer = "rules-place-0001@example.com";
    app.deliver_due().await;
    assert!(raw_to(&mailbox, customer).len() == 1, "the customer's e-mail");
    let mail = read_mail(&raw_to(&mailbox, customer)[0]);
    assert!(mail.text.contains("at 1234 W Colfax Ave, Lakewood 80215"), "{}", mail.text);
    let event = ical::read(&mail.calendar.expect("a calendar file"));
    assert_eq!(event["events"][0]["location"], "1234 W Colfax Ave, Lakewood 80215");
    let token = booked["manageUrl"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    let file = app.get(&format!("/api/manage/{token}/calendar.ics")).await.text().await.unwrap();
    assert!(file.contains("LOCATION:1234 W Colfax Ave\\, Lakewood 80215"), "{file}");

    // A message typed as the place is not repeated: the area's city stands in.
    let mut body = booking_at("rules-place-0002", "mobile", windows[1]["start"].as_str().unwrap());
    body["location"] = json!("Lakewood, call 303 555 0123 for a prize");
    book(&app, &body).await;
    let customer = "rules-place-0002@example.com";
    app.deliver_due().await;
    assert!(raw_to(&mailbox, customer).len() == 1, "the second e-mail");
    let raw = raw_to(&mailbox, customer).remove(0);
    assert!(!raw.contains("prize"), "{raw}");
    let text = read_mail(&raw).text;
    assert!(text.contains("arrival window, in Lakewood)"), "{text}");
}

#[tokio::test]
async fn a_service_a_card_named_is_kept_with_the_request_and_shown_to_the_customer() {
    let (app, mailbox) = app_with_mail().await;
    let mut body = crate::bookings::booking("rules-card-0001");
    body["answers"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "question": "Service asked about", "answer": "Suspension and Brake Repair" }));
    let booked = book(&app, &body).await;
    let id = booked["id"].as_i64().unwrap();
    app.deliver_due().await;
    assert!(raw_to(&mailbox, "jamie@example.com").len() == 1, "the customer's e-mail");
    let text = read_mail(&raw_to(&mailbox, "jamie@example.com")[0]).text;
    assert!(text.contains("Service: Suspension and Brake Repair"), "{text}");
    let token = booked["manageUrl"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    let view: Value = app.get(&format!("/api/manage/{token}")).await.json().await.unwrap();
    assert!(
        view["answers"]
            .as_array()
            .unwrap()
            .contains(&json!({ "label": "Service", "answer": "Suspension and Brake Repair" })),
        "{view}"
    );
    let signed = app.signed_in_admin().await;
    let request = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    let answers = request["booking"]["answers"].as_array().cloned().unwrap_or_default();
    assert!(
        answers
            .iter()
            .any(|a| a["label"] == "Service" && a["answer"] == "Suspension and Brake Repair (Repairs needed)"),
        "{request}"
    );
}

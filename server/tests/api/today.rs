//! Today tells the truth and acts: urgent requests are never behind 'N more', the response
//! figures count answered and waiting requests apart, times to confirm carry their time, a phone
//! number is one customer however it is typed, and a mobile job says its street address.

use reqwest::Method;
use serde_json::{Value, json};
use trailerworks::{clock, with_db};

use crate::{
    bookings::booking,
    helpers::{Signed, TestApp, spawn_app},
    push::emergency,
};

async fn book(app: &TestApp, body: &Value) -> i64 {
    let response = app.post_json("/api/bookings", body).await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap_or_default());
    response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
}

fn urgent(submission: &str) -> Value {
    let mut body = booking(submission);
    body["answers"][3]["answer"] = json!("Urgent (24-48 hours)");
    body
}

/// Moves request `id` back in time: it arrived `arrived` minutes ago and, if `answered`, was
/// answered that many minutes after it arrived.
async fn arrived_minutes_ago(app: &TestApp, id: i64, arrived: i64, answered: Option<i64>) {
    let created = app.clock.now() - jiff::SignedDuration::from_mins(arrived);
    let first_response =
        answered.map(|after| clock::At::from(created + jiff::SignedDuration::from_mins(after)));
    let db = app.db().await;
    with_db!(&db, |pool| {
        sqlx::query("UPDATE bookings SET created_at = $1, first_response_at = $2 WHERE id = $3")
            .bind(clock::At::from(created))
            .bind(first_response)
            .bind(id)
            .execute(pool)
            .await
            .expect("moved");
    });
}

fn ids(list: &Value) -> Vec<i64> {
    list["shown"].as_array().expect("shown").iter().map(|line| line["id"].as_i64().expect("an id")).collect()
}

#[tokio::test]
async fn every_urgent_request_waits_first_on_today_and_none_is_behind_n_more() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut routine = Vec::new();
    for n in 0..25 {
        routine.push(book(&app, &booking(&format!("5e6f7a8b-routine-{n:02}"))).await);
    }
    let mut urgent_ones = Vec::new();
    for n in 0..5 {
        urgent_ones.push(book(&app, &urgent(&format!("5e6f7a8b-urgent-{n}"))).await);
    }
    let today = app.admin_json("/today", &signed).await;
    let waiting = &today["unanswered"];
    assert_eq!(waiting["total"], 30);
    let shown = ids(waiting);
    assert_eq!(shown.len(), 25);
    assert_eq!(
        shown[..5],
        urgent_ones[..],
        "the urgent ones first, the newest among them, the longest waiting first"
    );
    assert_eq!(shown[5..], routine[..20], "then the routine ones, the longest waiting first");
    assert_eq!(waiting["urgentNotShown"], 0, "the 5 more are routine");

    // A flood of urgent requests: every one is shown, however many more than 25.
    for n in 0..30 {
        book(&app, &urgent(&format!("5e6f7a8b-flood-{n:02}"))).await;
    }
    let flooded = app.admin_json("/today", &signed).await;
    let shown = ids(&flooded["unanswered"]);
    assert_eq!(shown.len(), 35, "all 35 urgent requests");
    assert_eq!(flooded["unanswered"]["urgentNotShown"], 0);
    assert_eq!(flooded["unanswered"]["total"], 60);
}

#[tokio::test]
async fn the_figures_count_waiting_requests_apart_and_say_kept_only_of_answers() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut sos = Vec::new();
    for n in 0..4 {
        sos.push(book(&app, &emergency(&format!("6f7a8b9c-sos-{n}"))).await);
    }
    // All four arrived 2 minutes ago, none answered: nothing is 'kept' yet.
    for id in &sos {
        arrived_minutes_ago(&app, *id, 2, None).await;
    }
    let figures = app.admin_json("/today", &signed).await["response"]["emergencies"].clone();
    assert_eq!(figures["answered"]["count"], 0);
    assert_eq!(figures["answered"]["medianMinutes"], Value::Null, "no answer time is made of waits");
    assert_eq!(
        (figures["waiting"]["count"].as_i64(), figures["waiting"]["minutesLeft"].as_i64()),
        (Some(4), Some(28))
    );
    let said: Vec<&str> =
        figures["said"].as_array().unwrap().iter().map(|s| s["text"].as_str().unwrap()).collect();
    assert_eq!(said, ["None answered yet", "4 waiting, the longest 2 min, 28 min left"]);

    // One answered 3 minutes after it came 20 minutes ago; three wait 20, 12 and 2 minutes.
    arrived_minutes_ago(&app, sos[0], 20, Some(3)).await;
    arrived_minutes_ago(&app, sos[1], 20, None).await;
    arrived_minutes_ago(&app, sos[2], 12, None).await;
    let figures = app.admin_json("/today", &signed).await["response"]["emergencies"].clone();
    let said: Vec<(&str, &str)> = figures["said"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["text"].as_str().unwrap(), s["tone"].as_str().unwrap()))
        .collect();
    assert_eq!(
        said,
        [
            ("1 answered in 3 min (promise kept)", "kept"),
            ("3 waiting, the longest 20 min, 10 min left", "plain")
        ]
    );

    // One waits past the 30 minutes: that is said first, as a warning.
    arrived_minutes_ago(&app, sos[1], 45, None).await;
    let figures = app.admin_json("/today", &signed).await["response"]["emergencies"].clone();
    assert_eq!(figures["waiting"]["late"], 1);
    assert_eq!(
        figures["said"][0],
        json!({ "text": "1 waiting past the promise, for 45 min", "tone": "warning" })
    );
    assert_eq!(figures["said"][1]["text"], "1 answered in 3 min (promise kept)");
    // Insights says the same.
    let insights = app.admin_json("/insights?days=7", &signed).await;
    assert_eq!(insights["response"]["emergencies"]["said"], figures["said"]);
}

#[tokio::test]
async fn an_emergency_on_today_says_where_and_what_in_the_customers_words() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut body = emergency("7a8b9c0d-sos-words");
    body["answers"].as_array_mut().unwrap().insert(
        2,
        json!({ "question": "What happened? A few words help the crew come ready, like \"axle snapped\" or \"tire blew out, no spare\".", "answer": "Axle snapped on I-70, mile 259" }),
    );
    body["answers"].as_array_mut().unwrap().push(json!({ "question": "What's the street address? Cross streets or a highway mile marker work too.", "answer": "I-70 westbound, mile 259" }));
    body["streetAddress"] = json!("I-70 westbound, mile 259");
    body["answers"][0] = json!({ "question": "Hi! I'm your trailer assistant. What type of trailer do you have?", "answer": "Other (please specify)" });
    body["answers"].as_array_mut().unwrap().insert(1, json!({ "question": "No problem! What kind of trailer is it? A few words are enough, like \"horse trailer\" or \"car hauler\".", "answer": "horse trailer" }));
    let id = book(&app, &body).await;
    let today = app.admin_json("/today", &signed).await;
    let card = &today["emergencies"]["shown"][0];
    assert_eq!(card["id"].as_i64(), Some(id));
    assert_eq!(card["words"], "Axle snapped on I-70, mile 259");
    assert_eq!(
        (card["place"].as_str(), card["streetAddress"].as_str()),
        (Some("Aurora"), Some("I-70 westbound, mile 259"))
    );
    assert_eq!(card["summary"], "horse trailer · Need mobile service", "the trailer in the visitor's words");
    let page = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    let map = page["booking"]["mapUrl"].as_str().expect("a map link");
    assert!(
        map.starts_with(
            "https://www.google.com/maps/search/?api=1&query=I-70+westbound%2C+mile+259%2C+Aurora%2C+CO"
        ),
        "{map}"
    );
    let (message,): (String,) = app.rows("SELECT message FROM bookings").await.pop().expect("the booking");
    assert!(message.starts_with("Problem: Axle snapped on I-70, mile 259\n\n"), "{message}");
    assert!(message.contains("Street address: I-70 westbound, mile 259"), "{message}");
}

#[tokio::test]
async fn a_phone_number_with_plus_one_or_one_is_the_same_customer() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut first = booking("8b9c0d1e-phone-plain");
    first["phone"] = json!("720-555-0134");
    first["email"] = json!("first@example.com");
    let mut second = booking("8b9c0d1e-phone-plus-one");
    second["phone"] = json!("+1 (720) 555-0134");
    second["email"] = json!("second@example.com");
    let mut stranger = booking("8b9c0d1e-phone-other");
    stranger["phone"] = json!("303-555-0134");
    stranger["email"] = json!("third@example.com");
    let (a, b) = (book(&app, &first).await, book(&app, &second).await);
    book(&app, &stranger).await;

    for typed in ["+1 720.555.0134", "17205550134", "1-720-555-0134", "720-555-0134", "(720) 555 0134"] {
        let query: String = url::form_urlencoded::byte_serialize(typed.as_bytes()).collect();
        let found = app.admin_json(&format!("/bookings?q={query}"), &signed).await;
        let mut found: Vec<i64> =
            found["bookings"].as_array().unwrap().iter().map(|b| b["id"].as_i64().unwrap()).collect();
        found.sort_unstable();
        assert_eq!(found, [a, b], "{typed}");
    }
    let inbox = app.admin_json("/bookings", &signed).await;
    for booking in inbox["bookings"].as_array().unwrap() {
        let expected = if [a, b].contains(&booking["id"].as_i64().unwrap()) { 1 } else { 0 };
        assert_eq!(booking["otherRequests"], expected, "{}", booking["phone"]);
    }
    let theirs = app.admin_json(&format!("/bookings?customer={b}"), &signed).await;
    assert_eq!(theirs["bookings"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn a_time_to_confirm_carries_its_time_and_confirms_from_today() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let times = app.get("/api/availability?kind=shop").await.json::<Value>().await.expect("JSON");
    let start = times["times"][0]["start"].as_str().expect("an open time").to_owned();
    let label = times["times"][0]["label"].as_str().expect("its label").to_owned();
    let mut body = booking("9c0d1e2f-to-confirm");
    body["answers"][2]["answer"] = json!("Can bring to shop");
    body["appointment"] = json!({ "kind": "shop", "start": start });
    let id = book(&app, &body).await;
    let today = app.admin_json("/today", &signed).await;
    let line = &today["toConfirm"]["shown"][0];
    assert_eq!(line["id"].as_i64(), Some(id));
    assert_eq!(
        (line["time"]["state"].as_str(), line["time"]["kind"].as_str()),
        (Some("requested"), Some("shop"))
    );
    assert!(label.starts_with(line["time"]["label"].as_str().unwrap().split(',').next().unwrap()), "{line}");
    let confirmed = app
        .admin(Method::POST, &format!("/bookings/{id}/appointment/confirm"), &signed)
        .send()
        .await
        .expect("a response");
    assert_eq!(confirmed.status(), 200);
    let today = app.admin_json("/today", &signed).await;
    assert_eq!(today["toConfirm"]["total"], 0);
}

#[tokio::test]
async fn logout_ends_the_session_from_a_page_that_believes_it_is_signed_out() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    // A page that lost its state has no CSRF token: the cookie alone, from the same origin, ends it.
    let out = app
        .client
        .post(format!("{}/api/admin/logout", app.url))
        .header("cookie", &signed.cookie)
        .header("origin", &app.url)
        .send()
        .await
        .expect("a response");
    assert_eq!(out.status(), 204);
    assert_eq!(app.session_email(&signed).await, None);
    let old = Signed { cookie: signed.cookie.clone(), csrf: signed.csrf.clone() };
    assert_eq!(app.admin(Method::GET, "/desk", &old).send().await.expect("a response").status(), 401);
    assert_eq!(app.admin(Method::GET, "/posts", &old).send().await.expect("a response").status(), 401);
}

#[tokio::test]
async fn the_go_live_check_names_each_placeholder_until_replaced_and_replies_reach_the_shop() {
    let (smtp_url, mailbox) = crate::stand_ins::smtp().await;
    let app = crate::helpers::spawn_app_with(|c| {
        c.smtp_url = Some(smtp_url.clone().into());
        c.mail_from = Some("Trailer Works <bookings@frontrangetrailer.com>".into());
    })
    .await;
    let signed = app.signed_in_admin().await;
    let fields = |list: &Value| -> Vec<String> {
        list.as_array()
            .expect("a list")
            .iter()
            .map(|p| p["field"].as_str().expect("a field").to_owned())
            .collect()
    };
    let today = app.admin_json("/today", &signed).await;
    let named = [
        "business.phone",
        "business.email",
        "business.socialUrl",
        "business.financingProvider",
        "business.builderName",
        "hero.videoId",
    ];
    assert_eq!(fields(&today["placeholders"]), named);
    assert_eq!(today["placeholders"][1]["value"], "service@example.com");
    assert_eq!(fields(&app.admin_json("/site", &signed).await["placeholders"]), named);

    // Until the e-mail is the shop's own, a visitor's reply goes to the address the mail comes from.
    book(&app, &booking("0d1e2f3a-reply-to-sender")).await;
    app.deliver_due().await;
    let copy =
        mailbox.messages().into_iter().find(|m| m.contains("\nTo: jamie@example.com")).expect("the copy");
    assert!(copy.contains("Reply-To: \"Trailer Works\" <bookings@frontrangetrailer.com>"), "{copy}");

    let saved = app
        .change_site(&signed, |site| {
            site["business"]["phone"] = json!("(303) 555-2147");
            site["business"]["email"] = json!("service@frontrangetrailer.com");
            site["business"]["socialUrl"] = json!("https://www.facebook.com/frontrangetrailerworks");
            site["business"]["financingProvider"] = json!("Acorn Finance");
        })
        .await;
    assert_eq!(saved.status(), 200);
    let saved: Value = saved.json().await.expect("JSON");
    assert_eq!(
        fields(&saved["placeholders"]),
        ["business.builderName", "hero.videoId"],
        "the save says what is left"
    );
    let today = app.admin_json("/today", &signed).await;
    assert_eq!(fields(&today["placeholders"]), ["business.builderName", "hero.videoId"]);

    // (An address gets one confirmation an hour: another visitor.)
    let mut second = booking("0d1e2f3a-reply-to-shop");
    second["email"] = json!("robin@example.com");
    book(&app, &second).await;
    app.deliver_due().await;
    let copy =
        mailbox.messages().into_iter().find(|m| m.contains("\nTo: robin@example.com")).expect("the copy");
    assert!(
        copy.contains("Reply-To: \"Front Range Trailer Works\" <service@frontrangetrailer.com>"),
        "{copy}"
    );
}

#[tokio::test]
async fn the_customer_corrects_a_mistyped_phone_on_their_page_and_today_shows_the_change() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let mut body = booking("3a4b5c6d-correct-contact");
    body["phone"] = json!("720-555-0111");
    body["location"] = json!("80205");
    body["streetAddress"] = json!("3300 Walnut St");
    let booked = app.post_json("/api/bookings", &body).await.json::<Value>().await.expect("JSON");
    let token = booked["manageUrl"].as_str().expect("a link").trim_start_matches("/booking/").to_owned();
    let page = app.get(&format!("/api/manage/{token}")).await.json::<Value>().await.expect("JSON");
    assert_eq!(page["place"], "3300 Walnut St, 80205");
    assert_eq!(page["words"], "The lift is slow and leaks at the cylinder.");
    assert_eq!(page["contact"]["phone"], "720-555-0111", "the form opens filled in");

    let put = |phone: &'static str| {
        app.client
            .put(format!("{}/api/manage/{token}/contact", app.url))
            .json(&json!({ "phone": phone, "email": "jamie.ortiz@example.com" }))
            .send()
    };
    let refused = put("12").await.expect("an answer");
    assert_eq!(refused.status(), 422);
    assert!(
        refused.json::<Value>().await.expect("JSON")["errors"]["phone"].to_string().contains("area code")
    );
    let corrected = put("(720) 555-0112").await.expect("an answer");
    assert_eq!(corrected.status(), 200);
    let stored: Vec<(String, String)> = app.rows("SELECT phone_national, email FROM bookings").await;
    assert_eq!(stored, [("7205550112".to_owned(), "jamie.ortiz@example.com".to_owned())]);
    let today = app.admin_json("/today", &signed).await;
    let change = &today["customerChanges"]["shown"][0];
    assert_eq!(
        change["what"],
        "Corrected their contact details: phone 720-555-0111 is now (720) 555-0112; e-mail jamie@example.com is now jamie.ortiz@example.com."
    );
}

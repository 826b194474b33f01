//! The customer's own page: any of their e-mailed links opens all their requests with that address
//! and the trailers those name, and nothing of another customer's; the link the form gives the
//! browser opens its own request only (whoever sent it may have typed someone else's number); a
//! link older than 14 days asks for their phone's last four digits; a new link ends the old ones.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{Signed, TestApp, spawn_app, spawn_app_with},
    scheduling::{app_with_mail, read_mail},
    stand_ins::Mailbox,
    text_stand_in, texts,
};

/// A request from `name` with `phone` and `email`, and the link of its confirmation e-mail: its
/// number and that link's token.
async fn book_mailed(
    app: &TestApp,
    mailbox: &Mailbox,
    n: u32,
    name: &str,
    phone: &str,
    email: &str,
) -> (i64, String) {
    let (id, _) = book(app, n, name, phone, email).await;
    app.deliver_due().await;
    let mail = mailbox
        .messages()
        .iter()
        .map(|raw| read_mail(raw))
        .rfind(|mail| mail.to.eq_ignore_ascii_case(email) && mail.text.contains(&format!("#{id}")))
        .expect("a confirmation");
    let link = mail.text.split_whitespace().find(|w| w.contains("/booking/")).expect("a link").to_owned();
    (id, link.rsplit('/').next().expect("a token").to_owned())
}

/// A request from `name` with `phone` and `email`: its number and the token of the link the
/// booking form gives the browser.
async fn book(app: &TestApp, n: u32, name: &str, phone: &str, email: &str) -> (i64, String) {
    let body = json!({
        "submissionId": format!("d0000000-0000-4000-8000-{n:0>12}"),
        "name": name, "email": email, "phone": phone, "details": format!("Request {n}: the brakes grab"),
        "answers": [{ "question": "What type of trailer do you have?", "answer": "Dump Trailer" }],
        "website": "", "fillMs": 20000,
    });
    let response = app.post_json("/api/bookings", &body).await;
    assert_eq!(response.status(), 201);
    let booked: Value = response.json().await.expect("JSON");
    let token = booked["manageUrl"].as_str().expect("a link").rsplit('/').next().expect("a token").to_owned();
    (booked["id"].as_i64().expect("an id"), token)
}

/// Adds `trailer` to the customer of request `booking`, and names it on that request.
async fn add_trailer(app: &TestApp, signed: &Signed, booking: i64, trailer: Value) {
    let record = app.admin_json(&format!("/bookings/{booking}"), signed).await;
    let customer = record["booking"]["customerId"].as_i64().expect("a customer");
    let added = app.admin(Method::POST, &format!("/customers/{customer}/trailers"), signed).json(&trailer);
    let added = added.send().await.expect("an answer");
    assert_eq!(added.status(), 201);
    let record: Value = added.json().await.expect("JSON");
    let trailer = record["trailers"].as_array().expect("a list").last().expect("the new one")["id"].clone();
    let named = app
        .admin(Method::PUT, &format!("/bookings/{booking}/trailer"), signed)
        .json(&json!({ "trailer": trailer }));
    assert_eq!(named.send().await.expect("an answer").status(), 204);
}

async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.text().await.expect("text"))
}

async fn check(app: &TestApp, token: &str, digits: &str) -> (u16, String) {
    let response = app.post_json(&format!("/api/manage/{token}/check"), &json!({ "digits": digits })).await;
    (response.status().as_u16(), response.text().await.expect("text"))
}

#[tokio::test]
async fn marias_page_from_any_of_her_links_shows_all_her_requests_and_trailers_and_nothing_of_kims() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let maria = [
        book_mailed(&app, &mailbox, 1, "Maria Lopez", "303.555.0123", "maria@x.example").await,
        book_mailed(&app, &mailbox, 2, "Maria", "+1 (303) 555-0123", "maria@x.example").await,
        book_mailed(&app, &mailbox, 3, "Maria", "720-555-0188", "MARIA@x.example").await,
    ];
    let (kim, kim_token) =
        book_mailed(&app, &mailbox, 4, "Kim Park", "303-555-0199", "kim@example.com").await;
    let signed = app.signed_in_admin().await;
    add_trailer(
        &app,
        &signed,
        maria[0].0,
        json!({ "kindKey": "dump-trailer", "kindText": "", "make": "Big Tex",
        "model": "14LP", "year": 2019, "vin": "1M8GDM9AXKP042788", "plate": "ABC-123", "plateState": "CO",
        "axles": 2, "gvwrLbs": 14000, "colour": "Black" }),
    )
    .await;
    add_trailer(
        &app,
        &signed,
        maria[1].0,
        json!({ "kindKey": "", "kindText": "Horse trailer",
        "make": "Featherlite", "model": "", "year": null, "vin": "", "plate": "", "plateState": "",
        "axles": null, "gvwrLbs": null, "colour": "" }),
    )
    .await;

    for (_, token) in &maria {
        let (status, html) = page(&app, &format!("/booking/{token}")).await;
        assert_eq!(status, 200);
        for (number, _) in &maria {
            assert!(
                html.contains(&format!("?request={number}")),
                "request {number} listed on {token}'s page"
            );
        }
        for trailer in
            ["2019 Big Tex 14LP, Dump Trailer, Black", "Featherlite, Horse trailer", "CO ABC-123", "042788"]
        {
            assert!(html.contains(trailer), "{trailer} on {token}'s page");
        }
        assert!(!html.contains(&format!("?request={kim}")), "nothing of Kim's");
        // Any of her requests opens from any of her links, with what it says and may do.
        for (number, _) in &maria {
            let view: Value =
                app.get(&format!("/api/manage/{token}?request={number}")).await.json().await.expect("JSON");
            assert_eq!(view["number"], *number);
            assert_eq!(view["words"], format!("Request {}: the brakes grab", number - maria[0].0 + 1));
        }
        let (status, _) = page(&app, &format!("/booking/{token}?request={kim}")).await;
        assert_eq!(status, 404, "Kim's request is not hers");
        assert_eq!(app.get(&format!("/api/manage/{token}?request={kim}")).await.status(), 404);
        let cancel = app
            .client
            .post(format!("{}/api/manage/{token}/cancel?request={kim}", app.url))
            .json(&json!({}))
            .send()
            .await
            .expect("an answer");
        assert_eq!(cancel.status(), 404, "nor hers to cancel");
    }
    let (status, html) = page(&app, &format!("/booking/{kim_token}")).await;
    assert_eq!(status, 200);
    assert!(!html.contains("Big Tex") && !html.contains("Featherlite"), "Kim sees none of Maria's trailers");
    for (number, _) in &maria {
        assert!(!html.contains(&format!("?request={number}")), "nor her requests");
        assert_eq!(app.get(&format!("/api/manage/{kim_token}?request={number}")).await.status(), 404);
    }
    // Her page gives the details the request was sent with, to correct them or ask again.
    let view: Value = app.get(&format!("/api/manage/{}", maria[2].1)).await.json().await.expect("JSON");
    assert_eq!(view["contact"], json!({ "phone": "720-555-0188", "email": "MARIA@x.example" }));
    assert_eq!(view["name"], "Maria");

    // Someone who types her number into the form is filed under her, but the link their browser
    // gets opens their own request and nothing of hers; so does the link e-mailed to them.
    let (stranger, browser) = book(&app, 5, "Not Maria", "303-555-0123", "stranger@example.com").await;
    let record = app.admin_json(&format!("/bookings/{stranger}"), &signed).await;
    let marias = app.admin_json(&format!("/bookings/{}", maria[0].0), &signed).await;
    assert_eq!(record["booking"]["customerId"], marias["booking"]["customerId"], "filed by the phone");
    let (_, mailed) =
        book_mailed(&app, &mailbox, 6, "Not Maria", "303-555-0123", "stranger@example.com").await;
    for token in [&browser, &mailed] {
        let (status, html) = page(&app, &format!("/booking/{token}")).await;
        assert_eq!(status, 200);
        assert!(!html.contains("Big Tex") && !html.contains("Featherlite"), "none of her trailers");
        for (number, _) in &maria {
            assert!(!html.contains(&format!("?request={number}")), "none of her requests");
            assert_eq!(app.get(&format!("/api/manage/{token}?request={number}")).await.status(), 404);
        }
    }
}

#[tokio::test]
async fn a_link_older_than_14_days_asks_for_the_last_four_digits_and_five_wrong_answers_end_it() {
    let app = spawn_app().await;
    let (_, token) = book(&app, 1, "Maria Lopez", "(303) 555-0123", "maria@x.example").await;
    app.clock.advance(Duration::from_secs(13 * 24 * 3600));
    assert_eq!(app.get(&format!("/api/manage/{token}")).await.status(), 200, "13 days: no check");
    app.clock.advance(Duration::from_secs(2 * 24 * 3600));

    let shown = app.get(&format!("/api/manage/{token}")).await;
    assert_eq!(shown.status(), 403);
    assert!(shown.text().await.expect("text").contains("last four digits"));
    let (status, html) = page(&app, &format!("/booking/{token}")).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("last four digits") && !html.contains("the brakes grab"),
        "the check, not the request"
    );
    assert_eq!(app.get(&format!("/api/manage/{token}/calendar.ics")).await.status(), 403);

    let (status, body) = check(&app, &token, "12a4").await;
    assert_eq!((status, body.contains("like 0123")), (422, true), "{body}");
    let (status, body) = check(&app, &token, "0124").await;
    assert_eq!((status, body.contains("4 more tries")), (422, true), "{body}");
    assert_eq!(check(&app, &token, "0123").await.0, 204);
    assert_eq!(app.get(&format!("/api/manage/{token}")).await.status(), 200, "open again");
    app.clock.advance(Duration::from_secs(13 * 24 * 3600));
    assert_eq!(app.get(&format!("/api/manage/{token}")).await.status(), 200, "for 14 days");

    app.clock.advance(Duration::from_secs(2 * 24 * 3600));
    for left in ["4 more tries", "3 more tries", "2 more tries", "1 more try"] {
        let (status, body) = check(&app, &token, "9999").await;
        assert_eq!((status, body.contains(left)), (422, true), "{body}");
    }
    let (status, body) = check(&app, &token, "9999").await;
    assert_eq!((status, body.contains("no longer works")), (410, true), "{body}");
    assert_eq!(check(&app, &token, "0123").await.0, 404, "ended, even with the right digits");
    assert_eq!(app.get(&format!("/api/manage/{token}")).await.status(), 404);
}

#[tokio::test]
async fn a_new_link_ends_every_old_link_of_the_customer_and_no_one_elses() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let (first, old) = book_mailed(&app, &mailbox, 1, "Maria Lopez", "303-555-0123", "maria@x.example").await;
    let (second, older) = book_mailed(&app, &mailbox, 2, "Maria", "303-555-0123", "maria@x.example").await;
    let (_, kims) = book_mailed(&app, &mailbox, 3, "Kim Park", "303-555-0199", "kim@example.com").await;

    let made = app.post_json(&format!("/api/manage/{old}/new-link"), &json!({})).await;
    assert_eq!(made.status(), 200);
    let path = made.json::<Value>().await.expect("JSON")["path"].as_str().expect("a path").to_owned();
    let new = path.strip_prefix("/booking/").expect("a page link");
    for token in [&old, &older] {
        assert_eq!(app.get(&format!("/api/manage/{token}")).await.status(), 404, "old links end");
    }
    let view: Value = app.get(&format!("/api/manage/{new}")).await.json().await.expect("JSON");
    assert_eq!(view["number"], first, "the new link opens the same request");
    let view: Value =
        app.get(&format!("/api/manage/{new}?request={second}")).await.json().await.expect("JSON");
    assert_eq!(view["number"], second, "and the others");
    assert_eq!(app.get(&format!("/api/manage/{kims}")).await.status(), 200, "Kim's link still works");
    app.clock.advance(Duration::from_secs(10 * 24 * 3600));
    assert_eq!(app.get(&format!("/api/manage/{new}")).await.status(), 200, "checked as it was made");
}

#[tokio::test]
async fn the_customer_names_the_same_trailer_as_last_time_and_the_owner_sees_the_note() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let (first, _) = book_mailed(&app, &mailbox, 1, "Maria Lopez", "303-555-0123", "maria@x.example").await;
    let (second, token) = book_mailed(&app, &mailbox, 2, "Maria", "303-555-0123", "maria@x.example").await;
    let (kim, _) = book_mailed(&app, &mailbox, 3, "Kim Park", "303-555-0199", "kim@example.com").await;
    let signed = app.signed_in_admin().await;
    let dump = json!({ "kindKey": "dump-trailer", "kindText": "", "make": "Big Tex", "model": "14LP",
        "year": 2019, "vin": "", "plate": "", "plateState": "", "axles": null, "gvwrLbs": null, "colour": "" });
    add_trailer(&app, &signed, first, dump.clone()).await;
    add_trailer(&app, &signed, kim, dump).await;
    let ids = |booking: i64| {
        let signed = &signed;
        let app = &app;
        async move {
            app.admin_json(&format!("/bookings/{booking}"), signed).await["booking"]["trailerId"].clone()
        }
    };
    let (marias, kims) = (ids(first).await, ids(kim).await);
    let pick = |trailer: &Value| {
        app.client
            .put(format!("{}/api/manage/{token}/trailer?request={second}", app.url))
            .json(&json!({ "trailer": trailer }))
    };

    let refused = pick(&kims).send().await.expect("an answer");
    assert_eq!(refused.status(), 422, "not one of hers");
    let picked = pick(&marias).send().await.expect("an answer");
    assert_eq!(picked.status(), 200);
    assert_eq!(picked.json::<Value>().await.expect("JSON")["trailerId"], marias);
    assert_eq!(pick(&marias).send().await.expect("an answer").status(), 409, "named already");
    let record = app.admin_json(&format!("/bookings/{second}"), &signed).await;
    assert_eq!(record["booking"]["trailerId"], marias);
    let notes = record["booking"]["notes"].to_string();
    assert!(notes.contains(&format!("Said it is the same trailer as request #{first}.")), "{notes}");
}

#[tokio::test]
async fn a_texted_link_opens_the_requests_from_that_number_and_not_those_from_the_address_alone() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(texts::with_texts(&stand_in)).await;
    texts::move_to_hour(&app, 10);
    let send = |n: u32, phone: &'static str, email: &'static str, consent: bool| {
        let mut body = texts::request(n, consent);
        body["phone"] = json!(phone);
        body["email"] = json!(email);
        let app = &app;
        async move {
            let response = app.post_json("/api/bookings", &body).await;
            assert_eq!(response.status(), 201);
            response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
        }
    };
    let texted = send(1, "(303) 555-0177", "sam@example.com", true).await;
    let same_number = send(2, "303.555.0177", "sam.reyes@work.example", false).await;
    let same_address = send(3, "720-555-0100", "sam@example.com", false).await;
    app.deliver_due().await;
    let taken = stand_in.taken();
    let body = taken.first().expect("the text").body().to_owned();
    let link = body.split_whitespace().find(|w| w.contains("/booking/")).expect("a link");
    let token = link.rsplit('/').next().expect("a token").trim_end_matches('.');

    let (status, html) = page(&app, &format!("/booking/{token}")).await;
    assert_eq!(status, 200);
    for number in [texted, same_number] {
        assert!(html.contains(&format!("?request={number}")), "{number} from the number it was texted to");
    }
    assert!(!html.contains(&format!("?request={same_address}")), "not one from the address alone");
    assert_eq!(app.get(&format!("/api/manage/{token}?request={same_address}")).await.status(), 404);
}

#[tokio::test]
async fn more_work_asked_on_the_customers_page_keeps_no_token_in_its_source() {
    let app = spawn_app().await;
    let (_, token) = book(&app, 1, "Maria Lopez", "303-555-0123", "maria@x.example").await;
    let body = json!({
        "submissionId": "d0000000-0000-4000-8000-000000000002",
        "name": "Maria Lopez", "email": "maria@x.example", "phone": "303-555-0123", "details": "Lights",
        "answers": [], "website": "", "fillMs": 20000,
        "source": { "page": format!("/booking/{token}"), "button": "Request more work" },
    });
    let response = app.post_json("/api/bookings", &body).await;
    assert_eq!(response.status(), 201);
    let id = response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
    let signed = app.signed_in_admin().await;
    let record = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    assert_eq!(record["booking"]["source"]["page"], "/booking", "{}", record["booking"]["source"]);
}

#[tokio::test]
async fn a_done_job_is_shown_on_its_page_but_no_longer_changed_there() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let (id, token) = book(&app, 41, "Dana Reyes", "(720) 555-0141", "dana@example.com").await;
    let view: Value = app.get(&format!("/api/manage/{token}")).await.json().await.expect("JSON");
    assert_eq!((&view["closed"], &view["done"]), (&json!(false), &json!(false)));

    let set =
        app.admin(Method::PUT, &format!("/bookings/{id}/status"), &owner).json(&json!({ "status": "done" }));
    assert_eq!(set.send().await.expect("an answer").status(), 200);
    let view: Value = app.get(&format!("/api/manage/{token}")).await.json().await.expect("JSON");
    assert_eq!((&view["closed"], &view["done"]), (&json!(true), &json!(true)), "{view}");
    let cancel =
        app.post_json(&format!("/api/manage/{token}/cancel"), &json!({ "reason": "too late" })).await;
    assert_eq!(cancel.status(), 410);
    let refused: Value = cancel.json().await.expect("JSON");
    assert_eq!(
        refused["error"],
        "This job is done, so it can no longer be changed here. Call us for anything about it."
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM bookings WHERE cancelled_at IS NOT NULL").await, 0);
}

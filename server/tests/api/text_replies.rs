//! The owner's side of texts: a reply and 'On my way' from the request's page, each a response to
//! the request, refused with a sentence when the customer cannot be texted; and the page's thread.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp, spawn_app, spawn_app_with},
    text_stand_in,
    texts::{NUMBER, PUBLIC_URL, book, move_to_hour, who_said, with_texts},
};

async fn send(app: &TestApp, signed: &Signed, id: i64, path: &str, body: Value) -> (u16, Value) {
    let response = app
        .admin(Method::POST, &format!("/bookings/{id}/{path}"), signed)
        .json(&body)
        .send()
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_owner_texts_a_customer_who_asked_for_texts_and_sees_the_thread() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let id = book(&app, 1, true).await;
    app.deliver_due().await;
    let (status, _) = send(&app, &signed, id, "texts", json!({ "text": "We can see you at 3 today." })).await;
    assert_eq!(status, 202);
    let (status, _) = send(&app, &signed, id, "on-my-way", json!({ "minutes": 20 })).await;
    assert_eq!(status, 202);
    app.deliver_due().await;
    // The two go out at once, in either order.
    let taken = stand_in.taken();
    let reply = taken.iter().find(|t| t.body() == "Front Range Trailer Works: We can see you at 3 today.");
    let reply = reply.expect("the reply reached the customer");
    assert!(
        taken.iter().any(|t| t.body().contains("on our way") && t.body().contains("about 20 minutes")),
        "{taken:?}"
    );
    assert_eq!(stand_in.status(&app.url, &reply.sid, "delivered", None).await, 204);
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "Great, see you then").await, 200);

    let page = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    assert_eq!(page["texting"], "on");
    let thread = who_said(&page["texts"]);
    assert_eq!(
        thread,
        vec![
            (false, "queued", ""),
            (false, "delivered", ADMIN_EMAIL),
            (false, "queued", ADMIN_EMAIL),
            (true, "received", ""),
        ]
    );
    assert!(page["booking"]["firstResponseAt"].is_string(), "a text answers the request");
    // A member with a name is named by it.
    app.execute("UPDATE users SET name = 'Dana Owner'").await;
    let named = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    assert_eq!(named["texts"][1]["sentBy"], "Dana Owner");
    let kinds: Vec<&str> =
        page["history"].as_array().expect("history").iter().filter_map(|e| e["kind"].as_str()).collect();
    assert!(kinds.contains(&"text"), "{kinds:?}");
}

#[tokio::test]
async fn a_text_is_refused_with_a_sentence_when_the_customer_cannot_be_texted() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let without = book(&app, 1, false).await;
    let (status, body) = send(&app, &signed, without, "texts", json!({ "text": "Hello" })).await;
    assert_eq!(status, 409);
    assert!(body["error"].as_str().unwrap_or_default().contains("did not ask for texts"), "{body}");
    assert_eq!(app.admin_json(&format!("/bookings/{without}"), &signed).await["texting"], "not-agreed");

    app.clock.advance(std::time::Duration::from_secs(2 * 3600));
    let signed = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let agreed = book(&app, 2, true).await;
    let (status, body) = send(&app, &signed, agreed, "texts", json!({ "text": "🚚".repeat(70) })).await;
    assert_eq!(status, 422, "three SMS: {body}");
    let (status, _) = send(&app, &signed, agreed, "on-my-way", json!({ "minutes": 2 })).await;
    assert_eq!(status, 422);
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "STOP").await, 200);
    let (status, body) = send(&app, &signed, agreed, "texts", json!({ "text": "Hello again" })).await;
    assert_eq!(status, 409);
    assert!(body["error"].as_str().unwrap_or_default().contains("stopped texts to their number"), "{body}");
    assert_eq!(app.admin_json(&format!("/bookings/{agreed}"), &signed).await["texting"], "stopped");

    let off = spawn_app().await;
    let signed = off.signed_in_admin().await;
    let id = book(&off, 3, true).await;
    let (status, body) = send(&off, &signed, id, "texts", json!({ "text": "Hello" })).await;
    assert_eq!(status, 409);
    assert!(body["error"].as_str().unwrap_or_default().contains("not set up"), "{body}");
}

#[tokio::test]
async fn a_persons_text_at_night_is_refused_with_when_it_could_go_unless_it_is_an_emergency() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 23);
    let signed = app.signed_in_admin().await;
    let id = book(&app, 1, true).await;
    for (path, body) in
        [("texts", json!({ "text": "We'll call at 8." })), ("on-my-way", json!({ "minutes": 20 }))]
    {
        let (status, refused) = send(&app, &signed, id, path, body).await;
        assert_eq!(status, 409, "{path}");
        let said = refused["error"].as_str().unwrap_or_default();
        assert!(
            said.starts_with("It is 11:01 PM at the shop") && said.contains("would wait until 8:00 AM"),
            "{said}"
        );
    }
    let mut body = crate::push::emergency("0e0e0e0e-night-texts");
    body["phone"] = json!("(303) 555-0199");
    body["textConsent"] = json!(true);
    let response = app.post_json("/api/bookings", &body).await;
    assert_eq!(response.status(), 201);
    let sos = response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
    let (status, _) = send(&app, &signed, sos, "on-my-way", json!({ "minutes": 20 })).await;
    assert_eq!(status, 202, "an emergency is texted at any hour");
    app.deliver_due().await;
    assert!(stand_in.taken().iter().any(|text| text.body().contains("about 20 minutes")));
}

#[tokio::test]
async fn a_customers_reply_shows_on_today_and_is_pushed_to_the_owners_phone() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let push = crate::push_service::push_service().await;
    let phone = crate::push_service::Browser::new(&push.origin, "push", "phone");
    assert_eq!(crate::push::subscribe(&app, &signed, &phone).await.status(), 201);
    let id = book(&app, 1, true).await;
    app.deliver_due().await;
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "Can you come at 4?").await, 200);
    app.deliver_due().await;

    let today = app.admin_json("/today", &signed).await;
    let changes = &today["customerChanges"]["shown"];
    assert_eq!(changes[0]["request"]["id"], id, "{today}");
    assert_eq!(changes[0]["what"], "New reply: Can you come at 4?");
    let pushed = push.log.for_subscription(&phone.name);
    let titles: Vec<String> =
        pushed.iter().map(|one| phone.read(one)["title"].as_str().unwrap_or_default().to_owned()).collect();
    assert!(titles.contains(&format!("Request #{id}: a text from the customer")), "{titles:?}");
    // A stop word is not a reply for the shop: no push, not on Today.
    let before = push.log.received().len();
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "STOP").await, 200);
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "START").await, 200);
    app.deliver_due().await;
    assert_eq!(push.log.received().len(), before);
    let today = app.admin_json("/today", &signed).await;
    assert_eq!(today["customerChanges"]["shown"][0]["what"], "New reply: Can you come at 4?");
    // A stop in plain words is the stop it is, and the owner hears of it.
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "please stop texting me").await, 200);
    app.deliver_due().await;
    assert_eq!(push.log.received().len(), before + 1);
    let today = app.admin_json("/today", &signed).await;
    assert_eq!(
        today["customerChanges"]["shown"][0]["what"],
        "Stopped texts: \u{201c}please stop texting me\u{201d}"
    );
}

#[tokio::test]
async fn a_yes_from_a_number_that_never_stopped_is_a_reply_and_after_a_stop_it_starts_texts_again() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let push = crate::push_service::push_service().await;
    let phone = crate::push_service::Browser::new(&push.origin, "push", "phone");
    assert_eq!(crate::push::subscribe(&app, &signed, &phone).await.status(), 201);
    let id = book(&app, 1, true).await;
    app.deliver_due().await;
    let sent = stand_in.taken().len();

    // "Yes" to the shop's question is an answer for the shop, not a keyword.
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "Yes").await, 200);
    app.deliver_due().await;
    assert_eq!(stand_in.taken().len(), sent, "no keyword answer: {:?}", stand_in.taken());
    let today = app.admin_json("/today", &signed).await;
    assert_eq!(today["customerChanges"]["shown"][0]["request"]["id"], id, "{today}");
    assert_eq!(today["customerChanges"]["shown"][0]["what"], "New reply: Yes");
    let pushed = push.log.for_subscription(&phone.name);
    assert!(
        pushed
            .iter()
            .any(|one| phone.read(one)["title"] == format!("Request #{id}: a text from the customer")),
        "the reply is pushed"
    );
    let consents: Vec<(bool, String)> = app.rows("SELECT given, how FROM text_consents ORDER BY id").await;
    assert_eq!(consents, vec![(true, "form".to_owned())], "no consent row for a reply");

    // From a number that stopped, YES starts texts again and is answered once.
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "STOP").await, 200);
    app.deliver_due().await;
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "yes").await, 200);
    app.deliver_due().await;
    let taken = stand_in.taken();
    assert_eq!(taken.len(), sent + 2, "{taken:?}");
    assert!(taken[sent].body().contains("no more texts"), "{taken:?}");
    assert!(taken[sent + 1].body().contains("on again"), "{taken:?}");
    let page = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    assert_eq!(page["texting"], "on");
}

#[tokio::test]
async fn the_customer_sees_texts_on_their_page_and_stops_them_there() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let created = app.post_json("/api/bookings", &crate::texts::request(1, true)).await;
    let created: Value = created.json().await.expect("JSON");
    let token =
        created["manageUrl"].as_str().and_then(|url| url.rsplit('/').next()).expect("a link").to_owned();
    let page: Value = app.get(&format!("/api/manage/{token}")).await.json().await.expect("JSON");
    assert_eq!(page["texting"], "on");
    let stopped = app
        .client
        .post(format!("{}/api/manage/{token}/texts/stop", app.url))
        .send()
        .await
        .expect("an answer");
    assert_eq!(stopped.status(), 200);
    assert_eq!(stopped.json::<Value>().await.expect("JSON")["texting"], "stopped");
    let kept: Vec<(bool, String)> =
        app.rows("SELECT given, how FROM text_consents ORDER BY id DESC LIMIT 1").await;
    assert_eq!(kept, vec![(false, "manage".to_owned())]);
    let signed = app.signed_in_admin().await;
    let id = created["id"].as_i64().expect("an id");
    let (status, _) = send(&app, &signed, id, "texts", json!({ "text": "Hello" })).await;
    assert_eq!(status, 409, "the owner cannot text a number that stopped");
}

#[tokio::test]
async fn no_more_than_8_texts_go_to_a_number_in_a_day() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let id = book(&app, 1, true).await;
    app.deliver_due().await;
    for n in 1..=7 {
        let (status, _) = send(&app, &signed, id, "texts", json!({ "text": format!("Update {n}") })).await;
        assert_eq!(status, 202);
        app.deliver_due().await;
    }
    assert_eq!(stand_in.taken().len(), 8, "the received text and 7 replies");
    // The owner is told before the text is queued, not left with one waiting for good.
    let (status, body) = send(&app, &signed, id, "texts", json!({ "text": "Update 8" })).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().is_some_and(|m| m.contains("limit of 8 texts")), "{body}");
    let texts: Vec<(i64,)> = app.rows("SELECT COUNT(*) FROM texts WHERE body = 'Update 8'").await;
    assert_eq!(texts, vec![(0,)]);
    // A HELP is still answered: answers to keywords are not held to the limit.
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "HELP").await, 200);
    app.deliver_due().await;
    assert_eq!(stand_in.taken().len(), 9);
}

#[tokio::test]
async fn doctor_asks_the_provider_for_the_account_and_the_sending_number() {
    let stand_in = text_stand_in::start().await;
    let storage = crate::helpers::TestStorage::new().await;
    let flags = |token: &'static str, from: &'static str| {
        vec![
            "--public-url".to_owned(),
            PUBLIC_URL.to_owned(),
            "--sms-account-sid".to_owned(),
            text_stand_in::ACCOUNT_SID.to_owned(),
            "--sms-auth-token".to_owned(),
            token.to_owned(),
            "--sms-from".to_owned(),
            from.to_owned(),
            "--sms-api-url".to_owned(),
            stand_in.url.clone(),
        ]
    };
    let run = |flags: Vec<String>| {
        let storage = &storage;
        async move {
            let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
            crate::operations::doctor(&storage.config, &flags).await.1
        }
    };
    let said = run(flags(text_stand_in::AUTH_TOKEN, text_stand_in::FROM)).await;
    assert!(
        said.contains("ok    Texts: the account Stand-in shop is active and texts go from +13035550100")
            && said.contains("https://trailers.example.com/api/sms/inbound"),
        "{said}"
    );
    let said = run(flags("a wrong token", text_stand_in::FROM)).await;
    assert!(
        said.contains("FAIL  Texts: the provider does not accept this account SID and auth token"),
        "{said}"
    );
    let said = run(flags(text_stand_in::AUTH_TOKEN, "+13035550199")).await;
    assert!(said.contains("FAIL  Texts: the account Stand-in shop has no number +13035550199"), "{said}");
}

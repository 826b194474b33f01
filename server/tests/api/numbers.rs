//! Texts from numbers no request has: a conversation on Today that the owner answers (a job of
//! the queue, through the text stand-in) and files under a customer, whose thread the number's
//! later texts join; refused with a sentence when the number cannot be texted.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp, spawn_app_with},
    text_stand_in::{self, TextStandIn},
    texts::{PUBLIC_URL, book, move_to_hour, who_said, with_texts},
};

/// A number no request has, as the provider sends it, and as the admin's paths name it.
const STRANGER: &str = "+17205550199";
const STRANGERS_PATH: &str = "/numbers/7205550199";

async fn post(app: &TestApp, signed: &Signed, path: &str, body: Value) -> (u16, Value) {
    let response = app.admin(Method::POST, path, signed).json(&body).send().await.expect("an answer");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn get(app: &TestApp, signed: &Signed, path: &str) -> (u16, Value) {
    let response = app.admin(Method::GET, path, signed).send().await.expect("an answer");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn texts_with_stranger(stand_in: &TextStandIn, app: &TestApp, body: &str) {
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, STRANGER, body).await, 200);
}

#[tokio::test]
async fn a_text_from_a_new_number_shows_on_today_is_answered_and_filed_under_a_customer() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    texts_with_stranger(&stand_in, &app, "Hi, do you fix ramp gates?").await;

    let today = app.admin_json("/today", &signed).await;
    assert_eq!(today["newNumbers"]["total"], 1, "{}", today["newNumbers"]);
    let line = &today["newNumbers"]["shown"][0];
    assert_eq!(line["number"], "7205550199");
    assert_eq!(line["phone"], "(720) 555-0199");
    assert_eq!(line["last"], "Hi, do you fix ramp gates?");
    assert_eq!(line["lastIncoming"], true);

    let (status, thread) = get(&app, &signed, STRANGERS_PATH).await;
    assert_eq!(status, 200, "{thread}");
    assert_eq!(thread["texting"], "on");
    assert_eq!(thread["texts"].as_array().map(Vec::len), Some(1));
    let (status, body) =
        post(&app, &signed, &format!("{STRANGERS_PATH}/texts"), json!({ "text": "Yes we do." })).await;
    assert_eq!(status, 202, "{body}");
    app.deliver_due().await;
    let taken = stand_in.taken();
    let answer = taken.iter().find(|t| t.to() == STRANGER).expect("the answer reached the number");
    assert_eq!(answer.body(), "Front Range Trailer Works: Yes we do.");
    assert_eq!(stand_in.status(&app.url, &answer.sid, "delivered", None).await, 204);
    let (_, thread) = get(&app, &signed, STRANGERS_PATH).await;
    assert_eq!(who_said(&thread["texts"]), [(true, "received", ""), (false, "delivered", ADMIN_EMAIL)]);
    assert_eq!(app.admin_json("/today", &signed).await["newNumbers"]["shown"][0]["lastIncoming"], false);

    // Filed under Sam's record: the number is Sam's, its texts are in Sam's request, Today no
    // longer lists it, and its next text joins that thread.
    let booking = book(&app, 1, true).await;
    let customer = app.admin_json(&format!("/bookings/{booking}"), &signed).await["booking"]["customerId"]
        .as_i64()
        .expect("a customer");
    let (status, record) =
        post(&app, &signed, &format!("{STRANGERS_PATH}/customer"), json!({ "customer": customer })).await;
    assert_eq!(status, 200, "{record}");
    let phones: Vec<&str> =
        record["phones"].as_array().expect("phones").iter().filter_map(Value::as_str).collect();
    assert!(phones.contains(&"(720) 555-0199"), "{phones:?}");
    assert_eq!(get(&app, &signed, STRANGERS_PATH).await.1["texts"], json!([]), "none waits to be filed");
    assert_eq!(app.admin_json("/today", &signed).await["newNumbers"]["total"], 0);
    texts_with_stranger(&stand_in, &app, "Great, I'll bring it Friday").await;
    let page = app.admin_json(&format!("/bookings/{booking}"), &signed).await;
    let bodies: Vec<&str> =
        page["texts"].as_array().expect("texts").iter().filter_map(|t| t["body"].as_str()).collect();
    assert!(bodies.contains(&"Hi, do you fix ramp gates?"), "{bodies:?}");
    assert!(bodies.contains(&"Front Range Trailer Works: Yes we do."), "{bodies:?}");
    assert!(bodies.contains(&"Great, I'll bring it Friday"), "{bodies:?}");
    // The request's page answers where they wrote from, not the request's own number.
    assert_eq!(page["textsTo"], "(720) 555-0199");
    assert_eq!(page["texting"], "on");
    let (status, body) =
        post(&app, &signed, &format!("/bookings/{booking}/texts"), json!({ "text": "See you then." })).await;
    assert_eq!(status, 202, "{body}");
    app.deliver_due().await;
    let answer = stand_in.taken().into_iter().find(|t| t.body().ends_with("See you then.")).expect("sent");
    assert_eq!(answer.to(), STRANGER);
    let audit = app.admin_json("/audit", &signed).await;
    assert!(audit.to_string().contains("number-filed"), "{audit}");
}

#[tokio::test]
async fn an_answer_to_a_new_number_is_refused_with_a_sentence_when_it_cannot_be_texted() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let answer = |text: &str| json!({ "text": text });
    let path = format!("{STRANGERS_PATH}/texts");

    assert_eq!(post(&app, &signed, &path, answer("Hello")).await.0, 404, "no text from it yet");
    assert_eq!(get(&app, &signed, "/numbers/12").await.0, 404, "not a number");
    texts_with_stranger(&stand_in, &app, "Are you open Saturday?").await;
    assert_eq!(post(&app, &signed, &path, answer("  ")).await.0, 422);
    assert_eq!(post(&app, &signed, &path, answer(&"🚚".repeat(70))).await.0, 422, "three SMS");
    let (status, body) = post(&app, &signed, STRANGERS_PATH, json!({})).await;
    assert!(status == 404 || status == 405, "{status} {body}");
    let (status, body) =
        post(&app, &signed, &format!("{STRANGERS_PATH}/customer"), json!({ "customer": 999 })).await;
    assert_eq!(status, 404, "{body}");

    move_to_hour(&app, 23);
    let signed = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (status, body) = post(&app, &signed, &path, answer("Yes, 8 to 12")).await;
    assert_eq!(status, 409);
    assert!(body["error"].as_str().unwrap_or_default().contains("would wait until 8:00 AM"), "{body}");

    move_to_hour(&app, 10);
    let signed = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    texts_with_stranger(&stand_in, &app, "STOP").await;
    let (status, body) = post(&app, &signed, &path, answer("Yes, 8 to 12")).await;
    assert_eq!(status, 409);
    assert!(body["error"].as_str().unwrap_or_default().contains("stopped texts"), "{body}");
    assert_eq!(get(&app, &signed, STRANGERS_PATH).await.1["texting"], "stopped");
    assert!(stand_in.taken().iter().all(|t| !t.body().contains("8 to 12")));
    // A request made of its texts does not undo the stop.
    let made = json!({ "name": "Ana Ruiz", "email": "ana@example.com" });
    let (status, body) = post(&app, &signed, &format!("{STRANGERS_PATH}/request"), made).await;
    assert_eq!(status, 201, "{body}");
    let page = app.admin_json(&format!("/bookings/{}", body["id"]), &signed).await;
    assert_eq!(page["texting"], "stopped");
}

#[tokio::test]
async fn a_new_numbers_help_stop_and_start_are_answered_at_once_even_at_night() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 23);
    let to_stranger = || stand_in.taken().into_iter().filter(|t| t.to() == STRANGER).collect::<Vec<_>>();
    texts_with_stranger(&stand_in, &app, "Are you open Saturday?").await;
    texts_with_stranger(&stand_in, &app, "HELP").await;
    app.deliver_due().await;
    let sent = to_stranger();
    assert_eq!(sent.len(), 1, "the help answer only, at night too");
    assert!(sent[0].body().contains("Reply STOP to end texts"), "{}", sent[0].body());

    texts_with_stranger(&stand_in, &app, "STOP").await;
    app.deliver_due().await;
    let sent = to_stranger();
    assert_eq!(sent.len(), 2);
    assert!(sent[1].body().contains("you will get no more texts from us"), "{}", sent[1].body());
    texts_with_stranger(&stand_in, &app, "START").await;
    app.deliver_due().await;
    let sent = to_stranger();
    assert_eq!(sent.len(), 3);
    assert!(sent[2].body().contains("are on again"), "{}", sent[2].body());

    let signed = app.signed_in_admin().await;
    let thread = get(&app, &signed, STRANGERS_PATH).await.1;
    let outgoing: Vec<&Value> =
        thread["texts"].as_array().expect("texts").iter().filter(|t| t["incoming"] == false).collect();
    assert_eq!(outgoing.len(), 3, "the answers are in the number's conversation: {thread}");
}

#[tokio::test]
async fn a_number_on_another_customers_record_is_not_filed_under_a_second_one() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    texts_with_stranger(&stand_in, &app, "Is my trailer ready?").await;
    let sam = book(&app, 1, true).await;
    let sam = app.admin_json(&format!("/bookings/{sam}"), &signed).await["booking"]["customerId"].clone();
    // Another customer's record gets the number first (typed in by the owner).
    let mut other = crate::texts::request(2, false);
    other["phone"] = json!("(720) 555-0199");
    other["email"] = json!("lee@example.com");
    other["name"] = json!("Lee Park");
    assert_eq!(app.post_json("/api/bookings", &other).await.status(), 201);
    // Lee's request made the number Lee's: the texts from it no longer wait to be filed.
    assert_eq!(get(&app, &signed, STRANGERS_PATH).await.0, 200, "earlier texts still wait");
    let (status, body) =
        post(&app, &signed, &format!("{STRANGERS_PATH}/customer"), json!({ "customer": sam })).await;
    assert_eq!(status, 422, "{body}");
    assert!(body.to_string().contains("is on Lee Park's record already"), "{body}");
}

#[tokio::test]
async fn the_texts_of_a_new_number_become_a_request_that_its_later_texts_join() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let path = format!("{STRANGERS_PATH}/request");
    assert_eq!(
        post(&app, &signed, &path, json!({ "name": "Ana Ruiz", "email": "ana@example.com" })).await.0,
        404
    );
    texts_with_stranger(&stand_in, &app, "The spring on my ramp gate broke").await;

    let (status, body) = post(&app, &signed, &path, json!({ "name": " ", "email": "ana" })).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["name"].is_array() && body["errors"]["email"].is_array(), "{body}");
    let made = json!({ "name": "Ana Ruiz", "email": "ana@example.com", "details": "Ramp gate spring" });
    let (status, body) = post(&app, &signed, &path, made).await;
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_i64().expect("the request's id");

    let page = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    assert_eq!(page["booking"]["name"], "Ana Ruiz");
    assert_eq!(page["booking"]["phone"], "(720) 555-0199");
    assert!(page["booking"]["customerId"].is_i64(), "{}", page["booking"]);
    assert_eq!(page["texting"], "on", "the number texted first: the team may answer it here");
    assert_eq!(who_said(&page["texts"]), [(true, "received", "")]);
    assert_eq!(app.admin_json("/today", &signed).await["newNumbers"]["total"], 0);
    assert_eq!(get(&app, &signed, STRANGERS_PATH).await.1["texts"], json!([]));
    texts_with_stranger(&stand_in, &app, "It's a 16 ft car hauler").await;
    let (status, body) =
        post(&app, &signed, &format!("/bookings/{id}/texts"), json!({ "text": "Bring it Monday." })).await;
    assert_eq!(status, 202, "{body}");
    app.deliver_due().await;
    let page = app.admin_json(&format!("/bookings/{id}"), &signed).await;
    let bodies: Vec<&str> =
        page["texts"].as_array().expect("texts").iter().filter_map(|t| t["body"].as_str()).collect();
    assert_eq!(
        bodies,
        [
            "The spring on my ramp gate broke",
            "It's a 16 ft car hauler",
            "Front Range Trailer Works: Bring it Monday."
        ]
    );
}

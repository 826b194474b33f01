//! A customer's privacy: the owner exports everything kept of them as one JSON file, and erases
//! their personal data at their request; the requests' numbers, dates, statuses, picked answers
//! and agreements to texts stay, and both are in the audit log.

use reqwest::Method;
use serde_json::{Value, json};
use trailerworks::media::Folder;

use crate::{
    booking_photos::token,
    helpers::{Signed, TestApp, spawn_app_with},
    text_stand_in,
    texts::{NUMBER, PUBLIC_URL, move_to_hour, with_texts},
};

/// Sam's request `n`, with texts agreed to and `photos`.
async fn book(app: &TestApp, n: u32, photos: &[String]) -> (i64, String) {
    let request = json!({
        "submissionId": format!("00000000-0000-4000-8000-{n:012}"),
        "name": "Sam Reyes", "email": "sam@example.com", "phone": "(303) 555-0177",
        "details": "The brake lights stopped working at 1234 Elm St.",
        "answers": [{ "key": "trailer", "option": "dump-trailer", "question": "What type of trailer do you have?",
                      "answer": "Dump Trailer" }],
        "photos": photos, "website": "", "fillMs": 20000, "textConsent": true,
    });
    let response = app.post_json("/api/bookings", &request).await;
    assert_eq!(response.status(), 201);
    let booked: Value = response.json().await.expect("JSON");
    let link = booked["manageUrl"].as_str().and_then(|url| url.rsplit('/').next()).expect("a link");
    (booked["id"].as_i64().expect("an id"), link.to_owned())
}

async fn send(app: &TestApp, signed: &Signed, method: Method, path: &str) -> (u16, Value) {
    let response = app.admin(method, path, signed).send().await.expect("an answer");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn audit_actions(page: &Value) -> Vec<&str> {
    page["entries"].as_array().expect("entries").iter().filter_map(|e| e["action"].as_str()).collect()
}

#[tokio::test]
async fn the_owner_exports_all_of_a_customer_then_erases_them_and_the_requests_stay_without_them() {
    let stand_in = text_stand_in::start().await;
    let app = spawn_app_with(with_texts(&stand_in)).await;
    move_to_hour(&app, 10);
    let signed = app.signed_in_admin().await;
    let photo = token(&app).await;
    let (first, link) = book(&app, 1, std::slice::from_ref(&photo)).await;
    let (second, _) = book(&app, 2, &[]).await;
    assert_eq!(stand_in.inbound(&app.url, PUBLIC_URL, NUMBER, "Also the left fender is cracked.").await, 200);
    let note = app
        .admin(Method::POST, &format!("/bookings/{first}/notes"), &signed)
        .json(&json!({ "body": "Sam's gate code is 4411." }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(note.status(), 201);
    app.deliver_due().await;
    let booking = app.admin_json(&format!("/bookings/{first}"), &signed).await;
    let id = booking["booking"]["customerId"].as_i64().expect("a customer");
    let trailer = json!({ "kindKey": "dump-trailer", "kindText": "", "make": "Big Tex", "model": "14LP", "year": 2019,
                          "vin": "1M8GDM9AXKP042788", "plate": "ABC-123", "plateState": "CO", "axles": 2,
                          "gvwrLbs": 14000, "colour": "Black" });
    let added = app.admin(Method::POST, &format!("/customers/{id}/trailers"), &signed).json(&trailer);
    assert_eq!(added.send().await.expect("an answer").status(), 201);

    // Staff work with requests, not with a customer's privacy.
    app.add_user("crew@example.com", "a long staff password", "staff").await;
    let staff = app.sign_in("crew@example.com", "a long staff password").await;
    assert_eq!(send(&app, &staff, Method::GET, &format!("/customers/{id}/export")).await.0, 403);
    assert_eq!(send(&app, &staff, Method::POST, &format!("/customers/{id}/erase")).await.0, 403);

    let response =
        app.admin(Method::GET, &format!("/customers/{id}/export"), &signed).send().await.expect("an answer");
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"].to_str().expect("a header").to_owned();
    assert_eq!(disposition, format!("attachment; filename=\"customer-{id}-data.json\""));
    let export: Value = response.json().await.expect("JSON");
    assert_eq!(export["customer"]["name"], "Sam Reyes");
    assert_eq!(export["customer"]["trailers"][0]["vin"], "1M8GDM9AXKP042788");
    let requests = export["requests"].as_array().expect("the requests");
    assert_eq!(requests.len(), 2);
    let exported =
        |booking: i64| requests.iter().find(|r| r["request"]["id"] == booking).expect("the request");
    assert_eq!(exported(first)["request"]["details"], "The brake lights stopped working at 1234 Elm St.");
    assert_eq!(exported(first)["request"]["photos"].as_array().map(Vec::len), Some(1));
    assert_eq!(exported(first)["request"]["notes"][0]["body"], "Sam's gate code is 4411.");
    let texts = serde_json::to_string(&exported(second)["texts"]).expect("JSON");
    assert!(texts.contains("Also the left fender is cracked."), "the newest request's thread: {texts}");
    let consents = export["textConsents"].as_array().expect("the consents");
    assert!(
        consents.iter().any(|c| c["phone"] == NUMBER && c["given"] == true && c["how"] == "form"),
        "{consents:?}"
    );

    let (status, record) = send(&app, &signed, Method::POST, &format!("/customers/{id}/erase")).await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["name"], "Erased customer");
    assert!(record["erasedAt"].is_string());
    for emptied in ["phones", "emails", "tags"] {
        assert_eq!(record[emptied], json!([]), "{emptied}");
    }
    assert_eq!(
        (&record["company"], &record["address"], &record["notes"]),
        (&json!(""), &json!(""), &json!(""))
    );
    assert_eq!((&record["trailers"][0]["vin"], &record["trailers"][0]["plate"]), (&json!(""), &json!("")));
    assert_eq!(record["trailers"][0]["make"], "Big Tex", "what the trailer is stays");
    assert_eq!(record["requests"].as_array().map(Vec::len), Some(2), "the requests stay");

    let page = app.admin_json(&format!("/bookings/{first}"), &signed).await;
    let erased = &page["booking"];
    assert_eq!(erased["name"], "Erased customer");
    for gone in ["email", "phone", "details", "message"] {
        assert_eq!(erased[gone], "", "{gone}");
    }
    for gone in ["photos", "notes"] {
        assert_eq!(erased[gone], json!([]), "{gone}");
    }
    assert_eq!(page["texts"], json!([]));
    assert_eq!(app.admin_json(&format!("/bookings/{second}"), &signed).await["texts"], json!([]));
    assert_eq!(erased["otherRequests"], 0, "blank addresses are no one's: erased requests are not grouped");
    let listed = app.admin_json(&format!("/bookings?customer={first}"), &signed).await;
    assert_eq!(listed["bookings"].as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(erased["status"], booking["booking"]["status"]);
    assert_eq!(erased["createdAt"], booking["booking"]["createdAt"]);
    let answers = serde_json::to_string(&erased["answers"]).expect("JSON");
    assert!(answers.contains("Dump Trailer"), "the picked answers stay: {answers}");
    assert_eq!(app.get(&format!("/api/manage/{link}")).await.status(), 404, "the customer's link ends");
    app.deliver_due().await;
    assert_eq!(
        app.stored_images(Folder::BookingPhotos).await,
        Vec::<String>::new(),
        "the photo's files are gone"
    );
    for query in ["sam", "5550177", "reyes"] {
        let found = app.admin_json(&format!("/customers?q={query}"), &signed).await;
        assert_eq!(found["customers"], json!([]), "{query}");
        let inbox = app.admin_json(&format!("/bookings?q={query}"), &signed).await;
        assert_eq!(inbox["bookings"], json!([]), "{query}: {inbox}");
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM text_consents WHERE phone = '+13035550177'").await,
        2,
        "the agreements stay: the shop's proof of what the number agreed to"
    );

    // An erased record is read, not changed; a new request from the number is a new customer.
    assert_eq!(send(&app, &signed, Method::POST, &format!("/customers/{id}/erase")).await.0, 409);
    let change = app.admin(Method::PUT, &format!("/customers/{id}"), &signed).json(&json!({
        "name": "Sam", "company": "", "address": "", "notes": "", "tags": [], "phones": [], "emails": [],
    }));
    assert_eq!(change.send().await.expect("an answer").status(), 409);
    let (third, _) = book(&app, 3, &[]).await;
    let again = app.admin_json(&format!("/bookings/{third}"), &signed).await["booking"]["customerId"].clone();
    assert_ne!(again, json!(id));
    assert_eq!(app.admin_json(&format!("/customers/{again}"), &signed).await["name"], "Sam Reyes");

    let audit = app.admin_json("/audit", &signed).await;
    let actions = audit_actions(&audit);
    assert!(actions.contains(&"customer-exported") && actions.contains(&"customer-erased"), "{actions:?}");
}

//! Quotes: the team starts one from a request, with the price book's figures of that day (a
//! later change to the book changes no quote); each save answers with every option's figures as
//! the server adds them up; a discount larger than its kind is said, not added; a request with
//! no customer is not quoted; a sent quote is not changed; numbers count up through the shop's
//! year. On SQLite and on PostgreSQL.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    bookings::booking,
    helpers::{Signed, TestApp, spawn_app, test_now},
    price_book::settings,
};

pub async fn send(
    app: &TestApp,
    signed: &Signed,
    method: Method,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let request = app.admin(method, path, signed);
    let request = match body {
        Some(body) => request.json(body),
        None => request,
    };
    let response = request.send().await.expect("a response");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub async fn request(app: &TestApp, submission: &str) -> i64 {
    let response = app.post_json("/api/bookings", &booking(submission)).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
}

/// The shop's year at the test's instant (Denver).
pub fn this_year() -> i16 {
    test_now().to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("Denver")).year()
}

/// Labour at the quote's rate, two parts and an optional part; a 25% deposit.
pub fn brake_job() -> Value {
    json!({
        "rate": "standard",
        "options": [{ "title": "", "lines": [
            { "kind": "labour", "description": "Replace shoes and magnets", "quantity": 150, "price": null, "optional": false },
            { "kind": "part", "description": "Brake magnet", "quantity": 200, "price": 4599, "optional": false },
            { "kind": "part", "description": "Bearing kit", "quantity": 100, "price": 2000, "optional": true },
        ]}],
        "deposit": { "kind": "percent", "amount": 0, "rate": 25000 },
        "message": "  Thanks for asking: here is what the brakes need.  ",
    })
}

#[tokio::test]
async fn a_quote_is_written_on_the_days_rates_and_adds_up_on_the_server() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    assert_eq!(send(&app, &owner, Method::PUT, "/price-book/settings", Some(&settings())).await.0, 200);
    let booking = request(&app, "quote-request-0001").await;

    let (status, quote) =
        send(&app, &owner, Method::POST, &format!("/bookings/{booking}/quotes"), None).await;
    assert_eq!(status, 201, "{quote}");
    assert_eq!(quote["number"], format!("Q-{}-0001", this_year()));
    assert_eq!(quote["state"], "draft");
    assert_eq!(quote["name"], "Jamie Ortiz");
    assert_eq!(quote["currency"], "USD");
    assert_eq!(quote["rates"]["standardRate"], 12500);
    assert_eq!(quote["figures"][0]["totals"]["total"], 0);
    let id = quote["id"].as_i64().expect("an id");

    // The book changes; the quote keeps the rates of the day it was made.
    let mut dearer = settings();
    dearer["labourRate"] = json!(20000);
    assert_eq!(send(&app, &owner, Method::PUT, "/price-book/settings", Some(&dearer)).await.0, 200);

    let (status, saved) = send(&app, &owner, Method::PUT, &format!("/quotes/{id}"), Some(&brake_job())).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["message"], "Thanks for asking: here is what the brakes need.");
    assert_eq!(saved["figures"][0]["lines"], json!([18750, 9198, 2000]));
    // Supplies 5% of $187.50 = $9.38; tax 8.81% of $91.98 + $9.38; 25% deposit of $297.79.
    assert_eq!(
        saved["figures"][0]["totals"],
        json!({ "supplies": 938, "subtotal": 28886, "tax": 893, "total": 29779, "deposit": 7445 })
    );
    assert_eq!(send(&app, &owner, Method::GET, &format!("/quotes/{id}"), None).await.1, saved);

    // A second option whose discount is more than its parts: said, not added, and saved.
    let mut two = brake_job();
    two["options"][0]["title"] = json!("Repair");
    two["options"].as_array_mut().expect("options").push(json!({ "title": "Replace", "lines": [
        { "kind": "part", "description": "Brake assembly", "quantity": 100, "price": 15000, "optional": false },
        { "kind": "part", "description": "Loyal customer", "quantity": 100, "price": -20000, "optional": false },
    ]}));
    let (status, saved) = send(&app, &owner, Method::PUT, &format!("/quotes/{id}"), Some(&two)).await;
    assert_eq!(status, 200);
    assert_eq!(saved["figures"][1]["totals"], Value::Null);
    assert_eq!(
        saved["figures"][1]["problem"],
        "Discounts on parts come to $200.00, more than the $150.00 of parts they discount."
    );
    assert_eq!(saved["options"][1]["lines"][1]["price"], -20000);

    let mut wrong = brake_job();
    wrong["options"][0]["lines"][1]["price"] = Value::Null;
    wrong["options"][0]["lines"][2]["kind"] = json!("supplies");
    wrong["deposit"] = json!({ "kind": "amount", "amount": 0, "rate": 0 });
    let (status, refused) = send(&app, &owner, Method::PUT, &format!("/quotes/{id}"), Some(&wrong)).await;
    assert_eq!(status, 422);
    assert_eq!(refused["errors"]["options.0.lines.1.price"][0], "Give the line a price");
    assert_eq!(refused["errors"]["deposit.amount"][0], "A deposit is from $0.01 to $100,000.00");
    assert_eq!(
        refused["errors"]["options.0.lines.2.kind"][0],
        "Shop supplies are added to each quote from the rates: choose another kind"
    );
    let mut four = brake_job();
    four["options"] = json!([two["options"][0], two["options"][0], two["options"][0], two["options"][0]]);
    assert_eq!(send(&app, &owner, Method::PUT, &format!("/quotes/{id}"), Some(&four)).await.0, 422);
    let (_, kept) = send(&app, &owner, Method::GET, &format!("/quotes/{id}"), None).await;
    assert_eq!(kept["options"].as_array().map(Vec::len), Some(2), "nothing of a refused save is kept");

    let (status, list) = send(&app, &owner, Method::GET, &format!("/bookings/{booking}/quotes"), None).await;
    assert_eq!(status, 200);
    assert_eq!(list["quotes"][0]["total"], 29779);
    assert_eq!(list["quotes"][0]["options"], 2);
}

#[tokio::test]
async fn numbers_count_up_spam_is_not_quoted_and_a_sent_quote_stays_as_sent() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let jamie = request(&app, "quote-request-0002").await;
    let (_, first) = send(&app, &owner, Method::POST, &format!("/bookings/{jamie}/quotes"), None).await;
    let (_, second) = send(&app, &owner, Method::POST, &format!("/bookings/{jamie}/quotes"), None).await;
    assert_eq!(second["number"], format!("Q-{}-0002", this_year()));

    let mut spam = booking("quote-request-spam");
    spam["website"] = json!("http://spam.example");
    let response = app.post_json("/api/bookings", &spam).await;
    let spam_id = response.json::<Value>().await.expect("JSON")["id"].as_i64();
    let path = format!("/bookings/{}/quotes", spam_id.unwrap_or(999_999));
    let (status, refused) = send(&app, &owner, Method::POST, &path, None).await;
    assert_eq!(status, 422);
    assert_eq!(
        refused["errors"]["booking"][0],
        "This request has no customer to quote: it is marked as spam, or there is no such request."
    );
    assert_eq!(send(&app, &owner, Method::POST, "/bookings/999999/quotes", None).await.0, 422);

    // Deleting the newest draft frees neither its number nor its id.
    let second_id = second["id"].as_i64().expect("an id");
    assert_eq!(send(&app, &owner, Method::DELETE, &format!("/quotes/{second_id}"), None).await.0, 204);
    assert_eq!(send(&app, &owner, Method::GET, &format!("/quotes/{second_id}"), None).await.0, 404);
    assert_eq!(send(&app, &owner, Method::DELETE, &format!("/quotes/{second_id}"), None).await.0, 404);
    let (_, third) = send(&app, &owner, Method::POST, &format!("/bookings/{jamie}/quotes"), None).await;
    assert_eq!(third["number"], format!("Q-{}-0003", this_year()));
    assert!(third["id"].as_i64() > Some(second_id), "{third}");

    app.execute("UPDATE quotes SET state = 'sent'").await;
    let first_id = first["id"].as_i64().expect("an id");
    let (status, refused) =
        send(&app, &owner, Method::PUT, &format!("/quotes/{first_id}"), Some(&brake_job())).await;
    assert_eq!(status, 409);
    assert_eq!(refused["error"], "This quote has been sent, so it is no longer changed or deleted.");
    assert_eq!(send(&app, &owner, Method::DELETE, &format!("/quotes/{first_id}"), None).await.0, 409);
    let actions =
        app.rows::<(String,)>("SELECT action FROM audit_log WHERE action LIKE 'quote-%' ORDER BY id").await;
    assert_eq!(actions.len(), 4, "three started, one deleted: {actions:?}");
}

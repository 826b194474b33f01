//! Customers: requests find their customer by the phone's ten digits, else the e-mail address
//! (any case); the owner searches, changes, merges and splits records, and nothing is lost.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Signed, TestApp, TestStorage, eventually, spawn_app, spawn_app_on};

/// A request from `name` with `phone` and `email`; `spam` fills the hidden field.
fn request(submission: &str, name: &str, phone: &str, email: &str, spam: bool) -> Value {
    json!({
        "submissionId": format!("c0000000-0000-4000-8000-{submission:0>12}"),
        "name": name, "email": email, "phone": phone, "details": "Brakes grab on the left",
        "answers": [{ "question": "What type of trailer do you have?", "answer": "Dump Trailer" }],
        "website": if spam { "http://spam.example" } else { "" }, "fillMs": 20000,
    })
}

async fn send(app: &TestApp, submission: &str, name: &str, phone: &str, email: &str) -> i64 {
    let response = app.post_json("/api/bookings", &request(submission, name, phone, email, false)).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id")
}

async fn customers(app: &TestApp, signed: &Signed, query: &str) -> Vec<Value> {
    let path = format!("/customers?q={}", urlencoding(query));
    app.admin_json(&path, signed).await["customers"].as_array().expect("a list").clone()
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

async fn customer(app: &TestApp, signed: &Signed, id: i64) -> Value {
    app.admin_json(&format!("/customers/{id}"), signed).await
}

async fn customer_of(app: &TestApp, signed: &Signed, booking: i64) -> Value {
    app.admin_json(&format!("/bookings/{booking}"), signed).await["booking"].clone()
}

fn strings(value: &Value) -> Vec<&str> {
    value.as_array().expect("a list").iter().map(|v| v.as_str().expect("text")).collect()
}

#[tokio::test]
async fn three_requests_typed_three_ways_make_one_customer_found_by_any_part() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let first = send(&app, "1", "Maria Lopez", "303.555.0123", "maria@example.com").await;
    let second = send(&app, "2", "Maria", "+1 (303) 555-0123", "maria.lopez@work.example").await;
    let third = send(&app, "3", "Maria L.", "720-555-0188", "MARIA@example.com").await;
    send(&app, "4", "Kim Park", "303-555-0199", "kim@example.com").await;

    let all = customers(&app, &signed, "").await;
    assert_eq!(all.len(), 2, "{all:?}");
    let found = customers(&app, &signed, "lopez").await;
    assert_eq!(found.len(), 1);
    let maria = &found[0];
    assert_eq!(maria["name"], "Maria Lopez", "named by her first request");
    assert_eq!(maria["requests"], 3);
    assert_eq!(maria["phone"], "(303) 555-0123");
    for query in ["303 555 0123", "+1 720.555.0188", "5550188", "MARIA@EXAMPLE", "work.example"] {
        let found = customers(&app, &signed, query).await;
        assert_eq!(found.len(), 1, "{query}");
        assert_eq!(found[0]["id"], maria["id"], "{query}");
    }
    assert!(customers(&app, &signed, "nobody").await.is_empty());

    let id = maria["id"].as_i64().expect("an id");
    let record = customer(&app, &signed, id).await;
    assert_eq!(strings(&record["phones"]), ["(303) 555-0123", "(720) 555-0188"]);
    assert_eq!(strings(&record["emails"]), ["maria@example.com", "maria.lopez@work.example"]);
    let requests: Vec<i64> = record["requests"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| r["id"].as_i64().expect("an id"))
        .collect();
    assert_eq!(requests, [third, second, first], "newest first");
    for booking in [first, second, third] {
        let page = customer_of(&app, &signed, booking).await;
        assert_eq!(page["customerId"], id);
        assert_eq!(page["emailCustomerId"], Value::Null);
    }
}

#[tokio::test]
async fn a_phone_of_one_customer_and_an_address_of_another_go_to_the_phones_and_the_owner_is_told() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let ann = send(&app, "1", "Ann", "303-555-0101", "ann@example.com").await;
    let bob = send(&app, "2", "Bob", "303-555-0102", "bob@example.com").await;
    let mixed = send(&app, "3", "Ann", "303-555-0101", "BOB@example.com").await;
    let ann_id = customer_of(&app, &signed, ann).await["customerId"].clone();
    let bob_id = customer_of(&app, &signed, bob).await["customerId"].clone();
    assert_ne!(ann_id, bob_id);
    let page = customer_of(&app, &signed, mixed).await;
    assert_eq!(page["customerId"], ann_id, "the phone's customer");
    assert_eq!(page["emailCustomerId"], bob_id, "the address's customer, told");
    let bob_record = customer(&app, &signed, bob_id.as_i64().expect("an id")).await;
    assert_eq!(strings(&bob_record["emails"]), ["bob@example.com"], "the address stays Bob's");
}

#[tokio::test]
async fn merging_and_splitting_lose_nothing_and_both_histories_say_so() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let ann = send(&app, "1", "Ann Lee", "303-555-0101", "ann@example.com").await;
    let also_ann = send(&app, "2", "Ann Lee", "720-555-0109", "ann.lee@work.example").await;
    let cousin = send(&app, "3", "Sam Lee", "720-555-0109", "sam@example.com").await;
    let a = customer_of(&app, &signed, ann).await["customerId"].as_i64().expect("an id");
    let b = customer_of(&app, &signed, also_ann).await["customerId"].as_i64().expect("an id");
    assert_ne!(a, b);
    let tag = |id: i64, tags: Value, notes: &str, phones: Value, emails: Value| {
        app.admin(Method::PUT, &format!("/customers/{id}"), &signed).json(&json!({
            "name": if id == a { "Ann Lee" } else { "Ann Lee (work)" }, "company": "", "address": "",
            "notes": notes, "tags": tags, "phones": phones, "emails": emails,
        }))
    };
    let saved =
        tag(b, json!(["fleet"]), "Pays by check", json!(["720-555-0109"]), json!(["ann.lee@work.example"]))
            .send()
            .await
            .expect("an answer");
    assert_eq!(saved.status(), 200);

    let merged =
        app.admin(Method::POST, &format!("/customers/{a}/merge"), &signed).json(&json!({ "from": b }));
    let merged = merged.send().await.expect("an answer");
    assert_eq!(merged.status(), 200);
    let record: Value = merged.json().await.expect("JSON");
    assert_eq!(record["requests"].as_array().expect("a list").len(), 3);
    assert_eq!(strings(&record["phones"]), ["(303) 555-0101", "(720) 555-0109"]);
    assert_eq!(strings(&record["emails"]), ["ann@example.com", "ann.lee@work.example"]);
    assert_eq!(strings(&record["tags"]), ["fleet"]);
    assert_eq!(record["notes"], "Pays by check");
    assert_eq!(record["history"][0]["kind"], "merged-in");
    assert_eq!(
        record["history"][0]["sentence"],
        "Ann Lee (work)'s record was merged into this one (2 requests moved)."
    );
    let closed = customer(&app, &signed, b).await;
    assert_eq!(closed["mergedInto"], a);
    assert_eq!(closed["history"][0]["sentence"], "Merged into Ann Lee's record (2 requests moved).");
    assert_eq!(customers(&app, &signed, "").await.len(), 1, "the merged record is not listed");
    let again =
        app.admin(Method::POST, &format!("/customers/{a}/merge"), &signed).json(&json!({ "from": b }));
    assert_eq!(again.send().await.expect("an answer").status(), 409);
    let itself =
        app.admin(Method::POST, &format!("/customers/{a}/merge"), &signed).json(&json!({ "from": a }));
    assert_eq!(itself.send().await.expect("an answer").status(), 422);

    // The cousin's request was attached by a shared number: split it off.
    let split = app
        .admin(Method::POST, &format!("/customers/{a}/split"), &signed)
        .json(&json!({ "booking": cousin }));
    let split = split.send().await.expect("an answer");
    assert_eq!(split.status(), 201);
    let sam: Value = split.json().await.expect("JSON");
    let sam_id = sam["id"].as_i64().expect("an id");
    assert_eq!(sam["name"], "Sam Lee");
    assert_eq!(sam["requests"][0]["id"], cousin);
    assert_eq!(strings(&sam["emails"]), ["sam@example.com"]);
    assert!(
        strings(&sam["phones"]).is_empty(),
        "the shared number stays with Ann, who has other requests on it"
    );
    assert_eq!(
        sam["history"][0]["sentence"],
        format!("Made from request #{cousin}, split off Ann Lee's record.")
    );
    let ann_record = customer(&app, &signed, a).await;
    assert_eq!(ann_record["requests"].as_array().expect("a list").len(), 2);
    assert_eq!(
        ann_record["history"][0]["sentence"],
        format!("Split request #{cousin} off to a new record for Sam Lee.")
    );
    assert_eq!(customer_of(&app, &signed, cousin).await["customerId"], sam_id);
    assert_eq!(app.count("SELECT COUNT(*) FROM bookings").await, 3, "no request lost");
    let only = app
        .admin(Method::POST, &format!("/customers/{sam_id}/split"), &signed)
        .json(&json!({ "booking": cousin }));
    assert_eq!(only.send().await.expect("an answer").status(), 422, "a customer's only request stays");
    let not_theirs = app
        .admin(Method::POST, &format!("/customers/{sam_id}/split"), &signed)
        .json(&json!({ "booking": ann }));
    assert_eq!(not_theirs.send().await.expect("an answer").status(), 422);

    let audit = app.admin_json("/audit", &signed).await.to_string();
    for action in ["customer-changed", "customers-merged", "request-split-off"] {
        assert!(audit.contains(action), "{action} in {audit}");
    }
}

#[tokio::test]
async fn a_record_refuses_bad_fields_and_another_customers_number_and_says_why() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let ann = send(&app, "1", "Ann", "303-555-0101", "ann@example.com").await;
    send(&app, "2", "Bob", "303-555-0102", "bob@example.com").await;
    let id = customer_of(&app, &signed, ann).await["customerId"].as_i64().expect("an id");
    let put = |body: Value| app.admin(Method::PUT, &format!("/customers/{id}"), &signed).json(&body);
    let form = |name: &str, phones: Value, emails: Value| {
        json!({ "name": name, "company": "Lee Landscaping", "address": "12 Elm St, Brighton",
                "notes": "", "tags": ["insurance"], "phones": phones, "emails": emails })
    };
    let bad = put(form(" ", json!(["12"]), json!(["ann@"]))).send().await.expect("an answer");
    assert_eq!(bad.status(), 422);
    let errors: Value = bad.json().await.expect("JSON");
    let text = errors.to_string();
    for message in ["Name is required", "12 is not a US phone number", "ann@ is not an e-mail address"] {
        assert!(text.contains(message), "{message} in {text}");
    }
    let taken = put(form("Ann", json!(["303-555-0101", "(303) 555-0102"]), json!(["ann@example.com"])))
        .send()
        .await
        .expect("an answer");
    assert_eq!(taken.status(), 422);
    assert!(
        taken
            .text()
            .await
            .expect("text")
            .contains("(303) 555-0102 is on Bob's record: merge the two records instead")
    );
    let saved = put(form("Ann Lee", json!(["303-555-0101", "720 555 0177"]), json!(["ann@example.com"])))
        .send()
        .await
        .expect("an answer");
    assert_eq!(saved.status(), 200);
    let record: Value = saved.json().await.expect("JSON");
    assert_eq!(record["company"], "Lee Landscaping");
    assert_eq!(strings(&record["tags"]), ["insurance"]);
    assert_eq!(strings(&record["phones"]), ["(303) 555-0101", "(720) 555-0177"]);
    assert_eq!(customers(&app, &signed, "landscaping").await.len(), 1, "the company is searched");
    // The next request from the added number is hers.
    let next = send(&app, "3", "A. Lee", "7205550177", "a.lee@example.com").await;
    assert_eq!(customer_of(&app, &signed, next).await["customerId"], id);
    let missing = app.admin(Method::GET, "/customers/9999", &signed).send().await.expect("an answer");
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn spam_makes_no_customer_until_the_owner_says_it_is_not_spam() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let response =
        app.post_json("/api/bookings", &request("1", "Spammer", "303-555-0111", "s@example.com", true)).await;
    assert_eq!(response.status(), 201);
    let id = response.json::<Value>().await.expect("JSON")["id"].as_i64().expect("an id");
    assert!(customers(&app, &signed, "").await.is_empty());
    assert_eq!(customer_of(&app, &signed, id).await["customerId"], Value::Null);
    let set =
        app.admin(Method::PUT, &format!("/bookings/{id}/status"), &signed).json(&json!({ "status": "new" }));
    assert_eq!(set.send().await.expect("an answer").status(), 200);
    let listed = customers(&app, &signed, "").await;
    assert_eq!(listed.len(), 1);
    assert_eq!(customer_of(&app, &signed, id).await["customerId"], listed[0]["id"]);
}

#[tokio::test]
async fn requests_stored_before_customers_are_attached_at_start_by_the_same_rule() {
    let storage = TestStorage::new().await;
    let app = spawn_app_on(&storage, |_| {}).await;
    let first = send(&app, "1", "Maria", "303.555.0123", "maria@example.com").await;
    send(&app, "2", "Maria", "720-555-0188", "MARIA@example.com").await;
    send(&app, "3", "Kim", "303-555-0199", "kim@example.com").await;
    // As a database from before customers has them: no customer anywhere.
    for statement in [
        "UPDATE bookings SET customer_id = NULL, email_customer_id = NULL",
        "DELETE FROM customer_search",
        "DELETE FROM customer_phones",
        "DELETE FROM customer_emails",
        "DELETE FROM customers",
    ] {
        app.execute(statement).await;
    }
    app.stop().await;
    let app = spawn_app_on(&storage, |_| {}).await;
    let signed = app.signed_in_admin().await;
    // Attached in the background, while the server already answers.
    eventually("the earlier requests attached", || async {
        app.count("SELECT COUNT(*) FROM bookings WHERE customer_id IS NULL").await == 0
    })
    .await;
    let all = customers(&app, &signed, "").await;
    assert_eq!(all.len(), 2, "{all:?}");
    let maria = customer(
        &app,
        &signed,
        customer_of(&app, &signed, first).await["customerId"].as_i64().expect("an id"),
    )
    .await;
    assert_eq!(maria["requests"].as_array().expect("a list").len(), 2);
}

fn trailer(kind: &str, vin: &str, plate: &str) -> Value {
    json!({ "kindKey": kind, "kindText": "", "make": "Big Tex", "model": "14LP", "year": 2019, "vin": vin,
            "plate": plate, "plateState": "co", "axles": 2, "gvwrLbs": 14000, "colour": "Black" })
}

#[tokio::test]
async fn maria_has_two_trailers_checked_by_their_vin_found_by_six_of_its_characters_and_named_by_requests() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let first = send(&app, "1", "Maria Lopez", "303.555.0123", "maria@example.com").await;
    let second = send(&app, "2", "Maria", "+1 (303) 555-0123", "maria@example.com").await;
    let third = send(&app, "3", "Maria", "720-555-0188", "maria@example.com").await;
    let kim = send(&app, "4", "Kim", "303-555-0199", "kim@example.com").await;
    let id = customer_of(&app, &signed, first).await["customerId"].as_i64().expect("an id");
    let add =
        |body: Value| app.admin(Method::POST, &format!("/customers/{id}/trailers"), &signed).json(&body);

    let misread = add(trailer("dump-trailer", "1M8GDM9A1KP042788", "")).send().await.expect("an answer");
    assert_eq!(misread.status(), 422);
    let text = misread.text().await.expect("text");
    assert!(text.contains("check digit (its 9th character) should be X"), "{text}");
    let bad =
        add(json!({ "kindKey": "", "kindText": "", "make": "", "model": "", "year": 1850, "vin": "1M8GDM9",
                          "plate": "", "plateState": "Colorado", "axles": 9, "gvwrLbs": null, "colour": "" }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(bad.status(), 422);
    let text = bad.text().await.expect("text");
    for message in [
        "Say what kind of trailer it is",
        "1850 is not a model year",
        "A VIN is 17 letters and digits; this one has 7",
        "The plate's state is its two letters, like CO",
        "A trailer has 1 to 6 axles",
    ] {
        assert!(text.contains(message), "{message} in {text}");
    }
    let added =
        add(trailer("dump-trailer", "1m8gdm9a-xkp042788", "abc-123")).send().await.expect("an answer");
    assert_eq!(added.status(), 201);
    let record: Value = added.json().await.expect("JSON");
    assert_eq!(record["trailers"][0]["vin"], "1M8GDM9AXKP042788");
    assert_eq!(record["trailers"][0]["kindText"], "Dump Trailer", "the option's words");
    assert_eq!(record["trailers"][0]["plateState"], "CO");
    let other = json!({ "kindKey": "", "kindText": "Horse trailer", "make": "Featherlite", "model": "", "year": null,
                        "vin": "", "plate": "XYZ-987", "plateState": "", "axles": null, "gvwrLbs": null, "colour": "" });
    let record: Value = add(other).send().await.expect("an answer").json().await.expect("JSON");
    let trailers = record["trailers"].as_array().expect("a list");
    assert_eq!(trailers.len(), 2);
    let (dump, horse) =
        (trailers[0]["id"].as_i64().expect("an id"), trailers[1]["id"].as_i64().expect("an id"));

    for query in ["AXKP04", "042788", "xyz-987"] {
        let found = customers(&app, &signed, query).await;
        assert_eq!(found.len(), 1, "{query}");
        assert_eq!(found[0]["id"], id, "{query}");
    }

    let link = |booking: i64, trailer: Value| {
        app.admin(Method::PUT, &format!("/bookings/{booking}/trailer"), &signed)
            .json(&json!({ "trailer": trailer }))
    };
    assert_eq!(link(first, json!(dump)).send().await.expect("an answer").status(), 204);
    assert_eq!(link(second, json!(horse)).send().await.expect("an answer").status(), 204);
    assert_eq!(link(third, json!(dump)).send().await.expect("an answer").status(), 204);
    assert_eq!(link(kim, json!(dump)).send().await.expect("an answer").status(), 422, "not Kim's trailer");
    let record = customer(&app, &signed, id).await;
    assert_eq!(record["requests"].as_array().expect("a list").len(), 3);
    let named: Vec<i64> = record["requests"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| r["trailerId"].as_i64().expect("a trailer"))
        .collect();
    assert_eq!(named, [dump, horse, dump], "newest first");
    assert_eq!(customer_of(&app, &signed, second).await["trailerId"], horse);
    assert_eq!(link(second, Value::Null).send().await.expect("an answer").status(), 204);
    assert_eq!(customer_of(&app, &signed, second).await["trailerId"], Value::Null);

    let change = app.admin(Method::PUT, &format!("/customers/{id}/trailers/{dump}"), &signed).json(&trailer(
        "dump-trailer",
        "1M8GDM9AXKP042788",
        "NEW-111",
    ));
    let record: Value = change.send().await.expect("an answer").json().await.expect("JSON");
    assert_eq!(record["trailers"][0]["plate"], "NEW-111");
    assert_eq!(customers(&app, &signed, "new-111").await.len(), 1);

    // Kim's record merged into Maria's brings nothing of Maria's away, and Maria's trailers stay.
    let kim_id = customer_of(&app, &signed, kim).await["customerId"].as_i64().expect("an id");
    let merged =
        app.admin(Method::POST, &format!("/customers/{kim_id}/merge"), &signed).json(&json!({ "from": id }));
    let merged: Value = merged.send().await.expect("an answer").json().await.expect("JSON");
    assert_eq!(merged["trailers"].as_array().expect("a list").len(), 2, "the trailers moved with the merge");
}

//! The price book: a new shop's charges nothing and says so; the owner saves the rates, taxes
//! and trip fees together or not at all; parts and common jobs are added, changed and taken out,
//! each with its audit line; staff read it and change nothing. On SQLite and on PostgreSQL.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{Signed, TestApp, spawn_app},
    team::staff_member,
};

/// The rates of a shop near Denver: parts taxed at 8.81%, labour not.
pub fn settings() -> Value {
    json!({
        "labourRate": 12500,
        "insuranceRate": 14500,
        "suppliesRate": 5000,
        "suppliesCap": 3500,
        "cardFeeRate": 2000,
        "taxRates": [
            { "kind": "labour", "rate": 0 },
            { "kind": "part", "rate": 8810 },
            { "kind": "trip", "rate": 0 },
            { "kind": "supplies", "rate": 8810 },
            { "kind": "fee", "rate": 0 },
        ],
        "tripBands": [{ "upToMiles": 25, "fee": 7500 }, { "upToMiles": 10, "fee": 4000 }],
        "quoteTerms": "Work starts once you approve. Special-order parts are paid before they are ordered.",
        "quoteDays": 30,
    })
}

async fn send(app: &TestApp, signed: &Signed, method: Method, path: &str, body: &Value) -> (u16, Value) {
    let response = app.admin(method, path, signed).json(body).send().await.expect("a response");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn audit_actions(app: &TestApp) -> Vec<String> {
    app.rows::<(String,)>("SELECT action FROM audit_log WHERE action LIKE 'price-%' ORDER BY id")
        .await
        .into_iter()
        .map(|(action,)| action)
        .collect()
}

#[tokio::test]
async fn the_owner_sets_the_rates_and_a_wrong_one_changes_nothing() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let new = app.admin_json("/price-book", &owner).await;
    assert_eq!(new["currency"], "USD");
    assert_eq!(new["settingsSaved"], false);
    assert_eq!(new["settings"]["taxRates"].as_array().map(Vec::len), Some(5));
    assert!(new["settings"]["taxRates"].as_array().expect("rates").iter().all(|each| each["rate"] == 0));

    let (status, saved) = send(&app, &owner, Method::PUT, "/price-book/settings", &settings()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["settingsSaved"], true);
    assert_eq!(saved["settings"]["labourRate"], 12500);
    assert_eq!(saved["settings"]["taxRates"][1], json!({ "kind": "part", "rate": 8810 }));
    assert_eq!(
        saved["settings"]["tripBands"],
        json!([{ "upToMiles": 10, "fee": 4000 }, { "upToMiles": 25, "fee": 7500 }])
    );
    assert_eq!(app.admin_json("/price-book", &owner).await, saved);

    let mut wrong = settings();
    wrong["cardFeeRate"] = json!(3000);
    wrong["labourRate"] = json!(9900);
    wrong["tripBands"] = json!([{ "upToMiles": 10, "fee": 4000 }, { "upToMiles": 10, "fee": 5000 }]);
    wrong["taxRates"][4] = json!({ "kind": "part", "rate": 100 });
    let (status, refused) = send(&app, &owner, Method::PUT, "/price-book/settings", &wrong).await;
    assert_eq!(status, 422);
    assert_eq!(refused["errors"]["cardFeeRate"][0], "Colorado allows a card fee of at most 2%");
    assert_eq!(refused["errors"]["tripBands.1.upToMiles"][0], "10 miles is given twice");
    assert_eq!(refused["errors"]["taxRates.part"][0], "Give each kind of line one tax rate");
    assert_eq!(refused["errors"]["taxRates.fee"][0], "Give each kind of line one tax rate");
    let (status, _) =
        send(&app, &owner, Method::PUT, "/price-book/settings", &json!({ "labourRate": "$125" })).await;
    assert_eq!(status, 422, "a body that is not the settings");
    assert_eq!(app.admin_json("/price-book", &owner).await, saved, "nothing changed");
    assert_eq!(audit_actions(&app).await, ["price-rates-changed"]);
}

#[tokio::test]
async fn parts_and_jobs_are_added_changed_and_taken_out_by_the_owner_only() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let magnet = json!({ "name": " Brake magnet ", "price": 4599, "prepaid": false });
    let (status, book) = send(&app, &owner, Method::POST, "/price-book/parts", &magnet).await;
    assert_eq!(status, 201, "{book}");
    assert_eq!(book["parts"][0]["name"], "Brake magnet");
    let magnet_id = book["parts"][0]["id"].as_i64().expect("an id");
    let axle = json!({ "name": "Axle, 7,000 lb", "price": 68500, "prepaid": true });
    let (_, book) = send(&app, &owner, Method::POST, "/price-book/parts", &axle).await;
    let names: Vec<&str> =
        book["parts"].as_array().expect("parts").iter().filter_map(|part| part["name"].as_str()).collect();
    assert_eq!(names, ["Axle, 7,000 lb", "Brake magnet"], "by name");

    let twin = json!({ "name": "BRAKE MAGNET", "price": 100, "prepaid": false });
    let (status, refused) = send(&app, &owner, Method::POST, "/price-book/parts", &twin).await;
    assert_eq!(status, 422);
    assert_eq!(
        refused["errors"]["name"][0],
        "The price book already has a part of that name: give this one another"
    );
    let free = json!({ "name": "", "price": 0, "prepaid": false });
    let (status, refused) = send(&app, &owner, Method::POST, "/price-book/parts", &free).await;
    assert_eq!(status, 422);
    assert_eq!(refused["errors"]["name"][0], "Give the part a name");
    assert_eq!(refused["errors"]["price"][0], "A price is from $0.01 to $100,000.00");

    let dearer = json!({ "name": "Brake magnet", "price": 4899, "prepaid": false });
    let (status, book) =
        send(&app, &owner, Method::PUT, &format!("/price-book/parts/{magnet_id}"), &dearer).await;
    assert_eq!(status, 200);
    assert_eq!(book["parts"][1]["price"], 4899);
    let (status, _) = send(&app, &owner, Method::PUT, "/price-book/parts/999", &dearer).await;
    assert_eq!(status, 404);

    let job = json!({ "name": "Brake job, one axle", "lines": [
        { "kind": "labour", "description": "Replace shoes and magnets", "quantity": 150, "price": null },
        { "kind": "part", "description": "Brake magnet", "quantity": 200, "price": 4899 },
        { "kind": "part", "description": "Returning customer", "quantity": 100, "price": -1000 },
    ]});
    let (status, book) = send(&app, &owner, Method::POST, "/price-book/jobs", &job).await;
    assert_eq!(status, 201, "{book}");
    assert_eq!(book["jobs"][0]["lines"], job["lines"]);
    let job_id = book["jobs"][0]["id"].as_i64().expect("an id");
    let unpriced = json!({ "name": "Wiring", "lines": [{ "kind": "part", "description": "7-way plug", "quantity": 100, "price": null }] });
    let (status, refused) = send(&app, &owner, Method::POST, "/price-book/jobs", &unpriced).await;
    assert_eq!(status, 422);
    assert_eq!(refused["errors"]["lines.0.price"][0], "Give the line a price");

    let staff = staff_member(&app, &owner, "tech@example.com").await;
    let read = app.admin_json("/price-book", &staff).await;
    assert_eq!(read["jobs"][0]["name"], "Brake job, one axle", "staff read the book to quote from it");
    let (status, _) =
        send(&app, &staff, Method::DELETE, &format!("/price-book/jobs/{job_id}"), &json!({})).await;
    assert_eq!(status, 403);
    let (status, _) = send(&app, &staff, Method::PUT, "/price-book/settings", &settings()).await;
    assert_eq!(status, 403);

    let (status, book) =
        send(&app, &owner, Method::DELETE, &format!("/price-book/jobs/{job_id}"), &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(book["jobs"], json!([]));
    let (status, _) =
        send(&app, &owner, Method::DELETE, &format!("/price-book/jobs/{job_id}"), &json!({})).await;
    assert_eq!(status, 404);
    let (status, book) =
        send(&app, &owner, Method::DELETE, &format!("/price-book/parts/{magnet_id}"), &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(book["parts"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        audit_actions(&app).await,
        [
            "price-item-saved",
            "price-item-saved",
            "price-item-saved",
            "price-item-saved",
            "price-item-deleted",
            "price-item-deleted"
        ]
    );
}

//! The API document at /api/openapi.json: complete, well-formed, and answering as it says.
//! (scripts/api-contract.sh then tries every operation with schemathesis.)

use serde_json::Value;

use crate::helpers::spawn_app;

/// Every operation the admin app and the public pages call.
const OPERATIONS: &[(&str, &str)] = &[
    ("get", "/api/openapi.json"),
    ("get", "/api/page"),
    ("get", "/api/blog/search"),
    ("post", "/api/bookings"),
    ("post", "/api/booking-photos"),
    ("get", "/api/service-area"),
    ("post", "/api/admin/login"),
    ("post", "/api/admin/logout"),
    ("post", "/api/admin/login/code"),
    ("post", "/api/admin/password-reset"),
    ("get", "/api/admin/password-reset/{token}"),
    ("post", "/api/admin/password-reset/{token}"),
    ("get", "/api/admin/session"),
    ("get", "/api/admin/invitation/{token}"),
    ("post", "/api/admin/invitation/{token}"),
    ("get", "/api/admin/team"),
    ("post", "/api/admin/team/invitations"),
    ("delete", "/api/admin/team/invitations/{id}"),
    ("delete", "/api/admin/team/members/{id}"),
    ("put", "/api/admin/team/two-step"),
    ("get", "/api/admin/on-call"),
    ("put", "/api/admin/on-call/rota"),
    ("put", "/api/admin/on-call/steps"),
    ("post", "/api/admin/on-call/cover"),
    ("delete", "/api/admin/on-call/cover"),
    ("put", "/api/admin/on-call/phone"),
    ("delete", "/api/admin/account/sessions/{id}"),
    ("get", "/api/admin/today"),
    ("get", "/api/admin/live"),
    ("get", "/api/admin/bookings/{id}"),
    ("post", "/api/admin/bookings/{id}/contact"),
    ("post", "/api/admin/bookings/{id}/seen"),
    ("post", "/api/admin/bookings/{id}/take"),
    ("get", "/api/admin/push-subscriptions"),
    ("post", "/api/admin/push-subscriptions"),
    ("put", "/api/admin/push-subscriptions/{id}"),
    ("delete", "/api/admin/push-subscriptions/{id}"),
    ("post", "/api/admin/push-subscriptions/{id}/test"),
    ("get", "/api/admin/account"),
    ("put", "/api/admin/account/password"),
    ("post", "/api/admin/account/sign-out-others"),
    ("post", "/api/admin/account/two-factor/setup"),
    ("post", "/api/admin/account/two-factor/enable"),
    ("post", "/api/admin/account/two-factor/disable"),
    ("post", "/api/admin/account/two-factor/recovery-codes"),
    ("get", "/api/admin/audit"),
    ("get", "/api/admin/posts"),
    ("post", "/api/admin/posts"),
    ("get", "/api/admin/posts/{id}"),
    ("put", "/api/admin/posts/{id}"),
    ("delete", "/api/admin/posts/{id}"),
    ("post", "/api/admin/posts/preview"),
    ("post", "/api/admin/posts/full-preview"),
    ("get", "/api/availability"),
    ("get", "/api/manage/{token}"),
    ("get", "/api/manage/{token}/times"),
    ("put", "/api/manage/{token}/contact"),
    ("put", "/api/manage/{token}/time"),
    ("post", "/api/manage/{token}/cancel"),
    ("get", "/api/manage/{token}/calendar.ics"),
    ("get", "/api/manage/{token}/photos/{file}"),
    ("post", "/api/manage/{token}/check"),
    ("post", "/api/manage/{token}/new-link"),
    ("put", "/api/manage/{token}/trailer"),
    ("get", "/api/admin/schedule"),
    ("put", "/api/admin/bookings/{id}/appointment"),
    ("delete", "/api/admin/bookings/{id}/appointment"),
    ("post", "/api/admin/bookings/{id}/appointment/confirm"),
    ("post", "/api/admin/bookings/{id}/review-request"),
    ("get", "/api/admin/account/calendar-feed"),
    ("post", "/api/admin/account/calendar-feed"),
    ("delete", "/api/admin/account/calendar-feed"),
    ("post", "/api/admin/posts/{id}/restore"),
    ("put", "/api/admin/posts/{id}/published"),
    ("get", "/api/admin/posts/{id}/revisions"),
    ("get", "/api/admin/posts/{id}/revisions/{revision}"),
    ("post", "/api/admin/images"),
    ("get", "/api/admin/desk"),
    ("get", "/api/admin/bookings"),
    ("get", "/api/admin/bookings.csv"),
    ("get", "/api/admin/bookings/sources"),
    ("put", "/api/admin/bookings/{id}/status"),
    ("post", "/api/admin/bookings/{id}/notes"),
    ("put", "/api/admin/bookings/{id}/notes/{note}"),
    ("delete", "/api/admin/bookings/{id}/notes/{note}"),
    ("get", "/api/admin/site"),
    ("put", "/api/admin/site"),
    ("get", "/api/admin/site/versions"),
    ("post", "/api/admin/site/versions/{id}/restore"),
    ("get", "/api/admin/notifications"),
    ("put", "/api/admin/notifications/recipients"),
    ("post", "/api/admin/notifications/test"),
    ("post", "/api/insights"),
    ("post", "/api/sms/inbound"),
    ("post", "/api/manage/{token}/texts/stop"),
    ("post", "/api/admin/bookings/{id}/texts"),
    ("get", "/api/admin/customers"),
    ("get", "/api/admin/customers/{id}"),
    ("put", "/api/admin/customers/{id}"),
    ("post", "/api/admin/customers/{id}/merge"),
    ("get", "/api/admin/customers/{id}/export"),
    ("post", "/api/admin/bookings/{id}/photos"),
    ("put", "/api/admin/bookings/{id}/photos/{name}"),
    ("delete", "/api/admin/bookings/{id}/photos/{name}"),
    ("post", "/api/admin/customers/{id}/erase"),
    ("post", "/api/admin/customers/{id}/split"),
    ("post", "/api/admin/customers/{id}/trailers"),
    ("put", "/api/admin/customers/{id}/trailers/{trailer}"),
    ("get", "/api/admin/price-book"),
    ("put", "/api/admin/price-book/settings"),
    ("post", "/api/admin/price-book/parts"),
    ("put", "/api/admin/price-book/parts/{id}"),
    ("delete", "/api/admin/price-book/parts/{id}"),
    ("post", "/api/admin/price-book/jobs"),
    ("put", "/api/admin/price-book/jobs/{id}"),
    ("delete", "/api/admin/price-book/jobs/{id}"),
    ("post", "/api/admin/bookings/{id}/quotes"),
    ("get", "/api/admin/bookings/{id}/quotes"),
    ("get", "/api/admin/quotes"),
    ("get", "/api/admin/quotes/{id}"),
    ("put", "/api/admin/quotes/{id}"),
    ("delete", "/api/admin/quotes/{id}"),
    ("post", "/api/admin/quotes/{id}/send"),
    ("post", "/api/admin/quotes/{id}/withdraw"),
    ("post", "/api/admin/quotes/{id}/revise"),
    ("post", "/api/manage/{token}/quotes/{id}/figures"),
    ("post", "/api/manage/{token}/quotes/{id}/approve"),
    ("post", "/api/manage/{token}/quotes/{id}/changes"),
    ("post", "/api/manage/{token}/quotes/{id}/pay"),
    ("post", "/api/admin/quotes/{id}/payments"),
    ("post", "/api/admin/payments/{id}/refund"),
    ("post", "/api/admin/bookings/{id}/invoices"),
    ("get", "/api/admin/bookings/{id}/invoices"),
    ("get", "/api/admin/invoices/{id}"),
    ("put", "/api/admin/invoices/{id}"),
    ("delete", "/api/admin/invoices/{id}"),
    ("post", "/api/admin/invoices/{id}/send"),
    ("post", "/api/admin/invoices/{id}/void"),
    ("post", "/api/admin/invoices/{id}/payments"),
    ("post", "/api/manage/{token}/invoices/{id}/pay"),
    ("get", "/api/admin/invoices"),
    ("get", "/api/admin/invoices.csv"),
    ("post", "/api/stripe/webhook"),
    ("get", "/api/admin/numbers/{number}"),
    ("post", "/api/admin/numbers/{number}/texts"),
    ("post", "/api/admin/numbers/{number}/customer"),
    ("post", "/api/admin/numbers/{number}/request"),
    ("put", "/api/admin/bookings/{id}/trailer"),
    ("post", "/api/admin/bookings/{id}/on-my-way"),
    ("post", "/api/sms/status"),
    ("get", "/api/admin/insights"),
    ("put", "/api/admin/insights/report"),
];

async fn document() -> (crate::helpers::TestApp, Value) {
    let app = spawn_app().await;
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    let document = response.json().await.expect("JSON");
    (app, document)
}

pub fn operations(document: &Value) -> Vec<(String, String, &Value)> {
    let paths = document["paths"].as_object().expect("paths");
    paths
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .expect("a path item")
                .iter()
                .map(move |(method, op)| (method.clone(), path.clone(), op))
        })
        .collect()
}

/// Every `$ref` in `value`, e.g. "#/components/schemas/ErrorBody".
fn references<'a>(value: &'a Value, found: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("$ref", Value::String(target)) => found.push(target),
                    _ => references(value, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| references(item, found)),
        _ => {}
    }
}

#[tokio::test]
async fn the_document_lists_every_api_operation_and_nothing_else() {
    let (_app, document) = document().await;
    assert_eq!(document["openapi"], "3.1.0");
    let mut listed: Vec<(String, String)> =
        operations(&document).into_iter().map(|(method, path, _)| (method, path)).collect();
    listed.sort();
    let mut expected: Vec<(String, String)> =
        OPERATIONS.iter().map(|(method, path)| ((*method).to_owned(), (*path).to_owned())).collect();
    expected.sort();
    assert_eq!(listed, expected);
}

#[tokio::test]
async fn the_document_is_the_reviewed_snapshot_with_one_name_per_operation() {
    let (_app, document) = document().await;
    let mut ids: Vec<&str> = operations(&document)
        .iter()
        .map(|(method, path, operation)| {
            operation["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has an id"))
        })
        .collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "operation ids are unique");
    let sign_in_code = &document["paths"]["/api/admin/login/code"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"]["$ref"];
    let schema = sign_in_code.as_str().and_then(|target| document.pointer(&target[1..])).expect("its body");
    assert!(
        schema["required"].as_array().is_some_and(|required| required.contains(&"challenge".into())),
        "{schema}"
    );
    // Every change to the contract is a diff to review: `cargo insta review` (or INSTA_UPDATE=always).
    insta::assert_json_snapshot!("api_document", document);
}

#[tokio::test]
async fn every_reference_resolves_and_every_admin_operation_names_its_refusals() {
    let (app, document) = document().await;
    let mut found = Vec::new();
    references(&document, &mut found);
    assert!(!found.is_empty());
    for target in found {
        let pointer = target.strip_prefix('#').expect("a local reference");
        assert!(document.pointer(pointer).is_some(), "{target} resolves");
    }
    let schemes = document["components"]["securitySchemes"].as_object().expect("security schemes");
    assert_eq!(schemes["session"]["in"], "cookie");
    let cookie_name = schemes["session"]["name"].as_str().expect("a cookie name");
    let signed = app.signed_in_admin().await;
    assert!(signed.cookie.starts_with(&format!("{cookie_name}=")), "the cookie sign-in sets");
    assert_eq!(schemes["csrf"]["name"], "x-csrf-token");
    for (method, path, operation) in operations(&document) {
        let responses = operation["responses"].as_object().expect("responses");
        let statuses = |wanted: &[&str]| wanted.iter().all(|status| responses.contains_key(*status));
        // Sign-in, a password reset and an invitation's link come before a session; the session
        // check and logout answer whether or not there is one.
        let open = path.starts_with("/api/admin/login")
            || path.starts_with("/api/admin/password-reset")
            || path.starts_with("/api/admin/invitation/")
            || path == "/api/admin/session"
            || path == "/api/admin/logout";
        if path.starts_with("/api/admin/") && !open {
            assert!(statuses(&["401", "403", "503"]), "{method} {path} names 401, 403 and 503");
            let security = operation["security"][0].as_object().expect("security");
            assert!(security.contains_key("session"), "{method} {path} needs the session");
            assert_eq!(security.contains_key("csrf"), method != "get", "{method} {path}: CSRF on writes");
        }
        if path == "/api/insights" || path == "/api/stripe/webhook" {
            // A beacon, or an event, is refused whole with 400, whatever is wrong with it.
            assert!(statuses(&["400", "408", "413"]), "{method} {path} names its body refusals");
        } else if path.starts_with("/api/sms/") {
            // The provider's form posts: anything not signed is 403, whatever is wrong with it.
            assert!(statuses(&["403", "408", "413"]), "{method} {path} names its body refusals");
        } else if operation.get("requestBody").is_some() {
            assert!(statuses(&["400", "408", "413", "422"]), "{method} {path} names its body refusals");
        }
        for (status, response) in responses {
            if status.starts_with('4') || status.starts_with('5') {
                let schema = &response["content"]["application/json"]["schema"];
                assert!(schema.is_object(), "{method} {path} {status} is JSON with a schema");
            }
        }
    }
}

#[tokio::test]
async fn every_api_path_outside_the_document_is_a_json_404() {
    let (app, _document) = document().await;
    for path in ["/api/nope", "/api/admin/nope", "/api/admin/posts/1/nope", "/api/page/x"] {
        let response = app.get(path).await;
        assert_eq!(response.status().as_u16(), 404, "{path}");
        let body: Value = response.json().await.expect("JSON");
        assert_eq!(body["error"], "There is no such API route.", "{path}");
    }
}

#[tokio::test]
async fn malformed_parameters_and_bodies_get_json_errors() {
    let (app, _document) = document().await;
    let signed = app.signed_in_admin().await;
    let cases = [
        (app.admin(reqwest::Method::GET, "/posts/abc", &signed), 400),
        (app.admin(reqwest::Method::GET, "/posts/99999999999999999999", &signed), 400),
        (app.admin(reqwest::Method::GET, "/audit?before=yesterday", &signed), 400),
        (app.admin(reqwest::Method::GET, "/bookings?status=lost", &signed), 422),
        (app.admin(reqwest::Method::PUT, "/bookings/x/status", &signed).json(&serde_json::json!({})), 400),
        (app.admin(reqwest::Method::POST, "/images", &signed), 400),
        (app.admin(reqwest::Method::POST, "/posts/preview", &signed).body("{\"content\": 1}"), 415),
        (app.client.get(format!("{}/api/page", app.url)), 400),
        (app.client.get(format!("{}/api/blog/search?q=%00", app.url)), 400),
    ];
    for (request, status) in cases {
        let response = request.send().await.expect("an answer");
        let url = response.url().to_string();
        assert_eq!(response.status().as_u16(), status, "{url}");
        assert!(
            response.headers()["content-type"].to_str().expect("text").starts_with("application/json"),
            "{url} answers JSON"
        );
        let body: Value = response.json().await.expect("JSON");
        assert!(body["error"].is_string() || body["errors"].is_object(), "{url}: {body}");
    }
}

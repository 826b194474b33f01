//! A local stand-in for Stripe's API, on loopback: it makes Checkout Sessions (one per
//! Idempotency-Key, as Stripe does) and keeps what each was asked with, and answers the account
//! and its webhook endpoints for `doctor`. Events are signed by the tests themselves
//! (`trailerworks::billing::stripe_signature::sign`).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    Json, Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use serde_json::{Value, json};
use tokio::net::TcpListener;

pub const SECRET_KEY: &str = "sk_test_standin_0000000000";
pub const WEBHOOK_SECRET: &str = "whsec_standin_signing_secret";

#[derive(Default)]
struct Kept {
    /// Each session made: its id and the form it was asked with (with "idempotency-key").
    sessions: Vec<(String, HashMap<String, String>)>,
    /// How many requests asked for a session (repeats too).
    asked: usize,
    /// Each refund made: its form, with "idempotency-key".
    refunds: Vec<HashMap<String, String>>,
}

#[derive(Clone)]
struct StandIn {
    url: String,
    kept: Arc<Mutex<Kept>>,
    endpoints: Value,
}

pub struct StripeStandIn {
    /// The API's base URL, for --stripe-api-url.
    pub url: String,
    state: StandIn,
}

impl StripeStandIn {
    /// The form of each session made, oldest first, with its "id" and "idempotency-key".
    pub fn sessions(&self) -> Vec<HashMap<String, String>> {
        let kept = self.state.kept.lock().expect("lock");
        kept.sessions
            .iter()
            .map(|(id, form)| {
                let mut form = form.clone();
                form.insert("id".into(), id.clone());
                form
            })
            .collect()
    }

    /// The form of each refund asked for, oldest first, with its "idempotency-key".
    pub fn refunds(&self) -> Vec<HashMap<String, String>> {
        self.state.kept.lock().expect("lock").refunds.clone()
    }

    /// How many times a session was asked for.
    pub fn asked(&self) -> usize {
        self.state.kept.lock().expect("lock").asked
    }

    /// The server's flags for payments through this stand-in.
    pub fn configure(&self, config: &mut trailerworks::config::ServeConfig) {
        config.stripe.stripe_secret_key = Some(SECRET_KEY.into());
        config.stripe.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
        config.stripe.stripe_api_url = Some(self.url.clone());
    }
}

/// Starts the stand-in; `endpoints` is the list its webhook endpoints answer.
pub async fn stripe(endpoints: Value) -> StripeStandIn {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let state = StandIn { url: url.clone(), kept: Arc::default(), endpoints };
    let app = Router::new()
        .route("/v1/checkout/sessions", post(checkout))
        .route("/v1/refunds", post(refund))
        .route("/v1/account", get(account))
        .route("/v1/webhook_endpoints", get(endpoints_list))
        .with_state(state.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    StripeStandIn { url, state }
}

fn authorized(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|value| value.to_str().ok())
        == Some(&format!("Bearer {SECRET_KEY}"))
}

fn refused() -> (StatusCode, Json<Value>) {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({ "error": { "type": "invalid_request_error", "message": "Invalid API Key provided" } })),
    )
}

async fn checkout(
    State(state): State<StandIn>,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, Json<Value>) {
    if !authorized(&headers) {
        return refused();
    }
    let mut form: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let key = headers.get("idempotency-key").and_then(|value| value.to_str().ok()).unwrap_or("").to_owned();
    form.insert("idempotency-key".into(), key.clone());
    let mut kept = state.kept.lock().expect("lock");
    kept.asked += 1;
    let known = kept.sessions.iter().find(|(_, asked)| !key.is_empty() && asked["idempotency-key"] == key);
    let id = match known {
        Some((id, _)) => id.clone(),
        None => {
            let id = format!("cs_test_{:04}", kept.sessions.len() + 1);
            kept.sessions.push((id.clone(), form));
            id
        }
    };
    (
        StatusCode::OK,
        Json(json!({ "id": id, "object": "checkout.session", "url": format!("{}/pay/{id}", state.url) })),
    )
}

async fn refund(State(state): State<StandIn>, headers: HeaderMap, body: Bytes) -> (StatusCode, Json<Value>) {
    if !authorized(&headers) {
        return refused();
    }
    let mut form: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let key = headers.get("idempotency-key").and_then(|value| value.to_str().ok()).unwrap_or("").to_owned();
    form.insert("idempotency-key".into(), key);
    let mut kept = state.kept.lock().expect("lock");
    kept.refunds.push(form);
    let id = format!("re_test_{:04}", kept.refunds.len());
    (StatusCode::OK, Json(json!({ "id": id, "object": "refund", "status": "succeeded" })))
}

async fn account(headers: HeaderMap) -> (StatusCode, Json<Value>) {
    if !authorized(&headers) {
        return refused();
    }
    (StatusCode::OK, Json(json!({ "id": "acct_standin", "charges_enabled": true })))
}

async fn endpoints_list(State(state): State<StandIn>, headers: HeaderMap) -> (StatusCode, Json<Value>) {
    if !authorized(&headers) {
        return refused();
    }
    (StatusCode::OK, Json(json!({ "object": "list", "data": state.endpoints })))
}

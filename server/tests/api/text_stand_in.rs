//! A local stand-in for a provider speaking Twilio's Messages API: it takes texts (201 with a
//! `sid`, status `queued`), keeps each with its form fields and credentials, and posts what the
//! provider would to the site, signed as the provider signs it: status callbacks and a customer's
//! texts.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    Form, Json, Router,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use base64ct::Encoding as _;
use serde_json::json;
use trailerworks::delivery::text::signature;

pub const ACCOUNT_SID: &str = "AC00000000000000000000000000000001";
pub const AUTH_TOKEN: &str = "stand-in auth token";
pub const FROM: &str = "+13035550100";

/// One text the stand-in took.
#[derive(Clone, Debug)]
pub struct Taken {
    pub sid: String,
    pub account: String,
    /// The `Authorization` header it came with.
    pub authorization: String,
    pub fields: HashMap<String, String>,
}

impl Taken {
    pub fn to(&self) -> &str {
        &self.fields["To"]
    }

    pub fn body(&self) -> &str {
        &self.fields["Body"]
    }
}

#[derive(Clone, Default)]
struct Kept {
    taken: Arc<Mutex<Vec<Taken>>>,
    /// Error codes to refuse the next texts with (400 and the code), first first.
    refusals: Arc<Mutex<Vec<i64>>>,
    /// How long it keeps a text before answering (an instance may die meanwhile).
    delay: Arc<Mutex<Duration>>,
}

pub struct TextStandIn {
    /// The API's base URL, for `--sms-api-url`.
    pub url: String,
    kept: Kept,
    client: reqwest::Client,
}

pub async fn start() -> TextStandIn {
    let kept = Kept::default();
    let app = Router::new()
        .route("/2010-04-01/Accounts/{account}/Messages.json", post(take).get(list))
        .route("/2010-04-01/Accounts/{account}", get(account))
        .route("/2010-04-01/Accounts/{account}/IncomingPhoneNumbers.json", get(numbers))
        .with_state(kept.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    TextStandIn { url, kept, client: reqwest::Client::new() }
}

async fn take(
    State(kept): State<Kept>,
    Path(account): Path<String>,
    headers: HeaderMap,
    Form(fields): Form<HashMap<String, String>>,
) -> Response {
    let refusal = {
        let mut refusals = kept.refusals.lock().expect("lock");
        (!refusals.is_empty()).then(|| refusals.remove(0))
    };
    let delay = *kept.delay.lock().expect("lock");
    if !delay.is_zero() {
        // The text is taken at once; the answer is late.
        let sid = keep(&kept, account, &headers, fields);
        tokio::time::sleep(delay).await;
        return (StatusCode::CREATED, Json(json!({ "sid": sid, "status": "queued" }))).into_response();
    }
    if let Some(code) = refusal {
        let body = json!({ "code": code, "message": format!("refused with {code}"), "status": 400 });
        return (StatusCode::BAD_REQUEST, Json(body)).into_response();
    }
    let sid = keep(&kept, account, &headers, fields);
    (StatusCode::CREATED, Json(json!({ "sid": sid, "status": "queued" }))).into_response()
}

fn keep(kept: &Kept, account: String, headers: &HeaderMap, fields: HashMap<String, String>) -> String {
    let mut taken = kept.taken.lock().expect("lock");
    let sid = format!("SM{:032}", taken.len() + 1);
    let authorization =
        headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    taken.push(Taken { sid: sid.clone(), account, authorization, fields });
    sid
}

/// `GET .../Messages.json?To=`: the texts taken for that number, newest first.
async fn list(
    State(kept): State<Kept>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if !signed_in(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let taken = kept.taken.lock().expect("lock");
    let messages: Vec<_> = taken
        .iter()
        .rev()
        .filter(|text| query.get("To").is_none_or(|to| to == text.to()))
        .map(|text| json!({ "sid": text.sid, "to": text.to(), "body": text.body(), "status": "sent" }))
        .collect();
    Json(json!({ "messages": messages })).into_response()
}

/// Whether a request came with the stand-in's account and token (HTTP basic auth).
fn signed_in(headers: &HeaderMap) -> bool {
    let expected = format!("{ACCOUNT_SID}:{AUTH_TOKEN}");
    let given = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default();
    given.strip_prefix("Basic ").and_then(|b64| base64ct::Base64::decode_vec(b64).ok()).as_deref()
        == Some(expected.as_bytes())
}

/// `GET /2010-04-01/Accounts/{sid}.json` (the path segment is `{sid}.json`).
async fn account(Path(account): Path<String>, headers: HeaderMap) -> Response {
    if !signed_in(&headers) || account != format!("{ACCOUNT_SID}.json") {
        return (StatusCode::UNAUTHORIZED, Json(json!({ "code": 20003, "message": "Authenticate" })))
            .into_response();
    }
    Json(json!({ "sid": ACCOUNT_SID, "friendly_name": "Stand-in shop", "status": "active" })).into_response()
}

/// `GET .../IncomingPhoneNumbers.json?PhoneNumber=`: the account has the one number `FROM`.
async fn numbers(headers: HeaderMap, Query(query): Query<HashMap<String, String>>) -> Response {
    if !signed_in(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let found: Vec<_> = query
        .get("PhoneNumber")
        .filter(|number| *number == FROM)
        .map(|number| json!({ "phone_number": number }))
        .into_iter()
        .collect();
    Json(json!({ "incoming_phone_numbers": found })).into_response()
}

impl TextStandIn {
    pub fn taken(&self) -> Vec<Taken> {
        self.kept.taken.lock().expect("lock").clone()
    }

    /// Answers each text only after `delay` (it is taken at once).
    pub fn slow(&self, delay: Duration) {
        *self.kept.delay.lock().expect("lock") = delay;
    }

    /// Refuses the next texts with these error codes, one each.
    pub fn refuse_next(&self, codes: &[i64]) {
        self.kept.refusals.lock().expect("lock").extend_from_slice(codes);
    }

    /// Posts the status callback of text `sid` to the site at `site` (its address), signed for
    /// the `StatusCallback` URL the text named. Answers the site's status code.
    pub async fn status(&self, site: &str, sid: &str, status: &str, error_code: Option<&str>) -> u16 {
        let taken = self.taken().into_iter().find(|t| t.sid == sid).expect("a text the stand-in took");
        let callback = taken.fields["StatusCallback"].clone();
        let mut fields = vec![
            ("AccountSid", ACCOUNT_SID.to_owned()),
            ("MessageSid", sid.to_owned()),
            ("SmsSid", sid.to_owned()),
            ("MessageStatus", status.to_owned()),
            ("To", taken.to().to_owned()),
            ("From", FROM.to_owned()),
        ];
        if let Some(code) = error_code {
            fields.push(("ErrorCode", code.to_owned()));
        }
        self.post_signed(site, &callback, fields, None).await
    }

    /// Posts a customer's text from `from` to the site at `site`, signed for `public_url`'s
    /// inbound path (or with `signature` instead). Answers the site's status code.
    pub async fn inbound(&self, site: &str, public_url: &str, from: &str, body: &str) -> u16 {
        self.inbound_signed(site, public_url, from, body, None).await
    }

    pub async fn inbound_signed(
        &self,
        site: &str,
        public_url: &str,
        from: &str,
        body: &str,
        signature: Option<&str>,
    ) -> u16 {
        let fields = vec![
            ("AccountSid", ACCOUNT_SID.to_owned()),
            ("MessageSid", format!("SMin{:030}", next_inbound_number())),
            ("From", from.to_owned()),
            ("To", FROM.to_owned()),
            ("Body", body.to_owned()),
            ("NumMedia", "0".to_owned()),
        ];
        let url = format!("{public_url}/api/sms/inbound");
        self.post_signed(site, &url, fields, signature).await
    }

    async fn post_signed(
        &self,
        site: &str,
        signed_url: &str,
        fields: Vec<(&str, String)>,
        signature: Option<&str>,
    ) -> u16 {
        let owned: Vec<(String, String)> = fields.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
        let signed = signature.map_or_else(|| signature::sign(AUTH_TOKEN, signed_url, &owned), str::to_owned);
        let path = signed_url.find("/api/").map_or(signed_url, |at| &signed_url[at..]);
        self.client
            .post(format!("{site}{path}"))
            .header("X-Twilio-Signature", signed)
            .form(&owned)
            .send()
            .await
            .expect("the site answers")
            .status()
            .as_u16()
    }
}

fn next_inbound_number() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

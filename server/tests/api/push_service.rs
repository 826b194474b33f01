//! A stand-in push service (RFC 8030) on loopback, and a browser's side of a subscription: its
//! own P-256 key pair and authentication secret, so a test decrypts what the server sent
//! (RFC 8291) and checks its VAPID signature (RFC 8292) as a real push service would.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use axum::{
    Router,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    routing::post,
};
use base64ct::{Base64UrlUnpadded, Encoding as _};
use p256::{
    SecretKey,
    ecdsa::{Signature, VerifyingKey, signature::Verifier as _},
    elliptic_curve::sec1::ToEncodedPoint as _,
};
use serde_json::{Value, json};
use tokio::net::TcpListener;

/// A push the service received.
#[derive(Clone, Debug)]
pub struct Received {
    /// The subscription it was for (the endpoint's last part).
    pub name: String,
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

#[derive(Clone, Default)]
pub struct PushLog(Arc<Mutex<Vec<Received>>>);

impl PushLog {
    pub fn received(&self) -> Vec<Received> {
        self.0.lock().expect("lock").clone()
    }

    pub fn for_subscription(&self, name: &str) -> Vec<Received> {
        self.received().into_iter().filter(|push| push.name == name).collect()
    }
}

pub struct PushService {
    /// `http://127.0.0.1:PORT`
    pub origin: String,
    pub log: PushLog,
}

/// A push service that takes every push (201), except for endpoints under /gone/ (410, the
/// browser unsubscribed).
pub async fn push_service() -> PushService {
    let log = PushLog::default();
    let app = Router::new().route("/{kind}/{name}", post(receive)).with_state(log.clone());
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let origin = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    PushService { origin, log }
}

async fn receive(
    State(log): State<PushLog>,
    Path((kind, name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let headers = headers
        .iter()
        .map(|(key, value)| (key.as_str().to_owned(), value.to_str().unwrap_or_default().to_owned()))
        .collect();
    log.0.lock().expect("lock").push(Received { name, headers, body: body.to_vec() });
    if kind == "gone" { StatusCode::GONE } else { StatusCode::CREATED }
}

/// A browser's subscription: its keys, and the JSON `PushSubscription.toJSON()` makes of them.
pub struct Browser {
    pub name: String,
    secret: SecretKey,
    auth: [u8; 16],
    pub subscription: Value,
}

impl Browser {
    /// A browser subscribed at `origin/{kind}/{name}` (kind `push`, or `gone` for one the
    /// service says is unsubscribed).
    pub fn new(origin: &str, kind: &str, name: &str) -> Self {
        let secret = SecretKey::random(&mut OsRng);
        let mut auth = [0u8; 16];
        OsRng.fill_bytes(&mut auth);
        let public = secret.public_key().as_affine().to_encoded_point(false);
        let subscription = json!({
            "endpoint": format!("{origin}/{kind}/{name}"),
            "expirationTime": null,
            "keys": {
                "p256dh": Base64UrlUnpadded::encode_string(public.as_bytes()),
                "auth": Base64UrlUnpadded::encode_string(&auth),
            }
        });
        Self { name: name.to_owned(), secret, auth, subscription }
    }

    /// What a push said, decrypted with this browser's keys (aes128gcm).
    pub fn read(&self, push: &Received) -> Value {
        assert_eq!(push.headers.get("content-encoding").map(String::as_str), Some("aes128gcm"));
        let auth = web_push_native::Auth::from(self.auth);
        let plain =
            web_push_native::decrypt(push.body.clone(), &self.secret, &auth).expect("the push decrypts");
        serde_json::from_slice(&plain).expect("the notice is JSON")
    }
}

/// The VAPID signature of `push` (RFC 8292's `Authorization: vapid t=JWT, k=KEY`), checked as a
/// push service does: an ES256 JWT whose signature verifies with the key it names, for the
/// audience `origin`. The claims, and the key.
pub fn vapid(push: &Received, origin: &str) -> (Value, String) {
    let authorization = push.headers.get("authorization").expect("an Authorization header");
    let rest = authorization.strip_prefix("vapid ").expect("a vapid authorization");
    let fields: HashMap<&str, &str> = rest.split(", ").filter_map(|field| field.split_once('=')).collect();
    let key = fields["k"];
    let public = VerifyingKey::from_sec1_bytes(&Base64UrlUnpadded::decode_vec(key).expect("base64url"))
        .expect("a P-256 public key");
    let (signed, signature) = fields["t"].rsplit_once('.').expect("a signed JWT");
    let signature = Signature::from_slice(&Base64UrlUnpadded::decode_vec(signature).expect("base64url"))
        .expect("an r||s signature");
    public.verify(signed.as_bytes(), &signature).expect("the JWT verifies");
    let part = |encoded: &str| -> Value {
        serde_json::from_slice(&Base64UrlUnpadded::decode_vec(encoded).expect("base64url")).expect("JSON")
    };
    let (header, claims) = signed.split_once('.').expect("a header and claims");
    assert_eq!(part(header)["alg"], "ES256");
    let claims = part(claims);
    assert_eq!(claims["aud"], origin, "the audience is the push service's origin");
    (claims, key.to_owned())
}

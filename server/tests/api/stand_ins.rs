//! Local stand-ins for the providers bookings are delivered to: a form-service webhook and an
//! SMTP server, both on loopback.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    Json, Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::post,
};
use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::{TcpListener, TcpStream},
    sync::watch,
};

/// The multipart fields of each request the webhook received, successful or not, with its
/// `Webhook-Id` header as the field "webhook-id".
#[derive(Clone, Default)]
pub struct WebhookLog(Arc<Mutex<Vec<HashMap<String, String>>>>);

impl WebhookLog {
    pub fn requests(&self) -> Vec<HashMap<String, String>> {
        self.0.lock().expect("lock").clone()
    }
}

pub struct WebhookStandIn {
    pub url: String,
    pub log: WebhookLog,
}

/// A webhook that fails its first `failures` requests (500 with success false), then succeeds.
pub async fn webhook(failures: usize) -> WebhookStandIn {
    slow_webhook(failures, Duration::ZERO).await
}

/// A webhook like `webhook` that takes `delay` to answer each request (it logs it on arrival).
pub async fn slow_webhook(failures: usize, delay: Duration) -> WebhookStandIn {
    serve_webhook(Behaviour { failures, delay, stalls: 0 }).await
}

/// A webhook that never answers its first `stalls` requests (it logs them on arrival), then
/// answers at once.
pub async fn stalling_webhook(stalls: usize) -> WebhookStandIn {
    serve_webhook(Behaviour { failures: 0, delay: Duration::ZERO, stalls }).await
}

#[derive(Clone, Copy)]
struct Behaviour {
    failures: usize,
    delay: Duration,
    stalls: usize,
}

async fn serve_webhook(behaviour: Behaviour) -> WebhookStandIn {
    let log = WebhookLog::default();
    let app = Router::new().route("/submit", post(receive)).with_state((log.clone(), behaviour));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}/submit", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    WebhookStandIn { url, log }
}

async fn receive(
    State((log, behaviour)): State<(WebhookLog, Behaviour)>,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, Json<Value>) {
    let mut fields = multipart_fields(&String::from_utf8_lossy(&body));
    if let Some(id) = headers.get("webhook-id").and_then(|value| value.to_str().ok()) {
        fields.insert("webhook-id".to_owned(), id.to_owned());
    }
    let count = {
        let mut requests = log.0.lock().expect("lock");
        requests.push(fields);
        requests.len()
    };
    if count <= behaviour.stalls {
        std::future::pending::<()>().await;
    }
    tokio::time::sleep(behaviour.delay).await;
    if count <= behaviour.failures {
        (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "success": false, "message": "temporarily down" })))
    } else {
        (StatusCode::OK, Json(json!({ "success": true, "message": "Form submitted" })))
    }
}

/// Field name to value, from a multipart/form-data body of text fields.
fn multipart_fields(body: &str) -> HashMap<String, String> {
    body.split("Content-Disposition: form-data; name=\"")
        .skip(1)
        .filter_map(|part| {
            let (name, rest) = part.split_once('"')?;
            let value = rest.split_once("\r\n\r\n")?.1;
            let value = &value[..value.find("\r\n--")?];
            Some((name.to_owned(), value.to_owned()))
        })
        .collect()
}

/// The raw messages (headers and body) an SMTP stand-in accepted.
#[derive(Clone, Default)]
pub struct Mailbox(Arc<Mutex<Vec<String>>>);

impl Mailbox {
    pub fn messages(&self) -> Vec<String> {
        self.0.lock().expect("lock").clone()
    }
}

/// An SMTP server that accepts every message (no TLS, no auth); answers with its URL.
pub async fn smtp() -> (String, Mailbox) {
    let mailbox = Mailbox::default();
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("smtp://{}", listener.local_addr().expect("addr"));
    let accepted = mailbox.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let mailbox = accepted.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 stand-in ESMTP\r\n").await;
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(message) = data.as_mut() {
                        if line == "." {
                            mailbox.0.lock().expect("lock").push(data.take().unwrap_or_default());
                            let _ = write.write_all(b"250 OK queued\r\n").await;
                        } else {
                            // A line the client began with a dot has a second one added (RFC 5321, 4.5.2).
                            message.push_str(
                                line.strip_prefix('.').filter(|_| line.starts_with("..")).unwrap_or(&line),
                            );
                            message.push('\n');
                        }
                        continue;
                    }
                    let command = line.to_ascii_uppercase();
                    let reply: &[u8] = if command.starts_with("EHLO") {
                        b"250-stand-in\r\n250 8BITMIME\r\n"
                    } else if command.starts_with("DATA") {
                        data = Some(String::new());
                        b"354 go ahead\r\n"
                    } else if command.starts_with("QUIT") {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    let _ = write.write_all(reply).await;
                }
            });
        }
    });
    (url, mailbox)
}

/// A TCP relay in front of a service (PostgreSQL, a webhook, an SMTP server) that can be cut and
/// restored, standing in for an outage or a network failure while the service itself runs on.
/// While cut, open connections are dropped and new ones are closed at once.
pub struct Relay {
    port: u16,
    open: watch::Sender<bool>,
}

impl Relay {
    /// A relay to the host and port of `url`.
    pub async fn in_front_of(url: &str) -> Self {
        let url = url::Url::parse(url).expect("a URL");
        let target = format!("{}:{}", url.host_str().expect("a host"), url.port().expect("a port"));
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let (open, watching) = watch::channel(true);
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let mut watching = watching.clone();
                if !*watching.borrow() {
                    continue; // dropped: closed at once
                }
                let target = target.clone();
                tokio::spawn(async move {
                    let Ok(mut server) = TcpStream::connect(&target).await else { return };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = watching.wait_for(|open| !open) => {}
                    }
                });
            }
        });
        Self { port, open }
    }

    /// `url` with its port replaced by the relay's.
    pub fn url(&self, url: &str) -> String {
        let mut url = url::Url::parse(url).expect("a URL");
        url.set_port(Some(self.port)).expect("a port");
        url.to_string()
    }

    pub fn cut(&self) {
        let _ = self.open.send(false);
    }

    pub fn restore(&self) {
        let _ = self.open.send(true);
    }
}

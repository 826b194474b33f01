//! The real binary as a child process, for what only a process can show: several instances on
//! one database, kill -9, a restart.

use std::{
    process::Stdio,
    sync::{Arc, Mutex},
    time::Duration,
};

use reqwest::Method;
use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt as _, BufReader},
    process::{Child, Command},
};
use trailerworks::config::StorageConfig;

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, session_cookie, storage_args};

/// One running `trailerworks serve` process.
pub struct Instance {
    child: Child,
    pub url: String,
    pub client: reqwest::Client,
    /// Every line it has written to standard output (its log) since it listened.
    pub logs: Arc<Mutex<Vec<String>>>,
}

impl Instance {
    /// Starts the release binary on `storage` with `extra` flags; waits until it listens.
    pub async fn start(storage: &StorageConfig, extra: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trailerworks"))
            .arg("serve")
            .args(storage_args(storage))
            .args(["--listen", "127.0.0.1:0", "--public-url", "https://trailers.example.com"])
            .args(extra)
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("the binary starts");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let url = tokio::time::timeout(Duration::from_secs(20), async {
            while let Some(line) = lines.next_line().await.expect("a line") {
                // A text line ends with the address; a JSON one has it before a quote.
                if let Some(at) = line.find("listening on http://") {
                    let rest = &line[at + "listening on ".len()..];
                    return rest[..rest.find('"').unwrap_or(rest.len())].trim().to_owned();
                }
            }
            panic!("the instance stopped before it listened");
        })
        .await
        .expect("the instance listens within 20 s");
        // Keep reading, so the instance never blocks on a full pipe.
        let logs = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&logs);
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                kept.lock().expect("lock").push(line);
            }
        });
        let client =
            reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("a client");
        Self { child, url, client, logs }
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.url)).send().await.expect("a response")
    }

    pub async fn text(&self, path: &str) -> String {
        self.get(path).await.text().await.expect("text")
    }

    pub async fn login(&self, password: &str) -> reqwest::Response {
        self.client
            .post(format!("{}/api/admin/login", self.url))
            .json(&json!({ "email": ADMIN_EMAIL, "password": password }))
            .send()
            .await
            .expect("a response")
    }

    pub async fn sign_in(&self) -> Signed {
        let response = self.login(ADMIN_PASSWORD).await;
        assert_eq!(response.status(), 200);
        let cookie = session_cookie(&response).expect("a session cookie");
        let body: Value = response.json().await.expect("JSON");
        Signed { cookie, csrf: body["csrfToken"].as_str().expect("a CSRF token").to_owned() }
    }

    pub fn admin(&self, method: Method, path: &str, signed: &Signed) -> reqwest::RequestBuilder {
        let request = self.client.request(method.clone(), format!("{}/api/admin{path}", self.url));
        let request = request.header("cookie", &signed.cookie);
        if method == Method::GET { request } else { request.header("x-csrf-token", &signed.csrf) }
    }

    /// A booking by a visitor of their own (one address each: a confirmation goes to an address
    /// at most once an hour).
    pub async fn book(&self, submission: &str) -> reqwest::Response {
        self.client
            .post(format!("{}/api/bookings", self.url))
            .json(&json!({
                "submissionId": submission, "name": "Jamie Ortiz", "email": format!("{submission}@example.com"),
                "phone": "303-555-0188", "details": "", "answers": [], "website": "", "fillMs": 20000,
            }))
            .send()
            .await
            .expect("a response")
    }

    /// The log lines written so far.
    pub fn log_lines(&self) -> Vec<String> {
        self.logs.lock().expect("lock").clone()
    }

    /// SIGTERM, as systemd or Kubernetes stops it; answers when it has exited.
    pub async fn terminate(mut self) {
        let pid = self.child.id().expect("a running instance").to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().await.expect("kill runs");
        assert!(sent.success());
        tokio::time::timeout(Duration::from_secs(20), self.child.wait())
            .await
            .expect("the instance stops within 20 s")
            .expect("the instance ends");
    }

    /// kill -9: no chance to finish anything.
    pub async fn kill(mut self) {
        self.child.kill().await.expect("the instance is killed");
    }
}

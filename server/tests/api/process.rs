//! The real binary as a child process, for what only a process can show: several instances on
//! one database, kill -9, a restart.

use std::{process::Stdio, time::Duration};

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
                if let Some(at) = line.find("listening on http://") {
                    return line[at + "listening on ".len()..].trim().to_owned();
                }
            }
            panic!("the instance stopped before it listened");
        })
        .await
        .expect("the instance listens within 20 s");
        // Keep reading, so the instance never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        let client =
            reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("a client");
        Self { child, url, client }
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

    /// kill -9: no chance to finish anything.
    pub async fn kill(mut self) {
        self.child.kill().await.expect("the instance is killed");
    }
}

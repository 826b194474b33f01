use std::path::PathBuf;

use tempfile::TempDir;
use trailerworks::{config::ServeConfig, startup::Application};

pub struct TestApp {
    pub url: String,
    pub client: reqwest::Client,
    pub data_dir: TempDir,
}

pub fn test_config(data_dir: PathBuf) -> ServeConfig {
    ServeConfig {
        listen: "127.0.0.1:0".parse().expect("a valid address"),
        data_dir,
        content: None,
        public_url: "https://trailers.example.com".to_owned(),
        render_threads: 2,
    }
}

pub async fn spawn_app() -> TestApp {
    let data_dir = tempfile::tempdir().expect("a temporary directory");
    let config = test_config(data_dir.path().join("data"));
    let app = Application::build(&config).await.expect("the application builds");
    let url = format!("http://{}", app.local_addr().expect("a bound address"));
    tokio::spawn(app.run_until(std::future::pending()));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client");
    TestApp { url, client, data_dir }
}

impl TestApp {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.url)).send().await.expect("the request completes")
    }

    /// The body of a GET as text, asserting its status.
    pub async fn page(&self, path: &str, status: u16) -> String {
        let response = self.get(path).await;
        assert_eq!(response.status().as_u16(), status, "status of {path}");
        response.text().await.expect("a text body")
    }
}

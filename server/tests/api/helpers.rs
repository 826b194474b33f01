use std::{
    path::{Path, PathBuf},
    sync::Arc,
};

use tempfile::TempDir;
use tokio::{sync::oneshot, task::JoinHandle};
use trailerworks::{config::ServeConfig, pages::PublicPages, startup::Application};

pub struct TestApp {
    pub url: String,
    pub client: reqwest::Client,
    pub data_dir: PathBuf,
    pub pages: Arc<PublicPages>,
    /// Keeps the temporary directory alive as long as the app; None when the caller owns it.
    _temp: Option<TempDir>,
    stop: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<anyhow::Result<()>>>,
}

pub fn test_config(data_dir: PathBuf) -> ServeConfig {
    ServeConfig {
        listen: "127.0.0.1:0".parse().expect("a valid address"),
        data_dir,
        content: None,
        public_url: "https://trailers.example.com".to_owned(),
        render_threads: 2,
        page_cache_mb: 32,
        smtp_url: None,
        mail_from: None,
        notify_email: None,
        webhook_url: None,
        webhook_access_key: None,
        booking_rate_limit: 0,
        booking_min_fill_ms: 3000,
        delivery_retry_base_ms: 20,
        delivery_max_attempts: 5,
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the app in a new temporary data directory, with `configure` applied to the config.
pub async fn spawn_app_with(configure: impl FnOnce(&mut ServeConfig)) -> TestApp {
    let temp = tempfile::tempdir().expect("a temporary directory");
    let mut app = spawn_app_in(&temp.path().join("data"), configure).await;
    app._temp = Some(temp);
    app
}

/// Starts the app on an existing data directory (to test what survives a restart).
pub async fn spawn_app_in(data_dir: &Path, configure: impl FnOnce(&mut ServeConfig)) -> TestApp {
    let mut config = test_config(data_dir.to_owned());
    configure(&mut config);
    let app = Application::build(&config).await.expect("the application builds");
    let url = format!("http://{}", app.local_addr().expect("a bound address"));
    let pages = app.pages();
    let (stop, stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client");
    TestApp {
        url,
        client,
        data_dir: data_dir.to_owned(),
        pages,
        _temp: None,
        stop: Some(stop),
        server: Some(server),
    }
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

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client
            .post(format!("{}{path}", self.url))
            .json(body)
            .send()
            .await
            .expect("the request completes")
    }

    /// A connection to the app's database, for checking what was stored.
    pub async fn db(&self) -> sqlx::SqlitePool {
        let path = self.data_dir.join(trailerworks::db::FILE_NAME);
        sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display())).await.expect("the database opens")
    }

    /// Stops the server and its background work, like SIGTERM does.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            server.await.expect("the server task ends").expect("the server stops cleanly");
        }
    }
}

/// Polls `check` until it is true or five seconds have passed.
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..250 {
        if check().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("timed out waiting until {what}");
}

pub const ADMIN_EMAIL: &str = "owner@example.com";
pub const ADMIN_PASSWORD: &str = "a long enough owner secret";

/// A signed-in admin: the session cookie (name=value) and the CSRF token.
pub struct Signed {
    pub cookie: String,
    pub csrf: String,
}

impl TestApp {
    /// Adds a user with `role` straight to the database (the CLI is tested on its own).
    pub async fn add_user(&self, email: &str, password: &str, role: &str) {
        let hash = trailerworks::auth::password::Password::parse(password)
            .expect("a valid password")
            .hash()
            .expect("a hash");
        sqlx::query("INSERT INTO users (email, password_hash, role, created_at) VALUES (?, ?, ?, '2025-01-01T00:00:00.000Z')")
            .bind(email)
            .bind(hash)
            .bind(role)
            .execute(&self.db().await)
            .await
            .expect("the user is added");
    }

    pub async fn login(&self, email: &str, password: &str) -> reqwest::Response {
        self.post_json("/api/admin/login", &serde_json::json!({ "email": email, "password": password })).await
    }

    /// Adds the admin and signs in.
    pub async fn signed_in_admin(&self) -> Signed {
        self.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "admin").await;
        self.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await
    }

    pub async fn sign_in(&self, email: &str, password: &str) -> Signed {
        let response = self.login(email, password).await;
        assert_eq!(response.status().as_u16(), 200, "sign-in succeeds");
        let cookie = session_cookie(&response).expect("a session cookie");
        let body: serde_json::Value = response.json().await.expect("JSON");
        Signed { cookie, csrf: body["csrfToken"].as_str().expect("a CSRF token").to_owned() }
    }

    /// A request to the admin API with the session cookie and, for writes, the CSRF token.
    pub fn admin(&self, method: reqwest::Method, path: &str, signed: &Signed) -> reqwest::RequestBuilder {
        let write = method != reqwest::Method::GET;
        let mut request = self
            .client
            .request(method, format!("{}/api/admin{path}", self.url))
            .header("cookie", &signed.cookie);
        if write {
            request = request.header("x-csrf-token", &signed.csrf);
        }
        request
    }
}

/// A PNG of `width` x `height` with a gradient (so it compresses like a picture, not like nothing).
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let image =
        image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 120]));
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).expect("a PNG");
    out.into_inner()
}

impl TestApp {
    /// Uploads `bytes` as the featured-image field, named `name` and declared as `mime`.
    pub async fn upload(&self, signed: &Signed, name: &str, mime: &str, bytes: Vec<u8>) -> reqwest::Response {
        let part = reqwest::multipart::Part::bytes(bytes)
            .file_name(name.to_owned())
            .mime_str(mime)
            .expect("a MIME type");
        self.admin(reqwest::Method::POST, "/images", signed)
            .multipart(reqwest::multipart::Form::new().part("image", part))
            .send()
            .await
            .expect("a response")
    }
}

/// The `name=value` of the session cookie a response sets.
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.contains("trailerworks_session="))
        .and_then(|value| value.split(';').next())
        .map(str::to_owned)
}

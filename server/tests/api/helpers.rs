use std::sync::Arc;

use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use sqlx::{Connection as _, postgres::PgRow, sqlite::SqliteRow};
use tempfile::TempDir;
use tokio::{sync::oneshot, task::JoinHandle};
use trailerworks::{
    clock::{Clock, TestClock},
    config::{BackupSettings, ConnectionSettings, ServeConfig, StorageConfig, Switch},
    db::Db,
    delivery::Outbox,
    pages::PublicPages,
    queue::Runner,
    secret::Secret,
    startup::Application,
    with_db,
};

/// The instant every test app's clock starts at: `TRAILERWORKS_TEST_NOW` (RFC 3339), or by
/// default a Tuesday morning in spring on the shop's clock, as the browser journeys start. No test
/// reads the wall clock: what it expects of a date comes from the app's clock.
pub fn test_now() -> jiff::Timestamp {
    std::env::var("TRAILERWORKS_TEST_NOW")
        .map_or_else(|_| "2026-04-14T15:30:00Z".parse(), |pinned| pinned.parse())
        .expect("TRAILERWORKS_TEST_NOW is an RFC 3339 instant")
}

/// Where a test's data lives: a new temporary data directory; a new database on the PostgreSQL
/// server that `TRAILERWORKS_TEST_POSTGRES` names (an administrator's URL), when the test run
/// gives one; and a new prefix in the bucket `TRAILERWORKS_TEST_S3` names (`s3://bucket`,
/// with the AWS_* variables set), when given. `scripts/test-all.sh` runs the suite both ways.
pub struct TestStorage {
    pub config: StorageConfig,
    _temp: TempDir,
}

impl TestStorage {
    pub async fn new() -> Self {
        let temp = tempfile::tempdir().expect("a temporary directory");
        let database_url = fresh_database().await;
        let media_store = std::env::var("TRAILERWORKS_TEST_S3")
            .ok()
            .map(|bucket| format!("{bucket}/test-{:016x}", OsRng.next_u64()));
        Self {
            config: StorageConfig {
                data_dir: temp.path().join("data"),
                database_url: database_url.map(Secret::from),
                media_store,
            },
            _temp: temp,
        }
    }

    /// The database, opened (and migrated) the way the server opens it, on a clock that starts
    /// at `test_now()`.
    pub async fn db(&self) -> Db {
        let db = self.config.open_db().await.expect("the database opens");
        db.with_clock(TestClock::starting_at(test_now()).clock())
    }
}

/// The storage flags for the CLI: `--data-dir`, and `--database-url` and `--media-store` when
/// `config` uses them.
pub fn storage_args(config: &StorageConfig) -> Vec<String> {
    let mut args = vec!["--data-dir".to_owned(), config.data_dir.display().to_string()];
    if let Some(url) = &config.database_url {
        args.extend(["--database-url".to_owned(), url.expose().to_owned()]);
    }
    if let Some(store) = &config.media_store {
        args.extend(["--media-store".to_owned(), store.clone()]);
    }
    args
}

/// A new, empty database on the test PostgreSQL server, when the test run gives one; its URL.
/// For what must start empty (a restore, a migration to an earlier version).
pub async fn empty_database() -> Option<String> {
    let admin_url = std::env::var("TRAILERWORKS_TEST_POSTGRES").ok()?;
    Some(create_database(&admin_url, None).await)
}

/// A new database of the newest schema on the test PostgreSQL server, when the test run gives
/// one; its URL. It is copied from a template migrated once per run, which is about five times
/// faster than migrating each.
pub async fn fresh_database() -> Option<String> {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    let admin_url = std::env::var("TRAILERWORKS_TEST_POSTGRES").ok()?;
    let template = TEMPLATE
        .get_or_init(|| async {
            let url = create_database(&admin_url, None).await;
            let db =
                Db::open(&trailerworks::db::Location::Postgres(&url)).await.expect("the template migrates");
            // No connection may stay on a template while it is copied.
            db.close().await;
            url::Url::parse(&url).expect("a PostgreSQL URL").path().trim_start_matches('/').to_owned()
        })
        .await;
    Some(create_database(&admin_url, Some(template)).await)
}

/// Creates a database (a copy of `template`, or empty) on the server `admin_url` names.
async fn create_database(admin_url: &str, template: Option<&str>) -> String {
    let name = format!("tw_{:016x}", OsRng.next_u64());
    let mut admin = sqlx::PgConnection::connect(admin_url).await.expect("the test PostgreSQL server answers");
    let copy = template.map(|template| format!(" TEMPLATE {template}")).unwrap_or_default();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}{copy}")))
        .execute(&mut admin)
        .await
        .expect("a test database is created");
    let mut url = url::Url::parse(admin_url).expect("a PostgreSQL URL");
    url.set_path(&name);
    url.to_string()
}

pub struct TestApp {
    pub url: String,
    pub client: reqwest::Client,
    pub storage: StorageConfig,
    pub pages: Arc<PublicPages>,
    /// The server's clock, which the test moves instead of waiting.
    pub clock: TestClock,
    outbox: Arc<Outbox>,
    jobs: Arc<Runner>,
    /// Keeps the test's storage alive as long as the app; None when the caller owns it.
    _storage: Option<TestStorage>,
    stop: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<anyhow::Result<()>>>,
}

pub fn test_config(storage: StorageConfig) -> ServeConfig {
    ServeConfig {
        listen: "127.0.0.1:0".parse().expect("a valid address"),
        storage,
        trusted_proxies: String::new(),
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
        delivery_lease_ms: 60_000,
        metrics_listen: None,
        insights: Switch::On,
        insights_write_every_ms: 60_000,
        backups: BackupSettings {
            backup_dir: None,
            backup_every: std::time::Duration::from_secs(6 * 3600),
            backup_keep: 28,
        },
        connections: ConnectionSettings {
            max_connections: 2048,
            max_connections_per_address: 64,
            header_timeout_ms: 20_000,
            body_timeout_ms: 120_000,
        },
        texts: trailerworks::config::TextFlags::default(),
        stripe: trailerworks::config::StripeFlags::default(),
        clock: Clock::system(),
        planted_panic: None,
    }
}

/// The shop's own phone and e-mail in [`own_details`], where the built-in content has
/// placeholders that visitors are not shown.
pub const OWN_PHONE: &str = "(303) 555-2147";
pub const OWN_PHONE_HREF: &str = "tel:+13035552147";
pub const OWN_EMAIL: &str = "service@frontrangetrailer.com";

/// A content file: the built-in content with the shop's own details in place of the shipped
/// placeholders (written once for the test process).
pub fn own_details() -> &'static std::path::Path {
    static FILE: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    FILE.get_or_init(|| {
        let text = include_str!("../../../content/site.toml")
            .replace("(303) 555-0147", OWN_PHONE)
            .replace("service@example.com", OWN_EMAIL)
            .replace(
                "https://social.example.com/frontrangetrailerworks",
                "https://www.facebook.com/frontrangetrailerworks",
            )
            .replace("Example Web Studio", "Mile High Web")
            .replace("https://studio.example.com", "https://milehighweb.com")
            .replace("Example Consumer Finance", "Acorn Finance")
            .replace("aqz-KE-bpKQ", "dQw4w9WgXcQ");
        let path = std::env::temp_dir().join(format!("trailerworks-own-details-{}.toml", std::process::id()));
        std::fs::write(&path, text).expect("the content file");
        path
    })
}

/// Starts the app on new storage with the shop's own details ([`own_details`]).
pub async fn spawn_app_with_own_details() -> TestApp {
    spawn_app_with(|c| c.content = Some(own_details().to_owned())).await
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the app on new storage, with `configure` applied to the config.
pub async fn spawn_app_with(configure: impl FnOnce(&mut ServeConfig)) -> TestApp {
    let storage = TestStorage::new().await;
    let mut app = spawn_app_on(&storage, configure).await;
    app._storage = Some(storage);
    app
}

/// Starts the app on existing storage (to seed it first, or to test what survives a restart).
pub async fn spawn_app_on(storage: &TestStorage, configure: impl FnOnce(&mut ServeConfig)) -> TestApp {
    spawn_app_at(storage.config.clone(), configure).await
}

/// Starts the app on the storage `storage` describes, which the caller keeps alive.
pub async fn spawn_app_at(storage: StorageConfig, configure: impl FnOnce(&mut ServeConfig)) -> TestApp {
    let mut config = test_config(storage);
    let clock = TestClock::starting_at(test_now());
    config.clock = clock.clock();
    configure(&mut config);
    let app = Application::build(&config).await.expect("the application builds");
    let url = format!("http://{}", app.local_addr().expect("a bound address"));
    let pages = app.pages();
    let outbox = app.outbox();
    let jobs = app.jobs();
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
        storage: config.storage,
        pages,
        outbox,
        jobs,
        clock,
        _storage: None,
        stop: Some(stop),
        server: Some(server),
    }
}

impl TestApp {
    /// Sends every message due now and returns once none is being sent (rather than polling the
    /// stand-ins until they have it).
    /// Runs the due jobs and sends the due deliveries until neither has more: a job writes
    /// deliveries (an escalation's beat), and a delivery may make a job due (a page that did not
    /// reach its member hurries the next beat).
    pub async fn deliver_due(&self) {
        loop {
            let ran = self.jobs.settle().await.expect("the due jobs are run");
            let sent = self.outbox.settle().await.expect("the due deliveries are sent");
            if ran == 0 && sent == 0 {
                return;
            }
        }
    }

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

    /// A connection to the app's database, on the app's clock, for checking what was stored.
    pub async fn db(&self) -> Db {
        self.storage.open_db().await.expect("the database opens").with_clock(self.clock.clock())
    }

    /// The rows `sql` selects (on either backend).
    pub async fn rows<T>(&self, sql: &'static str) -> Vec<T>
    where
        T: for<'r> sqlx::FromRow<'r, SqliteRow> + for<'r> sqlx::FromRow<'r, PgRow> + Send + Unpin,
    {
        let db = self.db().await;
        with_db!(&db, |pool| sqlx::query_as(sql).fetch_all(pool).await.expect("the query runs"))
    }

    /// The one number `sql` selects (a COUNT).
    pub async fn count(&self, sql: &'static str) -> i64 {
        self.rows::<(i64,)>(sql).await.first().expect("a row").0
    }

    /// Runs a statement that changes the data.
    pub async fn execute(&self, sql: &'static str) {
        let db = self.db().await;
        with_db!(&db, |pool| {
            sqlx::query(sql).execute(pool).await.expect("the statement runs");
        });
    }

    /// The names of the stored uploads in `folder`, wherever they are kept.
    pub async fn stored_images(&self, folder: trailerworks::media::Folder) -> Vec<String> {
        self.storage.media(self.db().await).expect("the media store").names(folder).await.expect("the names")
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

/// Polls `check` until it is true or thirty seconds have passed (a loaded 2-core machine took
/// over five to send a hundred texts through the queue on PostgreSQL, and once more than fifteen
/// in a full run).
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..1500 {
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
        let db = self.db().await;
        with_db!(&db, |pool| {
            sqlx::query(
                "INSERT INTO users (email, password_hash, role, created_at) VALUES ($1, $2, $3, '2025-01-01T00:00:00.000Z')",
            )
            .bind(email)
            .bind(&hash)
            .bind(role)
            .execute(pool)
            .await
            .expect("the user is added");
        });
    }

    pub async fn login(&self, email: &str, password: &str) -> reqwest::Response {
        self.post_json("/api/admin/login", &serde_json::json!({ "email": email, "password": password })).await
    }

    /// Adds the admin and signs in.
    pub async fn signed_in_admin(&self) -> Signed {
        self.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
        self.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await
    }

    pub async fn sign_in(&self, email: &str, password: &str) -> Signed {
        let response = self.login(email, password).await;
        assert_eq!(response.status().as_u16(), 200, "sign-in succeeds");
        let cookie = session_cookie(&response).expect("a session cookie");
        let body: serde_json::Value = response.json().await.expect("JSON");
        Signed { cookie, csrf: body["csrfToken"].as_str().expect("a CSRF token").to_owned() }
    }

    /// Signs the admin in from a browser that sends `cookie` (a trusted-device cookie).
    pub async fn sign_in_with_cookie(&self, cookie: &str) -> Signed {
        let response = self
            .client
            .post(format!("{}/api/admin/login", self.url))
            .header("cookie", cookie)
            .json(&serde_json::json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
            .send()
            .await
            .expect("a response");
        let session = session_cookie(&response).expect("a session cookie");
        let body: serde_json::Value = response.json().await.expect("JSON");
        Signed { cookie: session, csrf: body["csrfToken"].as_str().expect("a CSRF token").to_owned() }
    }

    /// Who `signed`'s session belongs to now (None once it has ended), as the admin app asks.
    pub async fn session_email(&self, signed: &Signed) -> Option<String> {
        let response = self.admin(reqwest::Method::GET, "/session", signed).send().await.expect("a response");
        assert_eq!(response.status().as_u16(), 200, "GET /session answers 200 signed in or not");
        let body: serde_json::Value = response.json().await.expect("JSON");
        body["user"]["email"].as_str().map(str::to_owned)
    }

    /// The JSON answer of a GET to the admin API.
    pub async fn admin_json(&self, path: &str, signed: &Signed) -> serde_json::Value {
        let response = self.admin(reqwest::Method::GET, path, signed).send().await.expect("a response");
        assert!(response.status().is_success(), "GET {path} answered {}", response.status());
        response.json().await.expect("JSON")
    }

    /// Saves the site details as `change` leaves them; the answer to the save.
    pub async fn change_site(
        &self,
        signed: &Signed,
        change: impl FnOnce(&mut serde_json::Value),
    ) -> reqwest::Response {
        let site = self.admin_json("/site", signed).await;
        let mut details = site["site"].clone();
        change(&mut details);
        self.admin(reqwest::Method::PUT, "/site", signed)
            .json(&serde_json::json!({ "version": site["version"], "site": details }))
            .send()
            .await
            .expect("a response")
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

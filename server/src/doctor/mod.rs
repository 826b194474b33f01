//! `trailerworks doctor`: checks, with the settings `serve` would use, what a host gets wrong,
//! and prints each check with the fix. It changes nothing but creating a missing data directory
//! (no migration, no e-mail sent).

mod delivery;
mod payments;

use std::{path::Path, time::Duration};

use sqlx::{Connection as _, sqlite::SqliteConnectOptions};

use self::delivery::{email, texts, webhook};
use crate::{
    config::ServeConfig,
    db,
    media::MediaStore,
    secret::Secret,
    site::{NEWEST_CONTENT, content::Content},
};

/// Below this much free space in the data directory, the check fails.
const MIN_FREE_BYTES: u64 = 1 << 30;
/// The oldest PostgreSQL the server is tested with.
const MIN_POSTGRES: i64 = 13_00_00;
/// More difference than this between this machine's clock and the database's fails the check.
const MAX_SKEW: Duration = Duration::from_secs(2);
/// How long a network check may take.
const NETWORK_WAIT: Duration = Duration::from_secs(10);

enum Outcome {
    Pass(String),
    /// Not set up, which is allowed.
    Skip(String),
    /// What is wrong, and the fix.
    Fail(String, String),
}

/// Runs every check and prints it; true when none failed.
pub async fn run(config: &ServeConfig) -> bool {
    let (email, webhook, texts) = match config.delivery() {
        Ok(delivery) => (
            email(delivery.email.as_ref()).await,
            webhook(delivery.webhook.as_ref()).await,
            texts(delivery.text).await,
        ),
        Err(error) => {
            let incomplete = || Outcome::Fail(format!("{error:#}"), "set the missing flag".to_owned());
            (incomplete(), incomplete(), incomplete())
        }
    };
    let payments = match config.stripe.settings() {
        Ok(settings) => payments::stripe(settings, &config.public_origin()).await,
        Err(error) => Outcome::Fail(format!("{error:#}"), "set the missing flag".to_owned()),
    };
    let checks = [
        ("Data directory", data_directory(&config.storage.data_dir)),
        ("Public URL", public_url(&config.public_url)),
        ("E-mail", email),
        ("Webhook", webhook),
        ("Texts", texts),
        ("Payments", payments),
        ("Database", database(config).await),
        ("Image store", image_store(config).await),
        ("Clock", clock(config).await),
        ("Site details", site_details(config).await),
    ];
    let mut passed = true;
    for (name, outcome) in checks {
        match outcome {
            Outcome::Pass(detail) => println!("ok    {name}: {detail}"),
            Outcome::Skip(detail) => println!("skip  {name}: {detail}"),
            Outcome::Fail(problem, fix) => {
                passed = false;
                println!("FAIL  {name}: {problem}\n      Fix: {fix}");
            }
        }
    }
    println!("{}", if passed { "All checks passed." } else { "Some checks failed; see the fixes above." });
    passed
}

fn data_directory(dir: &Path) -> Outcome {
    use std::os::unix::fs::PermissionsExt as _;
    let shown = dir.display();
    if let Err(error) = db::prepare_data_dir(dir) {
        return Outcome::Fail(format!("{error:#}"), "see above".to_owned());
    }
    let mode = match std::fs::metadata(dir) {
        Ok(metadata) => metadata.permissions().mode(),
        Err(error) => {
            return Outcome::Fail(format!("{shown} cannot be read: {error}"), "check the path".to_owned());
        }
    };
    if mode & 0o077 != 0 {
        return Outcome::Fail(
            format!(
                "{shown} can be read by other users (mode {:o}); it holds customers' bookings",
                mode & 0o777
            ),
            format!("chmod 700 {shown}"),
        );
    }
    match rustix::fs::statvfs(dir) {
        Ok(stats) => {
            let free = stats.f_bavail.saturating_mul(stats.f_frsize);
            let gib = free as f64 / f64::from(1u32 << 30);
            if free < MIN_FREE_BYTES {
                Outcome::Fail(
                    format!("only {gib:.2} GiB free on the disk of {shown}"),
                    "free space (backups and images grow), or move --data-dir to a larger disk".to_owned(),
                )
            } else {
                Outcome::Pass(format!("{shown} is writable, private to its owner, {gib:.1} GiB free"))
            }
        }
        Err(error) => Outcome::Fail(
            format!("cannot read the free space of {shown}: {error}"),
            "check the path".to_owned(),
        ),
    }
}

fn public_url(text: &str) -> Outcome {
    let fix = "set --public-url (TRAILERWORKS_PUBLIC_URL) to the address visitors use, e.g. https://www.example.com";
    let Ok(url) = url::Url::parse(text) else {
        return Outcome::Fail(format!("{text:?} is not a URL"), fix.to_owned());
    };
    if url.scheme() != "https" {
        return Outcome::Fail(
            format!("{text} is not https (links, cookies and previews need it)"),
            fix.to_owned(),
        );
    }
    let private = match url.host() {
        Some(url::Host::Domain(domain)) => domain == "localhost" || !domain.contains('.'),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => true,
    };
    if private {
        return Outcome::Fail(format!("{text} is not an address the public can reach"), fix.to_owned());
    }
    if url.path() != "/" || url.query().is_some() {
        return Outcome::Fail(format!("{text} has a path; the site is served at the root"), fix.to_owned());
    }
    Outcome::Pass(text.to_owned())
}

async fn database(config: &ServeConfig) -> Outcome {
    match config.storage.database_url.as_ref().map(Secret::expose) {
        Some(url) => match postgres(url).await {
            Ok(detail) => Outcome::Pass(detail),
            Err(error) => Outcome::Fail(
                format!("{}: {error:#}", db::without_password(url)),
                "check --database-url, that PostgreSQL runs and lets this user in".to_owned(),
            ),
        },
        None => {
            let file = config.storage.data_dir.join(db::FILE_NAME);
            if !file.exists() {
                return Outcome::Pass(format!("{} will be made at the first start", file.display()));
            }
            match sqlite(&file).await {
                Ok(detail) => Outcome::Pass(detail),
                Err(error) => Outcome::Fail(
                    format!("{}: {error:#}", file.display()),
                    "restore the last backup (trailerworks restore, docs/deploy.md)".to_owned(),
                ),
            }
        }
    }
}

async fn postgres(url: &str) -> anyhow::Result<String> {
    let mut connection = tokio::time::timeout(NETWORK_WAIT, sqlx::PgConnection::connect(url)).await??;
    let version: String = sqlx::query_scalar("SHOW server_version_num").fetch_one(&mut connection).await?;
    let number: i64 = version.parse()?;
    anyhow::ensure!(number >= MIN_POSTGRES, "PostgreSQL {number} is older than 13, the oldest supported");
    let migrated: bool = sqlx::query_scalar("SELECT to_regclass('_sqlx_migrations') IS NOT NULL")
        .fetch_one(&mut connection)
        .await?;
    let applied: Vec<i64> = if migrated {
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(&mut connection)
            .await?
    } else {
        Vec::new()
    };
    connection.close().await?;
    Ok(format!("PostgreSQL {}.{}, {}", number / 10000, number % 10000, migrations(&applied, true)))
}

async fn sqlite(file: &Path) -> anyhow::Result<String> {
    let options = SqliteConnectOptions::new().filename(file).read_only(true);
    let mut connection = sqlx::SqliteConnection::connect_with(&options).await?;
    let check: String = sqlx::query_scalar("PRAGMA quick_check").fetch_one(&mut connection).await?;
    anyhow::ensure!(check == "ok", "the database is damaged: {check}");
    let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
        .fetch_all(&mut connection)
        .await?;
    connection.close().await?;
    Ok(format!("{} passes SQLite's check, {}", file.display(), migrations(&applied, false)))
}

/// How the applied migrations compare with this binary's.
fn migrations(applied: &[i64], postgres: bool) -> String {
    let known = db::migration_versions(postgres);
    let pending = known.iter().filter(|version| !applied.contains(version)).count();
    let newer = applied.iter().filter(|version| !known.contains(version)).count();
    match (pending, newer) {
        (0, 0) => format!("all {} migrations applied", known.len()),
        (0, newer) => format!("{newer} migrations of a newer version applied (fine during a deploy)"),
        (pending, _) => format!("{pending} migrations to apply at the next start"),
    }
}

async fn image_store(config: &ServeConfig) -> Outcome {
    let Some(bucket) = &config.storage.media_store else {
        return Outcome::Pass(format!("images are kept in {}", config.storage.data_dir.display()));
    };
    let fix =
        "check the bucket's name, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION and AWS_ENDPOINT_URL";
    let store = match MediaStore::files_only(Some(bucket), &config.storage.data_dir) {
        Ok(store) => store,
        Err(error) => return Outcome::Fail(format!("{error:#}"), fix.to_owned()),
    };
    match tokio::time::timeout(NETWORK_WAIT, store.check_writable()).await {
        Ok(Ok(())) => Outcome::Pass(format!("{bucket} takes writes")),
        Ok(Err(error)) => Outcome::Fail(format!("{bucket} cannot be written: {error:#}"), fix.to_owned()),
        Err(_) => Outcome::Fail(
            format!("{bucket} did not answer within {} s", NETWORK_WAIT.as_secs()),
            fix.to_owned(),
        ),
    }
}

async fn clock(config: &ServeConfig) -> Outcome {
    let Some(url) = config.storage.database_url.as_ref().map(Secret::expose) else {
        return Outcome::Pass("SQLite runs on this machine's clock".to_owned());
    };
    let skew = async {
        let mut connection = sqlx::PgConnection::connect(url).await?;
        let database: f64 = sqlx::query_scalar("SELECT EXTRACT(EPOCH FROM clock_timestamp())::float8")
            .fetch_one(&mut connection)
            .await?;
        connection.close().await?;
        let here = crate::clock::Clock::system().now().as_millisecond() as f64 / 1000.0;
        anyhow::Ok(here - database)
    };
    match tokio::time::timeout(NETWORK_WAIT, skew).await {
        Ok(Ok(skew)) if skew.abs() <= MAX_SKEW.as_secs_f64() => {
            Outcome::Pass(format!("within {:.0} ms of the database's", skew.abs() * 1000.0))
        }
        Ok(Ok(skew)) => Outcome::Fail(
            format!("{skew:+.1} s off the database's clock (reminders and sessions go by it)"),
            "run an NTP client (systemd-timesyncd or chrony) on this machine and the database's".to_owned(),
        ),
        Ok(Err(error)) => {
            Outcome::Fail(format!("cannot read the database's clock: {error:#}"), "see Database".to_owned())
        }
        Err(_) => Outcome::Fail("the database did not answer".to_owned(), "see Database".to_owned()),
    }
}

/// The go-live check: no shipped placeholder (an example.com e-mail, a 555-01xx phone, the
/// example financer, social page, website credit or sample video) left in what the site shows.
async fn site_details(config: &ServeConfig) -> Outcome {
    let content = match shown_content(config).await {
        Ok(content) => content,
        Err(error) => {
            return Outcome::Fail(
                format!("cannot read them: {error:#}"),
                "see Database, and the content file".to_owned(),
            );
        }
    };
    let placeholders = content.placeholders();
    if placeholders.is_empty() {
        return Outcome::Pass("no placeholder left: every detail is the shop's own".to_owned());
    }
    let named: Vec<String> = placeholders
        .iter()
        .map(|p| {
            format!("{} ({}) is '{}': {}", p.label, crate::site::content::file_field(p.field), p.value, p.why)
        })
        .collect();
    Outcome::Fail(
        format!("{} placeholders to replace:\n      - {}", placeholders.len(), named.join("\n      - ")),
        "replace each in the admin under Site, Business (or in the content file) before going live"
            .to_owned(),
    )
}

/// The site details the server would show: the newest saved version, else the content file
/// (read without migrating or changing anything).
async fn shown_content(config: &ServeConfig) -> anyhow::Result<Content> {
    let saved: Option<String> = match config.storage.database_url.as_ref().map(Secret::expose) {
        Some(url) => {
            let mut connection =
                tokio::time::timeout(NETWORK_WAIT, sqlx::PgConnection::connect(url)).await??;
            let kept: bool = sqlx::query_scalar("SELECT to_regclass('site_versions') IS NOT NULL")
                .fetch_one(&mut connection)
                .await?;
            if kept {
                sqlx::query_scalar(NEWEST_CONTENT).fetch_optional(&mut connection).await?
            } else {
                None
            }
        }
        None => {
            let file = config.storage.data_dir.join(db::FILE_NAME);
            if file.exists() {
                let options = SqliteConnectOptions::new().filename(&file).read_only(true);
                let mut connection = sqlx::SqliteConnection::connect_with(&options).await?;
                let kept: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'site_versions'",
                )
                .fetch_one(&mut connection)
                .await?;
                if kept > 0 {
                    sqlx::query_scalar(NEWEST_CONTENT).fetch_optional(&mut connection).await?
                } else {
                    None
                }
            } else {
                None
            }
        }
    };
    match saved {
        Some(text) => Content::parse(&text),
        None => Content::load(config.content.as_deref()),
    }
}

//! What each subcommand of the CLI does.

use std::time::Duration;

use anyhow::Context as _;
use serde_json::json;

use std::io::IsTerminal as _;

use crate::{
    auth::{password::Password, session, throttle, users},
    blog,
    cli::AdminAction,
    config::ServeConfig,
    content::Content,
    db,
    domain::EmailAddress,
    media,
    pages::{PublicPages, Site},
    startup::{Application, shutdown_signal},
};

/// Prints JSON: for a page of each kind, the QuickJS render time (the first, then the median of
/// `iterations` more) and the time to make its whole document, compressed, as a first request
/// does (ms).
pub async fn render_timings(config: &ServeConfig, iterations: usize) -> anyhow::Result<()> {
    let content = Content::load(config.content.as_deref())?;
    db::open(&config.data_dir).await?;
    let site = Site::new(content, config.public_origin(), db::open_reader(&config.data_dir).await?);
    let newest = blog::published::cards(&site.db, 0, 1).await?;
    let pages = PublicPages::start(site, config.render_threads, config.page_cache_bytes())?;
    let mut paths: Vec<String> =
        ["/", "/services", "/about", "/contact", "/service-areas", "/service-areas/aurora", "/blog"]
            .map(str::to_owned)
            .into();
    paths.extend(newest.iter().map(|card| card.path()));
    paths.extend(["/thank-you", "/no-such-page"].map(str::to_owned));
    let mut timings = serde_json::Map::new();
    for path in paths {
        let (times, document) = pages.time_render(&path, iterations).await?;
        let (cold, rest) = times.split_first().map_or((Duration::ZERO, &[][..]), |(c, r)| (*c, r));
        timings.insert(
            path,
            json!({
                "cold_ms": millis(cold),
                "median_ms": millis(median(rest).unwrap_or(cold)),
                "document_ms": millis(document),
            }),
        );
    }
    println!("{}", json!({ "pages": timings }));
    Ok(())
}

fn median(times: &[Duration]) -> Option<Duration> {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied()
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

pub async fn serve(config: &ServeConfig) -> anyhow::Result<()> {
    let app = Application::build(config).await?;
    tracing::info!("listening on http://{}", app.local_addr()?);
    app.run_until(shutdown_signal()).await
}

/// Adds the sample blog posts that are missing (by slug) to the database in `data_dir`.
pub async fn demo_content(data_dir: &std::path::Path) -> anyhow::Result<()> {
    let db = db::open(data_dir).await?;
    let added = blog::samples::add(&db).await?;
    println!("Added {added} sample blog posts to {}. Restart the server to show them.", data_dir.display());
    Ok(())
}

/// `trailerworks admin create|set-password --email E`.
pub async fn admin(action: AdminAction) -> anyhow::Result<()> {
    let (args, creating) = match action {
        AdminAction::Create(args) => (args, true),
        AdminAction::SetPassword(args) => (args, false),
    };
    let email =
        EmailAddress::parse(&args.email).map_err(|message| anyhow::anyhow!("{message}: {}", args.email))?;
    let password = Password::parse(&read_password()?).map_err(|message| anyhow::anyhow!("{message}"))?;
    let hash = tokio::task::spawn_blocking(move || password.hash()).await??;
    let db = db::open(&args.data_dir).await?;
    if creating {
        anyhow::ensure!(
            users::create_admin(&db, &email, &hash).await?,
            "An account for {email} exists already; use `trailerworks admin set-password`"
        );
        println!("Created the admin account {email}. Sign in at /dbadmin.");
    } else {
        anyhow::ensure!(users::set_password(&db, &email, &hash).await?, "There is no account for {email}");
        // A reset is also the way back in after throttling, and ends the sessions of the old password.
        throttle::clear_account(&db, email.as_ref()).await?;
        session::delete_all_of(&db, email.as_ref()).await?;
        println!("Set a new password for {email}; its sessions are signed out and sign-in is open again.");
    }
    Ok(())
}

/// The password: one line from standard input, or asked twice on a terminal.
fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password (at least 12 characters): ")?;
        let second = rpassword::prompt_password("The same password again: ")?;
        anyhow::ensure!(first == second, "The two passwords differ");
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        // Only the line ending goes: spaces are part of the password, which is never truncated.
        Ok(line.trim_end_matches(['\n', '\r']).to_owned())
    }
}

/// `trailerworks backup --to DIR`: the database as one consistent snapshot (SQLite's
/// `VACUUM INTO`, which reads inside one transaction while the server keeps writing), then the
/// uploaded images (never changed once stored, so a plain copy is consistent).
pub async fn backup(data_dir: &std::path::Path, to: &std::path::Path) -> anyhow::Result<()> {
    let occupied = std::fs::read_dir(to).is_ok_and(|mut entries| entries.next().is_some());
    anyhow::ensure!(!occupied, "{} is not empty; back up into a new directory", to.display());
    std::fs::create_dir_all(to).with_context(|| format!("Failed to create {}", to.display()))?;
    let db = db::open(data_dir).await?;
    let copy = to.join(db::FILE_NAME);
    let copy_path = copy.to_str().ok_or_else(|| anyhow::anyhow!("The backup path is not UTF-8"))?;
    sqlx::query("VACUUM INTO ?").bind(copy_path).execute(&db).await.context("Failed to copy the database")?;
    let images = data_dir.join(media::FOLDER);
    let mut copied = 0;
    if images.is_dir() {
        let target = to.join(media::FOLDER);
        std::fs::create_dir_all(&target)?;
        for entry in std::fs::read_dir(&images)? {
            let entry = entry?;
            let name = entry.file_name();
            // Files still being written start with a dot; they are not part of any post yet.
            if entry.file_type()?.is_file() && !name.to_string_lossy().starts_with('.') {
                std::fs::copy(entry.path(), target.join(&name))?;
                copied += 1;
            }
        }
    }
    println!("Backed up the database and {copied} image files to {}.", to.display());
    Ok(())
}

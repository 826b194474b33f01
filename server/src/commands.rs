//! What each subcommand of the CLI does.

use std::{sync::Arc, time::Duration};

use serde_json::json;

use std::io::IsTerminal as _;

use crate::audit::{Action, Actor, Line};
use crate::{
    auth::{password::Password, session, throttle, two_factor, users},
    backup, blog,
    cli::{AdminAction, AdminArgs, ContentAction},
    config::{ServeConfig, StorageConfig},
    db,
    domain::{EmailAddress, PersonName},
    pages::PublicPages,
    secret::Secret,
    site::SiteDetails,
    site::content::Content,
    startup::{Application, shutdown_signal},
};

/// Prints JSON: for a page of each kind, the QuickJS render time (the first, then the median of
/// `iterations` more) and the time to make its whole document, compressed, as a first request
/// does (ms).
pub async fn render_timings(config: &ServeConfig, iterations: usize) -> anyhow::Result<()> {
    let content = Content::load(config.content.as_deref())?;
    let db = config.storage.open_db().await?;
    let reader = db.reader(&config.storage.location()).await?;
    let newest = blog::published::cards(&reader, 0, 1, &content.business.zone()).await?;
    let details = Arc::new(SiteDetails::load(db, content).await?);
    let pages = PublicPages::start(
        details,
        config.public_origin(),
        reader,
        config.render_threads,
        config.page_cache_bytes(),
        (config.insights().on, config.texts.texting()),
    )?;
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
pub async fn demo_content(storage: &StorageConfig) -> anyhow::Result<()> {
    let db = storage.open_db().await?;
    let added = blog::samples::add(&db).await?;
    println!(
        "Added {added} sample blog posts. A running server shows them within a few seconds; no restart is needed."
    );
    Ok(())
}

/// `trailerworks admin create|set-password|set-name|reset-2fa --email E`.
pub async fn admin(action: AdminAction) -> anyhow::Result<()> {
    match action {
        AdminAction::Create { account, name } => create_owner(account, name.as_deref()).await,
        AdminAction::SetPassword(args) => set_password(args).await,
        AdminAction::SetName { account, name } => set_name(account, &name).await,
        AdminAction::Reset2fa(args) => reset_two_factor(args).await,
    }
}

/// A name as a person gives it, checked.
fn person_name(name: &str) -> anyhow::Result<PersonName> {
    PersonName::parse(name).map_err(|message| anyhow::anyhow!("{message}"))
}

/// The account's address, checked, and the hash of the password read from standard input.
async fn address_and_hash(args: &AdminArgs) -> anyhow::Result<(EmailAddress, String)> {
    let email =
        EmailAddress::parse(&args.email).map_err(|message| anyhow::anyhow!("{message}: {}", args.email))?;
    let password = Password::parse(&read_password()?).map_err(|message| anyhow::anyhow!("{message}"))?;
    let hash = tokio::task::spawn_blocking(move || password.hash()).await??;
    Ok((email, hash))
}

/// `trailerworks admin create --email E [--name N]`.
async fn create_owner(args: AdminArgs, name: Option<&str>) -> anyhow::Result<()> {
    // The name is checked before the password is asked for.
    let name = name.map(person_name).transpose()?;
    let (email, hash) = address_and_hash(&args).await?;
    let db = args.storage.open_db().await?;
    anyhow::ensure!(
        users::create_owner(&db, &email, name.as_ref().map_or("", AsRef::as_ref), &hash).await?,
        "An account for {email} exists already; use `trailerworks admin set-password`"
    );
    println!("Created the admin account {email}. Sign in at /dbadmin.");
    Ok(())
}

/// `trailerworks admin set-password --email E`.
async fn set_password(args: AdminArgs) -> anyhow::Result<()> {
    let (email, hash) = address_and_hash(&args).await?;
    let db = args.storage.open_db().await?;
    anyhow::ensure!(users::set_password(&db, &email, &hash).await?, "There is no account for {email}");
    // A reset is also the way back in after throttling, and ends the sessions of the old password.
    throttle::clear_account(&db, email.as_ref()).await?;
    session::delete_all_of(&db, email.as_ref()).await?;
    println!("Set a new password for {email}; its sessions are signed out and sign-in is open again.");
    Ok(())
}

/// `trailerworks admin set-name --email E --name N`.
async fn set_name(args: AdminArgs, name: &str) -> anyhow::Result<()> {
    let name = person_name(name)?;
    let db = args.storage.open_db().await?;
    let email = args.email.trim();
    anyhow::ensure!(users::set_name(&db, email, &name).await?, "There is no account for {email}");
    println!("{email} now goes by {}.", name.as_ref());
    Ok(())
}

/// `trailerworks admin reset-2fa --email E`: the way back in after losing the authenticator
/// app and the recovery codes. Two-factor sign-in goes off and the account's sessions end.
async fn reset_two_factor(args: AdminArgs) -> anyhow::Result<()> {
    let db = args.storage.open_db().await?;
    let account = users::find_by_email(&db, args.email.trim())
        .await?
        .ok_or_else(|| anyhow::anyhow!("There is no account for {}", args.email.trim()))?;
    let actor = Actor { user_id: Some(account.id), email: &account.email, client_ip: "command line" };
    let line = Line { actor: &actor, action: Action::TwoFactorReset, detail: String::new() };
    two_factor::disable(&db, account.id, &line).await?;
    session::delete_all_of(&db, &account.email).await?;
    throttle::clear_account(&db, &account.email).await?;
    println!(
        "Two-factor sign-in is off for {}; its sessions are signed out. Sign in with the password and turn it on again under Account.",
        account.email
    );
    Ok(())
}

/// `trailerworks content export|import FILE`.
pub async fn content(action: ContentAction) -> anyhow::Result<()> {
    match action {
        ContentAction::Export { source } => {
            let seed = Content::load(source.content.as_deref())?;
            let details = SiteDetails::load(source.storage.open_db().await?, seed).await?;
            print!("{}", details.content().to_toml()?);
        }
        ContentAction::Import { file, source } => {
            // The whole file is checked before the database is touched.
            let content = Content::load(Some(&file))?;
            let seed = Content::load(source.content.as_deref())?;
            let details = SiteDetails::load_for_import(source.storage.open_db().await?, seed).await?;
            let note = format!("Imported {}", file.display());
            let actor = Actor { user_id: None, email: IMPORTER, client_ip: IMPORTER };
            let saved = details
                .save(details.current().version, content, (&actor, Action::SiteImported), Some(&note))
                .await?;
            match saved {
                Some(saved) => {
                    println!("Saved as version {} of the site details: {}.", saved.version, saved.summary);
                }
                None => println!("{} holds the site details shown now; nothing changed.", file.display()),
            }
        }
    }
    Ok(())
}

/// Who saves a version from the command line, as the version list and audit log name them.
const IMPORTER: &str = "command line";

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

/// `trailerworks backup --to DIR`: the database and every image, with a manifest (backup.rs).
pub async fn backup(storage: &StorageConfig, to: &std::path::Path) -> anyhow::Result<()> {
    let db = storage.open_db().await?;
    let media = storage.media(db.clone())?;
    let made = backup::make(&db, storage.database_url.as_ref().map(Secret::expose), &media, to).await?;
    println!(
        "Backed up the database to {} and {} image files (blog images and booking photos) to {}.",
        made.database.display(),
        made.images,
        to.display()
    );
    Ok(())
}

/// `trailerworks restore --from DIR`: the backup in DIR, checked, into the empty place `storage`
/// names.
pub async fn restore(storage: &StorageConfig, from: &std::path::Path) -> anyhow::Result<()> {
    let target = backup::restore::Target {
        data_dir: &storage.data_dir,
        database_url: storage.database_url.as_ref().map(Secret::expose),
        media_store: storage.media_store.as_deref(),
    };
    let restored = backup::restore::restore(from, &target).await?;
    let place = match &storage.database_url {
        Some(url) => db::without_password(url.expose()),
        None => storage.data_dir.display().to_string(),
    };
    println!(
        "Restored the backup made {} ({} image files) into {place}. Start the server on it.",
        restored.made_at, restored.images
    );
    Ok(())
}

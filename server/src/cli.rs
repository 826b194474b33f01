//! The command line: `trailerworks serve` and friends.

use clap::{Parser, Subcommand};

use crate::config::{ServeConfig, StorageConfig};

#[derive(Debug, Parser)]
#[command(name = "trailerworks", version, about = "The trailer repair shop's website in one binary")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// How log lines are written: text (for a person at a terminal) or json (one object a line:
    /// time, level, message, target, and a request's id, route, status and duration).
    #[arg(long, global = true, env = "TRAILERWORKS_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// The instant the process's clock starts at (RFC 3339), for tests: every command then runs on
    /// that clock, and `POST /test-clock` moves it ahead. Only in the binary built for tests.
    #[cfg(feature = "test-clock")]
    #[arg(long, global = true, hide = true)]
    pub clock_start: Option<jiff::Timestamp>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site.
    Serve(ServeConfig),
    /// Manage admin accounts. The password is read from standard input (one line) when it is not
    /// a terminal, and asked for twice when it is; it is never taken from the command line.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Add the sample blog posts (useful articles for trailer owners) to a new site's database.
    DemoContent {
        #[command(flatten)]
        storage: StorageConfig,
    },
    /// Move the site details (business facts, testimonials, before/after work, services, city
    /// pages) between sites, as a TOML file like content/site.toml.
    Content {
        #[command(subcommand)]
        action: ContentAction,
    },
    /// Copy the database and uploaded images to a new directory while the server may be
    /// running: SQLite as one consistent snapshot, PostgreSQL with pg_dump, and every image.
    /// docs/deploy.md says how to restore.
    Backup {
        #[command(flatten)]
        storage: StorageConfig,
        /// Where the copy goes: a directory that does not exist yet, or is empty.
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Put a backup (made by `backup` or on a schedule) back into an empty data directory, or an
    /// empty PostgreSQL database and bucket, after checking every file of it.
    Restore {
        #[command(flatten)]
        storage: StorageConfig,
        /// The backup: a directory holding manifest.json.
        #[arg(long)]
        from: std::path::PathBuf,
    },
    /// Check what a host gets wrong (the data directory, the public URL, e-mail, the webhook, the
    /// text provider, the database, the bucket, the clock, sample details still shown) with the
    /// same settings as `serve`; prints each check with its fix, and exits with 0 only when all
    /// pass.
    Doctor(ServeConfig),
    /// Time the server-side rendering of every pre-rendered page (for `make bench`); prints JSON.
    RenderTimings {
        #[command(flatten)]
        config: ServeConfig,
        /// Renders per page after the first (cold) one.
        #[arg(long, default_value_t = 50)]
        iterations: usize,
    },
}

#[derive(Debug, Subcommand)]
pub enum AdminAction {
    /// Create an owner's account.
    Create {
        #[command(flatten)]
        account: AdminArgs,
        /// The name the team sees on Today, in a request's history and in e-mails ('Taken by
        /// Maria'); the e-mail address stands in for it until one is given.
        #[arg(long)]
        name: Option<String>,
    },
    /// Set the name an account goes by on Today, in a request's history and in e-mails.
    SetName {
        #[command(flatten)]
        account: AdminArgs,
        #[arg(long)]
        name: String,
    },
    /// Set a new password for an account (also the way back in after a lock-out).
    SetPassword(AdminArgs),
    /// Turn two-factor sign-in off for an account whose authenticator app and recovery codes are
    /// lost; its sessions end.
    #[command(name = "reset-2fa")]
    Reset2fa(AdminArgs),
}

#[derive(Debug, Subcommand)]
pub enum ContentAction {
    /// Print the site details shown now (the newest saved version, else the content file).
    Export {
        #[command(flatten)]
        source: ContentSource,
    },
    /// Check every field of FILE, then save it as a new version of the site details (the server
    /// shows it within seconds). Nothing changes when any field is wrong.
    Import {
        /// The content file (TOML, like content/site.toml).
        file: std::path::PathBuf,
        #[command(flatten)]
        source: ContentSource,
    },
}

/// The site details' database, and the content file a site starts with (as for serve).
#[derive(Debug, clap::Args)]
pub struct ContentSource {
    #[command(flatten)]
    pub storage: StorageConfig,
    /// The content file shown until the admin saves site details; the built-in one when not given.
    #[arg(long, env = "TRAILERWORKS_CONTENT")]
    pub content: Option<std::path::PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct AdminArgs {
    /// The account's e-mail address (its login).
    #[arg(long)]
    pub email: String,
    /// The database (as for serve); the server may be running on it.
    #[command(flatten)]
    pub storage: StorageConfig,
}

//! Settings of `trailerworks serve`, from flags and TRAILERWORKS_* environment variables.

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use anyhow::{Context as _, bail};
use clap::Args;

use crate::{
    backup::periodic::Schedule,
    billing::stripe::{STRIPE_API, StripeSettings},
    client_address::TrustedProxies,
    clock::Clock,
    db::{Db, Location},
    delivery::{
        DeliverySettings, EmailSettings, WebhookSettings,
        text::{self, SendFrom, TextSettings},
    },
    insights::Settings as InsightSettings,
    media::MediaStore,
    secret::Secret,
};

/// Where the data lives; `serve` and every command that touches data take these.
#[derive(Debug, Clone, Args)]
pub struct StorageConfig {
    /// Directory for the SQLite database and uploaded images (those not elsewhere); created if
    /// missing.
    #[arg(long, env = "TRAILERWORKS_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// PostgreSQL to keep the data in, e.g. postgres://user:pass@host:5432/db (for two or more
    /// instances); SQLite in --data-dir when not given.
    #[arg(long, env = "TRAILERWORKS_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<Secret>,

    /// S3-compatible bucket for uploads, s3://bucket or s3://bucket/prefix, with AWS_ACCESS_KEY_ID,
    /// AWS_SECRET_ACCESS_KEY, AWS_REGION and AWS_ENDPOINT_URL; --data-dir when not given.
    #[arg(long, env = "TRAILERWORKS_MEDIA_STORE")]
    pub media_store: Option<String>,
}

impl StorageConfig {
    pub fn location(&self) -> Location<'_> {
        Location::new(self.database_url.as_ref().map(Secret::expose), &self.data_dir)
    }

    /// Opens and migrates the database.
    pub async fn open_db(&self) -> anyhow::Result<Db> {
        Db::open(&self.location()).await
    }

    pub fn media(&self, db: Db) -> anyhow::Result<MediaStore> {
        MediaStore::new(self.media_store.as_deref(), &self.data_dir, db)
    }
}

/// Limits that keep slow or greedy clients from locking others out.
#[derive(Debug, Clone, Args)]
pub struct ConnectionSettings {
    /// Open connections at most (kept below the open-files limit); more get a quick 503.
    #[arg(long, env = "TRAILERWORKS_MAX_CONNECTIONS", default_value_t = 2048, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_connections: usize,

    /// Open connections at most from one client address (trusted proxies count only in the total).
    #[arg(long, env = "TRAILERWORKS_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = 64, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_connections_per_address: usize,

    /// Time a client has to send a request's headers; an idle keep-alive connection is closed
    /// after it too.
    #[arg(long, env = "TRAILERWORKS_HEADER_TIMEOUT_MS", default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_ms: u64,

    /// Time a client has to send a request's body (an image upload on a slow phone included).
    #[arg(long, env = "TRAILERWORKS_BODY_TIMEOUT_MS", default_value_t = 120_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout_ms: u64,
}

#[derive(Debug, Clone, Args)]
pub struct ServeConfig {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, env = "TRAILERWORKS_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    #[command(flatten)]
    pub storage: StorageConfig,

    #[command(flatten)]
    pub connections: ConnectionSettings,

    /// Reverse proxies (comma-separated addresses or networks, e.g. 127.0.0.1,10.0.0.0/8) whose
    /// X-Forwarded-For names the visitor's address; none by default.
    #[arg(long, env = "TRAILERWORKS_TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: String,

    /// Site content file (TOML); the built-in content/site.toml when not given.
    #[arg(long, env = "TRAILERWORKS_CONTENT")]
    pub content: Option<PathBuf>,

    /// Public origin of the site, used for canonical URLs and link previews.
    #[arg(long, env = "TRAILERWORKS_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,

    /// Number of threads that render pages with QuickJS.
    #[arg(long, env = "TRAILERWORKS_RENDER_THREADS", default_value_t = 2)]
    pub render_threads: usize,

    /// Memory for rendered pages, in MiB (the least used pages leave first when it is full).
    #[arg(long, env = "TRAILERWORKS_PAGE_CACHE_MB", default_value_t = 24, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub page_cache_mb: u64,

    /// SMTP server for booking e-mails, e.g. smtp://127.0.0.1:2525 or smtps://user:pass@host.
    #[arg(long, env = "TRAILERWORKS_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<Secret>,

    /// Sender of booking e-mails, e.g. "Trailer Works <bookings@example.com>".
    #[arg(long, env = "TRAILERWORKS_MAIL_FROM")]
    pub mail_from: Option<String>,

    /// The business inbox that receives booking e-mails while no addresses are set in the admin.
    #[arg(long, env = "TRAILERWORKS_NOTIFY_EMAIL")]
    pub notify_email: Option<String>,

    /// Form-service webhook that receives bookings (multipart POST, answers {"success": bool}).
    #[arg(long, env = "TRAILERWORKS_WEBHOOK_URL")]
    pub webhook_url: Option<String>,

    /// The webhook's access key (sent as access_key; never sent to browsers).
    #[arg(long, env = "TRAILERWORKS_WEBHOOK_ACCESS_KEY", hide_env_values = true)]
    pub webhook_access_key: Option<Secret>,

    /// Bookings accepted per client address and hour; 0 turns the limit off.
    #[arg(long, env = "TRAILERWORKS_BOOKING_RATE_LIMIT", default_value_t = 10)]
    pub booking_rate_limit: u32,

    /// Bookings submitted sooner than this after the dialog opened are flagged as spam.
    #[arg(long, env = "TRAILERWORKS_BOOKING_MIN_FILL_MS", default_value_t = 3000)]
    pub booking_min_fill_ms: u64,

    /// Wait before the first retry of a failed delivery; it doubles with each try.
    #[arg(long, env = "TRAILERWORKS_DELIVERY_RETRY_BASE_MS", default_value_t = 30_000)]
    pub delivery_retry_base_ms: u64,

    /// Tries before a delivery is marked dead.
    #[arg(long, env = "TRAILERWORKS_DELIVERY_MAX_ATTEMPTS", default_value_t = 12)]
    pub delivery_max_attempts: u32,

    /// How long an instance may hold a delivery it is sending (sends time out after 20 s); if it
    /// dies meanwhile, another instance sends it at most half as long again after this.
    #[arg(long, env = "TRAILERWORKS_DELIVERY_LEASE_MS", default_value_t = 60_000)]
    pub delivery_lease_ms: u64,

    /// Serve Prometheus metrics at /metrics on this address (e.g. 127.0.0.1:9090); not served,
    /// and nothing counted, when not given. Keep it off the public network.
    #[arg(long, env = "TRAILERWORKS_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,

    /// Count visits, sources and the booking funnel for the admin's Insights (no cookies; see
    /// /how-we-count-visits); `off` counts and writes nothing.
    #[arg(long, env = "TRAILERWORKS_INSIGHTS", default_value = "on")]
    pub insights: Switch,

    /// How often the visit counts kept in memory are written, in milliseconds.
    #[arg(long, env = "TRAILERWORKS_INSIGHTS_WRITE_EVERY_MS", default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(100..))]
    pub insights_write_every_ms: u64,

    #[command(flatten)]
    pub backups: BackupSettings,

    #[command(flatten)]
    pub texts: TextFlags,

    #[command(flatten)]
    pub stripe: StripeFlags,

    /// The server's clock: the wall clock, or one a test moves.
    #[arg(skip)]
    pub clock: Clock,

    /// A panic planted by a test in the sender of one channel, to show that it fails that
    /// channel's deliveries alone. Only in the binary built for tests.
    #[cfg(feature = "test-clock")]
    #[arg(skip)]
    pub planted_panic: Option<crate::delivery::Channel>,
}

/// Backups on a schedule.
#[derive(Debug, Clone, Args)]
pub struct BackupSettings {
    /// Make a backup (as `trailerworks backup` does) into a new directory here every
    /// --backup-every; none when not given.
    #[arg(long, env = "TRAILERWORKS_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,

    /// How often: a duration such as 6h, 90m or 1h 30m.
    #[arg(long, env = "TRAILERWORKS_BACKUP_EVERY", default_value = "6h", value_parser = parse_interval)]
    pub backup_every: Duration,

    /// How many backups to keep in --backup-dir (the oldest beyond go).
    #[arg(long, env = "TRAILERWORKS_BACKUP_KEEP", default_value_t = 28, value_parser = clap::value_parser!(u64).range(1..))]
    pub backup_keep: u64,
}

/// Texts with customers (SMS) through a provider speaking Twilio's Messages API; off unless the
/// account, its token and a sender are all given.
#[derive(Debug, Clone, Args)]
pub struct TextFlags {
    /// The provider account's SID (Twilio's start with AC).
    #[arg(long, env = "TRAILERWORKS_SMS_ACCOUNT_SID")]
    pub sms_account_sid: Option<String>,

    /// The account's auth token: our texts are sent with it, and what the provider posts to
    /// /api/sms/inbound and /api/sms/status must be signed with it.
    #[arg(long, env = "TRAILERWORKS_SMS_AUTH_TOKEN", hide_env_values = true)]
    pub sms_auth_token: Option<Secret>,

    /// The registered number texts are sent from, in E.164 (+13035550100).
    #[arg(long, env = "TRAILERWORKS_SMS_FROM", conflicts_with = "sms_messaging_service")]
    pub sms_from: Option<String>,

    /// Or the Messaging Service that picks the number (Twilio's start with MG).
    #[arg(long, env = "TRAILERWORKS_SMS_MESSAGING_SERVICE")]
    pub sms_messaging_service: Option<String>,

    /// The provider's API (SignalWire's compatible API, or a stand-in in tests).
    #[arg(long, env = "TRAILERWORKS_SMS_API_URL", default_value = text::TWILIO_API)]
    pub sms_api_url: String,
}

impl Default for TextFlags {
    /// Texts off.
    fn default() -> Self {
        Self {
            sms_account_sid: None,
            sms_auth_token: None,
            sms_from: None,
            sms_messaging_service: None,
            sms_api_url: text::TWILIO_API.to_owned(),
        }
    }
}

impl TextFlags {
    /// Whether texts are set up (`delivery` checks the settings are whole).
    pub fn texting(&self) -> bool {
        self.sms_account_sid.is_some()
    }

    /// The provider's settings, checked; None when texts are off.
    fn settings(&self, public_url: String) -> anyhow::Result<Option<TextSettings>> {
        let from = match (&self.sms_from, &self.sms_messaging_service) {
            (Some(number), None) => {
                let digits = number.strip_prefix('+').unwrap_or_default();
                if digits.len() < 8 || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    bail!("--sms-from must be a number in E.164, such as +13035550100");
                }
                Some(SendFrom::Number(number.clone()))
            }
            (None, Some(service)) => Some(SendFrom::MessagingService(service.clone())),
            _ => None,
        };
        match (&self.sms_account_sid, &self.sms_auth_token, from) {
            (None, None, None) => Ok(None),
            (Some(account_sid), Some(auth_token), Some(from)) => Ok(Some(TextSettings {
                account_sid: account_sid.clone(),
                auth_token: auth_token.clone(),
                from,
                api_url: self.sms_api_url.trim_end_matches('/').to_owned(),
                public_url,
            })),
            _ => bail!(
                "Texts need --sms-account-sid, --sms-auth-token and --sms-from (or --sms-messaging-service)"
            ),
        }
    }
}

/// Payments through the shop's own Stripe account; off (the team records payments by hand)
/// unless both keys are given.
#[derive(Debug, Clone, Args, Default)]
pub struct StripeFlags {
    /// The account's secret key (sk_live_..., or sk_test_... in test mode): deposits are paid on
    /// Checkout pages the server makes with it.
    #[arg(long, env = "TRAILERWORKS_STRIPE_SECRET_KEY", hide_env_values = true)]
    pub stripe_secret_key: Option<Secret>,

    /// The signing secret of the webhook endpoint (whsec_...) Stripe posts to /api/stripe/webhook:
    /// an event not signed with it is refused.
    #[arg(long, env = "TRAILERWORKS_STRIPE_WEBHOOK_SECRET", hide_env_values = true)]
    pub stripe_webhook_secret: Option<Secret>,

    /// Stripe's API when not https://api.stripe.com (a stand-in in tests).
    #[arg(long, env = "TRAILERWORKS_STRIPE_API_URL")]
    pub stripe_api_url: Option<String>,
}

impl StripeFlags {
    /// The account's settings, checked; None when online payments are off.
    pub fn settings(&self) -> anyhow::Result<Option<StripeSettings>> {
        match (&self.stripe_secret_key, &self.stripe_webhook_secret) {
            (None, None) => Ok(None),
            (Some(secret_key), Some(webhook_secret)) => Ok(Some(StripeSettings {
                secret_key: secret_key.clone(),
                webhook_secret: webhook_secret.clone(),
                api_url: self
                    .stripe_api_url
                    .as_deref()
                    .unwrap_or(STRIPE_API)
                    .trim_end_matches('/')
                    .to_owned(),
            })),
            _ => bail!("Online payments need both --stripe-secret-key and --stripe-webhook-secret"),
        }
    }
}

/// "6h", "90m", "1h 30m", "45s": at least a second.
fn parse_interval(text: &str) -> Result<Duration, String> {
    let duration: jiff::SignedDuration =
        text.parse().map_err(|_| format!("{text:?} is not a duration such as 6h, 90m or 1h 30m"))?;
    let duration =
        Duration::try_from(duration).map_err(|_| "A backup interval must be positive".to_owned())?;
    if duration < Duration::from_secs(1) {
        return Err("A backup interval must be at least a second".to_owned());
    }
    Ok(duration)
}

impl BackupSettings {
    /// The schedule, when backups are on.
    pub fn schedule(&self) -> Option<Schedule> {
        self.backup_dir.as_ref().map(|dir| Schedule {
            dir: dir.clone(),
            every: self.backup_every,
            keep: usize::try_from(self.backup_keep).unwrap_or(usize::MAX),
        })
    }
}

/// On or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Switch {
    On,
    Off,
}

impl ServeConfig {
    /// The public origin without a trailing slash.
    pub fn public_origin(&self) -> String {
        self.public_url.trim_end_matches('/').to_owned()
    }

    pub fn insights(&self) -> InsightSettings {
        InsightSettings {
            on: self.insights == Switch::On,
            public_url: self.public_origin(),
            write_every: Duration::from_millis(self.insights_write_every_ms),
        }
    }

    pub fn page_cache_bytes(&self) -> u64 {
        self.page_cache_mb * 1024 * 1024
    }

    pub fn trusted_proxies(&self) -> anyhow::Result<TrustedProxies> {
        TrustedProxies::parse(&self.trusted_proxies)
    }

    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// The delivery channels, checked: e-mail needs the SMTP server and sender (the recipients may
    /// be set in the admin instead of --notify-email), the webhook its key.
    pub fn delivery(&self) -> anyhow::Result<DeliverySettings> {
        let email = match (&self.smtp_url, &self.mail_from, &self.notify_email) {
            (None, None, None) => None,
            (Some(smtp_url), Some(from), to) => Some(EmailSettings {
                smtp_url: smtp_url.clone(),
                from: from.parse().context("--mail-from is not an e-mail address")?,
                to: to
                    .as_deref()
                    .map(str::parse)
                    .transpose()
                    .context("--notify-email is not an e-mail address")?,
                requests_url: format!("{}/dbadmin/bookings", self.public_origin()),
            }),
            _ => bail!(
                "E-mail delivery needs both --smtp-url and --mail-from (and --notify-email or addresses set in the admin)"
            ),
        };
        let webhook = match (&self.webhook_url, &self.webhook_access_key) {
            (None, None) => None,
            (Some(url), Some(access_key)) => {
                Some(WebhookSettings { url: url.clone(), access_key: access_key.clone() })
            }
            _ => bail!("Webhook delivery needs both --webhook-url and --webhook-access-key"),
        };
        Ok(DeliverySettings {
            email,
            webhook,
            text: self.texts.settings(self.public_origin())?,
            retry_base: Duration::from_millis(self.delivery_retry_base_ms),
            max_attempts: self.delivery_max_attempts,
            lease: Duration::from_millis(self.delivery_lease_ms),
            #[cfg(feature = "test-clock")]
            planted_panic: self.planted_panic,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_intervals_read_as_people_write_them() {
        assert_eq!(parse_interval("6h"), Ok(Duration::from_secs(6 * 3600)));
        assert_eq!(parse_interval("90m"), Ok(Duration::from_secs(90 * 60)));
        assert_eq!(parse_interval("1h 30m"), Ok(Duration::from_secs(90 * 60)));
        assert_eq!(parse_interval("2s"), Ok(Duration::from_secs(2)));
        assert!(parse_interval("0s").is_err());
        assert!(parse_interval("often").is_err());
    }
}

//! Settings of `trailerworks serve`, from flags and TRAILERWORKS_* environment variables.

use std::{net::SocketAddr, path::PathBuf};

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct ServeConfig {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, env = "TRAILERWORKS_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Directory for the database and uploaded images; created if missing.
    #[arg(long, env = "TRAILERWORKS_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Site content file (TOML); the built-in content/site.toml when not given.
    #[arg(long, env = "TRAILERWORKS_CONTENT")]
    pub content: Option<PathBuf>,

    /// Public origin of the site, used for canonical URLs and link previews.
    #[arg(long, env = "TRAILERWORKS_PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,

    /// Number of threads that render pages with QuickJS.
    #[arg(long, env = "TRAILERWORKS_RENDER_THREADS", default_value_t = 2)]
    pub render_threads: usize,
}

impl ServeConfig {
    /// The public origin without a trailing slash.
    pub fn public_origin(&self) -> String {
        self.public_url.trim_end_matches('/').to_owned()
    }

    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

//! The command line: `trailerworks serve` and friends.

use clap::{Parser, Subcommand};

use crate::config::ServeConfig;

#[derive(Debug, Parser)]
#[command(name = "trailerworks", version, about = "The trailer repair shop's website in one binary")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site.
    Serve(ServeConfig),
    /// Add the sample blog posts (useful articles for trailer owners) to a new site's database.
    DemoContent {
        /// Directory of the database (as for serve).
        #[arg(long, env = "TRAILERWORKS_DATA_DIR", default_value = "./data")]
        data_dir: std::path::PathBuf,
    },
    /// Time the server-side rendering of every pre-rendered page (for `make bench`); prints JSON.
    RenderTimings {
        #[command(flatten)]
        config: ServeConfig,
        /// Renders per page after the first (cold) one.
        #[arg(long, default_value_t = 50)]
        iterations: usize,
    },
}

//! The command line: `trailerworks serve` and friends.

use clap::{Parser, Subcommand};

use crate::config::ServeConfig;

#[derive(Debug, Parser)]
#[command(
    name = "trailerworks",
    version,
    about = "The trailer repair shop's website in one binary"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site.
    Serve(ServeConfig),
}

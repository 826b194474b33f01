use clap::Parser as _;
use trailerworks::{
    cli::{Cli, Command},
    commands,
};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    let result = match Cli::parse().command {
        Command::Serve(config) => commands::serve(&config).await,
        Command::DemoContent { data_dir } => commands::demo_content(&data_dir).await,
        Command::Admin { action } => commands::admin(action).await,
        Command::Backup { data_dir, to } => commands::backup(&data_dir, &to).await,
        Command::RenderTimings { config, iterations } => commands::render_timings(&config, iterations).await,
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

use clap::Parser as _;
use trailerworks::{
    cli::{Cli, Command},
    startup::{Application, shutdown_signal},
};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    let result = match Cli::parse().command {
        Command::Serve(config) => serve(config).await,
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(config: trailerworks::config::ServeConfig) -> anyhow::Result<()> {
    let app = Application::build(&config).await?;
    tracing::info!("listening on http://{}", app.local_addr()?);
    app.run_until(shutdown_signal()).await
}

use clap::Parser as _;
use trailerworks::{
    cli::{Cli, Command},
    commands,
};

/// Keeps glibc from raising its mmap threshold after the first large free. Otherwise every
/// argon2 hash (19 MiB) and decoded upload after the first is carved from the heap, which then
/// cannot shrink: 20 sign-ins took the server from 37 MB to 213 MB resident; with the threshold
/// fixed at glibc's default of 128 KiB they leave it at 25 MB (docs/decisions.md).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn return_large_allocations_to_the_system() {
    const MMAP_THRESHOLD: libc::c_int = 128 * 1024;
    // SAFETY: mallopt only sets an allocator parameter; it runs first thing in main, before any
    // other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}

fn main() -> std::process::ExitCode {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    return_large_allocations_to_the_system();
    match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime.block_on(run()),
        Err(error) => {
            eprintln!("Error: failed to start the runtime: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    let result = match Cli::parse().command {
        Command::Serve(config) => commands::serve(&config).await,
        Command::DemoContent { storage } => commands::demo_content(&storage).await,
        Command::Admin { action } => commands::admin(action).await,
        Command::Content { action } => commands::content(action).await,
        Command::Backup { storage, to } => commands::backup(&storage, &to).await,
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

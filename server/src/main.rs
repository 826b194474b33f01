use clap::Parser as _;
use trailerworks::{
    cli::{Cli, Command, LogFormat},
    commands, doctor,
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

/// Log lines as `format` says, filtered by RUST_LOG (info, and warnings of sqlx, by default).
fn start_logging(format: LogFormat) {
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into());
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Text => logs.init(),
        LogFormat::Json => {
            logs.json().flatten_event(true).with_current_span(true).with_span_list(false).init()
        }
    }
}

async fn run() -> std::process::ExitCode {
    let cli = Cli::parse();
    start_logging(cli.log_format);
    #[cfg(feature = "test-clock")]
    if let Some(start) = cli.clock_start {
        trailerworks::clock::pinned::pin(start);
    }
    let result = match cli.command {
        Command::Serve(config) => commands::serve(&config).await,
        Command::DemoContent { storage } => commands::demo_content(&storage).await,
        Command::Admin { action } => commands::admin(action).await,
        Command::Content { action } => commands::content(action).await,
        Command::Backup { storage, to } => commands::backup(&storage, &to).await,
        Command::Restore { storage, from } => commands::restore(&storage, &from).await,
        Command::Doctor(config) => {
            return if doctor::run(&config).await {
                std::process::ExitCode::SUCCESS
            } else {
                std::process::ExitCode::FAILURE
            };
        }
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

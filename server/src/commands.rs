//! What each subcommand of the CLI does.

use crate::{
    config::ServeConfig,
    startup::{Application, shutdown_signal},
};

/// Prints, per pre-rendered path, the cold render time and the median of `iterations` more (ms).
pub async fn render_timings(config: &ServeConfig, iterations: usize) -> anyhow::Result<()> {
    let content = crate::content::Content::load(config.content.as_deref())?;
    let site = std::sync::Arc::new(crate::pages::Site { content, public_url: config.public_origin() });
    let renderer = crate::render::Renderer::start(site, 1)?;
    let mut report = serde_json::Map::new();
    for path in renderer.prerendered_paths() {
        let mut times: Vec<f64> =
            renderer.time_render(&path, iterations).await?.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
        let cold = times.remove(0);
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(cold);
        report.insert(path, serde_json::json!({ "cold_ms": cold, "median_ms": median }));
    }
    println!("{}", serde_json::Value::Object(report));
    Ok(())
}

pub async fn serve(config: &ServeConfig) -> anyhow::Result<()> {
    let app = Application::build(config).await?;
    tracing::info!("listening on http://{}", app.local_addr()?);
    app.run_until(shutdown_signal()).await
}

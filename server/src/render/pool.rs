//! A pool of QuickJS runtimes on dedicated OS threads that run the server bundle's `render`.
//!
//! QuickJS runtimes are `!Send`, so each lives on its own thread and takes jobs from a shared
//! channel. Each runtime has a memory limit and a per-render deadline; after a failed render the
//! runtime is rebuilt, so one bad page cannot poison the next.

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, Ordering},
        mpsc,
    },
    time::{Duration, Instant},
};

use anyhow::{Context as _, anyhow};
use rquickjs::{CatchResultExt, Context, Function, Runtime};
use tokio::sync::oneshot;

/// Small stand-ins for what React's server renderer expects of a browser-like global scope.
const PRELUDE: &str = include_str!("prelude.js");
const MEMORY_LIMIT: usize = 256 * 1024 * 1024;
const RENDER_DEADLINE: Duration = Duration::from_secs(5);

struct Job {
    url: String,
    data: String,
    reply: oneshot::Sender<anyhow::Result<String>>,
}

pub struct RenderPool {
    jobs: mpsc::Sender<Job>,
}

impl RenderPool {
    /// Starts `threads` runtimes, each evaluating `bundle` once; fails if the bundle does not load.
    pub fn start(bundle: &'static str, threads: usize) -> anyhow::Result<Self> {
        let (jobs, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let mut ready = Vec::new();
        for index in 0..threads.max(1) {
            let receiver = Arc::clone(&receiver);
            let (ready_tx, ready_rx) = mpsc::channel();
            ready.push(ready_rx);
            std::thread::Builder::new()
                .name(format!("render-{index}"))
                .spawn(move || worker(bundle, &receiver, &ready_tx))
                .context("Failed to start a render thread")?;
        }
        for ready_rx in ready {
            ready_rx.recv().context("A render thread stopped while starting")??;
        }
        Ok(Self { jobs })
    }

    /// Renders `url` with the page data `data` (JSON) to an HTML fragment.
    pub async fn render(&self, url: &str, data: String) -> anyhow::Result<String> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job { url: url.to_owned(), data, reply })
            .map_err(|_| anyhow!("The render pool has stopped"))?;
        answer.await.context("A render thread stopped mid-render")?
    }
}

fn worker(bundle: &str, receiver: &Mutex<mpsc::Receiver<Job>>, ready: &mpsc::Sender<anyhow::Result<()>>) {
    let mut engine = match Engine::new(bundle) {
        Ok(engine) => {
            let _ = ready.send(Ok(()));
            engine
        }
        Err(error) => {
            let _ = ready.send(Err(error));
            return;
        }
    };
    loop {
        let job = match receiver.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let result = engine.render(&job.url, &job.data);
        if result.is_err() {
            match Engine::new(bundle) {
                Ok(fresh) => engine = fresh,
                Err(error) => tracing::error!("Failed to rebuild a render runtime: {error:#}"),
            }
        }
        let _ = job.reply.send(result);
    }
}

/// One QuickJS runtime with the server bundle loaded.
struct Engine {
    // Dropped after the context that belongs to it.
    context: Context,
    _runtime: Runtime,
    deadline: Arc<AtomicU64>,
    epoch: Instant,
}

impl Engine {
    fn new(bundle: &str) -> anyhow::Result<Self> {
        let runtime = Runtime::new().context("Failed to create a QuickJS runtime")?;
        runtime.set_memory_limit(MEMORY_LIMIT);
        let epoch = Instant::now();
        let deadline = Arc::new(AtomicU64::new(u64::MAX));
        let watched = Arc::clone(&deadline);
        runtime.set_interrupt_handler(Some(Box::new(move || {
            elapsed_millis(epoch) > watched.load(Ordering::Relaxed)
        })));
        let context = Context::full(&runtime).context("Failed to create a QuickJS context")?;
        context.with(|ctx| {
            ctx.eval::<(), _>(PRELUDE).catch(&ctx).map_err(|e| anyhow!("The render prelude failed: {e}"))?;
            ctx.eval::<(), _>(bundle)
                .catch(&ctx)
                .map_err(|e| anyhow!("The server bundle failed to load: {e}"))?;
            ctx.globals()
                .get::<_, Function>("render")
                .map_err(|_| anyhow!("The server bundle defines no global render function"))?;
            anyhow::Ok(())
        })?;
        Ok(Self { context, _runtime: runtime, deadline, epoch })
    }

    fn render(&mut self, url: &str, data: &str) -> anyhow::Result<String> {
        let limit = elapsed_millis(self.epoch) + RENDER_DEADLINE.as_millis() as u64;
        self.deadline.store(limit, Ordering::Relaxed);
        let result = self.context.with(|ctx| {
            let render: Function = ctx.globals().get("render")?;
            let html = render
                .call::<_, String>((url, data))
                .catch(&ctx)
                .map_err(|e| anyhow!("Rendering {url} failed: {e}"));
            let messages: Vec<String> = ctx.eval("__takeConsoleMessages()")?;
            for message in messages {
                tracing::warn!(url, "render console: {message}");
            }
            html
        });
        self.deadline.store(u64::MAX, Ordering::Relaxed);
        result
    }
}

fn elapsed_millis(epoch: Instant) -> u64 {
    u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_bundle_renders_and_a_failing_render_is_an_error() {
        let bundle = "globalThis.render = (url, data) => { \
            if (url === '/boom') throw new Error('boom'); \
            return url + ':' + JSON.parse(data).n; };";
        let pool = RenderPool::start(bundle, 1).unwrap();
        assert_eq!(pool.render("/a", r#"{"n":1}"#.into()).await.unwrap(), "/a:1");
        let error = pool.render("/boom", "{}".into()).await.unwrap_err();
        assert!(format!("{error:#}").contains("boom"));
        assert_eq!(pool.render("/b", r#"{"n":2}"#.into()).await.unwrap(), "/b:2");
    }

    #[tokio::test]
    async fn a_render_that_never_ends_is_stopped() {
        let bundle = "globalThis.render = () => { for (;;) {} };";
        let pool = RenderPool::start(bundle, 1).unwrap();
        assert!(pool.render("/", "{}".into()).await.is_err());
    }

    #[test]
    fn a_bundle_without_render_is_refused() {
        let error = RenderPool::start("globalThis.x = 1;", 1).err().unwrap();
        assert!(format!("{error:#}").contains("no global render function"));
    }
}

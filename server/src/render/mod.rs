//! Server-side rendering, whatever is rendered: the pool of QuickJS runtimes that run the web
//! app's server bundle, the HTML document around the app's markup, and the page cache. What a
//! page shows and what makes it stale are the page layer's business (`pages`).

pub mod cache;
mod document;
pub mod html;
mod pool;

pub use document::Document;
pub use pool::RenderPool;

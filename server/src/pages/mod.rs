//! The public pages: which path shows which page, with what data and head tags; the sitemap and
//! feed; and `PublicPages`, which renders them on demand and keeps them in the page cache.
//!
//! The server is the one place that maps paths to pages. The web app draws a page by its `kind`
//! with the `data` given here, both when rendering on the server and after client navigation.

mod areas;
mod blog;
pub mod blog_search;
pub mod crawlers;
mod feeds;
pub mod head;
mod home;
mod info;
mod layout;
mod page;
pub mod page_data;
mod paths;
mod public;
mod resolve;
mod site;
pub mod social;
mod structured_data;

pub use head::Head;
pub use info::HOW_WE_COUNT;
pub use layout::Layout;
pub use page::{AdminState, AppState, BLOG_SCOPE, Missing, Page, Resolved, SITE_SCOPE};
pub use paths::{BLOG, FEED_PATH};
pub use public::{Cached, CachedEntry, PublicPages};
pub use site::Site;

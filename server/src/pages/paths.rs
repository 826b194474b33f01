//! The paths of the public pages that every site has.

use super::site::Site;

pub const AREAS: &str = "/service-areas";
pub const BLOG: &str = "/blog";

/// The pages that are always there, in sitemap order (the blog's list pages and posts follow).
pub fn fixed_paths(site: &Site) -> Vec<String> {
    let mut paths: Vec<String> =
        ["/", "/services", "/about", "/contact", AREAS].iter().map(|p| (*p).to_owned()).collect();
    paths.extend(site.content.cities.iter().map(|city| format!("{AREAS}/{}", city.slug)));
    paths
}

/// Where the RSS feed of published posts is served.
pub const FEED_PATH: &str = "/blog/feed.xml";

//! What crawlers read besides the pages: robots.txt and the sitemap.

use std::fmt::Write as _;

use super::{Site, indexed_paths};
use crate::render::escape;

pub fn robots_txt(site: &Site) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /dbadmin\nDisallow: /api/\nDisallow: /thank-you\n\nSitemap: {}\n",
        site.url("/sitemap.xml")
    )
}

pub fn sitemap_xml(site: &Site) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in indexed_paths(site) {
        let _ = writeln!(xml, "  <url><loc>{}</loc></url>", escape(&site.url(&path)));
    }
    xml.push_str("</urlset>\n");
    xml
}

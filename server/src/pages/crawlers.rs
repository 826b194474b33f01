//! What crawlers read besides the pages: robots.txt and the sitemap.

use std::fmt::Write as _;

use super::{Site, indexed_paths};
use crate::{clock, render::escape};

/// Where the RSS feed of published posts is served.
pub const FEED_PATH: &str = "/blog/feed.xml";

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
    let posts = site.posts();
    for path in indexed_paths(site) {
        let modified = posts.iter().find(|post| post.path() == path).map(|post| &post.updated_at[..10]);
        match modified {
            Some(day) => {
                let _ = writeln!(
                    xml,
                    "  <url><loc>{}</loc><lastmod>{day}</lastmod></url>",
                    escape(&site.url(&path))
                );
            }
            None => {
                let _ = writeln!(xml, "  <url><loc>{}</loc></url>", escape(&site.url(&path)));
            }
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

/// RSS 2.0 of the published posts, newest first.
pub fn feed_xml(site: &Site) -> String {
    let name = &site.content.business.name;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n",
    );
    let _ = writeln!(xml, "  <title>{} Blog</title>", escape(name));
    let _ = writeln!(xml, "  <link>{}</link>", escape(&site.url("/blog")));
    let _ = writeln!(
        xml,
        "  <description>Trailer repair and maintenance tips from {}</description>",
        escape(name)
    );
    let _ = writeln!(xml, "  <language>en-us</language>");
    let _ = writeln!(
        xml,
        "  <atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>",
        escape(&site.url(FEED_PATH))
    );
    for post in site.posts().iter() {
        let url = escape(&site.url(&post.path()));
        let published = clock::parse(&post.created_at)
            .and_then(|at| at.format(&time::format_description::well_known::Rfc2822).ok())
            .unwrap_or_default();
        let _ = writeln!(
            xml,
            "  <item><title>{}</title><link>{url}</link><guid isPermaLink=\"true\">{url}</guid><pubDate>{published}</pubDate><description>{}</description></item>",
            escape(&post.title),
            escape(&post.excerpt)
        );
    }
    xml.push_str("</channel>\n</rss>\n");
    xml
}

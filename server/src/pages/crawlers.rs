//! What crawlers and feed readers read besides the pages: robots.txt, the sitemap (an index of
//! parts, so it stays valid however many posts there are) and the RSS feed of the newest posts.

use std::fmt::Write as _;

use super::{
    blog::{list_number, list_pages, list_path},
    paths::{BLOG, FEED_PATH, fixed_paths},
    site::Site,
};
use crate::{blog::model::post_path, blog::published, clock::At, render::html::escape};
use jiff::tz::TimeZone;

/// Where the sitemap index is served.
pub const SITEMAP_PATH: &str = "/sitemap.xml";
/// The sitemap's parts are served under this.
pub const SITEMAP_PARTS: &str = "/sitemaps/";
/// Posts in each part of the sitemap (a part may hold 50,000 URLs; smaller parts are cheaper
/// to make again after a change).
pub const POSTS_PER_SITEMAP: u64 = 1000;
/// Posts in the feed.
pub const FEED_POSTS: u64 = 20;

const PAGES_PART: &str = "pages.xml";

pub fn robots_txt(site: &Site) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /thank-you\n\nSitemap: {}\n",
        site.url(SITEMAP_PATH)
    )
}

fn posts_part_name(number: u64) -> String {
    format!("posts-{number}.xml")
}

/// The sitemap index: the part of the site's pages, then one part per `POSTS_PER_SITEMAP` posts.
pub async fn sitemap_index(site: &Site) -> anyhow::Result<String> {
    let posts = published::count(&site.db).await?;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let part = |xml: &mut String, name: &str| {
        let _ = writeln!(
            xml,
            "  <sitemap><loc>{}</loc></sitemap>",
            escape(&site.url(&format!("{SITEMAP_PARTS}{name}")))
        );
    };
    part(&mut xml, PAGES_PART);
    for number in 1..=posts.div_ceil(POSTS_PER_SITEMAP) {
        part(&mut xml, &posts_part_name(number));
    }
    xml.push_str("</sitemapindex>\n");
    Ok(xml)
}

/// The part of the sitemap called `name`; None when there is no such part.
pub async fn sitemap_part(site: &Site, name: &str) -> anyhow::Result<Option<String>> {
    let posts = published::count(&site.db).await?;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let url = |xml: &mut String, path: &str, modified: Option<At>| {
        let loc = escape(&site.url(path));
        let _ = match modified {
            Some(at) => {
                writeln!(xml, "  <url><loc>{loc}</loc><lastmod>{}</lastmod></url>", at.date(&TimeZone::UTC))
            }
            None => writeln!(xml, "  <url><loc>{loc}</loc></url>"),
        };
    };
    if name == PAGES_PART {
        for path in fixed_paths(site) {
            url(&mut xml, &path, None);
        }
        url(&mut xml, BLOG, None);
        for number in 2..=list_pages(posts) {
            url(&mut xml, &list_path(number), None);
        }
    } else {
        let number =
            name.strip_prefix("posts-").and_then(|rest| rest.strip_suffix(".xml")).and_then(list_number);
        let Some(number) = number.filter(|n| *n <= posts.div_ceil(POSTS_PER_SITEMAP)) else {
            return Ok(None);
        };
        for post in
            published::in_order_added(&site.db, (number - 1) * POSTS_PER_SITEMAP, POSTS_PER_SITEMAP).await?
        {
            url(&mut xml, &post_path(&post.slug), Some(post.updated_at));
        }
    }
    xml.push_str("</urlset>\n");
    Ok(Some(xml))
}

/// RSS 2.0 of the newest published posts, newest first.
pub async fn feed_xml(site: &Site) -> anyhow::Result<String> {
    let name = &site.content.business.name;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n",
    );
    let _ = writeln!(xml, "  <title>{} Blog</title>", escape(name));
    let _ = writeln!(xml, "  <link>{}</link>", escape(&site.url(BLOG)));
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
    for post in published::newest(&site.db, FEED_POSTS).await? {
        let url = escape(&site.url(&post_path(&post.slug)));
        let published = jiff::fmt::rfc2822::to_string(&post.created_at.timestamp().to_zoned(TimeZone::UTC))
            .unwrap_or_default();
        let _ = writeln!(
            xml,
            "  <item><title>{}</title><link>{url}</link><guid isPermaLink=\"true\">{url}</guid><pubDate>{published}</pubDate><description>{}</description></item>",
            escape(&post.title),
            escape(&post.excerpt)
        );
    }
    xml.push_str("</channel>\n</rss>\n");
    Ok(xml)
}

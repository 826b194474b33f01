//! Which path shows which page: the one place that maps paths to pages.

use super::{
    areas, blog,
    head::Head,
    home, info,
    page::{Missing, Page, Resolved},
    page_data::{Nothing, PageData},
    paths::{AREAS, BLOG},
    site::Site,
};
use crate::delivery::text;

/// What the page at `path` is: a known page, a move, or a missing page.
pub async fn resolve(site: &Site, path: &str) -> anyhow::Result<Resolved> {
    let page = match path {
        "/" => home::page(site),
        "/services" => info::services(site),
        "/about" => info::about(site),
        "/contact" => info::contact(site),
        "/thank-you" => info::thank_you(site),
        info::HOW_WE_COUNT => info::how_we_count(site),
        text::TERMS_PATH => info::sms_terms(site),
        AREAS => areas::list(site),
        BLOG => return blog::list(site, 1).await,
        _ => {
            if let Some(number) = path.strip_prefix(blog::LIST_PAGES) {
                return match blog::list_number(number) {
                    Some(1) => Ok(Resolved::Moved(BLOG.to_owned())),
                    Some(number) => blog::list(site, number).await,
                    None => Ok(Resolved::Missing(Missing::Page)),
                };
            } else if let Some(slug) = path.strip_prefix("/service-areas/") {
                match areas::city(site, slug) {
                    Some(page) => page,
                    None if site.content.removed_city_slugs.iter().any(|removed| removed == slug) => {
                        return Ok(Resolved::Moved(AREAS.to_owned()));
                    }
                    None => return Ok(Resolved::Missing(Missing::City)),
                }
            } else if let Some(slug) = path.strip_prefix("/blog/") {
                return blog::post(site, slug).await;
            } else {
                return Ok(Resolved::Missing(Missing::Page));
            }
        }
    };
    Ok(Resolved::Page(Box::new(page)))
}

fn not_found(site: &Site) -> Page {
    Page::missing(
        Head::not_indexed(
            format!("Page Not Found | {}", site.content.business.name),
            "Sorry, the page you are looking for doesn't exist or has been moved.".to_owned(),
        ),
        PageData::NotFound(Nothing),
    )
}

/// The page every path that leads to `missing` shows.
pub fn missing_page(missing: Missing, site: &Site) -> Page {
    match missing {
        Missing::Page => not_found(site),
        Missing::City => areas::city_not_found(site),
        Missing::Post => blog::post_not_found(site),
    }
}

//! The home page.

use super::{
    Head, Page, Site,
    page_data::{HomeData, PageData},
    social, structured_data,
};

fn title(site: &Site) -> String {
    format!("Trailer Repair & Maintenance in Denver | {}", site.content.business.name)
}

/// The business's picture for search engines: the home page's own card (a PNG), not the SVG
/// drawing behind its banner, which they do not show.
pub fn card(site: &Site) -> String {
    social::Picture::of(site, &title(site), None).url("/", site)
}

pub fn page(site: &Site) -> Page {
    let c = &site.content;
    let b = &c.business;
    let head = Head::indexed(
        "/",
        title(site),
        format!(
            "{} repairs, services and customizes every kind of trailer in the Denver metro: \
             welding, brakes, wiring, hydraulics and mobile repair. Rated {}/{} by our customers.",
            b.name, c.rating.value, c.rating.best
        ),
    )
    .with_data(vec![structured_data::local_business(site, &card(site))]);
    Page::ok(
        head,
        PageData::Home(HomeData {
            hero: c.hero.clone(),
            financing_provider: b.financing_provider.clone(),
            stats: c.stats.clone(),
            why_choose: c.why_choose.clone(),
            service_groups: c.service_groups.clone(),
            before_after: c.before_after.clone(),
            testimonials: c.testimonials.clone(),
            closing_cta: c.closing_cta.clone(),
        }),
    )
}

//! The home page.

use serde_json::json;

use super::{Head, Page, Site, structured_data};

pub fn page(site: &Site) -> Page {
    let c = &site.content;
    let b = &c.business;
    let head = Head::indexed(
        "/",
        format!("Trailer Repair & Maintenance in Denver | {}", b.name),
        format!(
            "{} repairs, services and customizes every kind of trailer in the Denver metro: \
             welding, brakes, wiring, hydraulics and mobile repair. Rated {}/{} by our customers.",
            b.name, c.rating.value, c.rating.best
        ),
    )
    .with_data(vec![structured_data::local_business(site)]);
    Page::ok(
        "home",
        head,
        json!({
            "hero": c.hero,
            "financingProvider": b.financing_provider,
            "stats": c.stats,
            "whyChoose": c.why_choose,
            "serviceGroups": c.service_groups,
            "beforeAfter": c.before_after,
            "testimonials": c.testimonials,
            "closingCta": c.closing_cta,
        }),
    )
}

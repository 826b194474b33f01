//! The home page.

use axum::http::StatusCode;
use serde_json::json;

use super::{Head, Page, Site};

pub fn page(site: &Site) -> Page {
    let c = &site.content;
    let b = &c.business;
    Page {
        status: StatusCode::OK,
        kind: "home",
        head: Head {
            title: format!("Trailer Repair & Maintenance in Denver | {}", b.name),
            description: format!(
                "{} repairs, services and customizes every kind of trailer in the Denver metro: \
                 welding, brakes, wiring, hydraulics and mobile repair. Rated {}/{} by our customers.",
                b.name, c.rating.value, c.rating.best
            ),
            canonical_path: Some("/".to_owned()),
            image: c.hero.poster.clone(),
        },
        data: json!({
            "hero": c.hero,
            "financingProvider": b.financing_provider,
            "stats": c.stats,
            "whyChoose": c.why_choose,
            "serviceGroups": c.service_groups,
            "beforeAfter": c.before_after,
            "testimonials": c.testimonials,
            "closingCta": c.closing_cta,
        }),
    }
}

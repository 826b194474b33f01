//! The service areas list and one page per city.

use axum::http::StatusCode;
use serde_json::json;

use super::{Head, Page, Site, structured_data};

pub fn list(site: &Site) -> Page {
    let c = &site.content;
    let cities: Vec<_> = c
        .cities
        .iter()
        .map(|city| {
            json!({
                "slug": city.slug,
                "name": city.name,
                "population": city.population,
                "distance": city.distance,
                "blurb": city.blurb,
            })
        })
        .collect();
    let head = Head::indexed(
        site,
        "/service-areas",
        format!("Service Areas: Trailer Repair Across the Denver Metro | {}", c.business.name),
        format!(
            "Mobile and in-shop trailer repair in {} Denver-area communities, from Aurora and \
             Lakewood to Evergreen and Conifer.",
            c.cities.len()
        ),
    );
    Page::ok(
        "serviceAreas",
        head,
        json!({ "cities": cities, "rating": c.rating, "closingCta": c.closing_cta }),
    )
}

pub fn city(site: &Site, slug: &str) -> Page {
    let c = &site.content;
    let Some(city) = c.city(slug) else {
        return Page {
            status: StatusCode::NOT_FOUND,
            kind: "cityNotFound",
            head: Head::not_indexed(
                site,
                format!("City Not Found | {}", c.business.name),
                "The service area you're looking for doesn't exist.".to_owned(),
            ),
            data: serde_json::Value::Null,
        };
    };
    let path = format!("/service-areas/{}", city.slug);
    let head = Head::indexed(
        site,
        &path,
        format!("Trailer Repair in {}, CO | {}", city.name, c.business.name),
        format!(
            "Trailer repair, maintenance and mobile service in {}, {} ({}). {}",
            city.name, city.county, city.distance, city.blurb
        ),
    )
    .with_data(vec![
        structured_data::city_service(site, city),
        structured_data::city_breadcrumbs(site, city),
    ]);
    Page::ok(
        "city",
        head,
        json!({
            "city": city,
            "services": c.city_services,
            "stats": c.city_stats,
            "rating": c.rating,
            "founded": c.business.founded,
            "closingCta": c.closing_cta,
        }),
    )
}

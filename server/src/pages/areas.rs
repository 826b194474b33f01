//! The service areas list and one page per city.

use super::{
    Head, Page, Site,
    page_data::{CityData, CitySummary, Nothing, PageData, ServiceAreasData},
    structured_data,
};

pub fn list(site: &Site) -> Page {
    let c = &site.content;
    let cities: Vec<_> = c
        .cities
        .iter()
        .map(|city| CitySummary {
            slug: city.slug.clone(),
            name: city.name.clone(),
            population: city.population.clone(),
            distance: city.distance.clone(),
            blurb: city.blurb.clone(),
        })
        .collect();
    let head = Head::indexed(
        "/service-areas",
        format!("Service Areas: Trailer Repair Across the Denver Metro | {}", c.business.name),
        format!(
            "Mobile and in-shop trailer repair in {} Denver-area communities, from Aurora and \
             Lakewood to Evergreen and Conifer.",
            c.cities.len()
        ),
    );
    Page::ok(
        head,
        PageData::ServiceAreas(ServiceAreasData {
            cities,
            rating: c.rating.clone(),
            closing_cta: c.closing_cta.clone(),
        }),
    )
}

/// The page of the city at `slug`; None for a slug that is no city.
pub fn city(site: &Site, slug: &str) -> Option<Page> {
    let c = &site.content;
    let city = c.city(slug)?;
    let path = format!("/service-areas/{}", city.slug);
    let known: Vec<&str> =
        [city.county.as_str(), city.distance.as_str()].into_iter().filter(|fact| !fact.is_empty()).collect();
    let facts = if known.is_empty() { String::new() } else { format!(", {}", known.join(", ")) };
    let head = Head::indexed(
        &path,
        format!("Trailer Repair in {}, CO | {}", city.name, c.business.name),
        format!("Trailer repair, maintenance and mobile service in {}{facts}. {}", city.name, city.blurb)
            .trim_end()
            .to_owned(),
    )
    .with_data(vec![
        structured_data::city_service(site, city),
        structured_data::city_breadcrumbs(site, city),
    ]);
    Some(Page::ok(
        head,
        PageData::City(CityData {
            city: city.clone(),
            services: c.city_services.clone(),
            rating: c.rating.clone(),
            shop_street: c.business.address.street.clone(),
            closing_cta: c.closing_cta.clone(),
        }),
    ))
}

pub fn city_not_found(site: &Site) -> Page {
    Page::missing(
        Head::not_indexed(
            format!("City Not Found | {}", site.content.business.name),
            "The service area you're looking for doesn't exist.".to_owned(),
        ),
        PageData::CityNotFound(Nothing),
    )
}

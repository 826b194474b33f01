//! JSON-LD for search engines, generated from the content file so that the name, address and
//! phone in it always match the pages.

use serde_json::{Value, json};

use super::Site;
use crate::{
    blog::model::Post,
    site::content::{City, FaqEntry},
};

/// The business as schema.org `AutoRepair` (a `LocalBusiness`).
pub fn local_business(site: &Site, image: &str) -> Value {
    let c = &site.content;
    let b = &c.business;
    let a = &b.address;
    let hours: Vec<Value> = b
        .hours
        .iter()
        .filter_map(|h| {
            Some(json!({
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": h.days,
                "opens": h.opens.as_ref()?,
                "closes": h.closes.as_ref()?,
            }))
        })
        .collect();
    let areas: Vec<Value> =
        c.cities.iter().map(|city| json!({ "@type": "City", "name": city.name })).collect();
    without_unset(json!({
        "@context": "https://schema.org",
        "@type": "AutoRepair",
        "@id": site.url("/#business"),
        "name": b.name,
        "description": b.blurb,
        "url": site.url("/"),
        "telephone": b.real_phone(),
        "email": b.real_email(),
        "image": site.absolute(image),
        "foundingDate": b.founded.to_string(),
        "priceRange": "$$",
        "address": {
            "@type": "PostalAddress",
            "streetAddress": a.street,
            "addressLocality": a.city,
            "addressRegion": a.region,
            "postalCode": a.postal_code,
            "addressCountry": a.country,
        },
        "geo": { "@type": "GeoCoordinates", "latitude": a.latitude, "longitude": a.longitude },
        "openingHoursSpecification": hours,
        "areaServed": areas,
        "aggregateRating": {
            "@type": "AggregateRating",
            "ratingValue": c.rating.value,
            "bestRating": c.rating.best,
            "reviewCount": c.rating.review_count,
        },
        "sameAs": [b.social_url],
    }))
}

/// Trailer repair in one city, offered by the business.
pub fn city_service(site: &Site, city: &City) -> Value {
    let b = &site.content.business;
    let description = [&city.description, &city.blurb]
        .into_iter()
        .find(|text| !text.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| format!("Trailer repair, maintenance and mobile service in {}.", city.name));
    without_unset(json!({
        "@context": "https://schema.org",
        "@type": "Service",
        "name": format!("Trailer Repair in {}", city.name),
        "serviceType": "Trailer repair and maintenance",
        "description": description,
        "url": site.url(&format!("/service-areas/{}", city.slug)),
        "provider": {
            "@type": "AutoRepair",
            "@id": site.url("/#business"),
            "name": b.name,
            "telephone": b.real_phone(),
        },
        "areaServed": {
            "@type": "City",
            "name": city.name,
            "geo": { "@type": "GeoCoordinates", "latitude": city.latitude, "longitude": city.longitude },
            "containedInPlace": { "@type": "State", "name": "Colorado" },
        },
    }))
}

/// `value` without the properties the shop has not set (a placeholder phone or e-mail is null).
fn without_unset(mut value: Value) -> Value {
    if let Value::Object(properties) = &mut value {
        properties.retain(|_, property| !property.is_null());
        for property in properties.values_mut() {
            *property = without_unset(property.take());
        }
    }
    value
}

/// Home > Service Areas > {city}.
pub fn city_breadcrumbs(site: &Site, city: &City) -> Value {
    let items = [
        ("Home", "/".to_owned()),
        ("Service Areas", "/service-areas".to_owned()),
        (city.name.as_str(), format!("/service-areas/{}", city.slug)),
    ];
    let list: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, (name, path))| {
            json!({ "@type": "ListItem", "position": i + 1, "name": name, "item": site.url(path) })
        })
        .collect();
    json!({ "@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": list })
}

/// The questions visitors ask and the shop's answers (the services page's FAQ).
pub fn faq_page(faq: &[FaqEntry]) -> Value {
    let questions: Vec<Value> = faq
        .iter()
        .map(|entry| {
            json!({
                "@type": "Question",
                "name": entry.question,
                "acceptedAnswer": { "@type": "Answer", "text": entry.answer },
            })
        })
        .collect();
    json!({ "@context": "https://schema.org", "@type": "FAQPage", "mainEntity": questions })
}

/// A blog post, written by the business.
pub fn blog_posting(site: &Site, post: &Post) -> Value {
    let b = &site.content.business;
    let organization = json!({ "@type": "Organization", "name": b.name, "url": site.url("/") });
    json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": post.card.title,
        "description": post.card.excerpt,
        "image": post.card.featured_image.as_deref().map(|image| site.absolute(image)),
        "datePublished": post.created_at,
        "dateModified": post.updated_at,
        "url": site.url(&post.card.path()),
        "mainEntityOfPage": site.url(&post.card.path()),
        "author": organization,
        "publisher": organization,
    })
}

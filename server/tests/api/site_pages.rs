//! The inner pages, the city pages and what search engines read.

use crate::helpers::{OWN_EMAIL, OWN_PHONE, spawn_app, spawn_app_with_own_details};

pub fn json_ld(html: &str) -> Vec<serde_json::Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| {
            let json = &rest[..rest.find("</script>").expect("end of JSON-LD")];
            serde_json::from_str(json).expect("JSON-LD parses")
        })
        .collect()
}

fn assert_shows(html: &str, page: &str, texts: &[&str]) {
    for text in texts {
        assert!(html.contains(text), "{page} shows {text:?}");
    }
}

#[tokio::test]
async fn the_services_page_shows_three_sections_of_bookable_cards() {
    let app = spawn_app_with_own_details().await;
    let html = app.page("/services", 200).await;
    assert_shows(
        &html,
        "/services",
        &[
            "Our Services",
            "Trailer Repair",
            "Custom Work",
            "Mobile Service",
            "Enclosed Trailer Repair",
            "Dump Trailer Repair",
            "Flatbed and Utility Trailer Repair",
            "Tilt Trailer Repair",
            "Suspension and Brake Repair",
            "Welding and Fabrication",
            "Electrical Repair",
            "Tire and Wheel Service",
            "Custom Trailer Builds",
            "Modifications and Upgrades",
            "Cargo Securing and Railing",
            "On-Site Repair",
            "Emergency Roadside Assistance",
            "Schedule Service Now",
            "href=\"tel:+13035552147\"",
        ],
    );
    // Links to the contact page's form until the page's script runs (then buttons).
    assert_eq!(html.matches("aria-label=\"Book Service: ").count(), 13);
    assert_eq!(html.matches(">Book Service</a>").count(), 13);
    assert!(html.contains("href=\"/contact#request\""));
}

#[tokio::test]
async fn the_about_page_tells_the_story_and_links_to_contact_and_phone() {
    let app = spawn_app_with_own_details().await;
    let html = app.page("/about", 200).await;
    assert_shows(
        &html,
        "/about",
        &["Our Story", "Our Mission", "Family-Owned", "Guaranteed Work", "href=\"/contact\"", "Contact Us"],
    );
    assert!(html.matches("href=\"tel:+13035552147\"").count() >= 2);
}

#[tokio::test]
async fn the_contact_page_has_the_assistant_four_ways_to_reach_us_and_emergency_help() {
    let app = spawn_app_with_own_details().await;
    let html = app.page("/contact", 200).await;
    assert_shows(
        &html,
        "/contact",
        &[
            "Start Chat Now",
            "Call Us",
            "E-mail Us",
            "1 business day",
            "Visit the Shop",
            "Get Directions",
            "href=\"https://www.google.com/maps/search/?api=1&amp;query=2150+West+64th+Avenue+Denver+CO+80221\"",
            "Opening Hours",
            "8:00 AM - 6:00 PM",
            "Closed",
            "Trailer Emergency?",
            "Chat with Assistant",
            "Visit Our Workshop",
            "href=\"mailto:service@frontrangetrailer.com\"",
        ],
    );
}

#[tokio::test]
async fn the_service_areas_page_lists_all_19_cities() {
    let app = spawn_app().await;
    let html = app.page("/service-areas", 200).await;
    assert_eq!(html.matches(">View <!-- -->").count(), 19);
    assert_shows(
        &html,
        "/service-areas",
        &[
            "href=\"/service-areas/aurora\"",
            "386,261",
            "10 miles from Denver",
            "href=\"/service-areas/conifer\"",
            "9,499",
            "26 miles from Denver",
            "Rated 5 out of 5",
            "4.9<!-- -->/<!-- -->5",
            "animation-delay:0.90s",
            "Schedule Service Now",
        ],
    );
}

#[tokio::test]
async fn every_city_page_answers_200_with_its_own_content() {
    let app = spawn_app().await;
    let content = trailerworks::site::content::Content::load(None).expect("content");
    for city in &content.cities {
        let path = format!("/service-areas/{}", city.slug);
        let html = app.page(&path, 200).await;
        let name = city.name.as_str();
        let escaped = |s: &str| trailerworks::render::html::escape(s);
        assert_shows(
            &html,
            &path,
            &[
                &format!("Trailer Repair in <!-- -->{name}"),
                &format!("Schedule Service in <!-- -->{name}"),
                &format!("Serving {name} Since 2023"),
                &escaped(&city.description),
                &escaped(&city.local_info),
                &escaped(&city.population),
                &escaped(&city.distance),
                "Back to Service Areas",
                "Local Customers",
                "Average Rating",
                "24/7",
                "30min",
                "Response Time",
                "Enclosed Trailer Repairs",
                "Dump Trailer Services",
                "Mobile Repair Service",
                "Preventive Maintenance",
                "Electrical Repairs",
                "Custom Fabrication",
            ],
        );
        for feature in &city.key_features {
            assert!(html.contains(&escaped(feature)), "{path} shows {feature}");
        }
        for stat in &city.stats {
            assert!(html.contains(&escaped(&stat.value)), "{path} shows its own {}", stat.label);
        }
        for t in &city.testimonials {
            assert!(html.contains(&escaped(&t.name)), "{path} shows {}", t.name);
        }
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"https://trailers.example.com{path}\">"))
        );
    }
}

#[tokio::test]
async fn an_unknown_city_shows_city_not_found_with_status_404() {
    let app = spawn_app().await;
    let html = app.page("/service-areas/atlantis", 404).await;
    assert_shows(
        &html,
        "unknown city",
        &[
            "City Not Found",
            "The service area you&#x27;re looking for doesn&#x27;t exist.",
            "View All Service Areas",
            "<meta name=\"robots\" content=\"noindex\">",
        ],
    );
}

#[tokio::test]
async fn the_thank_you_page_is_not_indexed() {
    let app = spawn_app().await;
    let html = app.page("/thank-you", 200).await;
    assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(!html.contains("rel=\"canonical\""));
}

#[tokio::test]
async fn every_public_page_has_its_own_title_description_and_canonical_url() {
    let app = spawn_app().await;
    let mut titles = std::collections::HashSet::new();
    let mut descriptions = std::collections::HashSet::new();
    for path in ["/", "/services", "/about", "/contact", "/service-areas", "/service-areas/golden"] {
        let html = app.page(path, 200).await;
        let title = html.split("<title>").nth(1).and_then(|s| s.split("</title>").next()).expect("title");
        let description = html
            .split("<meta name=\"description\" content=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .expect("description");
        assert!(titles.insert(title.to_owned()), "{path} has a title of its own");
        assert!(descriptions.insert(description.to_owned()), "{path} has a description of its own");
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"https://trailers.example.com{path}\">"))
        );
        assert!(html.contains("<meta property=\"og:title\""), "{path}");
        assert!(html.contains("<meta property=\"og:description\""), "{path}");
        assert!(
            html.contains(&format!(
                "<meta property=\"og:url\" content=\"https://trailers.example.com{path}\">"
            ))
        );
    }
}

#[tokio::test]
async fn the_business_json_ld_on_home_and_contact_has_the_required_properties() {
    let app = spawn_app_with_own_details().await;
    for path in ["/", "/contact"] {
        let html = app.page(path, 200).await;
        let data = json_ld(&html);
        let business = data.iter().find(|d| d["@type"] == "AutoRepair").expect("an AutoRepair");
        assert_eq!(business["@context"], "https://schema.org");
        assert_eq!(business["name"], "Front Range Trailer Works");
        assert_eq!(business["telephone"], OWN_PHONE);
        assert_eq!(business["email"], OWN_EMAIL);
        assert_eq!(business["address"]["streetAddress"], "2150 West 64th Avenue");
        assert_eq!(business["address"]["postalCode"], "80221");
        assert_eq!(business["geo"]["latitude"], 39.814);
        assert_eq!(business["openingHoursSpecification"].as_array().map(Vec::len), Some(2));
        assert_eq!(business["openingHoursSpecification"][0]["opens"], "08:00");
        assert_eq!(business["areaServed"].as_array().map(Vec::len), Some(19));
        assert_eq!(business["aggregateRating"]["ratingValue"], 4.9);
        assert_eq!(business["aggregateRating"]["reviewCount"], 250);
        let image = business["image"].as_str().expect("an image");
        assert!(image.starts_with("https://trailers.example.com/social/index.png?v="), "a PNG card: {image}");
        let card = app.get(&image["https://trailers.example.com".len()..]).await;
        assert_eq!(card.headers()["content-type"], "image/png");
    }
}

#[tokio::test]
async fn a_city_page_has_a_service_and_breadcrumbs_in_json_ld() {
    let app = spawn_app().await;
    let html = app.page("/service-areas/wheat-ridge", 200).await;
    let data = json_ld(&html);
    let service = data.iter().find(|d| d["@type"] == "Service").expect("a Service");
    assert_eq!(service["areaServed"]["name"], "Wheat Ridge");
    assert_eq!(service["provider"]["name"], "Front Range Trailer Works");
    let crumbs = data.iter().find(|d| d["@type"] == "BreadcrumbList").expect("breadcrumbs");
    let items = crumbs["itemListElement"].as_array().expect("items");
    assert_eq!(items.len(), 3);
    assert_eq!(items[2]["name"], "Wheat Ridge");
    assert_eq!(items[2]["item"], "https://trailers.example.com/service-areas/wheat-ridge");
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page() {
    let app = spawn_app().await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().expect("text").starts_with("application/xml"));
    let urls = crate::blog::sitemap_urls(&app).await;
    let content = trailerworks::site::content::Content::load(None).expect("content");
    let mut expected: Vec<String> =
        ["/", "/services", "/about", "/contact", "/service-areas"].iter().map(|p| (*p).to_owned()).collect();
    expected.extend(content.cities.iter().map(|c| format!("/service-areas/{}", c.slug)));
    expected.push("/blog".to_owned());
    let expected: Vec<String> =
        expected.iter().map(|path| format!("https://trailers.example.com{path}")).collect();
    assert_eq!(urls, expected, "the sitemap lists every public page, and only those");
}

#[tokio::test]
async fn robots_txt_points_to_the_sitemap_and_keeps_the_api_out_without_naming_the_admin() {
    let app = spawn_app().await;
    let text = app.page("/robots.txt", 200).await;
    assert!(text.contains("Sitemap: https://trailers.example.com/sitemap.xml"));
    assert!(text.contains("Disallow: /api/"));
    assert!(!text.contains("dbadmin"), "{text}");
    // The admin's pages keep out of search engines by a header instead; the public ones do not.
    for path in ["/dbadmin", "/dbadmin/dashboard", "/dbadmin/manifest.webmanifest"] {
        let answer = app.get(path).await;
        assert_eq!(answer.headers()["x-robots-tag"], "noindex, nofollow", "{path}");
    }
    assert!(app.get("/").await.headers().get("x-robots-tag").is_none());
}

#[tokio::test]
async fn privacy_is_where_a_visitor_looks_for_it() {
    let app = spawn_app().await;
    let moved = app.get("/privacy").await;
    assert_eq!(moved.status(), 301);
    assert_eq!(moved.headers()["location"], "/how-we-count-visits");
}

#[tokio::test]
async fn a_second_language_is_announced_in_its_own_words_and_asked_in_the_booking() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let saved = app
        .change_site(&signed, |site| {
            site["business"]["languages"]
                .as_array_mut()
                .expect("a list")
                .push(serde_json::json!({ "name": "Spanish", "code": "es", "note": "Se habla español" }));
        })
        .await;
    assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap_or_default());
    for path in ["/", "/contact", "/service-areas/aurora"] {
        let html = app.page(path, 200).await;
        assert!(html.contains("<span lang=\"es\">Se habla español</span>"), "{path} says it in Spanish");
    }
    let mut body = crate::bookings::booking("1e2f3a4b-preferred-language");
    body["answers"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({ "question": "Preferred language", "answer": "Spanish" }));
    let response = app.post_json("/api/bookings", &body).await;
    assert_eq!(response.status(), 201);
    let (message,): (String,) = app.rows("SELECT message FROM bookings").await.pop().expect("the booking");
    assert!(message.contains("Preferred language: Spanish"), "the owner reads it: {message}");
}

#[tokio::test]
async fn the_business_json_ld_leaves_out_a_placeholder_phone_and_email() {
    let app = spawn_app().await;
    let data = json_ld(&app.page("/", 200).await);
    let business = data.iter().find(|d| d["@type"] == "AutoRepair").expect("an AutoRepair");
    assert!(business.get("telephone").is_none() && business.get("email").is_none(), "{business}");
    let city = json_ld(&app.page("/service-areas/aurora", 200).await);
    let service = city.iter().find(|d| d["@type"] == "Service").expect("a Service");
    assert!(service["provider"].get("telephone").is_none(), "{service}");
}

//! What each page shows in the server's HTML, before any script runs.

use crate::helpers::{OWN_EMAIL, OWN_PHONE, OWN_PHONE_HREF, spawn_app, spawn_app_with_own_details};

#[tokio::test]
async fn the_home_page_is_rendered_on_the_server_with_every_section() {
    let app = spawn_app().await;
    let html = app.page("/", 200).await;
    for text in [
        "Professional Trailer Repair &amp; Maintenance Services",
        "Book a Service",
        "Explore Services",
        "We Finance With",
        "4.9/5",
        "500+",
        "98%",
        "250+",
        "Why Choose Front Range Trailer Works",
        "Learn More About Us",
        "Our Services",
        "Body &amp; Structural",
        "Hydraulic &amp; Mechanical",
        "Electrical &amp; Wiring",
        "Tire, Wheel &amp; Road-Readiness",
        "View All Services",
        "Our Work in Action",
        "role=\"slider\"",
        "Mark Delgado",
        "Priya Raman",
        "Schedule Service Now",
        "Browse Services",
    ] {
        assert!(html.contains(text), "the home page shows {text:?}");
    }
}

#[tokio::test]
async fn every_page_has_the_header_and_footer() {
    let app = spawn_app_with_own_details().await;
    for (path, status) in [("/", 200), ("/no/such/page", 404)] {
        let html = app.page(path, status).await;
        for text in [
            ">Home<",
            ">Services<",
            ">About<",
            ">Areas<",
            ">Blog<",
            ">Contact<",
            OWN_PHONE,
            format!("href=\"{OWN_PHONE_HREF}\"").as_str(),
            "Quick Links",
            "Axle Repairs",
            "Custom Fabrication",
            "href=\"/service-areas/commerce-city\"",
            "href=\"/service-areas/northglenn\"",
            "Schedule Service",
            OWN_EMAIL,
            "West 64th Avenue",
            "Denver<!-- -->, <!-- -->CO<!-- --> <!-- -->80221",
            "Mon-Fri<!-- -->: <!-- -->8AM-6PM",
            "24/7 Emergency Service",
            "Follow us on Facebook",
            "Website by",
        ] {
            assert!(html.contains(text), "{path} shows {text:?}");
        }
    }
}

#[tokio::test]
async fn an_unknown_path_shows_the_404_page_with_status_404() {
    let app = spawn_app().await;
    let html = app.page("/trailers/that/do/not/exist", 404).await;
    for text in [
        ">404<",
        "Page Not Found",
        "Sorry, the page you are looking for doesn&#x27;t exist or has been moved.",
        "Return Home",
        "Go Back",
        "<meta name=\"robots\" content=\"noindex\">",
    ] {
        assert!(html.contains(text), "the 404 page shows {text:?}");
    }
}

#[tokio::test]
async fn the_home_page_has_its_own_head_tags() {
    let app = spawn_app().await;
    let html = app.page("/", 200).await;
    for tag in [
        "<title>Trailer Repair &amp; Maintenance in Denver | Front Range Trailer Works</title>",
        "<meta name=\"description\" content=\"Front Range Trailer Works repairs",
        "<link rel=\"canonical\" href=\"https://trailers.example.com/\">",
        "<meta property=\"og:title\" content=\"Trailer Repair &amp; Maintenance in Denver",
        "<meta property=\"og:url\" content=\"https://trailers.example.com/\">",
        "<meta property=\"og:image\" content=\"https://trailers.example.com/social/index.png?v=",
        "<meta property=\"og:image:width\" content=\"1200\">",
        "<meta name=\"viewport\"",
        "<html lang=\"en\">",
    ] {
        assert!(html.contains(tag), "the home page head has {tag:?}");
    }
}

#[tokio::test]
async fn client_navigation_gets_the_page_as_json() {
    let app = spawn_app().await;
    let response = app.get("/api/page?path=/").await;
    assert_eq!(response.status(), 200);
    let page: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(page["kind"], "home");
    assert_eq!(page["data"]["stats"].as_array().map(Vec::len), Some(4));
    assert_eq!(page["data"]["whyChoose"].as_array().map(Vec::len), Some(7));
    assert_eq!(page["data"]["testimonials"].as_array().map(Vec::len), Some(6));

    let response = app.get("/api/page?path=/nowhere").await;
    assert_eq!(response.status(), 200);
    let page: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(page["kind"], "notFound");
    assert_eq!(page["status"], 404);
    // A page with nothing of its own says so with null, as the API document states.
    assert!(
        page.as_object().is_some_and(|page| page.get("data") == Some(&serde_json::Value::Null)),
        "{page}"
    );
}

#[tokio::test]
async fn the_page_state_embedded_for_hydration_is_valid_json() {
    let app = spawn_app().await;
    let html = app.page("/", 200).await;
    let start = html.find("<script type=\"application/json\" id=\"page-state\">").expect("state element")
        + "<script type=\"application/json\" id=\"page-state\">".len();
    let end = start + html[start..].find("</script>").expect("end of state");
    let state: serde_json::Value = serde_json::from_str(&html[start..end]).expect("state is JSON");
    assert_eq!(state["page"]["kind"], "home");
    assert_eq!(state["layout"]["phone"], serde_json::Value::Null, "the shipped phone is a placeholder");
    assert_eq!(state["layout"]["footerAreas"].as_array().map(Vec::len), Some(10));
}

#[tokio::test]
async fn a_trailing_slash_redirects_to_the_path_without_it() {
    let app = spawn_app().await;
    let response = app.get("/services/?x=1").await;
    assert_eq!(response.status(), 308);
    assert_eq!(response.headers()["location"], "/services?x=1");
}

#[tokio::test]
async fn visitors_see_no_shipped_placeholder_phone_or_email() {
    let app = spawn_app().await;
    for (path, status) in
        [("/", 200), ("/contact", 200), ("/about", 200), ("/services", 200), ("/no/such/page", 404)]
    {
        let html = app.page(path, status).await;
        for placeholder in ["555-0147", "5550147", "service@example.com", "href=\"tel:"] {
            assert!(!html.contains(placeholder), "{path} shows {placeholder:?}");
        }
    }
    let contact = app.page("/contact", 200).await;
    assert!(
        contact.contains("Visit the Shop") && !contact.contains(">Call Us<"),
        "the contact page's own cards"
    );
    assert!(contact.contains("content=\"Book with our online assistant. Visit us at 2150 West 64th Avenue"));
}

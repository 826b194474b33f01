//! The HTML document around a server-rendered page: head tags, assets and the hydration state.

use std::fmt::Write as _;

use crate::{
    assets::ClientAssets,
    pages::{Head, Site, crawlers::FEED_PATH},
};

/// The whole HTML document for a page whose app markup is `app_html`.
pub fn document(site: &Site, head: &Head, assets: &ClientAssets, app_html: &str, state_json: &str) -> String {
    let name = &site.content.business.name;
    let mut html = String::with_capacity(app_html.len() + state_json.len() + 4096);
    html.push_str("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    let _ = write!(html, "<title>{}</title>", escape(&head.title));
    meta(&mut html, "name", "description", &head.description);
    match &head.canonical_path {
        Some(path) => {
            let url = format!("{}{path}", site.public_url);
            let _ = write!(html, "<link rel=\"canonical\" href=\"{}\">", escape(&url));
            meta(&mut html, "property", "og:url", &url);
        }
        None => meta(&mut html, "name", "robots", "noindex"),
    }
    meta(&mut html, "property", "og:type", if head.article { "article" } else { "website" });
    meta(&mut html, "property", "og:site_name", name);
    meta(&mut html, "property", "og:title", &head.title);
    meta(&mut html, "property", "og:description", &head.description);
    meta(&mut html, "property", "og:image", &site.absolute(&head.image));
    meta(&mut html, "name", "twitter:card", "summary_large_image");
    meta(&mut html, "name", "twitter:title", &head.title);
    meta(&mut html, "name", "twitter:description", &head.description);
    meta(&mut html, "name", "twitter:image", &site.absolute(&head.image));
    meta(&mut html, "name", "theme-color", "#0f172a");
    html.push_str("<link rel=\"icon\" href=\"/site/favicon.svg\" type=\"image/svg+xml\">");
    let _ = write!(
        html,
        "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"{} Blog\" href=\"{FEED_PATH}\">",
        escape(name)
    );
    for data in &head.structured_data {
        html.push_str("<script type=\"application/ld+json\">");
        html.push_str(&script_safe(&data.to_string()));
        html.push_str("</script>");
    }
    end_with_app(&mut html, assets, app_html, state_json);
    html
}

/// The admin area's document: an empty root the admin app renders into, with the layout data
/// (business name and labels for the post preview). Never indexed.
pub fn admin_document(site: &Site, assets: &ClientAssets, state_json: &str) -> String {
    let mut html = String::with_capacity(state_json.len() + 1024);
    html.push_str("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    let _ = write!(html, "<title>Admin | {}</title>", escape(&site.content.business.name));
    meta(&mut html, "name", "robots", "noindex, nofollow");
    html.push_str("<link rel=\"icon\" href=\"/site/favicon.svg\" type=\"image/svg+xml\">");
    end_with_app(&mut html, assets, "", state_json);
    html
}

/// The end of the head (stylesheets, preloads, the entry script) and the body: the app's root
/// with `app_html` in it, and the state the app starts from.
fn end_with_app(html: &mut String, assets: &ClientAssets, app_html: &str, state_json: &str) {
    for style in &assets.styles {
        let _ = write!(html, "<link rel=\"stylesheet\" href=\"{style}\">");
    }
    for preload in &assets.preloads {
        let _ = write!(html, "<link rel=\"modulepreload\" href=\"{preload}\">");
    }
    let _ = write!(html, "<script type=\"module\" src=\"{}\"></script>", assets.script);
    html.push_str("</head><body><div id=\"root\">");
    html.push_str(app_html);
    html.push_str("</div><script type=\"application/json\" id=\"page-state\">");
    html.push_str(&script_safe(state_json));
    html.push_str("</script></body></html>");
}

fn meta(html: &mut String, attribute: &str, key: &str, value: &str) {
    let _ = write!(html, "<meta {attribute}=\"{key}\" content=\"{}\">", escape(value));
}

/// Escapes text for an HTML text node or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            _ => out.push(ch),
        }
    }
    out
}

/// JSON that cannot end its `<script>` element early: `<` only occurs inside JSON strings,
/// where `\u003c` means the same.
pub fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(
            escape(r#"<a href="x">Tom & Jerry's</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;"
        );
    }

    #[test]
    fn embedded_json_cannot_close_the_script() {
        let json = serde_json::json!({ "q": "</script><script>alert(1)</script>" }).to_string();
        let safe = script_safe(&json);
        assert!(!safe.contains("</script"));
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["q"], "</script><script>alert(1)</script>");
    }
}

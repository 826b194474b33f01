//! The HTML document around an app: the head tags a page gives, the entry's assets, the app's
//! server-rendered markup and the state it hydrates from.

use std::fmt::Write as _;

use super::html::script_safe;
use crate::assets::ClientAssets;

/// One document: `head` is markup for `<head>` (title, meta and link tags, already escaped),
/// `app_html` the app's markup (empty for an app that renders in the browser only).
pub struct Document<'a> {
    pub head: &'a str,
    pub assets: &'a ClientAssets,
    pub app_html: &'a str,
    pub state_json: &'a str,
    /// The kind of page shown: its component's chunks are preloaded.
    pub page_kind: Option<&'a str>,
}

impl Document<'_> {
    pub fn to_html(&self) -> String {
        let mut html =
            String::with_capacity(self.head.len() + self.app_html.len() + self.state_json.len() + 1024);
        html.push_str("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">");
        html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        html.push_str(self.head);
        for style in &self.assets.styles {
            let _ = write!(html, "<link rel=\"stylesheet\" href=\"{style}\">");
        }
        // The chunks the entry imports and the page's own come after what the first paint needs
        // (the stylesheet): fetched at once, but never ahead of it.
        for preload in self.assets.preloads_for(self.page_kind) {
            let _ = write!(html, "<link rel=\"modulepreload\" href=\"{preload}\" fetchpriority=\"low\">");
        }
        let _ = write!(html, "<script type=\"module\" src=\"{}\"></script>", self.assets.script);
        html.push_str("</head><body><div id=\"root\">");
        html.push_str(self.app_html);
        html.push_str("</div><script type=\"application/json\" id=\"page-state\">");
        html.push_str(&script_safe(self.state_json));
        html.push_str("</script></body></html>");
        html
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_holds_the_head_assets_markup_and_state_in_order() {
        let assets = ClientAssets {
            script: "/assets/app.js".into(),
            preloads: vec!["/assets/dep.js".into()],
            styles: vec!["/assets/app.css".into()],
            pages: [("home".to_owned(), vec!["/assets/HomePage.js".into()])].into(),
        };
        let html = Document {
            head: "<title>T</title>",
            assets: &assets,
            app_html: "<main>hi</main>",
            state_json: r#"{"a":"</script>"}"#,
            page_kind: Some("home"),
        }
        .to_html();
        let order = [
            "<title>T</title>",
            "app.css",
            "dep.js",
            "HomePage.js",
            "app.js",
            "<main>hi</main>",
            "page-state",
        ];
        let positions: Vec<usize> = order.iter().map(|part| html.find(part).unwrap()).collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
        assert!(!html.contains(r#""</script>""#), "the state cannot close its script");
    }
}

//! The post sanitiser: whatever HTML is saved, what comes out cannot run script. The output is
//! parsed again as a browser would (html5ever) and walked: no `<script>`, `<style>`, `<svg>`,
//! `<math>` (or anything else outside the HTML namespace), no `on*` attribute, and no URL that
//! a browser would read as `javascript:`, `vbscript:` or `data:text/html`.
#![no_main]

use html5ever::{parse_document, tendril::TendrilSink};
use libfuzzer_sys::fuzz_target;
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use trailerworks::blog::sanitize::sanitize;

const FORBIDDEN_ELEMENTS: &[&str] =
    &["script", "style", "svg", "math", "object", "embed", "base", "form", "meta", "link"];
const URL_ATTRIBUTES: &[&str] =
    &["href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcset"];

fuzz_target!(|html: &str| {
    let clean = sanitize(html);
    let dom = parse_document(RcDom::default(), Default::default()).one(clean.as_str());
    check(&dom.document, &clean);
});

fn check(node: &Handle, clean: &str) {
    if let NodeData::Element { name, attrs, .. } = &node.data {
        let element: &str = &name.local;
        assert!(name.ns == html5ever::ns!(html), "<{element}> outside HTML survived in {clean:?}");
        assert!(!FORBIDDEN_ELEMENTS.contains(&element), "<{element}> survived in {clean:?}");
        for attribute in attrs.borrow().iter() {
            let attribute_name = attribute.name.local.to_ascii_lowercase();
            assert!(
                !attribute_name.starts_with("on"),
                "{attribute_name} on <{element}> survived in {clean:?}"
            );
            if URL_ATTRIBUTES.contains(&attribute_name.as_str()) {
                let url = as_browser_reads(&attribute.value);
                assert!(
                    !["javascript:", "vbscript:", "data:text/html"]
                        .iter()
                        .any(|scheme| url.starts_with(scheme)),
                    "{attribute_name}={url:?} on <{element}> survived in {clean:?}"
                );
            }
        }
    }
    for child in node.children.borrow().iter() {
        check(child, clean);
    }
}

/// A URL as the URL parser sees its scheme: leading and trailing C0 controls and spaces
/// removed, tabs and line breaks removed everywhere, lowercased.
fn as_browser_reads(url: &str) -> String {
    url.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect::<String>()
        .to_ascii_lowercase()
}

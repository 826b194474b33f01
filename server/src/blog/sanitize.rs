//! Post HTML allowed on the site: what Quill produces, and nothing that can run script.
//! Applied when a post is saved and again when it is rendered.

use std::{
    borrow::Cow,
    collections::{HashMap, HashSet},
    sync::LazyLock,
};

use ammonia::Builder;

/// Where embedded videos may come from (the CSP's frame-src lists the same origins).
pub const VIDEO_EMBEDS: &[&str] = &[
    "https://www.youtube.com/embed/",
    "https://www.youtube-nocookie.com/embed/",
    "https://player.vimeo.com/video/",
];

/// Inline images Quill may paste as data URLs (SVG is not among them: it can carry script).
const DATA_IMAGES: &[&str] = &["data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/webp;"];

/// The elements Quill writes (any of them may carry its `ql-*` classes).
const TAGS: &[&str] = &[
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "span",
    "a",
    "img",
    "ol",
    "ul",
    "li",
    "blockquote",
    "pre",
    "code",
    "iframe",
    "div",
];

/// The classes Quill uses for alignment, direction, size, font, indent, code and video.
const QUILL_CLASSES: &[&str] = &[
    "ql-align-center",
    "ql-align-right",
    "ql-align-justify",
    "ql-direction-rtl",
    "ql-size-small",
    "ql-size-large",
    "ql-size-huge",
    "ql-font-serif",
    "ql-font-monospace",
    "ql-syntax",
    "ql-video",
    "ql-indent-1",
    "ql-indent-2",
    "ql-indent-3",
    "ql-indent-4",
    "ql-indent-5",
    "ql-indent-6",
    "ql-indent-7",
    "ql-indent-8",
];

static CLEANER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let classes: HashMap<&str, HashSet<&str>> =
        TAGS.iter().map(|tag| (*tag, QUILL_CLASSES.iter().copied().collect())).collect();
    let mut builder = Builder::default();
    builder
        .tags(TAGS.iter().copied().collect())
        .generic_attributes(HashSet::from(["style"]))
        .tag_attributes(HashMap::from([
            ("a", HashSet::from(["href", "target"])),
            ("img", HashSet::from(["src", "alt", "width", "height"])),
            ("li", HashSet::from(["data-list"])),
            ("pre", HashSet::from(["spellcheck"])),
            ("iframe", HashSet::from(["src", "frameborder", "allowfullscreen"])),
        ]))
        .allowed_classes(classes)
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel", "data"]))
        .link_rel(Some("noopener noreferrer nofollow"))
        .attribute_filter(filter);
    builder
});

/// The HTML with everything outside the allow-list removed; a picture without a description
/// gets an empty one (`alt=""`), so screen readers pass over it instead of reading its address.
pub fn sanitize(html: &str) -> String {
    with_image_alts(&CLEANER.clean(html).to_string())
}

/// `html` (as the sanitiser writes it: attribute values in double quotes, with no `"` inside)
/// with `alt=""` added to every `<img>` that has no `alt`.
fn with_image_alts(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<img") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // The tag ends at the first `>` outside an attribute value.
        let mut quoted = false;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                if c == '"' {
                    quoted = !quoted;
                }
                c == '>' && !quoted
            })
            .map_or(rest.len(), |(i, _)| i + 1);
        let tag = &rest[..end];
        if tag.contains(" alt=\"") {
            out.push_str(tag);
        } else {
            out.push_str("<img alt=\"\"");
            out.push_str(&tag[4..]);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn filter<'u>(element: &str, attribute: &str, value: &'u str) -> Option<Cow<'u, str>> {
    let lower = as_url_parser_reads(value);
    match (element, attribute) {
        ("a", "href") => (!lower.starts_with("data:")).then_some(Cow::Borrowed(value)),
        ("a", "target") => (lower == "_blank").then_some(Cow::Borrowed("_blank")),
        ("img", "src") => (!lower.starts_with("data:") || DATA_IMAGES.iter().any(|p| lower.starts_with(p)))
            .then_some(Cow::Borrowed(value)),
        ("iframe", "src") => {
            VIDEO_EMBEDS.iter().any(|p| lower.starts_with(p)).then_some(Cow::Borrowed(value))
        }
        ("li", "data-list") => matches!(lower.as_str(), "bullet" | "ordered" | "checked" | "unchecked")
            .then_some(Cow::Borrowed(value)),
        (_, "style") => {
            let kept = colour_style(value);
            (!kept.is_empty()).then_some(Cow::Owned(kept))
        }
        _ => Some(Cow::Borrowed(value)),
    }
}

/// An attribute value as a browser's URL parser reads its scheme: C0 controls and spaces trimmed
/// from both ends, tabs and line breaks removed everywhere, lowercased. (" \u{1}DATA:text/html"
/// is a data: URL to a browser.)
fn as_url_parser_reads(value: &str) -> String {
    value
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect::<String>()
        .to_ascii_lowercase()
}

/// Keeps only `color` and `background-color` declarations with plain colour values.
fn colour_style(style: &str) -> String {
    style
        .split(';')
        .filter_map(|declaration| {
            let (property, value) = declaration.split_once(':')?;
            let property = property.trim().to_ascii_lowercase();
            let value = value.trim();
            let plain = !value.is_empty()
                && value.len() <= 40
                && value.chars().all(|c| c.is_ascii_alphanumeric() || " #(),.%".contains(c))
                && !value.to_ascii_lowercase().contains("expression")
                && !value.to_ascii_lowercase().contains("url");
            (matches!(property.as_str(), "color" | "background-color") && plain)
                .then(|| format!("{property}: {value}"))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn a_picture_without_a_description_gets_an_empty_one() {
        assert_eq!(
            sanitize(r#"<p><img src="/media/blog-images/1-a.png"></p>"#),
            r#"<p><img alt="" src="/media/blog-images/1-a.png"></p>"#
        );
        let described = r#"<img src="/x.png" alt="A > B &quot;hub&quot;">"#;
        assert_eq!(sanitize(described), r#"<img src="/x.png" alt="A &gt; B &quot;hub&quot;">"#);
        assert_eq!(
            sanitize("<img src=\"/a.png\"><img src=\"/b.png\" alt=\"b\">"),
            "<img alt=\"\" src=\"/a.png\"><img src=\"/b.png\" alt=\"b\">"
        );
    }

    #[test]
    fn quills_own_markup_survives() {
        let html = r#"<h2 class="ql-align-center">Brakes</h2><p>Check <strong>every</strong> <em>spring</em> <a href="https://example.com/x" target="_blank">here</a>.</p><ol><li data-list="bullet" class="ql-indent-2">One</li></ol><p><span style="color: rgb(230, 0, 0); background-color: #ffff00;">Red</span></p><pre class="ql-syntax" spellcheck="false">code</pre><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc123"></iframe>"#;
        let clean = sanitize(html);
        for kept in [
            r#"<h2 class="ql-align-center">"#,
            "<strong>every</strong>",
            r#"href="https://example.com/x""#,
            r#"target="_blank""#,
            r#"<li data-list="bullet" class="ql-indent-2">"#,
            r#"style="color: rgb(230, 0, 0); background-color: #ffff00""#,
            r#"<pre class="ql-syntax" spellcheck="false">"#,
            r#"src="https://www.youtube.com/embed/abc123""#,
        ] {
            assert!(clean.contains(kept), "keeps {kept} in {clean}");
        }
    }

    #[test]
    fn the_classic_payloads_are_removed() {
        let payloads = [
            r#"<img src="x" onerror="alert(1)">"#,
            r#"<a href="javascript:alert(1)">x</a>"#,
            r#"<a href="JaVaScRiPt:alert(1)">x</a>"#,
            r#"<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>"#,
            r#"<svg><script>alert(1)</script></svg>"#,
            r#"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"#,
            r#"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#,
            r#"<iframe src="https://evil.example/embed"></iframe>"#,
            r#"<p style="background: url(javascript:alert(1))">x</p>"#,
            r#"<p style="width: expression(alert(1))">x</p>"#,
            r#"<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">"#,
            r#"<script>alert(1)</script>"#,
            r#"<div onclick="alert(1)">x</div>"#,
            r#"<object data="x.swf"></object><embed src="x.swf">"#,
            r#"<form action="https://evil.example"><input name="a"></form>"#,
            // Found by the sanitizer fuzz target: a browser skips the leading control character.
            "<a href=\"\u{1}data:text/html,<script>alert(1)</script>\">x</a>",
            "<img src=\" \u{1f}data:text/html,x\">",
        ];
        for payload in payloads {
            let clean = sanitize(payload).to_ascii_lowercase();
            for bad in [
                "onerror",
                "javascript:",
                "<script",
                "srcdoc",
                "evil.example",
                "expression",
                "data:text",
                "svg+xml",
                "onclick",
                "<object",
                "<embed",
                "<form",
                "<svg",
                "<math",
                "<style",
            ] {
                assert!(!clean.contains(bad), "{payload} leaves {bad}: {clean}");
            }
        }
    }

    #[test]
    fn safe_inline_images_and_links_stay() {
        let clean = sanitize(
            r#"<img src="data:image/png;base64,iVBORw0KGgo="><a href="mailto:a@example.com">m</a><a href="tel:+13035550147">t</a>"#,
        );
        assert!(clean.contains("data:image/png;base64"));
        assert!(clean.contains("mailto:a@example.com"));
        assert!(clean.contains("tel:+13035550147"));
    }
}

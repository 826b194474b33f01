//! Escaping for text placed in HTML and XML, and for JSON placed in a `<script>` element.

/// Escapes text for an HTML (or XML) text node or a double-quoted attribute.
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

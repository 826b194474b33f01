//! What a new version of the site details changed, in the owner's words: the audit log's detail
//! and the version list's line.

use serde_json::Value;

/// The sections of the content, as the admin names them (a test checks that none is missing).
const SECTIONS: &[(&str, &str)] = &[
    ("business", "Business details"),
    ("rating", "Ratings"),
    ("hero", "Home page banner"),
    ("stats", "Home page figures"),
    ("why_choose", "Why choose us"),
    ("service_groups", "Services"),
    ("before_after", "Before and after"),
    ("testimonials", "Testimonials"),
    ("footer", "Footer"),
    ("closing_cta", "Closing call to action"),
    ("cities", "City pages"),
    ("services_page", "Services page"),
    ("city_services", "City page services"),
    ("city_stats", "City page figures"),
    ("about", "About page"),
    ("contact", "Contact page"),
    ("thank_you", "Thank-you page"),
    ("chat", "Booking assistant"),
    ("scheduling", "Booking times"),
];

/// The sections that differ between `before` and `after` (both in the file's shape), e.g.
/// "Business details, City pages (Aurora, Golden)"; empty when nothing changed.
pub fn changes(before: &Value, after: &Value) -> String {
    SECTIONS
        .iter()
        .filter(|(key, _)| before.get(key) != after.get(key))
        .map(|&(key, label)| {
            let cities = if key == "cities" { changed_cities(before, after) } else { Vec::new() };
            if cities.is_empty() { label.to_owned() } else { format!("{label} ({})", cities.join(", ")) }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The names of the cities whose pages differ (by slug; an added or removed city counts).
fn changed_cities(before: &Value, after: &Value) -> Vec<String> {
    let cities =
        |content: &Value| -> Vec<Value> { content["cities"].as_array().cloned().unwrap_or_default() };
    let (old, new) = (cities(before), cities(after));
    let find = |list: &[Value], slug: &Value| list.iter().find(|city| &city["slug"] == slug).cloned();
    let mut names: Vec<String> = new
        .iter()
        .filter(|city| find(&old, &city["slug"]).as_ref() != Some(*city))
        .chain(old.iter().filter(|city| find(&new, &city["slug"]).is_none()))
        .filter_map(|city| city["name"].as_str().map(str::to_owned))
        .collect();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::changes;

    #[test]
    fn every_section_of_the_content_is_named() {
        let content = crate::content::Content::load(None).expect("loads").to_fields().expect("fields");
        let mut keys: Vec<&str> = content.as_object().expect("a table").keys().map(String::as_str).collect();
        let mut named: Vec<&str> = super::SECTIONS.iter().map(|(key, _)| *key).collect();
        keys.sort_unstable();
        named.sort_unstable();
        assert_eq!(keys, named);
    }

    #[test]
    fn names_the_changed_sections_and_cities() {
        let before = json!({
            "business": {"phone": "1"},
            "testimonials": [],
            "cities": [{"slug": "aurora", "name": "Aurora", "blurb": "a"}, {"slug": "golden", "name": "Golden"}],
        });
        let mut after = before.clone();
        assert_eq!(changes(&before, &after), "");
        after["business"]["phone"] = "2".into();
        after["cities"][0]["blurb"] = "b".into();
        assert_eq!(changes(&before, &after), "Business details, City pages (Aurora)");
    }
}

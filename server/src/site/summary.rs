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
    ("about", "About page"),
    ("contact", "Contact page"),
    ("thank_you", "Thank-you page"),
    ("chat", "Booking assistant"),
    ("scheduling", "Booking times"),
    // Kept by the server beside a removed city page (which the summary names already).
    ("removed_city_slugs", ""),
];

/// How many changes a section lists before "and N more".
const LISTED: usize = 6;

/// The sections that differ between `before` and `after` (both in the file's shape), each with
/// what changed in it, e.g. "Business details (phone), City pages (Castle Rock added, Aurora:
/// description and key features)"; empty when nothing changed.
pub fn changes(before: &Value, after: &Value) -> String {
    SECTIONS
        .iter()
        .filter(|(key, label)| !label.is_empty() && before.get(key) != after.get(key))
        .map(|&(key, label)| {
            let mut what = describe(&before[key], &after[key]);
            if what.len() > LISTED {
                let more = what.len() - LISTED + 1;
                what.truncate(LISTED - 1);
                what.push(format!("and {more} more"));
            }
            if what.is_empty() { label.to_owned() } else { format!("{label} ({})", what.join(", ")) }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What differs between two values, in the owner's words: the names of changed fields, and of
/// list entries added, removed or changed (by their name or title); empty for a plain value or
/// a list of plain values (the field's own name says it).
fn describe(before: &Value, after: &Value) -> Vec<String> {
    match (before, after) {
        (Value::Object(old), Value::Object(new)) => {
            let keys = new.keys().chain(old.keys().filter(|key| !new.contains_key(*key)));
            let mut what = Vec::new();
            for key in keys {
                let (a, b) = (
                    &old.get(key).cloned().unwrap_or(Value::Null),
                    &new.get(key).cloned().unwrap_or(Value::Null),
                );
                if a == b {
                    continue;
                }
                let name = field_name(key);
                let inner = describe(a, b);
                match (a, b) {
                    (Value::Array(_), Value::Array(_)) if !inner.is_empty() => what.extend(inner),
                    (Value::Object(_), Value::Object(_)) if !inner.is_empty() => {
                        what.extend(inner.into_iter().map(|part| format!("{name} {part}")));
                    }
                    _ => what.push(name),
                }
            }
            what
        }
        (Value::Array(old), Value::Array(new)) => describe_list(old, new),
        _ => Vec::new(),
    }
}

/// The fields whose key does not say what the Site editor calls them, with the editor's words.
const EDITOR_WORDS: &[(&str, &str)] = &[
    ("from_cents", "from price"),
    ("faq", "prices and common questions"),
    ("text", "words"),
    ("email", "e-mail"),
    ("street", "street address"),
    ("region", "state"),
    ("postal_code", "ZIP code"),
    ("city_zips", "ZIP codes of your city"),
    ("social_label", "social page name"),
    ("social_url", "social page link"),
    ("builder_name", "website credit"),
    ("builder_url", "website credit link"),
    ("blurb", "short description"),
    ("video_id", "YouTube video"),
    ("video_title", "what the video shows"),
    ("review_count", "number of reviews"),
    ("review_sites", "where the reviews are"),
    ("days_label", "days, as shown"),
    ("quote", "what they said"),
    ("features", "what it includes"),
    ("intro", "introduction"),
    ("chat_answers", "booking button's answers"),
    ("before_alt", "before photo's description"),
    ("after_alt", "after photo's description"),
];

/// A field as the Site editor labels it: its key in words, unless the editor says it otherwise.
fn field_name(key: &str) -> String {
    EDITOR_WORDS
        .iter()
        .find(|(field, _)| *field == key)
        .map_or_else(|| key.replace('_', " "), |(_, words)| (*words).to_owned())
}

/// An entry's identity and the name it is shown by, if it has one.
fn entry_name(entry: &Value) -> Option<(String, String)> {
    let field = |key: &str| entry.get(key).and_then(Value::as_str).filter(|text| !text.trim().is_empty());
    // A key (the assistant's questions and options) is an entry's identity whatever its words.
    let id =
        ["key", "slug", "name", "title", "label", "days_label", "question"].into_iter().find_map(field)?;
    let shown = ["name", "title", "label", "days_label", "question", "text", "slug", "key"]
        .into_iter()
        .find_map(field)
        .unwrap_or(id);
    Some((id.to_owned(), shown.to_owned()))
}

/// The entries of a list added, removed or changed, by name; "order" when only the order
/// changed. Empty when the entries have no names (the list's own name says it changed).
fn describe_list(old: &[Value], new: &[Value]) -> Vec<String> {
    let named = |list: &[Value]| -> Option<Vec<(String, String, Value)>> {
        let entries: Vec<_> = list
            .iter()
            .map(|entry| entry_name(entry).map(|(id, shown)| (id, shown, entry.clone())))
            .collect::<Option<_>>()?;
        let mut ids: Vec<&String> = entries.iter().map(|(id, _, _)| id).collect();
        ids.sort_unstable();
        ids.dedup();
        (ids.len() == entries.len()).then_some(entries)
    };
    let (Some(old), Some(new)) = (named(old), named(new)) else { return Vec::new() };
    let find =
        |list: &[(String, String, Value)], id: &str| list.iter().find(|(other, _, _)| other == id).cloned();
    let mut what = Vec::new();
    for (id, shown, entry) in &new {
        match find(&old, id) {
            None => what.push(format!("{shown} added")),
            Some((_, _, before)) if &before != entry => {
                let fields = describe(&before, entry);
                what.push(if fields.is_empty() {
                    format!("{shown} changed")
                } else {
                    format!("{shown}: {}", fields.join(" and "))
                });
            }
            Some(_) => {}
        }
    }
    what.extend(
        old.iter()
            .filter(|(id, _, _)| find(&new, id).is_none())
            .map(|(_, shown, _)| format!("{shown} removed")),
    );
    let order =
        |list: &[(String, String, Value)]| list.iter().map(|(id, _, _)| id.clone()).collect::<Vec<_>>();
    if what.is_empty() && order(&old) != order(&new) {
        what.push("order".to_owned());
    }
    what
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::changes;

    #[test]
    fn every_section_of_the_content_is_named() {
        let mut content = crate::site::content::Content::load(None).expect("loads");
        content.removed_city_slugs.push("castle-rock".to_owned());
        let content = content.to_file_fields().expect("fields");
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
        assert_eq!(
            changes(&before, &after),
            "Business details (phone), City pages (Aurora: short description)"
        );
    }

    #[test]
    fn names_fields_in_the_editors_words_not_by_their_keys() {
        let before = json!({
            "business": {"social_url": "a", "builder_name": "b", "address": {"postal_code": "80221"}},
            "hero": {"video_id": "x"},
        });
        let mut after = before.clone();
        after["business"]["social_url"] = "c".into();
        after["business"]["builder_name"] = "d".into();
        after["business"]["address"]["postal_code"] = "80222".into();
        after["hero"]["video_id"] = "y".into();
        assert_eq!(
            changes(&before, &after),
            "Business details (address ZIP code, website credit, social page link), Home page banner (YouTube video)"
        );
    }

    #[test]
    fn names_prices_and_questions_as_the_editor_labels_them() {
        let before = json!({
            "services_page": {"sections": [{"title": "Repairs", "cards": [{"title": "Brakes", "from_cents": null}]}], "faq": []},
        });
        let mut after = before.clone();
        after["services_page"]["sections"][0]["cards"][0]["from_cents"] = 8950.into();
        after["services_page"]["faq"] = json!([{"question": "Is there a trip fee?", "answer": "Yes."}]);
        assert_eq!(
            changes(&before, &after),
            "Services page (Is there a trip fee? added, Repairs: Brakes: from price)"
        );
    }

    #[test]
    fn a_renamed_question_or_option_is_changed_not_removed_and_added() {
        let before = json!({"chat": {"steps": [{
            "key": "service", "label": "Service", "question": "What service do you need?",
            "options": [{"key": "repairs-needed", "text": "Repairs needed"}],
        }]}});
        let mut after = before.clone();
        after["chat"]["steps"][0]["label"] = "Work asked for".into();
        after["chat"]["steps"][0]["options"][0]["text"] = "A repair".into();
        let options = after["chat"]["steps"][0]["options"].as_array_mut().expect("options");
        options.push(json!({"key": "horse-trailer", "text": "Horse trailer"}));
        assert_eq!(
            changes(&before, &after),
            "Booking assistant (Work asked for: label and A repair: words and Horse trailer added)"
        );
    }

    #[test]
    fn names_the_entries_added_removed_and_moved() {
        let before = json!({
            "business": {"address": {"postal_code": "80221", "city": "Denver"}, "hours": [{"days_label": "Mon", "opens": "08:00"}]},
            "testimonials": [{"name": "Ann", "quote": "a"}, {"name": "Bo", "quote": "b"}],
            "cities": [{"slug": "aurora", "name": "Aurora"}, {"slug": "golden", "name": "Golden"}],
            "why_choose": [{"title": "One"}, {"title": "Two"}],
        });
        let mut after = before.clone();
        after["business"]["address"]["postal_code"] = "80222".into();
        after["business"]["hours"][0]["opens"] = "09:00".into();
        after["testimonials"] = json!([{"name": "Ann", "quote": "a"}, {"name": "Cy", "quote": "c"}]);
        after["cities"] =
            json!([{"slug": "golden", "name": "Golden"}, {"slug": "castle-rock", "name": "Castle Rock"}]);
        after["why_choose"] = json!([{"title": "Two"}, {"title": "One"}]);
        assert_eq!(
            changes(&before, &after),
            "Business details (address ZIP code, Mon: opens), Why choose us (order), \
             Testimonials (Cy added, Bo removed), City pages (Castle Rock added, Aurora removed)"
        );
    }
}

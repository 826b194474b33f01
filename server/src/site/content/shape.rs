//! The content's two shapes: the file's, with its snake_case field names (what is exported,
//! imported and stored, and what a version's summary compares), and the API's, with camelCase
//! names like the rest of it (what the pages get and the admin's site editor reads and sends, so
//! the paths in its validation messages are camelCase too).

use serde_json::Value;

use super::{Content, validate::InvalidContent};

impl Content {
    /// The content as a TOML file, fields in the order the file has them.
    pub fn to_toml(&self) -> anyhow::Result<String> {
        let table = snake_keys(toml::Value::try_from(self)?);
        Ok(toml::to_string(&table)?)
    }

    /// The content as JSON with the file's field names.
    pub fn to_file_fields(&self) -> anyhow::Result<Value> {
        Ok(serde_json::to_value(snake_keys(toml::Value::try_from(self)?))?)
    }

    /// Reads and validates content sent in the API's shape (as it serializes); each problem is
    /// named by its path in that shape ("business.timeZone").
    pub fn from_api(fields: Value) -> Result<Self, InvalidContent> {
        let checked = serde_json::from_value(snake_json_keys(fields))
            .map_err(|error| InvalidContent::unreadable("", error.to_string()))
            .and_then(|mut content: Self| {
                content.fill_keys();
                super::validate::check(&content).map(|()| content)
            });
        checked.map_err(|invalid| invalid.renamed(camel_path))
    }
}

/// JSON `value` with every object key turned from camelCase into snake_case.
fn snake_json_keys(value: Value) -> Value {
    match value {
        Value::Object(object) => Value::Object(
            object.into_iter().map(|(key, value)| (snake(&key), snake_json_keys(value))).collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(snake_json_keys).collect()),
        other => other,
    }
}

/// A field's path in the API's shape ("business.socialUrl") in the file's ("business.social_url").
pub fn file_field(path: &str) -> String {
    snake(path)
}

/// A problem's path in the file's shape ("cities[2].local_info") in the API's ("cities[2].localInfo").
fn camel_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut upper = false;
    for ch in path.chars() {
        match ch {
            '_' => upper = true,
            ch if upper => {
                out.push(ch.to_ascii_uppercase());
                upper = false;
            }
            ch => out.push(ch),
        }
    }
    out
}

/// `value` with every table key turned from camelCase into snake_case.
fn snake_keys(value: toml::Value) -> toml::Value {
    match value {
        toml::Value::Table(table) => toml::Value::Table(
            table.into_iter().map(|(key, value)| (snake(&key), snake_keys(value))).collect(),
        ),
        toml::Value::Array(items) => toml::Value::Array(items.into_iter().map(snake_keys).collect()),
        other => other,
    }
}

fn snake(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for ch in key.chars() {
        if ch.is_ascii_uppercase() {
            out.push('_');
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel_case_keys_become_the_files_names_and_back() {
        assert_eq!(snake("reviewCount"), "review_count");
        assert_eq!(snake("followUps"), "follow_ups");
        assert_eq!(snake("name"), "name");
        assert_eq!(camel_path("cities[2].local_info"), "cities[2].localInfo");
        assert_eq!(camel_path("scheduling.closed_dates[0]"), "scheduling.closedDates[0]");
    }

    #[test]
    fn the_built_in_content_survives_a_round_trip_through_toml_and_json() {
        let content = Content::load(None).expect("built-in content loads");
        let text = content.to_toml().expect("writes");
        let again = Content::parse(&text).expect("what was written reads back");
        assert_eq!(again.to_toml().expect("writes"), text);
        let from_json = Content::from_api(serde_json::to_value(&content).expect("json")).expect("reads back");
        assert_eq!(from_json.to_toml().expect("writes"), text);
        assert!(text.starts_with("[business]"), "the file's order is kept: {}", &text[..40]);
    }

    #[test]
    fn bad_fields_are_named_by_their_path() {
        let mut fields = serde_json::to_value(Content::load(None).expect("loads")).expect("json");
        fields["testimonials"][1]["rating"] = 9.into();
        fields["business"]["phone"] = "call us".into();
        fields["business"]["timeZone"] = "Mars/Olympus".into();
        let problems = Content::from_api(fields).expect_err("refused");
        let named: Vec<&str> = problems.problems().iter().map(|(field, _)| field.as_str()).collect();
        assert_eq!(named, ["business.phone", "business.timeZone", "testimonials[1].rating"]);
    }
}

//! The content in the file's own shape, with its snake_case field names: what is exported,
//! imported and stored, and what the admin's site editor reads and sends (so the paths in
//! validation messages are the editor's field names). The pages get camelCase instead.

use serde_json::Value;

use super::{Content, validate::InvalidContent};

impl Content {
    /// The content as a TOML file, fields in the order the file has them.
    pub fn to_toml(&self) -> anyhow::Result<String> {
        let table = snake_keys(toml::Value::try_from(self)?);
        Ok(toml::to_string(&table)?)
    }

    /// The content as JSON with the file's field names.
    pub fn to_fields(&self) -> anyhow::Result<Value> {
        Ok(serde_json::to_value(snake_keys(toml::Value::try_from(self)?))?)
    }

    /// Reads and validates content sent in the file's shape.
    pub fn from_fields(fields: Value) -> Result<Self, InvalidContent> {
        let content: Self = serde_json::from_value(fields)
            .map_err(|error| InvalidContent::unreadable("", error.to_string()))?;
        super::validate::check(&content)?;
        Ok(content)
    }
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
    fn camel_case_keys_become_the_files_names() {
        assert_eq!(snake("reviewCount"), "review_count");
        assert_eq!(snake("followUps"), "follow_ups");
        assert_eq!(snake("name"), "name");
    }

    #[test]
    fn the_built_in_content_survives_a_round_trip_through_toml_and_json() {
        let content = Content::load(None).expect("built-in content loads");
        let text = content.to_toml().expect("writes");
        let again = Content::parse(&text).expect("what was written reads back");
        assert_eq!(again.to_toml().expect("writes"), text);
        let from_json = Content::from_fields(content.to_fields().expect("json")).expect("reads back");
        assert_eq!(from_json.to_toml().expect("writes"), text);
        assert!(text.starts_with("[business]"), "the file's order is kept: {}", &text[..40]);
    }

    #[test]
    fn bad_fields_are_named_by_their_path() {
        let mut fields = Content::load(None).expect("loads").to_fields().expect("json");
        fields["testimonials"][1]["rating"] = 9.into();
        fields["business"]["phone"] = "call us".into();
        let problems = Content::from_fields(fields).expect_err("refused");
        let named: Vec<&str> = problems.problems().iter().map(|(field, _)| field.as_str()).collect();
        assert_eq!(named, ["business.phone", "testimonials[1].rating"]);
    }
}

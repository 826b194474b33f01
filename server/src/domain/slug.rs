//! A post's URL slug: the part after /blog/.

use std::fmt;

const MAX_CHARS: usize = 100;
/// Paths under /blog/ that are not posts.
const RESERVED: &[&str] = &["404"];

/// Lowercase ASCII letters, digits and hyphens; at most 100 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slug(String);

impl Slug {
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        let value = value.trim();
        if value.is_empty() {
            Err("Slug is required")
        } else if value.chars().count() > MAX_CHARS {
            Err("Slug must be at most 100 characters")
        } else if !value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
            Err("Slug may contain only lowercase letters, digits and hyphens")
        } else if RESERVED.contains(&value) {
            Err("This slug is reserved; choose another")
        } else {
            Ok(Self(value.to_owned()))
        }
    }
}

impl AsRef<str> for Slug {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Slug;

    #[test]
    fn slugs_are_lowercase_letters_digits_and_hyphens() {
        assert_eq!(Slug::parse(" winter-storage-2025 ").unwrap().as_ref(), "winter-storage-2025");
        assert_eq!(Slug::parse("  "), Err("Slug is required"));
        assert!(Slug::parse("Winter").is_err());
        assert!(Slug::parse("a/b").is_err());
        assert!(Slug::parse("../x").is_err());
        assert!(Slug::parse("404").is_err());
        assert!(Slug::parse(&"a".repeat(101)).is_err());
    }
}

//! The slug rule: whatever the admin types, an accepted slug is 1 to 100 lowercase letters,
//! digits and hyphens, never a reserved path, and so always one safe path segment under /blog/.
#![no_main]

use libfuzzer_sys::fuzz_target;
use trailerworks::domain::Slug;

fuzz_target!(|text: &str| {
    let Ok(slug) = Slug::parse(text) else { return };
    let slug = slug.as_ref();
    assert!(!slug.is_empty() && slug.len() <= 100, "{slug:?}: 1 to 100 characters");
    assert!(
        slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
        "{slug:?}: lowercase letters, digits and hyphens only"
    );
    assert_ne!(slug, "404", "a reserved path");
    assert_eq!(slug, text.trim(), "accepted as typed, but for surrounding spaces");
});

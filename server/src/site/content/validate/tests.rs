use crate::site::content::Content;

fn error_for(from: &str, to: &str) -> String {
    let text = super::super::EMBEDDED.replacen(from, to, 1);
    assert_ne!(text, super::super::EMBEDDED, "the replacement must change the file");
    format!("{:#}", Content::parse(&text).unwrap_err())
}

#[test]
fn a_bad_phone_is_named() {
    assert!(error_for("(303) 555-0147", "call us").contains("business.phone"));
}

#[test]
fn a_testimonial_rating_above_five_is_named() {
    assert!(error_for("rating = 5", "rating = 6").contains("testimonials[0].rating"));
}

#[test]
fn an_unknown_icon_is_named() {
    assert!(error_for("icon = \"users\"", "icon = \"rocket\"").contains("why_choose[0].icon"));
}

#[test]
fn a_footer_area_must_be_a_city() {
    let err = error_for("\"lakewood\", \"aurora\"", "\"atlantis\", \"aurora\"");
    assert!(err.contains("footer.areas[0]"), "{err}");
}

#[test]
fn a_zip_code_must_have_five_digits() {
    let err = error_for("\"80214\", \"80215\"", "\"8021\", \"80215\"");
    assert!(err.contains("cities[0].zips[0]"), "{err}");
}

#[test]
fn the_shops_zip_code_must_be_a_zip_code() {
    let err = error_for("postal_code = \"80221\"", "postal_code = \"ABCDE\"");
    assert!(err.contains("business.address.postal_code"), "{err}");
    let plus_four =
        super::super::EMBEDDED.replacen("postal_code = \"80221\"", "postal_code = \"80221-1234\"", 1);
    assert!(Content::parse(&plus_four).is_ok());
}

#[test]
fn an_emergency_answer_must_be_an_option() {
    let err = error_for("emergency_answers = [\"emergency-service", "emergency_answers = [\"panic");
    assert!(err.contains("chat.emergency_answers[0]"), "{err}");
}

#[test]
fn a_missing_image_is_named() {
    let err = error_for("/site/hero-poster.svg", "/site/nope.svg");
    assert!(err.contains("hero.poster"), "{err}");
}

#[test]
fn hours_must_open_before_they_close() {
    let err = error_for("closes = \"18:00\"", "closes = \"07:00\"");
    assert!(err.contains("business.hours[0]"), "{err}");
}

#[test]
fn slugs_are_lowercase_words_joined_by_single_hyphens() {
    assert!(super::is_slug("wheat-ridge"));
    assert!(!super::is_slug("Wheat-Ridge"));
    assert!(!super::is_slug("wheat--ridge"));
    assert!(!super::is_slug("-golden"));
}

#[test]
fn an_answer_is_an_emergency_or_urgent_not_both() {
    let err = error_for("urgent_answers = [\"urgent\"]", "urgent_answers = [\"urgent\", \"emergency\"]");
    assert!(err.contains("chat.urgent_answers[1]: is an emergency answer already"), "{err}");
}

#[test]
fn keys_are_checked_and_unique() {
    let err = error_for("key = \"budget\"", "key = \"urgency\"");
    assert!(err.contains("chat.steps[4].key: is the key of another question"), "{err}");
    let err = error_for("key = \"soon\"", "key = \"Soon!\"");
    assert!(err.contains("chat.steps[3].options[2].key"), "{err}");
    let err = error_for("key = \"soon\"", "key = \"urgent\"");
    assert!(err.contains("is the key of another option"), "{err}");
}

use super::*;

#[test]
fn the_current_code_is_accepted_and_others_are_not() {
    let secret = new_secret();
    let totp = totp(&secret, "a@b.c", "Shop").unwrap();
    let at: jiff::Timestamp = "2026-11-27T22:00:10Z".parse().unwrap();
    let now = u64::try_from(at.as_second()).unwrap();
    let code = totp.generate(now).to_string();
    assert_eq!(code_step(&secret, &code, at), i64::try_from(now / 30).ok());
    let spaced = format!("{} {}", &code[..3], &code[3..]);
    assert!(code_step(&secret, &spaced, at).is_some(), "a code typed with a space");
    let old = totp.generate(now - 300).to_string();
    assert!(old == code || code_step(&secret, &old, at).is_none(), "a code from five minutes ago");
    assert!(code_step(&secret, "12345", at).is_none());
    assert!(code_step(&secret, "abcdef", at).is_none());
}

#[test]
fn recovery_codes_are_ten_distinct_and_compared_loosely() {
    let codes = new_recovery_codes();
    assert_eq!(codes.len(), 10);
    assert_eq!(codes.iter().collect::<std::collections::HashSet<_>>().len(), 10);
    assert!(codes.iter().all(|c| c.len() == 19 && c.matches('-').count() == 3), "{codes:?}");
    let code = &codes[0];
    assert_eq!(recovery_hash(code), recovery_hash(&code.to_uppercase().replace('-', " ")));
}

#[test]
fn the_enrolment_has_a_scannable_address_and_the_secret_in_groups() {
    let secret = new_secret();
    let enrolment = enrolment(&secret, "owner@example.com", "Front Range: Trailer Works").unwrap();
    assert!(enrolment.otpauth_url.starts_with("otpauth://totp/"), "{}", enrolment.otpauth_url);
    assert!(enrolment.otpauth_url.contains(&format!("secret={secret}")));
    assert!(enrolment.qr_svg.contains("<svg"));
    assert_eq!(enrolment.secret.replace(' ', ""), secret);
}

//! A visitor's contact details.

use std::fmt;

const MAX_NAME: usize = 100;
const MAX_EMAIL: usize = 254;
const MAX_PHONE: usize = 40;

/// A one-line value, trimmed: `Ok(None)` when blank, `Err(())` when it holds a control character
/// (CR and LF among them, so a value can never start a new line in an e-mail header or a log).
fn one_line(value: &str) -> Result<Option<String>, ()> {
    let value = value.trim();
    if value.chars().any(char::is_control) {
        Err(())
    } else if value.is_empty() {
        Ok(None)
    } else {
        Ok(Some(value.to_owned()))
    }
}

/// A person's name: not blank, at most 100 characters, one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        match one_line(value) {
            Err(()) => Err("Name must be one line of text, without control characters"),
            Ok(None) => Err("Name is required"),
            Ok(Some(value)) if value.chars().count() > MAX_NAME => Err("Name must be at most 100 characters"),
            Ok(Some(value)) => Ok(Self(value)),
        }
    }
}

/// An e-mail address of the form local@domain.tld, without spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        let value = value.trim();
        if value.is_empty() {
            return Err("Email is required");
        }
        let valid = value.len() <= MAX_EMAIL
            && !value.chars().any(|c| c.is_whitespace() || c.is_control())
            && match value.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && !domain.contains('@')
                        && domain
                            .split_once('.')
                            .is_some_and(|(host, tld)| !host.is_empty() && !tld.is_empty())
                }
                None => false,
            };
        if valid { Ok(Self(value.to_owned())) } else { Err("Invalid email format") }
    }
}

/// What a visitor reads when a phone number is not one a US phone can have.
pub const PHONE_WITH_AREA_CODE: &str = "Enter a phone number with area code";

/// A US phone number, kept as typed: ten digits once spaces, dashes, dots and brackets and a
/// leading +1 or 1 are taken out, and optionally an extension ("x12", "ext. 12", "#12").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        match one_line(value) {
            Err(()) => Err("Phone number must be one line of text, without control characters"),
            Ok(None) => Err("Phone number is required"),
            Ok(Some(value)) if value.chars().count() > MAX_PHONE || !is_us_phone(&value) => {
                Err(PHONE_WITH_AREA_CODE)
            }
            Ok(Some(value)) => Ok(Self(value)),
        }
    }
}

impl Phone {
    /// The ten digits of the number, without its country code or extension: what tells one
    /// customer's number however it was typed ('+1 (720) 555-0134' and '720-555-0134').
    pub fn national(&self) -> String {
        national_digits(&self.0)
    }

    /// The number as texts go to it (E.164): +1 and its ten digits.
    pub fn e164(&self) -> String {
        format!("+1{}", self.national())
    }

    /// The number as a person reads it: "(720) 555-0134".
    pub fn display(&self) -> String {
        let digits = self.national();
        format!("({}) {}-{}", &digits[..3], &digits[3..6], &digits[6..])
    }
}

/// The last ten digits of `value` before its extension (which starts at its first letter or
/// '#'): a phone number's own digits without a country code. Migration 0023 fills in the
/// stored requests with the same rule.
fn national_digits(value: &str) -> String {
    let number = value.split(|c: char| c.is_alphabetic() || c == '#').next().unwrap_or_default();
    let digits: Vec<char> = number.chars().filter(char::is_ascii_digit).collect();
    digits[digits.len().saturating_sub(10)..].iter().collect()
}

/// Whether `value` is ten digits (after a +1 or 1 country code) with the usual punctuation, and
/// optionally an extension of up to six digits. The browser checks the same rule.
fn is_us_phone(value: &str) -> bool {
    let lower = value.to_lowercase();
    let number = match ["extension", "ext.", "ext", "x", "#"].iter().find_map(|mark| lower.rsplit_once(mark))
    {
        Some((number, extension)) => {
            let extension = extension.trim();
            if extension.is_empty() || extension.len() > 6 || !extension.bytes().all(|b| b.is_ascii_digit()) {
                return false;
            }
            number.trim_end().trim_end_matches([',', ';']).to_owned()
        }
        None => lower,
    };
    let number = number.trim();
    let number = number.strip_prefix('+').map_or(number, |rest| rest.strip_prefix('1').unwrap_or("x"));
    let mut digits = String::new();
    for c in number.chars() {
        match c {
            '0'..='9' => digits.push(c),
            ' ' | '-' | '.' | '(' | ')' => {}
            _ => return false,
        }
    }
    digits.len() == 10 || (digits.len() == 11 && digits.starts_with('1'))
}

macro_rules! text_value {
    ($($name:ident),*) => {$(
        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    )*};
}
text_value!(PersonName, EmailAddress, Phone);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_required() {
        assert_eq!(PersonName::parse("  Jamie Ortiz ").unwrap().as_ref(), "Jamie Ortiz");
        assert_eq!(PersonName::parse("   "), Err("Name is required"));
        assert!(PersonName::parse(&"x".repeat(101)).is_err());
    }

    #[test]
    fn names_and_phones_with_control_characters_are_refused() {
        for bad in ["Eve\r\nBcc: victim@example.com", "\u{0}\u{1}", "Jamie\tOrtiz", "Jamie\u{7f}"] {
            assert_eq!(
                PersonName::parse(bad),
                Err("Name must be one line of text, without control characters")
            );
            assert!(Phone::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn e_mail_addresses_need_a_local_part_a_domain_and_a_dot() {
        for good in ["a@b.co", "jamie.ortiz+trailer@mail.example.com"] {
            assert!(EmailAddress::parse(good).is_ok(), "{good}");
        }
        assert_eq!(EmailAddress::parse(""), Err("Email is required"));
        for bad in
            ["jamie", "jamie@", "@example.com", "jamie@example", "ja mie@example.com", "a@b@c.com", "a@.com"]
        {
            assert_eq!(EmailAddress::parse(bad), Err("Invalid email format"), "{bad}");
        }
    }

    #[test]
    fn a_number_is_its_last_ten_digits_before_any_extension() {
        for typed in [
            "720-555-0134",
            "+1 (720) 555-0134",
            "1-720-555-0134",
            "17205550134",
            "+1 720.555.0134",
            "720-555-0134 x12",
            "(720) 555-0134 ext. 4",
            "720 555 0134 #99",
        ] {
            assert_eq!(Phone::parse(typed).unwrap().national(), "7205550134", "{typed}");
        }
    }

    #[test]
    fn a_phone_is_required_and_must_be_a_us_number_with_area_code() {
        for good in [
            "303-555-0100",
            "(303) 555-0100",
            "303.555.0100",
            "3035550100",
            "+1 303 555 0100",
            "+1 (303) 555-0100",
            "1-303-555-0100",
            "13035550100",
            "303-555-0100 x12",
            "303-555-0100 ext. 4",
            "303-555-0100, extension 123456",
            "(303) 555-0100 #7",
        ] {
            assert_eq!(Phone::parse(good).map(|p| p.to_string()), Ok(good.to_owned()), "{good}");
        }
        for bad in [
            "12",
            "555-0100",
            "call me maybe",
            "303-555-01000",
            "+44 20 7946 0958",
            "2-303-555-0100",
            "303-555-0100 x",
            "303-555-0100 x1234567",
            "303/555/0100",
            "+303-555-0100",
        ] {
            assert_eq!(Phone::parse(bad), Err(PHONE_WITH_AREA_CODE), "{bad}");
        }
        assert_eq!(Phone::parse(" "), Err("Phone number is required"));
    }
}

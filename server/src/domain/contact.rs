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

/// A phone number as typed: required, no format check (SPEC.md), one line, at most 40 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        match one_line(value) {
            Err(()) => Err("Phone number must be one line of text, without control characters"),
            Ok(None) => Err("Phone number is required"),
            Ok(Some(value)) if value.chars().count() > MAX_PHONE => {
                Err("Phone number must be at most 40 characters")
            }
            Ok(Some(value)) => Ok(Self(value)),
        }
    }
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
    fn a_phone_is_required_but_not_checked_for_format() {
        assert_eq!(Phone::parse("call me maybe").unwrap().as_ref(), "call me maybe");
        assert_eq!(Phone::parse(" "), Err("Phone number is required"));
    }
}

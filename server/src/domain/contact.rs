//! A visitor's contact details.

use std::fmt;

const MAX_NAME: usize = 100;
const MAX_EMAIL: usize = 254;
const MAX_PHONE: usize = 40;

/// Trims, and replaces control characters (CR and LF among them) with spaces, so a value can
/// never start a new line in an e-mail header or a log.
fn clean(value: &str) -> String {
    value.trim().chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// A person's name: not blank, at most 100 characters, one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        let value = clean(value);
        if value.is_empty() {
            Err("Name is required")
        } else if value.chars().count() > MAX_NAME {
            Err("Name must be at most 100 characters")
        } else {
            Ok(Self(value))
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
        let value = clean(value);
        if value.is_empty() {
            Err("Phone number is required")
        } else if value.chars().count() > MAX_PHONE {
            Err("Phone number must be at most 40 characters")
        } else {
            Ok(Self(value))
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
    fn a_name_cannot_carry_new_lines() {
        let name = PersonName::parse("Eve\r\nBcc: victim@example.com").unwrap();
        assert!(!name.as_ref().contains(['\r', '\n']));
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

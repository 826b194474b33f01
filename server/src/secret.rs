//! A setting that must never be printed: the database URL with its password, the SMTP URL with
//! its login, the webhook's access key. Its `Debug` names it without the value, so a config
//! printed in a log or a panic shows none; the value is read on purpose, with `expose`.

use std::{convert::Infallible, fmt, str::FromStr};

#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// The value itself, for the one place that uses it (a connection, a form field).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(hidden)")
    }
}

impl FromStr for Secret {
    type Err = Infallible;

    fn from_str(text: &str) -> Result<Self, Infallible> {
        Ok(Self(text.to_owned()))
    }
}

impl From<String> for Secret {
    fn from(text: String) -> Self {
        Self(text)
    }
}

impl From<&str> for Secret {
    fn from(text: &str) -> Self {
        Self(text.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_shows_no_part_of_the_value() {
        let secret = Secret::from("postgres://owner:hunter2@db.example.com/shop");
        let printed = format!("{secret:?} {:?}", Some(&secret));
        assert!(!printed.contains("hunter2") && !printed.contains("owner"), "{printed}");
        assert_eq!(secret.expose(), "postgres://owner:hunter2@db.example.com/shop");
    }
}

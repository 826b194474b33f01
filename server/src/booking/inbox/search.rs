//! What the admin searches bookings by: part of a name or an e-mail address (any case), or the
//! digits of a phone number however it was typed ('(303) 555 0188' finds 303-555-0188, and so
//! do '+1 303.555.0188' and '13035550188': a number matches on its last ten digits).

use crate::db::contains_pattern;

pub struct Search {
    /// A LIKE pattern of the lowercased text, its wildcards escaped with a backslash.
    text: String,
    /// A LIKE pattern of the digits, when the search has at least three.
    digits: Option<String>,
}

impl Search {
    /// None for a blank search.
    pub fn new(query: &str) -> Option<Self> {
        let query = query.trim();
        if query.is_empty() {
            return None;
        }
        let text = contains_pattern(query);
        let digits: String = query.chars().filter(char::is_ascii_digit).collect();
        // A whole number with its country code: its own ten digits, however the stored one was typed.
        let digits = match digits.strip_prefix('1') {
            Some(national) if national.len() == 10 => national.to_owned(),
            _ => digits,
        };
        Some(Self { text, digits: (digits.len() >= 3).then(|| format!("%{digits}%")) })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn digits(&self) -> Option<&str> {
        self.digits.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::Search;

    #[test]
    fn wildcards_are_literal_and_phone_digits_are_kept_apart() {
        let search = Search::new(" 100%_Off (303) ").unwrap();
        assert_eq!(search.text(), "%100\\%\\_off (303)%");
        assert_eq!(search.digits(), Some("%100303%"));
        assert_eq!(Search::new("ab").unwrap().digits(), None);
        assert!(Search::new("   ").is_none());
        for typed in ["+1 720.555.0134", "17205550134", "1-720-555-0134", "720-555-0134"] {
            assert_eq!(Search::new(typed).unwrap().digits(), Some("%7205550134%"), "{typed}");
        }
    }
}

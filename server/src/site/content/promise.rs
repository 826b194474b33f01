//! How soon the site promises a response, read from its own words ("30 minutes", "1 business
//! day"), so the admin can measure requests against it.

/// A promise of a response within some time, read from the site's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Promise {
    /// Minutes on the clock that applies.
    Minutes(i64),
    /// Business days: as many average open days of the shop's hours.
    BusinessDays(i64),
}

impl Promise {
    /// "30 minutes", "within 2 hours", "30min", "1 business day", "2 working days"; None for
    /// words that say no length of time.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim().to_lowercase();
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == '-')
            .filter(|w| {
                !w.is_empty()
                    && !matches!(*w, "within" | "in" | "under" | "about" | "around" | "less" | "than")
            })
            .collect();
        let first = *words.first()?;
        let digits_end = first.find(|c: char| !c.is_ascii_digit()).unwrap_or(first.len());
        let (number, unit_start): (i64, Vec<&str>) = if digits_end > 0 {
            let rest = &first[digits_end..];
            let mut unit: Vec<&str> = if rest.is_empty() { Vec::new() } else { vec![rest] };
            unit.extend(&words[1..]);
            (first[..digits_end].parse().ok()?, unit)
        } else {
            let number = match first {
                "a" | "an" | "one" => 1,
                "two" => 2,
                "three" => 3,
                "four" => 4,
                "five" => 5,
                "ten" => 10,
                "fifteen" => 15,
                "thirty" => 30,
                "half" => {
                    return matches!(words.get(1..), Some(["an", "hour", ..] | ["hour", ..]))
                        .then_some(Self::Minutes(30));
                }
                _ => return None,
            };
            (number, words[1..].to_vec())
        };
        if number <= 0 {
            return None;
        }
        let unit = unit_start.join(" ");
        let unit = unit.trim_end_matches('.');
        match unit {
            "m" | "min" | "mins" | "minute" | "minutes" => Some(Self::Minutes(number)),
            "h" | "hr" | "hrs" | "hour" | "hours" => Some(Self::Minutes(number * 60)),
            "business day" | "business days" | "working day" | "working days" | "day" | "days" => {
                Some(Self::BusinessDays(number))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promises_are_read_from_the_sites_words() {
        assert_eq!(Promise::parse("30 minutes"), Some(Promise::Minutes(30)));
        assert_eq!(Promise::parse("30min"), Some(Promise::Minutes(30)));
        assert_eq!(Promise::parse("within 2 hours"), Some(Promise::Minutes(120)));
        assert_eq!(Promise::parse("an hour"), Some(Promise::Minutes(60)));
        assert_eq!(Promise::parse("half an hour"), Some(Promise::Minutes(30)));
        assert_eq!(Promise::parse("1 business day"), Some(Promise::BusinessDays(1)));
        assert_eq!(Promise::parse("2 working days."), Some(Promise::BusinessDays(2)));
        assert_eq!(Promise::parse("as soon as we can"), None);
        assert_eq!(Promise::parse("0 minutes"), None);
    }
}

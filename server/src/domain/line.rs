//! Free text a visitor's browser sends (a page, a button's name, a campaign tag), kept to one
//! short line.

/// The text on one line, whitespace runs as single spaces, at most `longest` characters; None
/// when nothing is left.
pub fn one_line(text: &str, longest: usize) -> Option<String> {
    let line: String = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(longest)
        .collect();
    let line = line.trim_end().to_owned();
    (!line.is_empty()).then_some(line)
}

/// The text on one line, cut at `longest` characters with "..." when it is longer: what a short
/// message (a notification, a chat line) repeats of a visitor's words.
pub fn clipped(text: &str, longest: usize) -> String {
    let line = one_line(text, usize::MAX).unwrap_or_default();
    if line.chars().count() <= longest {
        line
    } else {
        format!("{}...", line.chars().take(longest).collect::<String>().trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::{clipped, one_line};

    #[test]
    fn text_becomes_one_short_line_or_nothing() {
        assert_eq!(one_line("  Book\n a\tService\u{7}now ", 100).as_deref(), Some("Book a Service now"));
        assert_eq!(one_line("abcdef", 3).as_deref(), Some("abc"));
        assert_eq!(one_line(" \n\t ", 10), None);
    }

    #[test]
    fn clipped_text_says_it_goes_on() {
        assert_eq!(clipped("Axle snapped\non I-70", 40), "Axle snapped on I-70");
        assert_eq!(clipped("Axle snapped on I-70, mile 259", 12), "Axle snapped...");
    }
}

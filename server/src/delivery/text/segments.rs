//! How many SMS a text takes. A text in the GSM 7-bit alphabet goes 160 characters to a message
//! (153 a part once it is split, each part carrying a header), where `^{}\[~]|€` and the form feed
//! take two characters each (an escape and the character). A text with any other character goes
//! as UCS-2: 70 UTF-16 units to a message, 67 a part. A part never splits an escape or a
//! surrogate pair.

/// The most parts a text of ours may take.
pub const MAX_SEGMENTS: usize = 2;

/// GSM 03.38's basic alphabet (without the escape).
const BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/// Its extension table: each takes the escape and itself.
const EXTENDED: &str = "^{}\\[~]|€\u{c}";

/// How a text is encoded, and the number of parts it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segments {
    Gsm7(usize),
    Ucs2(usize),
}

impl Segments {
    pub fn count(self) -> usize {
        match self {
            Self::Gsm7(n) | Self::Ucs2(n) => n,
        }
    }
}

/// The parts `text` takes.
pub fn segments(text: &str) -> Segments {
    let septets: Option<Vec<usize>> = text
        .chars()
        .map(|c| {
            if BASIC.contains(c) {
                Some(1)
            } else if EXTENDED.contains(c) {
                Some(2)
            } else {
                None
            }
        })
        .collect();
    match septets {
        Some(costs) => Segments::Gsm7(parts(&costs, 160, 153)),
        None => Segments::Ucs2(parts(&text.chars().map(char::len_utf16).collect::<Vec<_>>(), 70, 67)),
    }
}

/// The parts units of these `costs` fill: one of `single` when all fit, else parts of `part`,
/// none splitting a unit.
fn parts(costs: &[usize], single: usize, part: usize) -> usize {
    let total: usize = costs.iter().sum();
    if total <= single {
        return 1;
    }
    let (mut count, mut used) = (1, 0);
    for cost in costs {
        if used + cost > part {
            count += 1;
            used = 0;
        }
        used += cost;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_takes_160_to_one_and_153_a_part() {
        assert_eq!(segments(""), Segments::Gsm7(1));
        assert_eq!(segments(&"a".repeat(160)), Segments::Gsm7(1));
        assert_eq!(segments(&"a".repeat(161)), Segments::Gsm7(2));
        assert_eq!(segments(&"a".repeat(306)), Segments::Gsm7(2));
        assert_eq!(segments(&"a".repeat(307)), Segments::Gsm7(3));
    }

    #[test]
    fn an_extended_character_counts_twice_and_is_never_split() {
        assert_eq!(segments(&"€".repeat(80)), Segments::Gsm7(1));
        assert_eq!(segments(&format!("{}€", "a".repeat(159))), Segments::Gsm7(2));
        // 152 plain, then the escape pair would straddle the first part's end: it moves whole.
        assert_eq!(segments(&format!("{}[{}", "a".repeat(152), "a".repeat(152))), Segments::Gsm7(3));
        assert_eq!(segments(&format!("{}[{}", "a".repeat(151), "a".repeat(151))), Segments::Gsm7(2));
    }

    #[test]
    fn any_other_character_makes_it_ucs2_at_70_and_67_a_part() {
        assert_eq!(segments(&format!("{}’", "a".repeat(69))), Segments::Ucs2(1));
        assert_eq!(segments(&format!("{}’", "a".repeat(70))), Segments::Ucs2(2));
        assert_eq!(segments(&"é".repeat(160)), Segments::Gsm7(1), "é is in the GSM alphabet");
        assert_eq!(segments(&"ó".repeat(134)), Segments::Ucs2(2), "ó is not");
        assert_eq!(segments(&"ó".repeat(135)), Segments::Ucs2(3));
        // An emoji is two UTF-16 units and is never split.
        assert_eq!(segments(&format!("{}🚚", "a".repeat(69))), Segments::Ucs2(2));
        assert_eq!(segments(&"🚚".repeat(35)), Segments::Ucs2(1));
    }
}

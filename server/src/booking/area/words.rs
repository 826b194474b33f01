//! The words of places: what says nothing about one, what names a highway, a spot on it or a
//! road, and everyday words a typo away from a served city's name.

/// Words that say nothing about the place ("Aurora, CO", "near Golden", "City of Parker").
pub(super) const FILLER: &[&str] =
    &["co", "colo", "colorado", "near", "in", "the", "of", "area", "usa", "us", "around"];
/// What names a highway when a number follows it: "I-70", "US 6", "Hwy 93", "C-470", "SH 7".
const HIGHWAYS: &[&str] = &["i", "interstate", "us", "hwy", "highway", "sh", "co", "route", "rte", "c", "e"];
/// A highway's name and number in one word: "I70", "US36", "C470".
const HIGHWAYS_JOINED: &[&str] = &["i", "us", "hwy", "sh", "c", "e"];
/// Words of a spot on a highway: an exit, a mile marker, the shoulder.
const ROADSIDE: &[&str] = &[
    "exit",
    "mile",
    "miles",
    "marker",
    "milepost",
    "mm",
    "mp",
    "shoulder",
    "frontage",
    "onramp",
    "offramp",
    "ramp",
    "interstate",
    "freeway",
    "turnpike",
    "tollway",
    "westbound",
    "eastbound",
    "northbound",
    "southbound",
    "wb",
    "eb",
    "nb",
    "sb",
];
/// The kinds of road a street's name ends in: the words before one name the road, not a city
/// ("Parker Rd", "Golden Road").
const ROAD_TYPES: &[&str] = &[
    "rd",
    "road",
    "st",
    "street",
    "ave",
    "av",
    "avenue",
    "blvd",
    "boulevard",
    "pkwy",
    "parkway",
    "dr",
    "drive",
    "ln",
    "lane",
    "ct",
    "court",
    "cir",
    "circle",
    "way",
    "pl",
    "hwy",
    "highway",
    "trl",
    "trail",
    "ter",
    "terrace",
    "pike",
    "fwy",
    "expy",
    "expressway",
    "loop",
];
/// Words between a road's name and what came before it, which the name does not reach past.
const ROAD_NAME_STOPS: &[&str] = &[
    "and", "at", "near", "in", "off", "on", "by", "of", "n", "s", "e", "w", "north", "south", "east", "west",
    "ne", "nw", "se", "sw",
];
/// Everyday words a typo away from a served city's name, never taken as one ("marker" is not
/// Parker, "denser" not Denver). A typo is forgiven only in a word that keeps the name's first
/// letter, so "marker" and "barker" need no place here.
pub(super) const EVERYDAY_WORDS: &[&str] = &[
    "parked", "packer", "parser", "porker", "parter", "parkers", "denser", "delver", "denier", "confer",
    "golder", "thorns", "sheriff", "morris", "everyone",
];
/// Which of `words` belong to a road rather than a city: a highway and its number ("i", "70"),
/// the words of a spot on it ("mile", "marker", "exit"), a road's type and the name before it
/// ("parker", "rd").
pub(super) fn road_words(words: &[String]) -> Vec<bool> {
    let number = |word: &str| !word.is_empty() && word.len() <= 3 && word.bytes().all(|b| b.is_ascii_digit());
    let mut named = vec![false; words.len()];
    for (at, word) in words.iter().enumerate() {
        let next_is_number = words.get(at + 1).is_some_and(|next| number(next));
        if HIGHWAYS.contains(&word.as_str()) && next_is_number {
            named[at] = true;
            named[at + 1] = true;
        }
        let joined = HIGHWAYS_JOINED.iter().any(|highway| {
            word.strip_prefix(highway).is_some_and(|rest| number(rest) && !rest.starts_with('0'))
        });
        if joined || ROADSIDE.contains(&word.as_str()) {
            named[at] = true;
            if next_is_number {
                named[at + 1] = true;
            }
        }
        if ROAD_TYPES.contains(&word.as_str()) && at > 0 {
            named[at] = true;
            // The road's name: up to two words before its type, not past a number or a word
            // like "and" or "north".
            for before in (at.saturating_sub(2)..at).rev() {
                let name = words[before].as_str();
                if ROAD_NAME_STOPS.contains(&name) || name.bytes().any(|b| b.is_ascii_digit()) {
                    break;
                }
                named[before] = true;
            }
        }
    }
    named
}

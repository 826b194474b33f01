//! The service area: where a visitor says the trailer is (a city or a ZIP code, typed any way, a
//! neighbourhood of the shop's city, or a spot on a highway or a road), matched against the cities
//! of the content file and their ZIP codes.

use serde::Serialize;

use crate::{
    domain::clipped,
    site::content::{Address, City},
};

/// Words that say nothing about the place ("Aurora, CO", "near Golden", "City of Parker").
const FILLER: &[&str] = &["co", "colo", "colorado", "near", "in", "the", "of", "area", "usa", "us", "around"];
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
const EVERYDAY_WORDS: &[&str] = &[
    "parked", "packer", "parser", "porker", "parter", "parkers", "denser", "delver", "denier", "confer",
    "golder", "thorns", "sheriff", "morris", "everyone",
];
/// The longest place text taken.
const MAX_PLACE: usize = 120;
/// What a visitor hears about a place text that is not one: empty, too long or not one line.
pub const BAD_PLACE: &str = "Where the trailer is must be one line of 1 to 120 characters";

/// The longest street address taken.
const MAX_STREET_ADDRESS: usize = 200;
/// What a visitor hears about a street address that is not one line of at most 200 characters.
pub const BAD_STREET_ADDRESS: &str = "The street address must be one line of at most 200 characters";

/// Whether `place` (trimmed) can be checked and kept: one line of 1 to 120 characters.
pub fn is_place(place: &str) -> bool {
    one_line_of(place, MAX_PLACE)
}

/// Whether a street address (trimmed) can be kept: one line of 1 to 200 characters.
pub fn is_street_address(street: &str) -> bool {
    one_line_of(street, MAX_STREET_ADDRESS)
}

fn one_line_of(text: &str, longest: usize) -> bool {
    !text.is_empty() && text.chars().count() <= longest && !text.chars().any(char::is_control)
}

/// A city the shop serves, with its page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct AreaCity {
    pub name: String,
    pub slug: String,
}

struct Known {
    city: AreaCity,
    /// The name lowercased without spaces or punctuation: "wheatridge".
    key: String,
    zips: Vec<String>,
}

/// Where a place is, as far as the shop is concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// In the city (its ZIP code or its name, allowing a typo).
    City(AreaCity),
    /// The shop's own city (its name, a ZIP code or a neighbourhood of it), which has no city
    /// page.
    Home,
    /// A spot on a highway or a road with no city named ("I-70 mile marker 262", "Parker Rd and
    /// Iliff"): the crew finds the trailer there, and no city is claimed for it.
    Roadside,
    Outside,
}

impl Verdict {
    /// Whether the mobile crew goes there as a matter of course (not a place outside the area).
    pub fn served(&self) -> bool {
        !matches!(self, Self::Outside)
    }
}

pub struct ServiceArea {
    cities: Vec<Known>,
    /// The shop's own city, e.g. "Denver".
    home: String,
    home_key: String,
    /// Its ZIP codes.
    home_zips: Vec<String>,
    /// Its neighbourhoods, each compacted as a key: "goldentriangle".
    home_places: Vec<String>,
}

impl ServiceArea {
    /// The cities with pages, and the shop's own city (named in its `address`, with its ZIP codes
    /// and neighbourhoods).
    pub fn new(cities: &[City], address: &Address) -> Self {
        let home = address.city.as_str();
        let cities = cities
            .iter()
            .map(|city| Known {
                city: AreaCity { name: city.name.clone(), slug: city.slug.clone() },
                key: compact(&words(&city.name)),
                zips: city.zips.clone(),
            })
            .collect();
        Self {
            cities,
            home: home.to_owned(),
            home_key: compact(&words(home)),
            home_zips: address.city_zips.clone().unwrap_or_default(),
            home_places: address
                .neighbourhoods
                .iter()
                .flatten()
                .map(|place| compact(&words(place)))
                .collect(),
        }
    }

    /// The shop's own city.
    pub fn home(&self) -> &str {
        &self.home
    }

    /// Matches `place`: a listed ZIP code anywhere in it wins (a city page's before the shop's own
    /// city's), then a neighbourhood of the shop's city, then a city's name (its words in a row,
    /// spaces optional; a typo allowed in a word that keeps the name's first letter and is no
    /// everyday word, two in long names), then the shop's own city. The words that name a road
    /// ("Parker" in "Parker Rd") or a highway are no city's; a place that names one and no city
    /// is by the road.
    pub fn find(&self, place: &str) -> Verdict {
        let all = words(place);
        let zips: Vec<&String> =
            all.iter().filter(|w| w.len() == 5 && w.bytes().all(|b| b.is_ascii_digit())).collect();
        for zip in &zips {
            if let Some(known) = self.cities.iter().find(|known| known.zips.contains(zip)) {
                return Verdict::City(known.city.clone());
            }
        }
        if zips.iter().any(|zip| self.home_zips.contains(zip)) {
            return Verdict::Home;
        }
        let road = road_words(&all);
        let by_road = road.iter().any(|&named| named);
        // The words left, in runs between the road's words: a name never spans one.
        let mut runs: Vec<Vec<String>> = vec![Vec::new()];
        for (word, named) in all.into_iter().zip(road) {
            if named {
                runs.push(Vec::new());
            } else if !FILLER.contains(&word.as_str())
                && let Some(run) = runs.last_mut()
            {
                run.push(word);
            }
        }
        // The name of the most words wins, then the closest: "Golden Triangle" (a neighbourhood
        // of Denver) over "Golden", "Highland Ranch" (a typo) over the neighbourhood "Highland".
        // A neighbourhood's name forgives one typo from nine letters, none in shorter ones: many
        // are everyday words or names a letter away from others ("Baker", "Cole").
        let places: Vec<(&str, usize, Verdict)> = self
            .cities
            .iter()
            .map(|known| (known.key.as_str(), allowed_typos(&known.key), Verdict::City(known.city.clone())))
            .chain([(self.home_key.as_str(), allowed_typos(&self.home_key), Verdict::Home)])
            .chain(
                self.home_places.iter().map(|key| (key.as_str(), usize::from(key.len() >= 9), Verdict::Home)),
            )
            .collect();
        let mut best: Option<((std::cmp::Reverse<usize>, usize), &Verdict)> = None;
        for run in &runs {
            for start in 0..run.len() {
                for end in start + 1..=run.len().min(start + 4) {
                    let words = &run[start..end];
                    let candidate = compact(words);
                    for (key, typos, verdict) in &places {
                        let distance = strsim::damerau_levenshtein(&candidate, key);
                        let forgiven = distance == 0 || (distance <= *typos && may_be_a_typo(words, key));
                        let rank = (std::cmp::Reverse(words.len()), distance);
                        if forgiven && best.is_none_or(|(best, _)| rank < best) {
                            best = Some((rank, verdict));
                        }
                    }
                }
            }
        }
        match best {
            Some((_, verdict)) => verdict.clone(),
            None if by_road => Verdict::Roadside,
            None => Verdict::Outside,
        }
    }

    /// What the assistant says about `place`.
    pub fn message(&self, place: &str, verdict: &Verdict) -> String {
        match verdict {
            Verdict::City(city) if place.to_lowercase().contains(&city.name.to_lowercase()) => {
                format!(
                    "Good news: {} is in our service area, and our mobile crew comes out there.",
                    city.name
                )
            }
            Verdict::City(city) => {
                format!(
                    "Good news: {} is in our service area ({}), and our mobile crew comes out there.",
                    place.trim(),
                    city.name
                )
            }
            Verdict::Home => format!(
                "Good news: our shop is in {}, so you're close by and our mobile crew comes out to you.",
                self.home
            ),
            Verdict::Roadside => format!(
                "Got it: {}. Our mobile crew covers the highways and roads around {}, and we'll find you there.",
                clipped(place.trim(), 60),
                self.home
            ),
            Verdict::Outside => format!(
                "{} looks like it's outside the cities we usually cover, but we'd still like to help. \
                 Send your request and we'll tell you what we can do.",
                clipped(place, 60)
            ),
        }
    }
}

/// Which of `words` belong to a road rather than a city: a highway and its number ("i", "70"),
/// the words of a spot on it ("mile", "marker", "exit"), a road's type and the name before it
/// ("parker", "rd").
fn road_words(words: &[String]) -> Vec<bool> {
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

/// Whether `words`, a typo away from the name `key`, may be a typo of it: they keep its first
/// letter, and no one of them is an everyday word.
fn may_be_a_typo(words: &[String], key: &str) -> bool {
    let first = |text: &str| text.chars().next();
    words.first().is_some_and(|word| first(word) == first(key))
        && !words.iter().any(|word| EVERYDAY_WORDS.contains(&word.as_str()))
}

/// Typos forgiven in a name: none in short ones, one from five letters, two from nine.
fn allowed_typos(key: &str) -> usize {
    match key.len() {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

/// Lowercase words of letters and digits.
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

fn compact(words: &[String]) -> String {
    words.concat()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content::Content;

    fn area() -> ServiceArea {
        let content = Content::load(None).unwrap();
        ServiceArea::new(&content.cities, &content.business.address)
    }

    fn city(slug: &str) -> Verdict {
        let content = Content::load(None).unwrap();
        let city = content.city(slug).unwrap();
        Verdict::City(AreaCity { name: city.name.clone(), slug: city.slug.clone() })
    }

    #[test]
    fn every_city_name_matches_its_own_page() {
        let content = Content::load(None).unwrap();
        let area = area();
        for known in &content.cities {
            assert_eq!(area.find(&known.name), city(&known.slug), "{}", known.name);
            assert_eq!(area.find(&known.name.to_uppercase()), city(&known.slug), "{}", known.name);
            assert_eq!(area.find(&format!("{}, CO", known.name)), city(&known.slug), "{}", known.name);
        }
    }

    #[test]
    fn every_zip_code_in_the_data_file_is_in_the_area() {
        let content = Content::load(None).unwrap();
        let area = area();
        let mut zips = 0;
        for known in &content.cities {
            for zip in &known.zips {
                zips += 1;
                match area.find(zip) {
                    // A ZIP shared by two places matches the first of them; it must list this ZIP.
                    Verdict::City(found) => {
                        let found = content.city(&found.slug).unwrap();
                        assert!(found.zips.contains(zip), "{zip} matched {}", found.name);
                    }
                    other => panic!("{zip} ({}) gave {other:?}", known.name),
                }
            }
        }
        assert!(zips > 90, "{zips} ZIP codes");
        assert_eq!(area.find("80003"), city("arvada"));
        assert_eq!(area.find("80011"), city("aurora"));
        assert_eq!(area.find("80433"), city("conifer"));
    }

    #[test]
    fn zip_codes_are_found_inside_longer_text() {
        let area = area();
        assert_eq!(area.find("Evergreen CO 80439"), city("evergreen"));
        assert_eq!(area.find("80465-1234"), city("morrison"));
        assert_eq!(area.find("my place is at 80134"), city("parker"));
        // A listed ZIP code wins over a name.
        assert_eq!(area.find("Denver 80221"), city("westminster"));
    }

    #[test]
    fn odd_spellings_still_match() {
        let area = area();
        for (typed, slug) in [
            ("wheatridge", "wheat-ridge"),
            ("Wheat-Ridge", "wheat-ridge"),
            ("Westminister", "westminster"),
            ("thorton", "thornton"),
            ("North Glen", "northglenn"),
            ("highlands ranch co", "highlands-ranch"),
            ("HighlandsRanch", "highlands-ranch"),
            ("commerce city, colorado", "commerce-city"),
            ("City of Aurora", "aurora"),
            ("near golden", "golden"),
            ("  Englewood.  ", "englewood"),
            ("Lakewod", "lakewood"),
            ("Centenial", "centennial"),
        ] {
            assert_eq!(area.find(typed), city(slug), "{typed}");
        }
    }

    #[test]
    fn a_highway_an_exit_or_a_mile_marker_is_roadside_and_claims_no_city() {
        let area = area();
        for typed in [
            "I-70 mile marker 262",
            "i70 mm 262",
            "Hwy 93 at mile 2",
            "I-25 exit 194 near Castle Rock",
            "westbound C-470 past the Kipling exit",
            "US 285, mile 241",
            "Parker Rd and Iliff",
            "S Parker Road & E Arapahoe Rd",
        ] {
            assert_eq!(area.find(typed), Verdict::Roadside, "{typed}");
        }
        // A city named beside the road is the city.
        assert_eq!(area.find("1234 Parker Rd, Aurora"), city("aurora"));
        assert_eq!(area.find("I-70 near Golden, exit 259"), city("golden"));
        assert_eq!(area.find("Golden Rd in Lakewood"), city("lakewood"));
        let said = area.message("I-70 mile marker 262", &Verdict::Roadside);
        assert!(said.contains("I-70 mile marker 262") && said.contains("we'll find you there"), "{said}");
        assert!(!said.contains("Parker"), "{said}");
    }

    #[test]
    fn everyday_words_are_no_city_however_close_to_a_name() {
        let area = area();
        for typed in ["barker", "parked", "denser", "confer"] {
            assert_eq!(area.find(typed), Verdict::Outside, "{typed}");
        }
        for typed in ["marker", "mile marker"] {
            assert_eq!(area.find(typed), Verdict::Roadside, "{typed}");
        }
        assert_eq!(area.find("parked in Golden"), city("golden"));
        assert_eq!(area.find("Parkr"), city("parker"), "a typo in the name itself is still forgiven");
    }

    #[test]
    fn a_neighbourhood_of_the_shops_city_is_home_and_the_longer_name_wins() {
        let area = area();
        for typed in
            ["Golden Triangle", "golden triangle, denver", "Capital Hill", "RiNo", "Green Valley Ranch"]
        {
            assert_eq!(area.find(typed), Verdict::Home, "{typed}");
        }
        assert_eq!(area.find("Highlands Ranch"), city("highlands-ranch"));
        assert_eq!(area.find("Highland Ranch"), city("highlands-ranch"));
        assert_eq!(area.find("Highland"), Verdict::Home);
        assert_eq!(area.find("Golden"), city("golden"));
    }

    #[test]
    fn the_shop_city_is_home() {
        let area = area();
        assert_eq!(area.find("Denver"), Verdict::Home);
        assert_eq!(area.find("denver, co"), Verdict::Home);
    }

    #[test]
    fn places_outside_the_area_are_outside() {
        let area = area();
        for typed in [
            "Boulder",
            "Colorado Springs",
            "Fort Collins",
            "80301",
            "Cheyenne WY 82001",
            "",
            "?!",
            "Erie",
            "Santa Fe NM 87501",
        ] {
            assert_eq!(area.find(typed), Verdict::Outside, "{typed}");
        }
    }

    #[test]
    fn short_names_need_no_typo_to_be_told_apart() {
        let area = area();
        // Englewood, Edgewater and Lakewood are close; each spelled right is itself.
        assert_eq!(area.find("Englewood"), city("englewood"));
        assert_eq!(area.find("Edgewater"), city("edgewater"));
        assert_eq!(area.find("Lakewood"), city("lakewood"));
        assert_eq!(area.find("Parker"), city("parker"));
    }

    #[test]
    fn the_messages_name_the_city_or_say_outside_kindly() {
        let area = area();
        assert_eq!(
            area.message("Aurora", &city("aurora")),
            "Good news: Aurora is in our service area, and our mobile crew comes out there."
        );
        assert!(area.message("80003", &city("arvada")).contains("80003 is in our service area (Arvada)"));
        assert!(area.message("Denver", &Verdict::Home).contains("our shop is in Denver"));
        let outside = area.message("Boulder", &Verdict::Outside);
        assert!(
            outside.starts_with("Boulder looks like it's outside") && outside.contains("still like to help")
        );
        assert!(
            area.message(&"x".repeat(200), &Verdict::Outside).starts_with(&format!("{}...", "x".repeat(60)))
        );
    }
}

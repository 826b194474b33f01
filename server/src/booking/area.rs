//! The service area: where a visitor says the trailer is (a city or a ZIP code, typed any way),
//! matched against the cities of the content file and their ZIP codes.

use serde::Serialize;

use crate::{
    domain::clipped,
    site::content::{Address, City},
};

/// Words that say nothing about the place ("Aurora, CO", "near Golden", "City of Parker").
const FILLER: &[&str] = &["co", "colo", "colorado", "near", "in", "the", "of", "area", "usa", "us", "around"];
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
    /// The shop's own city, which has no city page.
    Home,
    Outside,
}

pub struct ServiceArea {
    cities: Vec<Known>,
    /// The shop's own city, e.g. "Denver".
    home: String,
    home_key: String,
    /// Its ZIP codes.
    home_zips: Vec<String>,
}

impl ServiceArea {
    /// The cities with pages, and the shop's own city (named in its `address`, with its ZIP codes).
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
        }
    }

    /// The shop's own city.
    pub fn home(&self) -> &str {
        &self.home
    }

    /// Matches `place`: a listed ZIP code anywhere in it wins (a city page's before the shop's own
    /// city's), then a city's name (its words in a row, spaces optional, one typo allowed, two in
    /// long names), then the shop's own city.
    pub fn find(&self, place: &str) -> Verdict {
        let words: Vec<String> = words(place).into_iter().filter(|w| !FILLER.contains(&w.as_str())).collect();
        let zips: Vec<&String> =
            words.iter().filter(|w| w.len() == 5 && w.bytes().all(|b| b.is_ascii_digit())).collect();
        for zip in &zips {
            if let Some(known) = self.cities.iter().find(|known| known.zips.contains(zip)) {
                return Verdict::City(known.city.clone());
            }
        }
        if zips.iter().any(|zip| self.home_zips.contains(zip)) {
            return Verdict::Home;
        }
        let mut best: Option<(usize, Verdict)> = None;
        for start in 0..words.len() {
            for end in start + 1..=words.len().min(start + 3) {
                let candidate = compact(&words[start..end]);
                let places = self
                    .cities
                    .iter()
                    .map(|known| (known.key.as_str(), Verdict::City(known.city.clone())))
                    .chain([(self.home_key.as_str(), Verdict::Home)]);
                for (key, verdict) in places {
                    let distance = strsim::damerau_levenshtein(&candidate, key);
                    if distance <= allowed_typos(key) && best.as_ref().is_none_or(|(d, _)| distance < *d) {
                        best = Some((distance, verdict));
                    }
                }
            }
        }
        best.map_or(Verdict::Outside, |(_, verdict)| verdict)
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
            Verdict::Outside => format!(
                "{} looks like it's outside the cities we usually cover, but we'd still like to help. \
                 Send your request and we'll tell you what we can do.",
                clipped(place, 60)
            ),
        }
    }
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

//! The service area: where a visitor says the trailer is (a city or a ZIP code, typed any way, a
//! neighbourhood of the shop's city, or a spot on a highway or a road), matched against the cities
//! of the content file and their ZIP codes.

mod words;

use serde::Serialize;
use words::{EVERYDAY_WORDS, FILLER, road_words};

use crate::{
    domain::clipped,
    site::content::{Address, City},
};

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

/// A place served from a city's page (Littleton from Englewood's).
struct Nearby {
    place: String,
    key: String,
    zips: Vec<String>,
    city: AreaCity,
}

impl Nearby {
    fn verdict(&self) -> Verdict {
        Verdict::Near { place: self.place.clone(), city: self.city.clone() }
    }
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
    /// A place without a page that the crew serves from a city's (Littleton, next to Englewood).
    Near {
        place: String,
        city: AreaCity,
    },
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
    nearby: Vec<Nearby>,
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
        let page = |city: &City| AreaCity { name: city.name.clone(), slug: city.slug.clone() };
        let nearby = cities
            .iter()
            .flat_map(|city| {
                city.nearby.iter().map(move |place| Nearby {
                    place: place.name.clone(),
                    key: compact(&words(&place.name)),
                    zips: place.zips.clone(),
                    city: page(city),
                })
            })
            .collect();
        let cities = cities
            .iter()
            .map(|city| Known { city: page(city), key: compact(&words(&city.name)), zips: city.zips.clone() })
            .collect();
        Self {
            cities,
            nearby,
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
            if let Some(near) = self.nearby.iter().find(|near| near.zips.contains(zip)) {
                return near.verdict();
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
            .chain(
                self.nearby.iter().map(|near| (near.key.as_str(), allowed_typos(&near.key), near.verdict())),
            )
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
            Verdict::Near { place: near, city } if place.to_lowercase().contains(&near.to_lowercase()) => {
                format!(
                    "Good news: {near} is in our service area, next to {}, and our mobile crew comes out there.",
                    city.name
                )
            }
            Verdict::Near { place: near, city } => format!(
                "Good news: {} ({near}) is in our service area, next to {}, and our mobile crew comes out there.",
                clipped(place.trim(), 60),
                city.name
            ),
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
mod tests;

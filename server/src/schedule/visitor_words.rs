//! What of the visitor's own words may go back out to them in the shop's messages: a trailer
//! type of a few plain words, a place that reads as a place. Never a message a stranger typed
//! into the form to have the shop's e-mail carry it.

use crate::{
    booking::shared_store::{self, Place},
    db::Db,
    site::content::Content,
};

/// Where the crew goes, as the customer may be told it.
pub enum TrailerPlace {
    /// Where the visitor said the trailer is, when it reads as a place.
    Given(String),
    /// The service-area city that matched what the visitor said.
    City(String),
}

impl TrailerPlace {
    pub fn text(&self) -> &str {
        match self {
            Self::Given(text) | Self::City(text) => text,
        }
    }
}

/// Where the trailer is, from what the visitor said: never a message a stranger typed. The
/// street address comes first when `with_street` (a time the shop confirmed: the owner has read
/// the request by then) and it reads as a place.
pub async fn trailer_place(
    db: &Db,
    booking_id: i64,
    with_street: bool,
) -> anyhow::Result<Option<TrailerPlace>> {
    let Place { location, location_city: city, street_address: street } =
        shared_store::place(db, booking_id).await?;
    let place = location
        .filter(|place| a_plain_place(place))
        .map(TrailerPlace::Given)
        .or(city.map(TrailerPlace::City));
    Ok(match (street.filter(|street| with_street && a_plain_place(street)), place) {
        (Some(street), Some(place)) => Some(TrailerPlace::Given(format!("{street}, {}", place.text()))),
        (Some(street), None) => Some(TrailerPlace::Given(street)),
        (None, place) => place,
    })
}

/// (label, answer) of the booking's answers as its customer sees them: the options picked, and
/// a trailer type typed for 'Other' when it is a few plain words (never a link or an address, so
/// the form cannot carry a stranger's message).
pub(super) async fn picked_answers(
    db: &Db,
    booking_id: i64,
    content: &Content,
) -> anyhow::Result<Vec<(String, String)>> {
    let answers = shared_store::answers(db, booking_id).await?;
    Ok(content.chat.customers_answers(&answers, a_few_plain_words))
}

/// A name for a trailer and no message: at most five words and 40 characters of letters,
/// spaces, `-'&,.` and four digits (a phone number is not), no dot inside a word (a web address
/// is not).
fn a_few_plain_words(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let dotted_word = chars.windows(3).any(|w| w[1] == '.' && w[0].is_alphabetic() && w[2].is_alphanumeric());
    chars.len() <= 40
        && text.split_whitespace().count() <= 5
        && chars.iter().all(|c| c.is_alphanumeric() || " -'&,.".contains(*c))
        && chars.iter().filter(|c| c.is_ascii_digit()).count() <= 4
        && !dotted_word
}

/// A place and no message: at most 60 characters of letters, digits, spaces and `-'&,.#`, at
/// most two numbers of up to five digits (a street number and a ZIP code; a phone number is
/// not), no dot inside a word (a web address is not).
fn a_plain_place(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let dotted_word = chars.windows(3).any(|w| w[1] == '.' && w[0].is_alphabetic() && w[2].is_alphanumeric());
    let numbers: Vec<&str> =
        text.split(|c: char| !c.is_ascii_digit()).filter(|number| !number.is_empty()).collect();
    !text.trim().is_empty()
        && chars.len() <= 60
        && chars.iter().all(|c| c.is_alphanumeric() || " -'&,.#".contains(*c))
        && numbers.len() <= 2
        && numbers.iter().all(|number| number.len() <= 5)
        && !dotted_word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_few_plain_words_are_repeated_to_the_customer() {
        assert!(a_few_plain_words("Horse trailer"));
        assert!(a_few_plain_words("8.5' x 20' gooseneck, tandem"));
        assert!(a_few_plain_words("Gooseneck horse trailer"));
        assert!(!a_few_plain_words("visit evil.com now"));
        assert!(!a_few_plain_words("a prize waiting at spam.example"));
        assert!(!a_few_plain_words("call me at https://x"));
        assert!(!a_few_plain_words("call 303 555 0123"));
        assert!(!a_few_plain_words(&"a".repeat(41)));
    }

    #[test]
    fn only_a_plain_place_is_repeated_to_the_customer() {
        assert!(a_plain_place("Lakewood"));
        assert!(a_plain_place("1234 W Colfax Ave, Lakewood, CO 80215"));
        assert!(a_plain_place("80205"));
        assert!(!a_plain_place("call 303 555 0123"));
        assert!(!a_plain_place("3035550123"));
        assert!(!a_plain_place("visit evil.com now"));
        assert!(!a_plain_place("https://x"));
        assert!(!a_plain_place(&"a".repeat(61)));
    }
}

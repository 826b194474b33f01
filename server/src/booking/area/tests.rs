use super::*;
use crate::site::content::Content;

fn area() -> ServiceArea {
    let content = Content::load(None).unwrap();
    ServiceArea::new(&content.cities, &content.business.address)
}

#[test]
fn littleton_is_served_from_englewood_by_its_name_or_its_zip_codes() {
    let area = area();
    let near = Verdict::Near {
        place: "Littleton".into(),
        city: AreaCity { name: "Englewood".into(), slug: "englewood".into() },
    };
    for typed in ["Littleton", "littleton, co", "Littelton", "80120", "Littleton 80128"] {
        assert_eq!(area.find(typed), near, "{typed}");
    }
    assert_eq!(area.find("Littleton 80123"), city("lakewood"), "a city page's ZIP code first");
    assert!(
        area.message("Littleton, CO", &near)
            .starts_with("Good news: Littleton is in our service area, next to Englewood"),
    );
    assert!(area.message("80120", &near).starts_with("Good news: 80120 (Littleton) is in our service area"));
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
    for typed in ["Golden Triangle", "golden triangle, denver", "Capital Hill", "RiNo", "Green Valley Ranch"]
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
    assert!(outside.starts_with("Boulder looks like it's outside") && outside.contains("still like to help"));
    assert!(area.message(&"x".repeat(200), &Verdict::Outside).starts_with(&format!("{}...", "x".repeat(60))));
}

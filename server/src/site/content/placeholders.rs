//! The go-live check: the site details the shop ships with are fictional on purpose (an
//! example.com e-mail, a 555-01xx phone, an example financer, social page and builder credit, a
//! sample video). Each one still in the site details is named, with the field that holds it, so
//! the owner replaces it before visitors rely on it.

use serde::Serialize;

use super::{Business, Content};

/// The video the built-in content shows until the shop gives its own.
const SAMPLE_VIDEO: &str = "aqz-KE-bpKQ";

/// A placeholder still in the site details.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Placeholder {
    /// The field, as the site editor names it ("business.email").
    pub field: &'static str,
    /// The field in the owner's words ("Business e-mail").
    pub label: &'static str,
    pub value: String,
    /// Why it cannot stay.
    pub why: &'static str,
}

/// Whether an e-mail address's or a web address's host is a reserved example domain
/// (example.com, .net, .org and their subdomains; the .example, .test and .invalid names).
fn reserved_host(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    ["example.com", "example.net", "example.org"]
        .iter()
        .any(|domain| host == *domain || host.ends_with(&format!(".{domain}")))
        || [".example", ".test", ".invalid"].iter().any(|tld| host.ends_with(tld))
}

/// The host of a web address.
fn url_host(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.split(['/', '?', '#', ':']).next().unwrap_or_default()
}

/// Whether a phone number is one of the fictional ones (555-0100 to 555-0199 in any area code).
fn fictional_phone(phone: &str) -> bool {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let national = digits.strip_prefix('1').filter(|rest| rest.len() == 10).unwrap_or(&digits);
    national.len() == 10 && &national[3..6] == "555" && &national[6..8] == "01"
}

impl Business {
    /// The shop's phone, unless it is still a fictional one that reaches nobody: visitors are
    /// shown no number until the owner sets the shop's own.
    pub fn real_phone(&self) -> Option<&str> {
        (!fictional_phone(&self.phone)).then_some(self.phone.as_str())
    }

    /// ", or call us at (303) 555-2147" to end a sentence with, once the phone is the shop's own.
    pub fn or_call_us(&self) -> String {
        self.real_phone().map(|phone| format!(", or call us at {phone}")).unwrap_or_default()
    }

    /// The shop's public e-mail address, unless it is still an example one that reaches nobody.
    pub fn real_email(&self) -> Option<&str> {
        let (_, host) = self.email.rsplit_once('@')?;
        (!reserved_host(host)).then_some(self.email.as_str())
    }
}

impl Content {
    /// Every placeholder still in the site details, in the order of the site editor's fields.
    pub fn placeholders(&self) -> Vec<Placeholder> {
        let b = &self.business;
        let mut found = Vec::new();
        let mut name = |field, label, value: &str, why, placeholder: bool| {
            if placeholder {
                found.push(Placeholder { field, label, value: value.to_owned(), why });
            }
        };
        name(
            "business.phone",
            "Phone",
            &b.phone,
            "a 555-01xx number is fictional: visitors are shown no phone until it is the shop's own",
            b.real_phone().is_none(),
        );
        name(
            "business.email",
            "E-mail",
            &b.email,
            "an example address reaches nobody: visitors are shown no e-mail address until it is the shop's own",
            b.real_email().is_none(),
        );
        name(
            "business.socialUrl",
            "Social page",
            &b.social_url,
            "an example address leads nowhere",
            reserved_host(url_host(&b.social_url)),
        );
        name(
            "business.financingProvider",
            "Financing provider",
            &b.financing_provider,
            "the example financer does not exist",
            b.financing_provider.contains("Example"),
        );
        name(
            "business.builderName",
            "Website credit",
            &b.builder_name,
            "the example studio did not build the site",
            b.builder_name.contains("Example") || reserved_host(url_host(&b.builder_url)),
        );
        name(
            "hero.videoId",
            "Home page video",
            &self.hero.video_id,
            "the sample video shows nothing of the shop",
            self.hero.video_id == SAMPLE_VIDEO,
        );
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_site_names_each_of_its_placeholders() {
        let content = Content::load(None).expect("the built-in content");
        let fields: Vec<&str> = content.placeholders().iter().map(|p| p.field).collect();
        assert_eq!(
            fields,
            [
                "business.phone",
                "business.email",
                "business.socialUrl",
                "business.financingProvider",
                "business.builderName",
                "hero.videoId"
            ]
        );
    }

    #[test]
    fn real_details_are_no_placeholders() {
        let mut content = Content::load(None).expect("the built-in content");
        let b = &mut content.business;
        b.phone = "(303) 555-2147".to_owned();
        b.email = "service@frontrangetrailer.com".to_owned();
        b.social_url = "https://www.facebook.com/frontrangetrailerworks".to_owned();
        b.financing_provider = "Acorn Finance".to_owned();
        b.builder_name = "Mile High Web".to_owned();
        b.builder_url = "https://milehighweb.com".to_owned();
        content.hero.video_id = "dQw4w9WgXcQ".to_owned();
        assert_eq!(content.placeholders(), []);
    }

    #[test]
    fn reserved_names_and_fictional_numbers_are_told_apart() {
        for host in ["example.com", "studio.example.com", "EXAMPLE.org", "shop.test", "a.example"] {
            assert!(reserved_host(host), "{host}");
        }
        for host in ["examples.com", "myexample.com", "example.com.au"] {
            assert!(!reserved_host(host), "{host}");
        }
        assert_eq!(url_host("https://social.example.com:443/page?x"), "social.example.com");
        for phone in ["(303) 555-0147", "+1 720 555 0199", "7205550100"] {
            assert!(fictional_phone(phone), "{phone}");
        }
        for phone in ["(303) 555-0200", "303-555-1234", "(303) 321-0147"] {
            assert!(!fictional_phone(phone), "{phone}");
        }
    }
}

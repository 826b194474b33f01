//! Where a booking came from: the page and button that opened the dialog, the referrer's host and
//! the landing page's campaign tags, as the browser reports them.

use serde::Deserialize;

use crate::{domain::one_line, schedule::links::keepable_path};

/// Where a request came from, as the browser saw it. Not typed by the visitor: a value that is
/// too long or not one line is shortened or dropped, never a reason to refuse the booking.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SourceForm {
    /// The path of the page whose button opened the dialog, e.g. `/service-areas/aurora`.
    pub page: Option<String>,
    /// That button's text, e.g. `Schedule Service in Aurora`.
    pub button: Option<String>,
    /// The host of the page that linked to the site, e.g. `www.google.com`.
    pub referrer: Option<String>,
    /// `utm_source` of the page the visitor landed on.
    pub utm_source: Option<String>,
    /// `utm_campaign` of the page the visitor landed on.
    pub utm_campaign: Option<String>,
}

/// Where a booking came from, cleaned up.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Source {
    pub page: Option<String>,
    pub button: Option<String>,
    pub referrer_host: Option<String>,
    pub utm_source: Option<String>,
    pub utm_campaign: Option<String>,
}

impl SourceForm {
    /// The contact page's plain request form.
    pub(super) fn plain_form() -> Self {
        Self { page: Some("/contact".to_owned()), button: Some("Request form".to_owned()), ..Self::default() }
    }

    /// A request the team made of a number's texts.
    pub(super) fn texts() -> Self {
        Self { button: Some("Texts with the shop".to_owned()), ..Self::default() }
    }

    pub(super) fn clean(self) -> Source {
        Source {
            page: self
                .page
                .and_then(|page| one_line(&page, 300))
                .filter(|page| page.starts_with('/'))
                .map(|page| keepable_path(&page).to_owned()),
            button: self.button.and_then(|button| one_line(&button, 120)),
            referrer_host: self.referrer.and_then(|host| one_line(&host, 253)).filter(|host| is_host(host)),
            utm_source: self.utm_source.and_then(|tag| one_line(&tag, 100)),
            utm_campaign: self.utm_campaign.and_then(|tag| one_line(&tag, 100)),
        }
    }
}

/// A host name (with an optional port): letters, digits, dots and hyphens.
fn is_host(host: &str) -> bool {
    let name =
        host.rsplit_once(':').filter(|(_, port)| port.parse::<u16>().is_ok()).map_or(host, |(name, _)| name);
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::is_host;

    #[test]
    fn a_host_is_a_name_with_an_optional_port() {
        assert!(is_host("localhost:8080") && is_host("m.facebook.com") && !is_host("x:y:z") && !is_host(""));
    }
}

//! Security headers on every response (docs/security.md, 'On every response').

use axum::{
    http::{HeaderName, HeaderValue, header},
    response::Response,
};

/// The headers, made once from the configuration.
pub struct SecurityHeaders(Vec<(HeaderName, HeaderValue)>);

/// Where videos are embedded from: the hero video and the videos posts may embed (the
/// sanitiser keeps iframes from these origins only).
const VIDEO_EMBED_ORIGINS: &str =
    "https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com";

impl SecurityHeaders {
    pub fn new(https: bool) -> Self {
        // Images: the site's own, data: URLs, https images in posts, and blob: for the previews
        // of photos a visitor picks in the booking dialog (made by the page itself).
        let csp = format!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; \
             frame-src {VIDEO_EMBED_ORIGINS}; media-src 'self'; object-src 'none'; \
             base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
        );
        let mut headers = vec![
            (header::CONTENT_SECURITY_POLICY, csp),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
            (header::REFERRER_POLICY, "strict-origin-when-cross-origin".to_owned()),
            (header::X_FRAME_OPTIONS, "DENY".to_owned()),
            (
                HeaderName::from_static("permissions-policy"),
                "camera=(), microphone=(), geolocation=(), payment=(), usb=(), \
                 magnetometer=(), gyroscope=(), accelerometer=()"
                    .to_owned(),
            ),
            (HeaderName::from_static("cross-origin-opener-policy"), "same-origin".to_owned()),
        ];
        if https {
            headers
                .push((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000; includeSubDomains".to_owned()));
        }
        Self(
            headers
                .into_iter()
                .filter_map(|(name, value)| Some((name, HeaderValue::from_str(&value).ok()?)))
                .collect(),
        )
    }
}

impl SecurityHeaders {
    /// Adds the headers to `response`; an answer from the admin area (`in_admin_area`) also says
    /// `X-Robots-Tag: noindex` (robots.txt, which anyone reads, does not name the area).
    pub fn add_to(&self, response: &mut Response, admin: bool) {
        let map = response.headers_mut();
        for (name, value) in &self.0 {
            map.insert(name.clone(), value.clone());
        }
        if admin {
            map.insert(
                HeaderName::from_static("x-robots-tag"),
                HeaderValue::from_static("noindex, nofollow"),
            );
        }
    }
}

/// Whether `path` is in the admin area.
pub fn in_admin_area(path: &str) -> bool {
    path == "/dbadmin" || path.starts_with("/dbadmin/")
}

#[cfg(test)]
mod tests {
    use super::VIDEO_EMBED_ORIGINS;
    use crate::blog::sanitize::VIDEO_EMBEDS;

    #[test]
    fn every_video_a_post_may_embed_is_allowed_to_load() {
        for embed in VIDEO_EMBEDS {
            let origin: String = embed.splitn(4, '/').take(3).collect::<Vec<_>>().join("/");
            assert!(VIDEO_EMBED_ORIGINS.split(' ').any(|allowed| allowed == origin), "{origin}");
        }
    }
}

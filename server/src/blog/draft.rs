//! A post as the editor sends it, parsed into what may be stored.

use serde::Deserialize;

use super::{sanitize::sanitize, search_index::Document};
use crate::{assets, clock::At, domain::Slug, error::FieldErrors, site::content::ServicesPage};

const MAX_TITLE: usize = 200;
const MAX_EXCERPT: usize = 500;
/// Quill may inline pasted images as data URLs, so content can be large.
pub const MAX_CONTENT_BYTES: usize = 8 * 1024 * 1024;
const MAX_IMAGE_URL: usize = 2048;
const MAX_META_DESCRIPTION: usize = 300;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PostForm {
    #[serde(default)]
    title: String,
    #[serde(default)]
    slug: String,
    #[serde(default)]
    excerpt: String,
    #[serde(default)]
    content: String,
    #[serde(default)]
    featured_image: Option<String>,
    /// What the featured image shows, for people who cannot see it; kept only with an image.
    #[serde(default)]
    featured_image_alt: Option<String>,
    #[serde(default)]
    published: bool,
    /// A draft goes live at this time, in the shop's time zone ("2026-12-01T09:00"); ignored
    /// when the post is published now.
    #[serde(default)]
    publish_at: Option<String>,
    /// What search engines show; blank means the excerpt.
    #[serde(default)]
    meta_description: Option<String>,
    /// What a shared link shows; blank means the featured image.
    #[serde(default)]
    social_image: Option<String>,
    /// The service the post is about, as a card on the services page is titled: the booking
    /// button at the post's end opens the assistant with it. Blank: none.
    #[serde(default)]
    service: Option<String>,
}

/// A post that passed every check, its HTML sanitised.
#[derive(Debug)]
pub struct PostInput {
    pub title: String,
    pub slug: Slug,
    pub excerpt: String,
    pub content: String,
    pub featured_image: Option<String>,
    pub featured_image_alt: Option<String>,
    pub published: bool,
    /// When a draft goes live (a stored UTC timestamp).
    pub publish_at: Option<At>,
    pub meta_description: Option<String>,
    pub social_image: Option<String>,
    /// A service the services page offers.
    pub service: Option<String>,
}

impl PostInput {
    /// What the search index holds of it.
    pub fn words(&self) -> Document<'_> {
        Document { title: &self.title, excerpt: &self.excerpt, content: &self.content }
    }
}

impl PostForm {
    /// The post, or every problem at once with the editor's messages (docs/product.md section 5);
    /// a scheduled time is read in the shop's time zone `zone`, and must be later than `now`; a
    /// service must be one that `services` offers.
    pub fn parse(
        self,
        zone: &jiff::tz::TimeZone,
        now: jiff::Timestamp,
        services: &ServicesPage,
    ) -> Result<PostInput, FieldErrors> {
        let mut errors = FieldErrors::default();
        let title = errors.check("title", required(&self.title, "Title is required", MAX_TITLE));
        let slug = errors.check("slug", Slug::parse(&self.slug));
        let excerpt = errors.check("excerpt", required(&self.excerpt, "Excerpt is required", MAX_EXCERPT));
        let content = errors.check("content", content(&self.content));
        let featured_image = errors.check(
            "featuredImage",
            image(self.featured_image.as_deref())
                .map_err(|()| "The featured image must be an uploaded image"),
        );
        let social_image = errors.check(
            "socialImage",
            image(self.social_image.as_deref()).map_err(|()| "The social image must be an uploaded image"),
        );
        let meta_description = errors.check("metaDescription", optional(self.meta_description.as_deref()));
        let service = errors.check("service", offered(self.service.as_deref(), services));
        let featured_image_alt = match &self.featured_image {
            Some(_) => errors.check("featuredImageAlt", optional(self.featured_image_alt.as_deref())),
            None => Some(None),
        };
        let publish_at = match (self.published, self.publish_at.as_deref().map(str::trim)) {
            (false, Some(at)) if !at.is_empty() => {
                errors.check("publishAt", scheduled(at, zone, now).map(Some))
            }
            _ => Some(None),
        };
        match (
            title,
            slug,
            excerpt,
            content,
            featured_image,
            featured_image_alt,
            social_image,
            meta_description,
            publish_at,
            service,
        ) {
            (
                Some(title),
                Some(slug),
                Some(excerpt),
                Some(content),
                Some(featured_image),
                Some(featured_image_alt),
                Some(social_image),
                Some(meta_description),
                Some(publish_at),
                Some(service),
            ) if errors.is_empty() => Ok(PostInput {
                title,
                slug,
                excerpt,
                content,
                featured_image,
                featured_image_alt,
                published: self.published,
                publish_at,
                meta_description,
                social_image,
                service,
            }),
            _ => Err(errors),
        }
    }
}

/// A service the services page offers; blank means none.
fn offered(service: Option<&str>, services: &ServicesPage) -> Result<Option<String>, &'static str> {
    match service.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(title) if services.offer(title).is_some() => Ok(Some(title.to_owned())),
        Some(_) => Err("Pick one of the services on the Services page"),
    }
}

/// A trimmed optional text of at most 300 characters; blank means none.
fn optional(value: Option<&str>) -> Result<Option<String>, &'static str> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) if v.chars().count() > MAX_META_DESCRIPTION => {
            Err("This is too long (at most 300 characters)")
        }
        Some(v) => Ok(Some(v.to_owned())),
    }
}

/// A wall-clock time in the shop's time zone ("2026-12-01T09:00"), later than `now`, as a
/// stored UTC timestamp.
fn scheduled(at: &str, zone: &jiff::tz::TimeZone, now: jiff::Timestamp) -> Result<At, &'static str> {
    let civil: jiff::civil::DateTime = at.parse().map_err(|_| "Enter a date and a time")?;
    let instant = civil.to_zoned(zone.clone()).map_err(|_| "Enter a date and a time")?.timestamp();
    if instant <= now {
        return Err("Pick a time in the future");
    }
    Ok(At::from(instant))
}

fn required(value: &str, message: &'static str, max_chars: usize) -> Result<String, &'static str> {
    let value = value.trim();
    if value.is_empty() {
        Err(message)
    } else if value.chars().count() > max_chars {
        Err("This is too long")
    } else {
        Ok(value.to_owned())
    }
}

/// Sanitised HTML that shows something: text, an image or a video (Quill's empty editor is
/// `<p><br></p>`, which counts as empty).
fn content(html: &str) -> Result<String, &'static str> {
    if html.len() > MAX_CONTENT_BYTES {
        return Err("The content is too large (at most 8 MB)");
    }
    let clean = sanitize(html.trim());
    let has_media = clean.contains("<img") || clean.contains("<iframe");
    if has_media || has_text(&clean) { Ok(clean) } else { Err("Content is required") }
}

/// Whether HTML has visible text outside its tags.
fn has_text(html: &str) -> bool {
    let mut in_tag = false;
    let mut text = String::new();
    for ch in html.chars() {
        match ch {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(ch),
            _ => {}
        }
    }
    !text.replace("&nbsp;", " ").trim().is_empty()
}

/// An uploaded image's path on this site, one of the site's own pictures (the sample posts'),
/// or a web address; blank means none.
fn image(url: Option<&str>) -> Result<Option<String>, ()> {
    let url = url.map(str::trim).unwrap_or("");
    if url.is_empty() {
        return Ok(None);
    }
    let plain = url.len() <= MAX_IMAGE_URL
        && !url.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<');
    let allowed = match url.strip_prefix("/site/") {
        Some(name) => assets::site_image_exists(name),
        None => url.starts_with("/media/") || url.starts_with("https://") || url.starts_with("http://"),
    };
    if plain && allowed { Ok(Some(url.to_owned())) } else { Err(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(title: &str, slug: &str, excerpt: &str, content: &str) -> PostForm {
        PostForm {
            title: title.into(),
            slug: slug.into(),
            excerpt: excerpt.into(),
            content: content.into(),
            featured_image: None,
            featured_image_alt: None,
            published: true,
            publish_at: None,
            meta_description: None,
            social_image: None,
            service: None,
        }
    }

    /// A services page offering "Brake Service" only.
    fn services() -> ServicesPage {
        use crate::site::content::{ServiceOffer, ServiceSection};
        let offer = ServiceOffer {
            icon: "disc".into(),
            title: "Brake Service".into(),
            description: "Brakes.".into(),
            features: Vec::new(),
            from_cents: None,
            chat_answers: vec!["repairs-needed".into()],
        };
        ServicesPage {
            intro: "What we do.".into(),
            sections: vec![ServiceSection {
                title: "Repairs".into(),
                intro: "Fixed.".into(),
                cards: vec![offer],
            }],
            faq: Vec::new(),
        }
    }

    const DENVER: &str = "America/Denver";

    fn now() -> jiff::Timestamp {
        "2026-11-27T22:00:00Z".parse().unwrap()
    }

    fn zone() -> jiff::tz::TimeZone {
        jiff::tz::TimeZone::get(DENVER).unwrap()
    }

    #[test]
    fn every_missing_field_is_reported_with_the_editors_message() {
        let errors = form(" ", "", "\n", "<p><br></p>").parse(&zone(), now(), &services()).unwrap_err();
        let text = format!("{errors:?}");
        for message in ["Title is required", "Slug is required", "Excerpt is required", "Content is required"]
        {
            assert!(text.contains(message), "{text}");
        }
    }

    #[test]
    fn a_valid_post_is_trimmed_and_sanitised() {
        let post = form(" Brakes ", "brakes", " Check them. ", "<p>Hi<img src=x onerror=alert(1)></p>")
            .parse(&zone(), now(), &services())
            .unwrap();
        assert_eq!(post.title, "Brakes");
        assert_eq!(post.excerpt, "Check them.");
        assert!(!post.content.contains("onerror"));
    }

    #[test]
    fn a_post_names_a_service_the_services_page_offers_or_none() {
        let about = |service: &str| {
            let mut post = form("Brakes", "brakes", "Check them.", "<p>Text</p>");
            post.service = Some(service.into());
            post.parse(&zone(), now(), &services())
        };
        assert_eq!(about(" Brake Service ").unwrap().service.as_deref(), Some("Brake Service"));
        assert_eq!(about("  ").unwrap().service, None);
        let errors = about("Rocket Repair").unwrap_err();
        assert!(
            format!("{errors:?}").contains("Pick one of the services on the Services page"),
            "{errors:?}"
        );
    }

    #[test]
    fn images_are_site_paths_or_web_addresses() {
        assert_eq!(image(Some("/media/blog-images/1-a.jpg")), Ok(Some("/media/blog-images/1-a.jpg".into())));
        assert_eq!(image(Some("  ")), Ok(None));
        assert_eq!(image(Some("/site/blog-brakes.svg")), Ok(Some("/site/blog-brakes.svg".into())));
        assert!(image(Some("/site/no-such-picture.svg")).is_err());
        assert!(image(Some("javascript:alert(1)")).is_err());
        assert!(image(Some("data:image/svg+xml,<svg>")).is_err());
    }

    #[test]
    fn the_featured_images_description_is_kept_with_an_image_only() {
        let described = |image: Option<&str>, alt: &str| {
            let mut post = form("Axles", "axles", "Rebuilt.", "<p>Text</p>");
            post.featured_image = image.map(Into::into);
            post.featured_image_alt = Some(alt.into());
            post.parse(&zone(), now(), &services())
        };
        let kept =
            described(Some("/media/blog-images/1-a.jpg"), "  Rebuilt axle on a utility trailer ").unwrap();
        assert_eq!(kept.featured_image_alt.as_deref(), Some("Rebuilt axle on a utility trailer"));
        assert_eq!(described(None, "An axle").unwrap().featured_image_alt, None);
        assert_eq!(described(Some("/media/blog-images/1-a.jpg"), " ").unwrap().featured_image_alt, None);
        let errors = described(Some("/media/blog-images/1-a.jpg"), &"a".repeat(301)).unwrap_err();
        assert!(format!("{errors:?}").contains("featuredImageAlt"), "{errors:?}");
    }

    #[test]
    fn a_schedule_is_read_in_the_shops_time_zone_and_must_be_ahead() {
        // 9:00 in Denver on a winter day is 16:00 UTC (MST, UTC-7); in summer 15:00 (MDT).
        assert_eq!(
            scheduled("2099-01-15T09:00", &zone(), now()),
            Ok("2099-01-15T16:00:00.000Z".parse().unwrap())
        );
        assert_eq!(
            scheduled("2099-07-15T09:00", &zone(), now()),
            Ok("2099-07-15T15:00:00.000Z".parse().unwrap())
        );
        assert_eq!(scheduled("2020-01-15T09:00", &zone(), now()), Err("Pick a time in the future"));
        assert_eq!(scheduled("tomorrow", &zone(), now()), Err("Enter a date and a time"));
        let mut draft = form("T", "t", "E", "<p>x</p>");
        draft.published = true;
        draft.publish_at = Some("2020-01-01T00:00".into());
        assert_eq!(
            draft.parse(&zone(), now(), &services()).unwrap().publish_at,
            None,
            "publishing now ignores a schedule"
        );
    }
}

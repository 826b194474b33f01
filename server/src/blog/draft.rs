//! A post as the editor sends it, parsed into what may be stored.

use serde::Deserialize;

use super::sanitize::sanitize;
use crate::{assets, domain::Slug, error::FieldErrors};

const MAX_TITLE: usize = 200;
const MAX_EXCERPT: usize = 500;
/// Quill may inline pasted images as data URLs, so content can be large.
pub const MAX_CONTENT_BYTES: usize = 8 * 1024 * 1024;
const MAX_IMAGE_URL: usize = 2048;

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
    #[serde(default)]
    published: bool,
}

/// A post that passed every check, its HTML sanitised.
#[derive(Debug)]
pub struct PostInput {
    pub title: String,
    pub slug: Slug,
    pub excerpt: String,
    pub content: String,
    pub featured_image: Option<String>,
    pub published: bool,
}

impl PostForm {
    /// The post, or every problem at once with the editor's messages (SPEC.md section 5).
    pub fn parse(self) -> Result<PostInput, FieldErrors> {
        let mut errors = FieldErrors::default();
        let title = errors.check("title", required(&self.title, "Title is required", MAX_TITLE));
        let slug = errors.check("slug", Slug::parse(&self.slug));
        let excerpt = errors.check("excerpt", required(&self.excerpt, "Excerpt is required", MAX_EXCERPT));
        let content = errors.check("content", content(&self.content));
        let featured_image = errors.check("featuredImage", featured_image(self.featured_image.as_deref()));
        match (title, slug, excerpt, content, featured_image) {
            (Some(title), Some(slug), Some(excerpt), Some(content), Some(featured_image))
                if errors.is_empty() =>
            {
                Ok(PostInput { title, slug, excerpt, content, featured_image, published: self.published })
            }
            _ => Err(errors),
        }
    }
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
fn featured_image(url: Option<&str>) -> Result<Option<String>, &'static str> {
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
    if plain && allowed {
        Ok(Some(url.to_owned()))
    } else {
        Err("The featured image must be an uploaded image")
    }
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
            published: true,
        }
    }

    #[test]
    fn every_missing_field_is_reported_with_the_editors_message() {
        let errors = form(" ", "", "\n", "<p><br></p>").parse().unwrap_err();
        let text = format!("{errors:?}");
        for message in ["Title is required", "Slug is required", "Excerpt is required", "Content is required"]
        {
            assert!(text.contains(message), "{text}");
        }
    }

    #[test]
    fn a_valid_post_is_trimmed_and_sanitised() {
        let post = form(" Brakes ", "brakes", " Check them. ", "<p>Hi<img src=x onerror=alert(1)></p>")
            .parse()
            .unwrap();
        assert_eq!(post.title, "Brakes");
        assert_eq!(post.excerpt, "Check them.");
        assert!(!post.content.contains("onerror"));
    }

    #[test]
    fn featured_images_are_site_paths_or_web_addresses() {
        assert_eq!(
            featured_image(Some("/media/blog-images/1-a.jpg")),
            Ok(Some("/media/blog-images/1-a.jpg".into()))
        );
        assert_eq!(featured_image(Some("  ")), Ok(None));
        assert_eq!(featured_image(Some("/site/blog-brakes.svg")), Ok(Some("/site/blog-brakes.svg".into())));
        assert!(featured_image(Some("/site/no-such-picture.svg")).is_err());
        assert!(featured_image(Some("javascript:alert(1)")).is_err());
        assert!(featured_image(Some("data:image/svg+xml,<svg>")).is_err());
    }
}

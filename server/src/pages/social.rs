//! The picture a shared link to a page shows (Facebook, WhatsApp, X, iMessage): 1200 by 630,
//! the page's own photo cropped to fit, or else a card with the shop's name and the page's title.
//! Its address names the page and a hash of what it shows (`/social/blog/winter-prep.png?v=...`),
//! so a change makes a new address that those apps fetch again. Each picture is drawn when first
//! asked for and kept in memory.

use std::io::Cursor;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage, codecs::jpeg::JpegEncoder, imageops::FilterType};
use siphasher::sip::SipHasher13;

use super::site::Site;
use crate::media;

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// Where the pictures are served: the page's path follows, then `.png` or `.jpg`.
pub const PREFIX: &str = "/social";

const BACKGROUND: Rgb<u8> = Rgb([15, 23, 42]);
const ACCENT: Rgb<u8> = Rgb([194, 65, 12]);
const NAME_COLOUR: Rgb<u8> = Rgb([253, 186, 116]);
const TITLE_COLOUR: Rgb<u8> = Rgb([255, 255, 255]);
const FOOT_COLOUR: Rgb<u8> = Rgb([203, 213, 225]);
const MARGIN: f32 = 80.0;
/// The title's sizes, tried largest first until it fits in `TITLE_LINES`.
const TITLE_SIZES: [f32; 4] = [72.0, 62.0, 54.0, 46.0];
const TITLE_LINES: usize = 4;

/// What a page's picture shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Picture {
    /// A stored photo of the page (a post's social or featured image), by its file name among
    /// the blog's images.
    Photo(String),
    /// A card with the page's title.
    Card { title: String },
    /// A picture elsewhere the owner chose (a post's social image given as a URL): named as is.
    External(String),
}

impl Picture {
    /// The picture of a page titled `title` (the shop's name after ` | ` is left out) whose own
    /// image, if any, is `image`: a stored photo when it is one, else a card.
    pub fn of(site: &Site, title: &str, image: Option<&str>) -> Self {
        if let Some(name) = image.and_then(stored_photo) {
            return Self::Photo(name.to_owned());
        }
        if let Some(url) = image.filter(|url| url.starts_with("https://") || url.starts_with("http://")) {
            return Self::External(url.to_owned());
        }
        let suffix = format!(" | {}", site.content.business.name);
        Self::Card { title: title.strip_suffix(&suffix).unwrap_or(title).to_owned() }
    }

    /// The extension of a picture the server draws (none for one elsewhere).
    pub fn extension(&self) -> Option<&'static str> {
        match self {
            Self::Photo(_) => Some("jpg"),
            Self::Card { .. } => Some("png"),
            Self::External(_) => None,
        }
    }

    /// The type of a picture the server draws.
    pub fn content_type(&self) -> Option<&'static str> {
        match self {
            Self::Photo(_) => Some("image/jpeg"),
            Self::Card { .. } => Some("image/png"),
            Self::External(_) => None,
        }
    }

    /// A hash of everything the picture shows: it changes when the picture does.
    pub fn version(&self, site: &Site) -> String {
        let business = &site.content.business;
        let mut hasher = SipHasher13::new();
        std::hash::Hash::hash(
            &(self, &business.name, business.real_phone(), host(&site.public_url)),
            &mut hasher,
        );
        format!("{:016x}", std::hash::Hasher::finish(&hasher))
    }

    /// Its address for the page at `path` (as the owner gave it, for one elsewhere).
    pub fn url(&self, path: &str, site: &Site) -> String {
        let Some(extension) = self.extension() else {
            return match self {
                Self::External(url) => url.clone(),
                _ => String::new(),
            };
        };
        let page = if path == "/" { "/index" } else { path };
        format!("{PREFIX}{page}.{extension}?v={}", self.version(site))
    }

    /// The picture's bytes (CPU-bound: call it off the async executor). A photo that cannot be
    /// read is an error.
    pub fn draw(&self, site: &Site, photo: Option<&[u8]>) -> anyhow::Result<Vec<u8>> {
        match (self, photo) {
            (Self::Photo(name), Some(bytes)) => {
                crop(bytes).map_err(|error| anyhow::anyhow!("Failed to crop {name}: {error}"))
            }
            (Self::Photo(name), None) => anyhow::bail!("The photo {name} is not stored"),
            (Self::Card { title }, _) => card(site, title),
            (Self::External(url), _) => anyhow::bail!("{url} is not drawn here"),
        }
    }
}

/// The page a picture's address names, and its extension: "/blog/x.png" gives ("/blog/x",
/// "png"), "/index.jpg" gives ("/", "jpg").
pub fn page_of(file: &str) -> Option<(String, &str)> {
    let (page, extension) = file.rsplit_once('.')?;
    if !matches!(extension, "png" | "jpg") || !page.starts_with('/') {
        return None;
    }
    Some((if page == "/index" { "/".to_owned() } else { page.to_owned() }, extension))
}

/// The file name of a stored image of the blog's (the server keeps them as JPEG or PNG), from
/// its URL.
fn stored_photo(url: &str) -> Option<&str> {
    url.strip_prefix(media::URL_PREFIX).filter(|name| media::is_stored_name(name))
}

fn host(public_url: &str) -> &str {
    public_url.split("://").nth(1).unwrap_or(public_url).trim_end_matches('/')
}

/// `bytes` as a picture of the right size: scaled to cover it and cut to fit, as a JPEG.
fn crop(bytes: &[u8]) -> anyhow::Result<Vec<u8>> {
    let photo = image::load_from_memory(bytes)?.resize_to_fill(WIDTH, HEIGHT, FilterType::Triangle).to_rgb8();
    let mut out = Vec::new();
    photo.write_with_encoder(JpegEncoder::new_with_quality(&mut out, 85))?;
    Ok(out)
}

/// The card: the shop's name, the title as large as it fits, the phone and the site's host.
fn card(site: &Site, title: &str) -> anyhow::Result<Vec<u8>> {
    let font = FontRef::try_from_slice(dejavu::sans::bold())?;
    let mut canvas = RgbImage::from_pixel(WIDTH, HEIGHT, BACKGROUND);
    for y in 0..HEIGHT {
        for x in 0..16 {
            canvas.put_pixel(x, y, ACCENT);
        }
    }
    let business = &site.content.business;
    let width = WIDTH as f32 - 2.0 * MARGIN;
    draw(&mut canvas, &font, 40.0, MARGIN, 130.0, &fit(&font, 40.0, &business.name, width), NAME_COLOUR);
    let (size, lines) = TITLE_SIZES
        .iter()
        .map(|size| (*size, wrap(&font, *size, title, width)))
        .find(|(_, lines)| lines.len() <= TITLE_LINES)
        .unwrap_or_else(|| {
            let size = TITLE_SIZES[TITLE_SIZES.len() - 1];
            let mut lines = wrap(&font, size, title, width);
            lines.truncate(TITLE_LINES);
            if let Some(last) = lines.last_mut() {
                *last = fit(&font, size, &format!("{last}…"), width);
            }
            (size, lines)
        });
    let mut baseline = 240.0 + size * 0.2;
    for line in &lines {
        draw(&mut canvas, &font, size, MARGIN, baseline, line, TITLE_COLOUR);
        baseline += size * 1.2;
    }
    let foot = match business.real_phone() {
        Some(phone) => format!("{phone}  ·  {}", host(&site.public_url)),
        None => host(&site.public_url).to_owned(),
    };
    draw(
        &mut canvas,
        &font,
        30.0,
        MARGIN,
        HEIGHT as f32 - 60.0,
        &fit(&font, 30.0, &foot, width),
        FOOT_COLOUR,
    );
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(canvas).write_to(&mut out, ImageFormat::Png)?;
    Ok(out.into_inner())
}

/// How wide `text` is at `size`.
fn text_width(font: &FontRef, size: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut last = None;
    for ch in text.chars() {
        let id = scaled.glyph_id(ch);
        if let Some(previous) = last {
            width += scaled.kern(previous, id);
        }
        width += scaled.h_advance(id);
        last = Some(id);
    }
    width
}

/// `text` in lines no wider than `width`, broken between words (a word too long for a line
/// has one of its own, cut to fit).
fn wrap(font: &FontRef, size: f32, text: &str, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let longer = if line.is_empty() { word.to_owned() } else { format!("{line} {word}") };
        if line.is_empty() || text_width(font, size, &longer) <= width {
            line = longer;
        } else {
            lines.push(fit(font, size, &line, width));
            line = word.to_owned();
        }
    }
    if !line.is_empty() {
        lines.push(fit(font, size, &line, width));
    }
    lines
}

/// `text`, cut with an ellipsis when it is wider than `width`.
fn fit(font: &FontRef, size: f32, text: &str, width: f32) -> String {
    if text_width(font, size, text) <= width {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() && text_width(font, size, &format!("{cut}…")) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// Draws `text` from `x` on the line at `baseline`, blending its edges into the background.
fn draw(
    canvas: &mut RgbImage,
    font: &FontRef,
    size: f32,
    x: f32,
    baseline: f32,
    text: &str,
    colour: Rgb<u8>,
) {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut caret = x;
    let mut last = None;
    for ch in text.chars() {
        let id = scaled.glyph_id(ch);
        if let Some(previous) = last {
            caret += scaled.kern(previous, id);
        }
        let glyph = id.with_scale_and_position(PxScale::from(size), point(caret, baseline));
        caret += scaled.h_advance(id);
        last = Some(id);
        let Some(outline) = font.outline_glyph(glyph) else { continue };
        let bounds = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let (px, py) = (bounds.min.x as i64 + i64::from(gx), bounds.min.y as i64 + i64::from(gy));
            if let (Ok(px), Ok(py)) = (u32::try_from(px), u32::try_from(py))
                && px < WIDTH
                && py < HEIGHT
            {
                let under = canvas.get_pixel(px, py).0;
                let mixed = std::array::from_fn(|i| {
                    (f32::from(under[i]) * (1.0 - coverage) + f32::from(colour.0[i]) * coverage).round() as u8
                });
                canvas.put_pixel(px, py, Rgb(mixed));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pictures_address_names_its_page() {
        assert_eq!(page_of("/blog/winter-prep.png"), Some(("/blog/winter-prep".to_owned(), "png")));
        assert_eq!(page_of("/index.jpg"), Some(("/".to_owned(), "jpg")));
        assert_eq!(page_of("/about.gif"), None);
        assert_eq!(page_of("about.png"), None);
    }

    #[test]
    fn only_a_stored_raster_photo_is_a_photo() {
        assert_eq!(stored_photo("/site/hero-poster.svg"), None);
        assert_eq!(stored_photo("https://example.com/a.jpg"), None);
    }

    #[test]
    fn a_long_title_wraps_between_words_and_a_long_word_is_cut() {
        let font = FontRef::try_from_slice(dejavu::sans::bold()).unwrap();
        let lines = wrap(
            &font,
            72.0,
            "Trailer Brake Maintenance: The Complete Checklist for Colorado Mountain Towing",
            1040.0,
        );
        assert!(
            lines.len() > 1 && lines.iter().all(|line| text_width(&font, 72.0, line) <= 1040.0),
            "{lines:?}"
        );
        let cut = fit(&font, 72.0, &"W".repeat(60), 1040.0);
        assert!(cut.ends_with('…') && text_width(&font, 72.0, &cut) <= 1040.0);
    }
}

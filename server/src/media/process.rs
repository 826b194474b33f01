//! Checks an uploaded image by its bytes and re-encodes it, with smaller copies for srcset.
//! Re-encoding drops metadata (camera, GPS) and anything hidden after or inside the image.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, ImageReader, Limits, codecs::jpeg::JpegEncoder};

/// Largest upload accepted, as the editor says: 'PNG, JPG, GIF up to 5MB'.
pub const MAX_BYTES: usize = 5 * 1024 * 1024;
/// Largest dimensions decoded; bigger images are refused before their pixels are allocated.
const MAX_SIDE: u32 = 8000;
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
/// The stored image is at most this wide; wider uploads are scaled down.
const MAX_STORED_WIDTH: u32 = 2400;
/// Widths of the smaller copies, each kept only when narrower than the stored image.
pub const VARIANT_WIDTHS: &[u32] = &[480, 960, 1600];
const JPEG_QUALITY: u8 = 85;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RejectedImage {
    #[error("Image must be less than 5MB")]
    TooLarge,
    #[error("Please select an image file (PNG, JPG, GIF or WebP)")]
    NotAnImage,
    #[error("The image is too large: at most 8000 pixels on each side")]
    TooManyPixels,
    #[error("The image could not be read")]
    Unreadable,
}

/// An image ready to store: the main file and its smaller copies, all in one format.
pub struct Processed {
    pub extension: &'static str,
    pub width: u32,
    pub height: u32,
    pub main: Vec<u8>,
    /// (width, bytes) of each smaller copy.
    pub variants: Vec<(u32, Vec<u8>)>,
}

/// Decides the type from the bytes (never the name or declared type), decodes within limits and
/// re-encodes: photos as JPEG, everything else (PNG, GIF, WebP) as PNG. SVG is never accepted.
pub fn process(bytes: &[u8]) -> Result<Processed, RejectedImage> {
    if bytes.len() > MAX_BYTES {
        return Err(RejectedImage::TooLarge);
    }
    let format = image::guess_format(bytes).map_err(|_| RejectedImage::NotAnImage)?;
    if !matches!(format, ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif | ImageFormat::WebP) {
        return Err(RejectedImage::NotAnImage);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let image = reader.decode().map_err(|error| match error {
        image::ImageError::Limits(_) => RejectedImage::TooManyPixels,
        _ => RejectedImage::Unreadable,
    })?;
    let photo = format == ImageFormat::Jpeg;
    // JPEG has no alpha: photos are kept as RGB from here on, which the encoder takes as it is.
    let image = if photo { DynamicImage::ImageRgb8(image.into_rgb8()) } else { image };
    let image = if image.width() > MAX_STORED_WIDTH { scaled(&image, MAX_STORED_WIDTH) } else { image };
    let encode = |image: &DynamicImage| if photo { jpeg(image) } else { png(image) };
    let variants = VARIANT_WIDTHS
        .iter()
        .filter(|&&width| width < image.width())
        .map(|&width| Ok((width, encode(&scaled(&image, width))?)))
        .collect::<Result<_, RejectedImage>>()?;
    Ok(Processed {
        extension: if photo { "jpg" } else { "png" },
        width: image.width(),
        height: image.height(),
        main: encode(&image)?,
        variants,
    })
}

/// `image` scaled down to `width`, averaging the pixels each new one covers: fast, and in the
/// image's own pixel type (a filter like Lanczos works in f32 and took 400 MB for a 12 MP photo).
fn scaled(image: &DynamicImage, width: u32) -> DynamicImage {
    let height = (u64::from(image.height()) * u64::from(width) / u64::from(image.width())).max(1);
    image.thumbnail_exact(width, u32::try_from(height).unwrap_or(u32::MAX))
}

fn jpeg(image: &DynamicImage) -> Result<Vec<u8>, RejectedImage> {
    let mut out = Vec::new();
    image
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
        .map_err(|_| RejectedImage::Unreadable)?;
    Ok(out)
}

fn png(image: &DynamicImage) -> Result<Vec<u8>, RejectedImage> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, ImageFormat::Png).map_err(|_| RejectedImage::Unreadable)?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    fn encoded(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_jpeg_is_re_encoded_with_smaller_copies() {
        let processed = process(&encoded(1200, 630, ImageFormat::Jpeg)).unwrap();
        assert_eq!(processed.extension, "jpg");
        assert_eq!((processed.width, processed.height), (1200, 630));
        assert_eq!(processed.variants.iter().map(|(w, _)| *w).collect::<Vec<_>>(), vec![480, 960]);
        assert_eq!(image::guess_format(&processed.main).unwrap(), ImageFormat::Jpeg);
    }

    #[test]
    fn gifs_and_pngs_become_png() {
        assert_eq!(process(&encoded(40, 20, ImageFormat::Gif)).unwrap().extension, "png");
        assert_eq!(process(&encoded(40, 20, ImageFormat::Png)).unwrap().extension, "png");
    }

    #[test]
    fn svg_text_and_truncated_images_are_refused() {
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
        assert_eq!(process(svg).err(), Some(RejectedImage::NotAnImage));
        assert_eq!(process(b"just text, named photo.png").err(), Some(RejectedImage::NotAnImage));
        let png = encoded(40, 20, ImageFormat::Png);
        assert_eq!(process(&png[..png.len() / 2]).err(), Some(RejectedImage::Unreadable));
    }

    #[test]
    fn images_wider_than_the_cap_are_refused_before_decoding() {
        assert_eq!(process(&encoded(8001, 1, ImageFormat::Png)).err(), Some(RejectedImage::TooManyPixels));
    }
}

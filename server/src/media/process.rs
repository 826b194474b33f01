//! Checks an uploaded image by its bytes and re-encodes it, with smaller copies for srcset.
//! Re-encoding drops metadata (camera, GPS) and anything hidden after or inside the image; the
//! camera's orientation is applied to the pixels first, so a phone photo stays upright.

use std::io::Cursor;

use image::{
    DynamicImage, ImageDecoder as _, ImageFormat, ImageReader, Limits, RgbaImage, codecs::jpeg::JpegEncoder,
};

/// Largest upload accepted, as the editor says: 'PNG, JPG, GIF up to 5MB'.
pub const MAX_BYTES: usize = 5 * 1024 * 1024;
/// Largest dimensions decoded; bigger images are refused before their pixels are allocated.
/// A 48-megapixel phone photo (8064 x 6048) fits.
const MAX_SIDE: u32 = 8192;
const MAX_PIXELS: u64 = 50_000_000;
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
    #[error("Please select an image file (PNG, JPG, GIF, WebP or HEIC)")]
    NotAnImage,
    #[error("The image is too large: at most 8192 pixels on each side and 50 megapixels")]
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

/// A decoded upload, and whether it is a photo (stored as JPEG) rather than a graphic (PNG).
struct Decoded {
    image: DynamicImage,
    photo: bool,
}

/// Decides the type from the bytes (never the name or declared type), decodes within limits and
/// re-encodes: photos (JPEG, and HEIC/HEIF without transparency) as JPEG, everything else (PNG,
/// GIF, WebP) as PNG. SVG is never accepted.
pub fn process(bytes: &[u8]) -> Result<Processed, RejectedImage> {
    if bytes.len() > MAX_BYTES {
        return Err(RejectedImage::TooLarge);
    }
    let Decoded { image, photo } = if is_heif(bytes) { decode_heif(bytes)? } else { decode(bytes)? };
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

/// PNG, JPEG, GIF or WebP, turned the way the camera's orientation tag says.
fn decode(bytes: &[u8]) -> Result<Decoded, RejectedImage> {
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
    let mut decoder = reader.into_decoder().map_err(read_error)?;
    let (width, height) = decoder.dimensions();
    check_size(width, height)?;
    let orientation = decoder.orientation().map_err(read_error)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(read_error)?;
    image.apply_orientation(orientation);
    Ok(Decoded { image, photo: format == ImageFormat::Jpeg })
}

/// Refuses images with a side over 8192 pixels or more than 50 megapixels in all.
fn check_size(width: u32, height: u32) -> Result<(), RejectedImage> {
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(RejectedImage::TooManyPixels);
    }
    Ok(())
}

fn read_error(error: image::ImageError) -> RejectedImage {
    match error {
        image::ImageError::Limits(_) => RejectedImage::TooManyPixels,
        _ => RejectedImage::Unreadable,
    }
}

/// Whether the bytes are a HEIF file (an `ftyp` box whose brand may hold HEVC), as iPhones and
/// many Android phones save photos.
fn is_heif(bytes: &[u8]) -> bool {
    match heifer::check_file_type(bytes) {
        heifer::FileTypeResult::Supported => true,
        // A generic brand (mif1) may hold HEVC; too few bytes to tell is not an image.
        heifer::FileTypeResult::MayBe => bytes.get(4..8) == Some(b"ftyp"),
        heifer::FileTypeResult::No | heifer::FileTypeResult::Unsupported => false,
    }
}

/// A HEIC/HEIF photo, with the file's crop and rotation applied and its colours (often Display
/// P3) converted to sRGB, as browsers show untagged JPEGs.
fn decode_heif(bytes: &[u8]) -> Result<Decoded, RejectedImage> {
    let file = heifer::heifer_isobmff::HeifFile::parse(bytes).map_err(|_| RejectedImage::Unreadable)?;
    match file.image_size(file.primary_id) {
        Ok(Some((width, height))) => check_size(width, height)?,
        _ => return Err(RejectedImage::Unreadable),
    }
    let options = heifer::Options { max_threads: 1, max_pixels: MAX_PIXELS };
    let decoded = heifer::decode_srgb_rgba8(bytes, &options).map_err(|_| RejectedImage::Unreadable)?;
    check_size(decoded.width, decoded.height)?;
    let photo = !decoded.has_alpha;
    let image =
        RgbaImage::from_raw(decoded.width, decoded.height, decoded.data).ok_or(RejectedImage::Unreadable)?;
    Ok(Decoded { image: DynamicImage::ImageRgba8(image), photo })
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
    fn images_over_the_caps_are_refused_before_decoding() {
        assert_eq!(process(&encoded(8193, 1, ImageFormat::Png)).err(), Some(RejectedImage::TooManyPixels));
        // Each side fits, the pixel count does not (8000 x 6300 = 50.4 MP).
        assert_eq!(
            process(&encoded(8000, 6300, ImageFormat::Jpeg)).err(),
            Some(RejectedImage::TooManyPixels)
        );
    }

    const PHONE_JPEG: &[u8] = include_bytes!("../../tests/fixtures/images/phone-photo-gps.jpg");
    const PHONE_HEIC: &[u8] = include_bytes!("../../tests/fixtures/images/phone-photo.heic");

    /// Whether the bytes still hold EXIF (and so possibly GPS and the camera) or XMP anywhere.
    fn carries_metadata(bytes: &[u8]) -> bool {
        [&b"Exif"[..], b"GPS", b"iPhone", b"Apple", b"http://ns.adobe.com/xap"]
            .iter()
            .any(|needle| bytes.windows(needle.len()).any(|window| window == *needle))
    }

    #[test]
    fn a_phone_jpeg_is_stored_upright_without_gps_or_camera_data() {
        assert!(carries_metadata(PHONE_JPEG), "the fixture has the metadata to strip");
        let processed = process(PHONE_JPEG).unwrap();
        // Orientation 6 turns the 640 x 480 picture a quarter: upright it is 480 x 640.
        assert_eq!((processed.width, processed.height), (480, 640));
        assert_eq!(processed.extension, "jpg");
        assert!(!carries_metadata(&processed.main));
        assert!(processed.variants.iter().all(|(_, bytes)| !carries_metadata(bytes)));
    }

    #[test]
    fn a_heic_photo_becomes_a_jpeg_without_its_exif() {
        assert!(carries_metadata(PHONE_HEIC), "the fixture has the metadata to strip");
        let processed = process(PHONE_HEIC).unwrap();
        assert_eq!(processed.extension, "jpg");
        assert_eq!((processed.width, processed.height), (640, 480));
        assert_eq!(image::guess_format(&processed.main).unwrap(), ImageFormat::Jpeg);
        assert_eq!(processed.variants.iter().map(|(w, _)| *w).collect::<Vec<_>>(), vec![480]);
        assert!(!carries_metadata(&processed.main));
        // The picture survives: the red disc in the middle is still red.
        let decoded = image::load_from_memory(&processed.main).unwrap().into_rgb8();
        let centre = decoded.get_pixel(320, 240);
        assert!(centre[0] > 170 && centre[1] < 100 && centre[2] < 90, "{centre:?}");
    }

    #[test]
    fn broken_and_unsupported_heif_files_are_refused() {
        assert_eq!(process(&PHONE_HEIC[..PHONE_HEIC.len() / 2]).err(), Some(RejectedImage::Unreadable));
        // An AVIF file (another codec in the same container) is not taken.
        let mut avif = PHONE_HEIC.to_vec();
        avif[8..12].copy_from_slice(b"avif");
        assert_eq!(process(&avif).err(), Some(RejectedImage::NotAnImage));
    }
}

//! Uploaded images: checked and re-encoded (process), stored under `blog-images/` in the data
//! directory with names the server makes, and served with their exact type.

pub mod process;
pub mod routes;

use std::{
    io::Write as _,
    path::{Path, PathBuf},
};

use anyhow::Context as _;
use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use sqlx::SqlitePool;

use crate::clock;
use process::Processed;

/// The folder, in the data directory and in URLs.
pub const FOLDER: &str = "blog-images";
/// URLs of stored images start with this.
pub const URL_PREFIX: &str = "/media/blog-images/";

pub struct MediaStore {
    dir: PathBuf,
    pub db: SqlitePool,
}

/// A stored image as the editor gets it.
#[derive(Debug, serde::Serialize)]
pub struct StoredImage {
    pub url: String,
    pub width: u32,
    pub height: u32,
}

impl MediaStore {
    pub fn new(data_dir: &Path, db: SqlitePool) -> Self {
        Self { dir: data_dir.join(FOLDER), db }
    }

    /// Writes the image and its copies as `{timestamp}-{random}.{ext}` (copies with `-{width}w`
    /// before the extension), each made durable before it gets its final name, then records it.
    pub async fn store(&self, image: Processed) -> anyhow::Result<StoredImage> {
        let millis = time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000;
        let stem = format!("{millis}-{:08x}", OsRng.next_u32());
        let dir = self.dir.clone();
        let extension = image.extension;
        let main_name = format!("{stem}.{extension}");
        let variant_widths: Vec<u32> = image.variants.iter().map(|(width, _)| *width).collect();
        tokio::task::spawn_blocking({
            let main_name = main_name.clone();
            move || -> anyhow::Result<()> {
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("Failed to create {}", dir.display()))?;
                for (width, bytes) in &image.variants {
                    write_durably(&dir, &format!("{stem}-{width}w.{extension}"), bytes)?;
                }
                write_durably(&dir, &main_name, &image.main)
            }
        })
        .await??;
        let url = format!("{URL_PREFIX}{main_name}");
        let variants = variant_widths.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        sqlx::query("INSERT INTO images (url, width, height, variants, created_at) VALUES (?, ?, ?, ?, ?)")
            .bind(&url)
            .bind(image.width)
            .bind(image.height)
            .bind(variants)
            .bind(clock::now())
            .execute(&self.db)
            .await?;
        Ok(StoredImage { url, width: image.width, height: image.height })
    }

    /// The path of a stored file, for a name the server could have made; None for anything else.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        is_stored_name(name).then(|| self.dir.join(name))
    }
}

/// Whether `name` has the form of a stored image: digits, lowercase hex, hyphens and the `w` of
/// a copy's width, then `.jpg` or `.png`.
fn is_stored_name(name: &str) -> bool {
    name.rsplit_once('.').is_some_and(|(stem, extension)| {
        matches!(extension, "jpg" | "png")
            && !stem.is_empty()
            && stem
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b) || b == b'-' || b == b'w')
    })
}

fn write_durably(dir: &Path, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let partial = dir.join(format!(".{name}.partial"));
    let mut file =
        std::fs::File::create(&partial).with_context(|| format!("Failed to create {}", partial.display()))?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&partial, dir.join(name)).with_context(|| format!("Failed to store {name}"))?;
    Ok(())
}

/// The `srcset` of a stored image of `width` with copies of `variants` widths ("480 960"): the
/// copies and the image itself; None when it has no smaller copies.
pub fn srcset(url: &str, width: i64, variants: &str) -> Option<String> {
    if variants.is_empty() {
        return None;
    }
    let (stem, extension) = url.rsplit_once('.')?;
    let mut sources: Vec<String> =
        variants.split(' ').map(|w| format!("{stem}-{w}w.{extension} {w}w")).collect();
    sources.push(format!("{url} {width}w"));
    Some(sources.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_srcset_lists_the_copies_then_the_image() {
        assert_eq!(
            srcset("/media/blog-images/1-ab.jpg", 1200, "480 960").as_deref(),
            Some(
                "/media/blog-images/1-ab-480w.jpg 480w, /media/blog-images/1-ab-960w.jpg 960w, /media/blog-images/1-ab.jpg 1200w"
            )
        );
        assert_eq!(srcset("/media/blog-images/1-ab.png", 300, ""), None);
    }

    #[test]
    fn only_names_the_server_makes_are_files() {
        assert!(is_stored_name("1741946400000-3f9a2c1b.jpg"));
        assert!(is_stored_name("1741946400000-3f9a2c1b-480w.png"));
        for bad in ["../trailerworks.db", "x.svg", ".jpg", "a/b.jpg", "1-2.JPG", "..jpg"] {
            assert!(!is_stored_name(bad), "{bad}");
        }
    }
}

//! Uploaded images: checked and re-encoded (process), stored with names the server makes, and
//! served with their exact type. The blog's live under `blog-images/`, visitors' booking photos
//! under `booking-photos/`, in the data directory or in an S3-compatible bucket
//! (`--media-store s3://bucket/prefix`) that every instance shares.

pub mod forget;
pub mod process;
pub mod routes;

use std::{
    io::Write as _,
    path::{Path, PathBuf},
    sync::Arc,
};

use anyhow::Context as _;
use argon2::password_hash::rand_core::{OsRng, RngCore as _};
use bytes::Bytes;
use object_store::{ObjectStore, PutPayload, aws::AmazonS3Builder, path::Path as ObjectPath};

use crate::audit::{Action, Actor, AuditWrites as _, Line};
use crate::{
    clock::Clock,
    db::{Db, Pool},
    with_db,
};
use process::Processed;

/// URLs of stored blog images start with this.
pub const URL_PREFIX: &str = "/media/blog-images/";

/// A folder of stored images, by the same name in the data directory, the bucket and URLs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Folder {
    /// The blog's images, public.
    BlogImages,
    /// Photos visitors send with a booking, shown to the admin only.
    BookingPhotos,
}

impl Folder {
    pub const ALL: [Self; 2] = [Self::BlogImages, Self::BookingPhotos];

    pub fn name(self) -> &'static str {
        match self {
            Self::BlogImages => "blog-images",
            Self::BookingPhotos => "booking-photos",
        }
    }
}

/// Where uploads are kept: each folder under the data directory, or under the bucket's prefix.
enum Files {
    Local(PathBuf),
    Bucket { store: Arc<dyn ObjectStore>, prefix: ObjectPath },
}

pub struct MediaStore {
    files: Files,
    pub db: Db,
}

/// A stored image as the editor gets it.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct StoredImage {
    pub url: String,
    pub width: u32,
    pub height: u32,
}

impl MediaStore {
    /// Uploads under `data_dir`, or in the bucket `media_store` names (`s3://bucket[/prefix]`,
    /// credentials and endpoint from the standard AWS_* variables).
    pub fn new(media_store: Option<&str>, data_dir: &Path, db: Db) -> anyhow::Result<Self> {
        let files = match media_store {
            None => {
                crate::db::prepare_data_dir(data_dir)?;
                Files::Local(data_dir.to_owned())
            }
            Some(url) => {
                let (bucket, prefix) = parse_bucket_url(url)?;
                let mut builder = AmazonS3Builder::from_env().with_bucket_name(bucket);
                if std::env::var("AWS_REGION").is_err() && std::env::var("AWS_DEFAULT_REGION").is_err() {
                    builder = builder.with_region("us-east-1");
                }
                if let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL") {
                    builder = builder.with_allow_http(endpoint.starts_with("http://"));
                }
                let store = builder.build().with_context(|| format!("--media-store {url}"))?;
                let prefix = prefix.split('/').filter(|part| !part.is_empty()).collect();
                Files::Bucket { store: Arc::new(store), prefix }
            }
        };
        Ok(Self { files, db })
    }

    /// The files of the store only, without the database where images are recorded (for
    /// checking and restoring the store before a database exists): its pool never connects, as
    /// nothing here but `store` asks it.
    pub fn files_only(media_store: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        let unused =
            sqlx::SqlitePool::connect_lazy_with(sqlx::sqlite::SqliteConnectOptions::new().in_memory(true));
        Self::new(media_store, data_dir, Db { pool: Pool::Sqlite(unused), clock: Clock::system() })
    }

    /// Writes a blog image and its copies, then records it.
    pub async fn store(&self, image: Processed, actor: &Actor<'_>) -> anyhow::Result<StoredImage> {
        let (width, height) = (image.width, image.height);
        let (main_name, variant_widths) = self.write(Folder::BlogImages, image).await?;
        let url = format!("{URL_PREFIX}{main_name}");
        let variants = variant_widths.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let now = self.db.clock.stamp();
        let line = Line { actor, action: Action::ImageUploaded, detail: url.clone() };
        with_db!(&self.db, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO images (url, width, height, variants, created_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&url)
            .bind(i64::from(width))
            .bind(i64::from(height))
            .bind(&variants)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.audit(&line, &now).await?;
            tx.commit().await?;
        });
        Ok(StoredImage { url, width, height })
    }

    /// Writes the image and its copies into `folder` as `{timestamp}-{random}.{ext}` (copies
    /// with `-{width}w` before the extension), each complete before it gets its name (locally:
    /// made durable first); answers the main file's name and the copies' widths.
    pub async fn write(&self, folder: Folder, image: Processed) -> anyhow::Result<(String, Vec<u32>)> {
        let millis = self.db.clock.now().as_millisecond();
        let stem = format!("{millis}-{:08x}", OsRng.next_u32());
        let extension = image.extension;
        let main_name = format!("{stem}.{extension}");
        let variant_widths: Vec<u32> = image.variants.iter().map(|(width, _)| *width).collect();
        let mut files: Vec<(String, Vec<u8>)> = image
            .variants
            .into_iter()
            .map(|(width, bytes)| (format!("{stem}-{width}w.{extension}"), bytes))
            .collect();
        // The main file last: an image is referenced by it, so its copies exist before it does.
        files.push((main_name.clone(), image.main));
        self.put(folder, files).await?;
        Ok((main_name, variant_widths))
    }

    /// Stores `files` (name, bytes) in `folder` in their order, each complete before it gets
    /// its name (locally: made durable first).
    pub async fn put(&self, folder: Folder, files: Vec<(String, Vec<u8>)>) -> anyhow::Result<()> {
        match &self.files {
            Files::Local(root) => {
                let dir = root.join(folder.name());
                tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
                    std::fs::create_dir_all(&dir)
                        .with_context(|| format!("Failed to create {}", dir.display()))?;
                    for (name, bytes) in &files {
                        write_durably(&dir, name, bytes)?;
                    }
                    Ok(())
                })
                .await??;
            }
            Files::Bucket { store, prefix } => {
                for (name, bytes) in files {
                    let path = prefix.child(folder.name()).child(name.as_str());
                    store
                        .put(&path, PutPayload::from(bytes))
                        .await
                        .with_context(|| format!("Failed to store {name} in the bucket"))?;
                }
            }
        }
        Ok(())
    }

    /// Writes a small file under `doctor/` and deletes it again: whether the store takes writes.
    pub async fn check_writable(&self) -> anyhow::Result<()> {
        let name = format!("write-check-{:08x}", OsRng.next_u32());
        match &self.files {
            Files::Local(root) => {
                let probe = root.join(format!(".{name}"));
                std::fs::write(&probe, b"ok").and_then(|()| std::fs::remove_file(&probe))?;
            }
            Files::Bucket { store, prefix } => {
                let path = prefix.child("doctor").child(name.as_str());
                store.put(&path, PutPayload::from_static(b"ok")).await?;
                store.delete(&path).await?;
            }
        }
        Ok(())
    }

    /// The bytes of the stored file `name` in `folder`; None for a name the server could not
    /// have made, or a file that is not there.
    pub async fn read(&self, folder: Folder, name: &str) -> anyhow::Result<Option<Bytes>> {
        if !is_stored_name(name) {
            return Ok(None);
        }
        match &self.files {
            Files::Local(root) => match tokio::fs::read(root.join(folder.name()).join(name)).await {
                Ok(bytes) => Ok(Some(bytes.into())),
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(error) => Err(error).with_context(|| format!("Failed to read {name}")),
            },
            Files::Bucket { store, prefix } => {
                match store.get(&prefix.child(folder.name()).child(name)).await {
                    Ok(found) => Ok(Some(found.bytes().await?)),
                    Err(object_store::Error::NotFound { .. }) => Ok(None),
                    Err(error) => {
                        Err(error).with_context(|| format!("Failed to read {name} from the bucket"))
                    }
                }
            }
        }
    }

    /// Deletes the image `name` (a main file's name) and its copies from `folder`; a file
    /// already gone is no error.
    pub async fn delete(&self, folder: Folder, name: &str) -> anyhow::Result<()> {
        let Some((stem, extension)) = name.rsplit_once('.').filter(|_| is_stored_name(name)) else {
            return Ok(());
        };
        let copies = process::VARIANT_WIDTHS.iter().map(|width| format!("{stem}-{width}w.{extension}"));
        for file in std::iter::once(name.to_owned()).chain(copies) {
            match &self.files {
                Files::Local(root) => {
                    match tokio::fs::remove_file(root.join(folder.name()).join(&file)).await {
                        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                            return Err(error).with_context(|| format!("Failed to delete {file}"));
                        }
                        _ => {}
                    }
                }
                Files::Bucket { store, prefix } => {
                    match store.delete(&prefix.child(folder.name()).child(file.as_str())).await {
                        Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                        Err(error) => {
                            return Err(error)
                                .with_context(|| format!("Failed to delete {file} from the bucket"));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The names of every stored file in `folder` (for backups).
    pub async fn names(&self, folder: Folder) -> anyhow::Result<Vec<String>> {
        let mut names = match &self.files {
            Files::Local(root) => {
                let dir = root.join(folder.name());
                match std::fs::read_dir(&dir) {
                    Ok(entries) => entries
                        .filter_map(Result::ok)
                        .filter_map(|entry| entry.file_name().into_string().ok())
                        .collect(),
                    Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                    Err(error) => {
                        return Err(error).with_context(|| format!("Failed to list {}", dir.display()));
                    }
                }
            }
            Files::Bucket { store, prefix } => {
                use futures_util::TryStreamExt as _;
                let listed: Vec<_> = store.list(Some(&prefix.child(folder.name()))).try_collect().await?;
                listed.into_iter().filter_map(|meta| meta.location.filename().map(str::to_owned)).collect()
            }
        };
        // Files still being written locally start with a dot; they are no image yet.
        names.retain(|name| is_stored_name(name));
        names.sort();
        Ok(names)
    }
}

/// `s3://bucket` or `s3://bucket/prefix`: the bucket and the prefix (maybe empty).
fn parse_bucket_url(url: &str) -> anyhow::Result<(&str, &str)> {
    let rest = url.strip_prefix("s3://").ok_or_else(|| {
        anyhow::anyhow!("--media-store must look like s3://bucket or s3://bucket/prefix, not {url}")
    })?;
    let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
    anyhow::ensure!(!bucket.is_empty(), "--media-store {url} names no bucket");
    Ok((bucket, prefix.trim_matches('/')))
}

/// Whether `name` has the form of a stored image: digits, lowercase hex, hyphens and the `w` of
/// a copy's width, then `.jpg` or `.png`.
pub fn is_stored_name(name: &str) -> bool {
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
    fn a_bucket_url_gives_the_bucket_and_its_prefix() {
        assert_eq!(parse_bucket_url("s3://media").unwrap(), ("media", ""));
        assert_eq!(parse_bucket_url("s3://media/shops/denver/").unwrap(), ("media", "shops/denver"));
        assert!(parse_bucket_url("media").is_err());
        assert!(parse_bucket_url("s3:///x").is_err());
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

//! Files whose rows are gone, deleted by the job queue: the transaction that drops the rows
//! enqueues the job, so a store that is down only delays the deletion, with retries.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Folder, MediaStore};
use crate::queue::{Job, Ran};

/// Stored files to delete, with their copies at each width.
#[derive(Serialize, Deserialize)]
pub struct ForgetFiles {
    pub folder: Folder,
    pub names: Vec<String>,
}

impl Job for ForgetFiles {
    const KIND: &'static str = "forget-files";
    type Context = Arc<MediaStore>;

    async fn run(self, media: Arc<MediaStore>) -> anyhow::Result<Ran> {
        for name in &self.names {
            media.delete(self.folder, name).await?;
        }
        Ok(Ran::Done)
    }
}

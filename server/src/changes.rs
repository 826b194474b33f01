//! Content changes, announced to whatever keeps copies made from the content (the public page
//! cache), so that the code that changes content need not know who those are.

use std::sync::Arc;

/// What changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A post was published, edited while published, renamed, unpublished or deleted.
    Blog,
}

/// Keeps copies made from the content, and hears of each change.
pub trait Follower: Send + Sync {
    /// Called once the change is committed; must return at once (mark copies stale, no work).
    fn changed(&self, change: Change);
}

/// Whom to tell of changes.
#[derive(Clone, Default)]
pub struct Changes {
    followers: Vec<Arc<dyn Follower>>,
}

impl Changes {
    pub fn new(followers: Vec<Arc<dyn Follower>>) -> Self {
        Self { followers }
    }

    pub fn announce(&self, change: Change) {
        for follower in &self.followers {
            follower.changed(change);
        }
    }
}

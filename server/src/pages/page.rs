//! A public page ready to render, and what a path leads to.

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::Value;

use super::head::Head;
use crate::render::cache::Scopes;

/// What a cached page can be made from: the published posts,
pub const BLOG_SCOPE: Scopes = Scopes::one(0);
/// and the site details (every page shows some).
pub const SITE_SCOPE: Scopes = Scopes::one(1);

/// One page, ready to render.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Page {
    /// The HTTP status of the document; /api/page answers 200 and carries it here.
    #[serde(serialize_with = "status_number")]
    #[schema(value_type = u16)]
    pub status: StatusCode,
    /// Which page component shows it, e.g. `home`, `city`, `blogPost`, `notFound`.
    pub kind: &'static str,
    pub head: Head,
    /// What that component shows; its shape depends on the kind.
    pub data: Value,
    /// What besides the content file the page shows (and so what makes it stale).
    #[serde(skip)]
    pub scopes: Scopes,
}

fn status_number<S: serde::Serializer>(status: &StatusCode, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u16(status.as_u16())
}

impl Page {
    pub(super) fn ok(kind: &'static str, head: Head, data: Value) -> Self {
        Self { status: StatusCode::OK, kind, head, data, scopes: SITE_SCOPE }
    }

    /// Marks the page as showing published posts.
    pub(super) fn showing_posts(mut self) -> Self {
        self.scopes = self.scopes.and(BLOG_SCOPE);
        self
    }
}

/// What a path leads to.
pub enum Resolved {
    Page(Page),
    /// A page that moved (a renamed post's old address, page 1 of the blog): its new path.
    Moved(String),
    Missing(Missing),
}

/// The kinds of missing page; each kind has one page, shared by every path that leads to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    Page,
    City,
    Post,
}

impl Missing {
    /// The cache key of its page (not a path, so never a real page's key).
    pub(super) fn key(self) -> &'static str {
        match self {
            Self::Page => "404 page",
            Self::City => "404 city",
            Self::Post => "404 post",
        }
    }

    /// The address its page is rendered at (the header marks the section it is in).
    pub(super) fn render_url(self) -> &'static str {
        match self {
            Self::Page => "/404",
            Self::City => "/service-areas/404",
            Self::Post => "/blog/404",
        }
    }
}

//! A public page ready to render, and what a path leads to.

use axum::http::StatusCode;
use serde::Serialize;

use super::{head::Head, page_data::PageData};
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
    pub head: Head,
    /// Which page component shows it, and what it shows.
    #[serde(flatten)]
    pub data: PageData,
    /// Whether Insights counts a view of it: a visitor's own request and a post's preview are
    /// not pages of the site.
    pub counted: bool,
    /// What besides the content file the page shows (and so what makes it stale).
    #[serde(skip)]
    pub scopes: Scopes,
}

/// What each public document embeds for the web app: the layout and the page it shows.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AppState<'a> {
    #[schema(value_type = super::Layout)]
    pub layout: &'a serde_json::Value,
    pub page: &'a Page,
}

/// What the admin area's document embeds: the layout (the business's name and labels).
#[derive(Serialize, utoipa::ToSchema)]
pub struct AdminState<'a> {
    #[schema(value_type = super::Layout)]
    pub layout: &'a serde_json::Value,
}

fn status_number<S: serde::Serializer>(status: &StatusCode, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u16(status.as_u16())
}

impl Page {
    pub(super) fn ok(head: Head, data: PageData) -> Self {
        Self { status: StatusCode::OK, head, data, counted: true, scopes: SITE_SCOPE }
    }

    /// A page that is not there (404): which one, and its head.
    pub(super) fn missing(head: Head, data: PageData) -> Self {
        Self { status: StatusCode::NOT_FOUND, head, data, counted: false, scopes: SITE_SCOPE }
    }

    /// Marks the page as one Insights does not count.
    pub(super) fn not_counted(mut self) -> Self {
        self.counted = false;
        self
    }

    /// Marks the page as showing published posts.
    pub(super) fn showing_posts(mut self) -> Self {
        self.scopes = self.scopes.and(BLOG_SCOPE);
        self
    }
}

/// What a path leads to.
pub enum Resolved {
    Page(Box<Page>),
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

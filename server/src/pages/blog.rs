//! The blog list and one page per published post.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{Head, Page, Site, structured_data};
use crate::blog::model::Post;

/// How many other posts a post page suggests.
const RELATED: usize = 3;

pub fn list(site: &Site) -> Page {
    let posts = site.posts();
    let cards: Vec<_> = posts.iter().map(Post::card).collect();
    let name = &site.content.business.name;
    let head = Head::indexed(
        site,
        super::BLOG,
        format!("Trailer Repair Blog: Tips and Guides | {name}"),
        format!(
            "Practical trailer maintenance and repair advice from the technicians at {name}: brakes, \
             bearings, wiring, tires and seasonal care for Colorado trailer owners."
        ),
    );
    Page::ok("blog", head, json!({ "posts": cards }))
}

pub fn post(site: &Site, slug: &str) -> Page {
    let posts = site.posts();
    let name = &site.content.business.name;
    let Some(post) = posts.iter().find(|p| p.slug == slug) else {
        return Page {
            status: StatusCode::NOT_FOUND,
            kind: "postNotFound",
            head: Head::not_indexed(
                site,
                format!("Post Not Found | {name}"),
                "The blog post you're looking for doesn't exist.".to_owned(),
            ),
            data: Value::Null,
        };
    };
    // Other published posts, newest first (the list is already newest first).
    let related: Vec<_> = posts.iter().filter(|p| p.id != post.id).take(RELATED).map(Post::card).collect();
    let mut head =
        Head::indexed(site, &post.path(), format!("{} | {name}", post.title), post.excerpt.clone())
            .with_data(vec![structured_data::blog_posting(site, post)]);
    if let Some(image) = &post.featured_image {
        head.image.clone_from(image);
    }
    head.article = true;
    Page::ok("post", head, json!({ "post": post, "related": related }))
}

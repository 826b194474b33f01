-- Every save of a post keeps what was saved, so an earlier version can be brought back.
CREATE TABLE post_revisions (
    id             INTEGER PRIMARY KEY,
    post_id        INTEGER NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    title          TEXT    NOT NULL,
    slug           TEXT    NOT NULL,
    excerpt        TEXT    NOT NULL,
    content        TEXT    NOT NULL,
    featured_image TEXT,
    saved_at       TEXT    NOT NULL,
    saved_by       TEXT    NOT NULL
);

CREATE INDEX post_revisions_post ON post_revisions (post_id, id DESC);

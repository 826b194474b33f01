-- People who can sign in to the admin area, and the blog they write.
-- Times are ISO 8601 UTC text, e.g. 2025-03-14T10:00:00.000Z, so they sort as text.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    email         TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT    NOT NULL,
    role          TEXT    NOT NULL CHECK (role IN ('admin', 'editor')),
    created_at    TEXT    NOT NULL
);

CREATE TABLE blog_posts (
    id             INTEGER PRIMARY KEY,
    title          TEXT    NOT NULL,
    slug           TEXT    NOT NULL UNIQUE,
    excerpt        TEXT    NOT NULL,
    content        TEXT    NOT NULL,
    featured_image TEXT,
    published      INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
    author_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);

CREATE INDEX blog_posts_published_created ON blog_posts (published, created_at DESC);

-- Old slugs of posts whose slug changed, so their old URLs can answer 301.
CREATE TABLE blog_slug_redirects (
    old_slug TEXT    PRIMARY KEY,
    post_id  INTEGER NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE
);

-- Scheduled posts and per-post search and social fields.

-- A draft with a time here goes live then (UTC); the server's scheduler publishes it.
ALTER TABLE blog_posts ADD COLUMN publish_at TEXT;
-- What search engines show and what a shared link shows; empty means the excerpt and the
-- featured image.
ALTER TABLE blog_posts ADD COLUMN meta_description TEXT;
ALTER TABLE blog_posts ADD COLUMN social_image TEXT;

CREATE INDEX blog_posts_scheduled ON blog_posts (publish_at) WHERE publish_at IS NOT NULL;

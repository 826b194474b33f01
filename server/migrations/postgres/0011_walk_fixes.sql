-- What the first month of real use asked for: a limit on confirmation e-mails, a bin for deleted
-- posts and a full-text index of the posts.

-- The last confirmation e-mail sent to each visitor address (lowercased): at most one an hour,
-- so the booking form cannot be used to send mail to strangers.
CREATE TABLE confirmation_limits (
    email   TEXT PRIMARY KEY,
    sent_at TEXT NOT NULL
);

-- The editor's 'Open full preview': an unsaved post kept an hour under a random token's hash,
-- shown only to a signed-in admin.
CREATE TABLE post_previews (
    token_hash TEXT PRIMARY KEY,
    post       TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- A deleted post stays 30 days (a draft, out of every list but 'Deleted'), then goes for good.
ALTER TABLE blog_posts ADD COLUMN deleted_at TEXT;
CREATE INDEX blog_posts_deleted ON blog_posts (deleted_at) WHERE deleted_at IS NOT NULL;

-- Every post's title, excerpt and text (without its markup), weighted in that order; kept by
-- PostgreSQL itself in each post change's transaction.
ALTER TABLE blog_posts ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A')
    || setweight(to_tsvector('english', excerpt), 'B')
    || setweight(to_tsvector('english', regexp_replace(content, '<[^>]*>', ' ', 'g')), 'C')
) STORED;
CREATE INDEX blog_posts_search ON blog_posts USING GIN (search);

-- What the first month of real use asked for: a limit on confirmation e-mails, a bin for deleted
-- posts, a full-text index of the posts, and generations that tell a running server of posts
-- another process (the command line) added.

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

-- Every post's title, excerpt and text (without its markup), by the post's id. Contentless: the
-- text is in blog_posts already. Written by the server in each post change's transaction; a
-- server finding it older than the index's version here fills it again at start-up.
CREATE VIRTUAL TABLE post_search USING fts5(
    title, excerpt, body,
    content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE search_index_versions (
    name    TEXT    PRIMARY KEY,
    version INTEGER NOT NULL
);

-- Advanced with each change to what the public blog shows, whoever made it.
CREATE TABLE content_generations (
    scope      TEXT    PRIMARY KEY,
    generation INTEGER NOT NULL
);
INSERT INTO content_generations (scope, generation) VALUES ('blog', 0);
CREATE TRIGGER blog_posts_added AFTER INSERT ON blog_posts BEGIN
    UPDATE content_generations SET generation = generation + 1 WHERE scope = 'blog';
END;
CREATE TRIGGER blog_posts_changed AFTER UPDATE ON blog_posts BEGIN
    UPDATE content_generations SET generation = generation + 1 WHERE scope = 'blog';
END;
CREATE TRIGGER blog_posts_removed AFTER DELETE ON blog_posts BEGIN
    UPDATE content_generations SET generation = generation + 1 WHERE scope = 'blog';
END;

-- The site details (the content file's facts) as the admin edits them: every save is a new
-- version, numbered from 1 without gaps; the newest is what the pages show. A save names the
-- version it builds on and takes the next number, so two saves from the same version cannot both
-- land. No rows: the content file given at start-up (or the built-in one) is shown.
CREATE TABLE site_versions (
    id       INTEGER PRIMARY KEY,
    content  TEXT NOT NULL,
    summary  TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    saved_by TEXT NOT NULL
);

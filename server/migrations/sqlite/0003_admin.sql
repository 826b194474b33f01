-- The admin area: server-side sessions, login throttling, the audit log and uploaded images.

-- A session is known only by the SHA-256 of its token; the token itself lives in the cookie.
CREATE TABLE sessions (
    token_hash   TEXT    PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Sent back by the admin app in a header with every write (CSRF protection).
    csrf_token   TEXT    NOT NULL,
    created_at   TEXT    NOT NULL,
    last_seen_at TEXT    NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);

-- Failed sign-ins per key ('account:{email}' or 'address:{ip}'), for throttling.
CREATE TABLE login_failures (
    key             TEXT    PRIMARY KEY,
    failures        INTEGER NOT NULL,
    last_failure_at TEXT    NOT NULL
);

-- Who did what in the admin area, and when.
CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY,
    at         TEXT    NOT NULL,
    user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    -- The e-mail signed in with (or tried), kept even if the user is removed.
    email      TEXT,
    action     TEXT    NOT NULL,
    detail     TEXT    NOT NULL DEFAULT '',
    client_ip  TEXT    NOT NULL
);

CREATE INDEX audit_log_at ON audit_log (at DESC);

-- Images uploaded in the admin area, stored under blog-images/ in the data directory.
CREATE TABLE images (
    -- The public URL, e.g. /media/blog-images/1741946400000-3f9a2c1b.jpg
    url        TEXT    PRIMARY KEY,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    -- Widths of the smaller copies kept for responsive images, e.g. '480 960'.
    variants   TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);

-- no-transaction
-- The shop's team. A member is an 'owner' (everything) or 'staff' (the daily work: Today, the
-- requests, the schedule, notes, calls and texts, their own account and devices), has a name,
-- and keeps their row when removed (`removed_at`), so the history still names who acted. The
-- one earlier 'editor' role never signed in; such rows stay as removed staff. SQLite cannot
-- change a CHECK in place, so the table is rebuilt as in 0021: foreign keys off (outside a
-- transaction), the rows copied, the old table dropped and the new one renamed, in one transaction.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE users_rebuilt (
    id                  INTEGER PRIMARY KEY,
    email               TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    name                TEXT    NOT NULL DEFAULT '',
    password_hash       TEXT    NOT NULL,
    role                TEXT    NOT NULL CHECK (role IN ('owner', 'staff')),
    created_at          TEXT    NOT NULL,
    totp_secret         TEXT,
    totp_pending_secret TEXT,
    totp_last_step      INTEGER,
    calendar_token      TEXT,
    removed_at          TEXT
);
INSERT INTO users_rebuilt (id, email, password_hash, role, created_at, totp_secret, totp_pending_secret,
                           totp_last_step, calendar_token, removed_at)
SELECT id, email, password_hash, CASE role WHEN 'admin' THEN 'owner' ELSE 'staff' END, created_at, totp_secret,
       totp_pending_secret, totp_last_step, calendar_token, CASE role WHEN 'admin' THEN NULL ELSE created_at END
FROM users;
DROP TABLE users;
ALTER TABLE users_rebuilt RENAME TO users;
CREATE UNIQUE INDEX users_calendar_token ON users (calendar_token) WHERE calendar_token IS NOT NULL;

-- An invitation to the team: a one-time link (only its hash is kept), valid for 7 days, that
-- makes the member's account with the password they choose.
CREATE TABLE invitations (
    id          INTEGER PRIMARY KEY,
    token_hash  TEXT    NOT NULL UNIQUE,
    email       TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    role        TEXT    NOT NULL CHECK (role IN ('owner', 'staff')),
    invited_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at  TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL,
    accepted_at TEXT,
    revoked_at  TEXT
);
CREATE INDEX invitations_open ON invitations (created_at) WHERE accepted_at IS NULL AND revoked_at IS NULL;
COMMIT;
PRAGMA foreign_keys = ON;

-- Two-factor sign-in and the account page.

-- The authenticator app's secret (base32) once two-factor sign-in is on; the secret being set up
-- until its first code is confirmed; the last time step whose code was accepted (no code twice).
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE users ADD COLUMN totp_last_step INTEGER;

-- One-time recovery codes, known only by their SHA-256.
CREATE TABLE recovery_codes (
    code_hash TEXT    PRIMARY KEY,
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    used_at   TEXT
);

-- Browsers that may skip the code for 30 days, known by the SHA-256 of their cookie's token.
CREATE TABLE trusted_devices (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TEXT    NOT NULL
);

-- A sign-in whose password was right and that waits for its code (minutes at most).
CREATE TABLE sign_in_challenges (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0
);

-- Where a session was started, for the account page's list.
ALTER TABLE sessions ADD COLUMN client_ip TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';

-- Texts with customers (SMS, through a provider speaking Twilio's Messages API): what each
-- customer agreed to, and every text both ways.

-- Consent to texts, append-only: a row for each time a number agreed (the form's box, START)
-- or stopped (STOP and its like, a plain "stop texting me", the manage page). A number may be
-- texted about a request it agreed on while its newest row is an agreement.
CREATE TABLE text_consents (
    id         INTEGER PRIMARY KEY,
    phone      TEXT    NOT NULL,
    booking_id INTEGER REFERENCES bookings (id) ON DELETE SET NULL,
    given      INTEGER NOT NULL,
    how        TEXT    NOT NULL CHECK (how IN ('form', 'manage', 'keyword', 'reply')),
    wording    TEXT    NOT NULL,
    client_ip  TEXT    NOT NULL DEFAULT '',
    at         TEXT    NOT NULL
);
CREATE INDEX text_consents_phone ON text_consents (phone, id);
CREATE INDEX text_consents_booking ON text_consents (booking_id);

-- Every text, sent or received, in the thread of its request (the newest request of the
-- number, for a reply). `sid` is the provider's id, which its status callbacks name; a text
-- written before it is sent (a person's, or the answer to a keyword) waits without one. Its
-- delivery in the outbox has the purpose `text-<id>`.
CREATE TABLE texts (
    id         INTEGER PRIMARY KEY,
    booking_id INTEGER REFERENCES bookings (id) ON DELETE CASCADE,
    phone      TEXT    NOT NULL,
    incoming   INTEGER NOT NULL,
    body       TEXT    NOT NULL,
    purpose    TEXT,
    by_email   TEXT,
    sid        TEXT    UNIQUE,
    status     TEXT    NOT NULL CHECK (status IN ('waiting', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'received')),
    error_code TEXT,
    at         TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE INDEX texts_booking ON texts (booking_id, id);
CREATE INDEX texts_phone ON texts (phone, at);

-- Texts are deliveries of the channel 'text'. SQLite cannot change a constraint: the table is
-- rebuilt as it stands, with the one more channel (nothing refers to it).
CREATE TABLE deliveries_new (
    id              INTEGER PRIMARY KEY,
    booking_id      INTEGER REFERENCES bookings (id) ON DELETE CASCADE,
    test_by         TEXT,
    message_key     TEXT,
    subject         TEXT,
    body            TEXT,
    channel         TEXT    NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation', 'push', 'text')),
    device_id       INTEGER REFERENCES push_devices (id) ON DELETE CASCADE,
    purpose         TEXT    NOT NULL DEFAULT 'request',
    state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'dead', 'cancelled')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    last_error      TEXT,
    last_error_at   TEXT,
    sent_at         TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (message_key, channel),
    CHECK ((booking_id IS NOT NULL) + (test_by IS NOT NULL) + (message_key IS NOT NULL) = 1),
    CHECK ((message_key IS NULL) = (subject IS NULL) AND (message_key IS NULL) = (body IS NULL)),
    CHECK ((channel = 'push') = (device_id IS NOT NULL))
);
INSERT INTO deliveries_new SELECT id, booking_id, test_by, message_key, subject, body, channel, device_id, purpose,
    state, attempts, next_attempt_at, last_error, last_error_at, sent_at, created_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE UNIQUE INDEX deliveries_once ON deliveries (booking_id, channel, purpose) WHERE device_id IS NULL;
CREATE UNIQUE INDEX deliveries_push_once ON deliveries (booking_id, device_id, purpose) WHERE device_id IS NOT NULL;
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
CREATE INDEX deliveries_by_channel ON deliveries (channel, id DESC);
CREATE INDEX deliveries_by_booking ON deliveries (booking_id);
CREATE INDEX deliveries_failed ON deliveries (last_error_at) WHERE state = 'dead';
CREATE INDEX deliveries_channel_due ON deliveries (state, channel, next_attempt_at);

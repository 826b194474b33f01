-- The addresses the owner has new bookings e-mailed to; none: the server's --notify-email.
CREATE TABLE notification_recipients (
    email    TEXT PRIMARY KEY,
    added_at TEXT NOT NULL,
    added_by TEXT NOT NULL
);

-- A test notification from the admin goes through the outbox like a booking's: a delivery has
-- either a booking or the admin who asked for the test. A failure keeps its time, so the admin
-- can say when a channel last failed. SQLite cannot drop NOT NULL: the table is rebuilt.
CREATE TABLE deliveries_new (
    id              INTEGER PRIMARY KEY,
    booking_id      INTEGER REFERENCES bookings (id) ON DELETE CASCADE,
    test_by         TEXT,
    -- email: the shop's notification; webhook: the form service; confirmation: the visitor's copy.
    channel         TEXT    NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation')),
    state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    last_error      TEXT,
    last_error_at   TEXT,
    sent_at         TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (booking_id, channel),
    CHECK ((booking_id IS NULL) <> (test_by IS NULL))
);
INSERT INTO deliveries_new (id, booking_id, channel, state, attempts, next_attempt_at, last_error, sent_at, created_at)
    SELECT id, booking_id, channel, state, attempts, next_attempt_at, last_error, sent_at, created_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
CREATE INDEX deliveries_by_channel ON deliveries (channel, id DESC);

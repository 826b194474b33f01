-- From request to scheduled job: a booking's time, the seats it holds, the links that let the
-- visitor change or cancel it and open a review page, the owner's calendar feed, and outbox
-- rows for more than the first notice (a confirmed time, a reminder, a review request).

-- The time a booking asked for (requested) or the shop set (confirmed), or its cancellation.
CREATE TABLE appointments (
    booking_id    INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('shop', 'mobile')),
    starts_at     TEXT    NOT NULL,
    ends_at       TEXT    NOT NULL,
    state         TEXT    NOT NULL CHECK (state IN ('requested', 'confirmed', 'cancelled')),
    -- Advanced by every change: the calendar file's SEQUENCE, and which reminder is current.
    version       INTEGER NOT NULL DEFAULT 1,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX appointments_starts ON appointments (starts_at);

-- A visitor who cancels with their link: when, and why if they said.
ALTER TABLE bookings ADD COLUMN cancelled_at TEXT;
ALTER TABLE bookings ADD COLUMN cancel_reason TEXT;

-- Capacity, enforced by the database: a time holds one seat in each half hour it covers, and a
-- half hour has as many seats as jobs may share it (seat numbers from 0). Two bookings can never
-- take the same seat, whatever the number of instances.
CREATE TABLE appointment_seats (
    kind       TEXT    NOT NULL,
    cell_start TEXT    NOT NULL,
    seat       INTEGER NOT NULL,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    PRIMARY KEY (kind, cell_start, seat)
);
CREATE INDEX appointment_seats_booking ON appointment_seats (booking_id);

-- Links sent to a visitor, by the hash of their random token: 'manage' (change or cancel the
-- request) and 'review' (through the site to the review page, so a click is counted).
CREATE TABLE booking_links (
    token_hash TEXT    PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('manage', 'review')),
    created_at TEXT    NOT NULL,
    opened_at  TEXT
);
CREATE INDEX booking_links_booking ON booking_links (booking_id, purpose);

-- The owner's private calendar feed (an address to subscribe to; a new one stops the old).
ALTER TABLE users ADD COLUMN calendar_token TEXT;
CREATE UNIQUE INDEX users_calendar_token ON users (calendar_token) WHERE calendar_token IS NOT NULL;

-- A delivery has a purpose besides its channel ('request': the first notice; 'time-3': the
-- visitor's confirmed time, version 3; 'reminder-3'; 'changed-4' and 'cancelled' for the shop;
-- 'review'); a reminder made stale by a change is cancelled. SQLite cannot change constraints:
-- the table is rebuilt (nothing refers to it).
CREATE TABLE deliveries_new (
    id              INTEGER PRIMARY KEY,
    booking_id      INTEGER REFERENCES bookings (id) ON DELETE CASCADE,
    test_by         TEXT,
    channel         TEXT    NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation')),
    purpose         TEXT    NOT NULL DEFAULT 'request',
    state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'dead', 'cancelled')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    last_error      TEXT,
    last_error_at   TEXT,
    sent_at         TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (booking_id, channel, purpose),
    CHECK ((booking_id IS NULL) <> (test_by IS NULL))
);
INSERT INTO deliveries_new (id, booking_id, test_by, channel, state, attempts, next_attempt_at, last_error,
                            last_error_at, sent_at, created_at)
    SELECT id, booking_id, test_by, channel, state, attempts, next_attempt_at, last_error, last_error_at, sent_at,
           created_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
CREATE INDEX deliveries_by_channel ON deliveries (channel, id DESC);

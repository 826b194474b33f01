-- From request to scheduled job: a booking's time, the seats it holds, the links that let the
-- visitor change or cancel it and open a review page, the owner's calendar feed, and outbox
-- rows for more than the first notice (a confirmed time, a reminder, a review request).

-- The time a booking asked for (requested) or the shop set (confirmed), or its cancellation.
CREATE TABLE appointments (
    booking_id    BIGINT PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    kind          TEXT   NOT NULL CHECK (kind IN ('shop', 'mobile')),
    starts_at     TEXT   NOT NULL,
    ends_at       TEXT   NOT NULL,
    state         TEXT   NOT NULL CHECK (state IN ('requested', 'confirmed', 'cancelled')),
    -- Advanced by every change: the calendar file's SEQUENCE, and which reminder is current.
    version       BIGINT NOT NULL DEFAULT 1,
    updated_at    TEXT   NOT NULL
);
CREATE INDEX appointments_starts ON appointments (starts_at);

-- A visitor who cancels with their link: when, and why if they said.
ALTER TABLE bookings ADD COLUMN cancelled_at TEXT;
ALTER TABLE bookings ADD COLUMN cancel_reason TEXT;

-- Capacity, enforced by the database: a time holds one seat in each half hour it covers, and a
-- half hour has as many seats as jobs may share it (seat numbers from 0). Two bookings can never
-- take the same seat, whatever the number of instances.
CREATE TABLE appointment_seats (
    kind       TEXT   NOT NULL,
    cell_start TEXT   NOT NULL,
    seat       BIGINT NOT NULL,
    booking_id BIGINT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    PRIMARY KEY (kind, cell_start, seat)
);
CREATE INDEX appointment_seats_booking ON appointment_seats (booking_id);

-- Links sent to a visitor, by the hash of their random token: 'manage' (change or cancel the
-- request) and 'review' (through the site to the review page, so a click is counted).
CREATE TABLE booking_links (
    token_hash TEXT   PRIMARY KEY,
    booking_id BIGINT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    purpose    TEXT   NOT NULL CHECK (purpose IN ('manage', 'review')),
    created_at TEXT   NOT NULL,
    opened_at  TEXT
);
CREATE INDEX booking_links_booking ON booking_links (booking_id, purpose);

-- The owner's private calendar feed (an address to subscribe to; a new one stops the old).
ALTER TABLE users ADD COLUMN calendar_token TEXT;
CREATE UNIQUE INDEX users_calendar_token ON users (calendar_token) WHERE calendar_token IS NOT NULL;

-- A delivery has a purpose besides its channel ('request': the first notice; 'time-3': the
-- visitor's confirmed time, version 3; 'reminder-3'; 'changed-4' and 'cancelled' for the shop;
-- 'review'); a reminder made stale by a change is cancelled.
ALTER TABLE deliveries ADD COLUMN purpose TEXT NOT NULL DEFAULT 'request';
ALTER TABLE deliveries DROP CONSTRAINT deliveries_booking_id_channel_key;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_booking_channel_purpose UNIQUE (booking_id, channel, purpose);
ALTER TABLE deliveries DROP CONSTRAINT deliveries_state_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_state_check
    CHECK (state IN ('pending', 'sent', 'dead', 'cancelled'));

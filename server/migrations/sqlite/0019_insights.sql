-- Visits, counted without cookies (Insights). A visitor is a number made from the day's random
-- salt (kept only in memory, replaced at the shop's midnight), the site, the address and the
-- browser: it is the same all day and unrelated the next. No address or user agent is stored.

-- One row per visitor and day: how they arrived, where they landed, their kind of device.
CREATE TABLE insight_visitors (
    day          TEXT    NOT NULL, -- the shop's date, YYYY-MM-DD
    visitor      INTEGER NOT NULL,
    referrer     TEXT    NOT NULL, -- the linking site's host; '' when none
    utm_source   TEXT    NOT NULL,
    utm_medium   TEXT    NOT NULL,
    utm_campaign TEXT    NOT NULL,
    landing      TEXT    NOT NULL, -- the first page's path
    device       TEXT    NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
    PRIMARY KEY (day, visitor)
);

-- Page views per visitor, page and day.
CREATE TABLE insight_pages (
    day     TEXT    NOT NULL,
    visitor INTEGER NOT NULL,
    path    TEXT    NOT NULL,
    views   INTEGER NOT NULL,
    PRIMARY KEY (day, visitor, path)
);

-- The booking funnel: 'opened', 'answered:N' (the assistant's Nth step), 'time', 'contact',
-- 'submitted', with the page and button that opened the dialog.
CREATE TABLE insight_steps (
    day     TEXT    NOT NULL,
    visitor INTEGER NOT NULL,
    step    TEXT    NOT NULL,
    page    TEXT    NOT NULL,
    button  TEXT    NOT NULL,
    times   INTEGER NOT NULL,
    PRIMARY KEY (day, visitor, step, page, button)
);

-- Requests of bots and tools, left out of the figures above.
CREATE TABLE insight_bots (
    day   TEXT    PRIMARY KEY,
    views INTEGER NOT NULL
);

-- The owner's switch for the weekly report (no row: on).
CREATE TABLE insight_settings (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    weekly_report BOOLEAN NOT NULL
);

-- One weekly report per week (the week's Monday), whichever instance makes it.
CREATE TABLE insight_reports (
    week      TEXT PRIMARY KEY,
    queued_at TEXT NOT NULL
);

-- A delivery may carry a message composed when it was queued (the weekly report): its key (for
-- the Message-ID), subject and body. A delivery has a booking, a test or such a message. SQLite
-- cannot change constraints: the table is rebuilt (nothing refers to it).
CREATE TABLE deliveries_new (
    id              INTEGER PRIMARY KEY,
    booking_id      INTEGER REFERENCES bookings (id) ON DELETE CASCADE,
    test_by         TEXT,
    message_key     TEXT,
    subject         TEXT,
    body            TEXT,
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
    UNIQUE (message_key, channel),
    CHECK ((booking_id IS NOT NULL) + (test_by IS NOT NULL) + (message_key IS NOT NULL) = 1),
    CHECK ((message_key IS NULL) = (subject IS NULL) AND (message_key IS NULL) = (body IS NULL))
);
INSERT INTO deliveries_new (id, booking_id, test_by, channel, purpose, state, attempts, next_attempt_at,
                            last_error, last_error_at, sent_at, created_at)
    SELECT id, booking_id, test_by, channel, purpose, state, attempts, next_attempt_at, last_error,
           last_error_at, sent_at, created_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
CREATE INDEX deliveries_by_channel ON deliveries (channel, id DESC);

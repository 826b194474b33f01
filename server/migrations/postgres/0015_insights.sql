-- Visits, counted without cookies (Insights). A visitor is a number made from the day's random
-- salt (kept only in memory, replaced at the shop's midnight), the site, the address and the
-- browser: it is the same all day and unrelated the next. No address or user agent is stored.

-- One row per visitor and day: how they arrived, where they landed, their kind of device.
CREATE TABLE insight_visitors (
    day          TEXT    NOT NULL, -- the shop's date, YYYY-MM-DD
    visitor      BIGINT  NOT NULL,
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
    visitor BIGINT  NOT NULL,
    path    TEXT    NOT NULL,
    views   BIGINT  NOT NULL,
    PRIMARY KEY (day, visitor, path)
);

-- The booking funnel: 'opened', 'answered:N' (the assistant's Nth step), 'time', 'contact',
-- 'submitted', with the page and button that opened the dialog.
CREATE TABLE insight_steps (
    day     TEXT    NOT NULL,
    visitor BIGINT  NOT NULL,
    step    TEXT    NOT NULL,
    page    TEXT    NOT NULL,
    button  TEXT    NOT NULL,
    times   BIGINT  NOT NULL,
    PRIMARY KEY (day, visitor, step, page, button)
);

-- Requests of bots and tools, left out of the figures above.
CREATE TABLE insight_bots (
    day   TEXT    PRIMARY KEY,
    views BIGINT  NOT NULL
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
-- the Message-ID), subject and body. A delivery has a booking, a test or such a message.
ALTER TABLE deliveries ADD COLUMN message_key TEXT;
ALTER TABLE deliveries ADD COLUMN subject TEXT;
ALTER TABLE deliveries ADD COLUMN body TEXT;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_message_key_channel UNIQUE (message_key, channel);
ALTER TABLE deliveries DROP CONSTRAINT deliveries_booking_or_test;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_booking_test_or_message
    CHECK ((booking_id IS NOT NULL)::int + (test_by IS NOT NULL)::int + (message_key IS NOT NULL)::int = 1);
ALTER TABLE deliveries ADD CONSTRAINT deliveries_message_whole
    CHECK ((message_key IS NULL) = (subject IS NULL) AND (message_key IS NULL) = (body IS NULL));

-- The booking desk: where the trailer is, whether it is an emergency, where the request came
-- from, and a confirmation e-mail to the visitor as a third delivery channel.

-- The visitor's answer to "where is the trailer?" and the service-area city it matched
-- ('Denver' for the shop's own city); NULL city when it is outside the area.
ALTER TABLE bookings ADD COLUMN location TEXT;
ALTER TABLE bookings ADD COLUMN location_city TEXT;
-- 1 when the visitor answered that it is an emergency.
ALTER TABLE bookings ADD COLUMN urgent INTEGER NOT NULL DEFAULT 0;
-- The page and button that opened the dialog, the referrer's host and the landing page's UTM tags.
ALTER TABLE bookings ADD COLUMN source_page TEXT;
ALTER TABLE bookings ADD COLUMN source_button TEXT;
ALTER TABLE bookings ADD COLUMN referrer_host TEXT;
ALTER TABLE bookings ADD COLUMN utm_source TEXT;
ALTER TABLE bookings ADD COLUMN utm_campaign TEXT;

-- SQLite cannot change a CHECK constraint: the deliveries table is rebuilt with the new channel.
CREATE TABLE deliveries_new (
    id              INTEGER PRIMARY KEY,
    booking_id      INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    -- email: the shop's notification; webhook: the form service; confirmation: the visitor's copy.
    channel         TEXT    NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation')),
    state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    last_error      TEXT,
    sent_at         TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (booking_id, channel)
);
INSERT INTO deliveries_new SELECT id, booking_id, channel, state, attempts, next_attempt_at, last_error, sent_at, created_at
    FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);

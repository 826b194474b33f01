-- The addresses the owner has new bookings e-mailed to; none: the server's --notify-email.
CREATE TABLE notification_recipients (
    email    TEXT PRIMARY KEY,
    added_at TEXT NOT NULL,
    added_by TEXT NOT NULL
);

-- A test notification from the admin goes through the outbox like a booking's: a delivery has
-- either a booking or the admin who asked for the test. A failure keeps its time, so the admin
-- can say when a channel last failed.
ALTER TABLE deliveries
    ALTER COLUMN booking_id DROP NOT NULL,
    ADD COLUMN test_by       TEXT,
    ADD COLUMN last_error_at TEXT,
    ADD CONSTRAINT deliveries_booking_or_test CHECK ((booking_id IS NULL) <> (test_by IS NULL));
CREATE INDEX deliveries_by_channel ON deliveries (channel, id DESC);

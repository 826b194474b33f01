-- no-transaction
-- 'I've got it': a member takes a request, so the rest of the team knows it is handled (and,
-- next, its escalation stops). The request keeps who took it and when; its history gets the
-- kind 'taken', for which booking_events is rebuilt (SQLite cannot change a CHECK in place; see
-- 0021 for the procedure).
PRAGMA foreign_keys = OFF;
BEGIN;
ALTER TABLE bookings ADD COLUMN taken_at TEXT;
ALTER TABLE bookings ADD COLUMN taken_by TEXT;
CREATE TABLE booking_events_rebuilt (
    id         INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    at         TEXT    NOT NULL,
    kind       TEXT    NOT NULL
               CHECK (kind IN ('status', 'call', 'text', 'email', 'time', 'time-dropped', 'review', 'seen', 'taken')),
    detail     TEXT    NOT NULL DEFAULT '',
    by_email   TEXT    NOT NULL
);
INSERT INTO booking_events_rebuilt (id, booking_id, at, kind, detail, by_email)
SELECT id, booking_id, at, kind, detail, by_email FROM booking_events;
DROP TABLE booking_events;
ALTER TABLE booking_events_rebuilt RENAME TO booking_events;
CREATE INDEX booking_events_booking ON booking_events (booking_id, id);
COMMIT;
PRAGMA foreign_keys = ON;

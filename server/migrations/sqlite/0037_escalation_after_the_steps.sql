-- no-transaction
-- An emergency nobody answers is not forgotten after the third step: a last alert before the
-- promise runs out (this many minutes before it, 5 by default), then a reminder to everyone
-- every 15 minutes past it, until someone answers.
-- * escalation_steps: the last alert's minutes before the promise.
-- * escalations: the next beat may be any number from 1 (rebuilt: SQLite cannot change a CHECK
--   in place).
-- * The history's kinds 'last-alert' and 'past-promise' (booking_events rebuilt likewise).
PRAGMA foreign_keys = OFF;
BEGIN;
ALTER TABLE escalation_steps ADD COLUMN last_alert_before INTEGER NOT NULL DEFAULT 5
    CHECK (last_alert_before BETWEEN 1 AND 29);
CREATE TABLE escalations_rebuilt (
    booking_id INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    next_step  INTEGER NOT NULL CHECK (next_step >= 1),
    due_at     TEXT,
    stopped_at TEXT,
    created_at TEXT    NOT NULL
);
INSERT INTO escalations_rebuilt (booking_id, next_step, due_at, stopped_at, created_at)
SELECT booking_id, next_step, due_at, stopped_at, created_at FROM escalations;
DROP TABLE escalations;
ALTER TABLE escalations_rebuilt RENAME TO escalations;
CREATE INDEX escalations_due ON escalations (due_at) WHERE due_at IS NOT NULL;
CREATE TABLE booking_events_rebuilt (
    id         INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    at         TEXT    NOT NULL,
    kind       TEXT    NOT NULL
               CHECK (kind IN ('status', 'call', 'text', 'email', 'time', 'time-dropped', 'review', 'seen', 'taken',
                               'escalated', 'last-alert', 'past-promise')),
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

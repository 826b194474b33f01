-- no-transaction
-- Who is on call, and escalation until someone answers an emergency.
-- * A member's mobile number (E.164), for the escalation's texts.
-- * The weekly rota, in shop time: who is first and who is second on call, per day of the week
--   (0 is Monday) and hour. No rows at all means every owner, always; once there are rows, an
--   hour without one is a gap.
-- * 'I'm on call until ...': a member takes the first place from now until then.
-- * The minutes after an emergency of each step (first on call, second, everyone).
-- * Each emergency's escalation: its next step and when it is due (NULL once none is left, or
--   someone answered).
-- * The history's kind 'escalated' (booking_events is rebuilt as in 0029: SQLite cannot change a
--   CHECK in place).
PRAGMA foreign_keys = OFF;
BEGIN;
ALTER TABLE users ADD COLUMN phone TEXT;
CREATE TABLE rota_hours (
    weekday   INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    hour      INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    first_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    second_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    PRIMARY KEY (weekday, hour),
    CHECK (second_id IS NULL OR second_id <> first_id)
);
CREATE TABLE on_call_cover (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    until_at   TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE TABLE escalation_steps (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    first_after    INTEGER NOT NULL,
    second_after   INTEGER NOT NULL,
    everyone_after INTEGER NOT NULL,
    CHECK (0 < first_after AND first_after < second_after AND second_after < everyone_after)
);
INSERT INTO escalation_steps (id, first_after, second_after, everyone_after) VALUES (1, 5, 10, 15);
CREATE TABLE escalations (
    booking_id INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    next_step  INTEGER NOT NULL CHECK (next_step BETWEEN 1 AND 4),
    due_at     TEXT,
    stopped_at TEXT,
    created_at TEXT    NOT NULL
);
CREATE INDEX escalations_due ON escalations (due_at) WHERE due_at IS NOT NULL;
CREATE TABLE booking_events_rebuilt (
    id         INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    at         TEXT    NOT NULL,
    kind       TEXT    NOT NULL
               CHECK (kind IN ('status', 'call', 'text', 'email', 'time', 'time-dropped', 'review', 'seen', 'taken',
                               'escalated')),
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

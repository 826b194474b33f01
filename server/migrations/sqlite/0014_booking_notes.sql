-- The admin's notes on a booking ("called, coming Tuesday"), with who wrote each and when.
CREATE TABLE booking_notes (
    id         INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    body       TEXT    NOT NULL,
    written_by TEXT    NOT NULL,
    written_at TEXT    NOT NULL
);
CREATE INDEX booking_notes_booking ON booking_notes (booking_id, id);

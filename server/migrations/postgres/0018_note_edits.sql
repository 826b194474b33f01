-- A note's author may change it or delete it; a changed note says when it was changed.
ALTER TABLE booking_notes ADD COLUMN edited_at TEXT;

-- A number that texted the shop first agreed to texts about the request the team made of its
-- texts by texting: `how` takes 'texted'. SQLite changes a CHECK by rebuilding the table (no
-- other table refers to it).
CREATE TABLE text_consents_new (
    id         INTEGER PRIMARY KEY,
    phone      TEXT    NOT NULL,
    booking_id INTEGER REFERENCES bookings (id) ON DELETE SET NULL,
    given      INTEGER NOT NULL,
    how        TEXT    NOT NULL CHECK (how IN ('form', 'manage', 'keyword', 'reply', 'texted')),
    wording    TEXT    NOT NULL,
    client_ip  TEXT    NOT NULL DEFAULT '',
    at         TEXT    NOT NULL
);
INSERT INTO text_consents_new (id, phone, booking_id, given, how, wording, client_ip, at)
    SELECT id, phone, booking_id, given, how, wording, client_ip, at FROM text_consents;
DROP TABLE text_consents;
ALTER TABLE text_consents_new RENAME TO text_consents;
CREATE INDEX text_consents_phone ON text_consents (phone, id);
CREATE INDEX text_consents_booking ON text_consents (booking_id);

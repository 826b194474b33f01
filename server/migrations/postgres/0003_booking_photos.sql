-- Photos a visitor sends with a booking (see the SQLite migration 0007 for the columns).
CREATE TABLE booking_photos (
    name       TEXT   PRIMARY KEY,
    booking_id BIGINT REFERENCES bookings (id) ON DELETE CASCADE,
    width      BIGINT NOT NULL,
    height     BIGINT NOT NULL,
    client_ip  TEXT   NOT NULL,
    created_at TEXT   NOT NULL
);
CREATE INDEX booking_photos_booking ON booking_photos (booking_id);
CREATE INDEX booking_photos_client_created ON booking_photos (client_ip, created_at);
CREATE INDEX booking_photos_unattached ON booking_photos (created_at) WHERE booking_id IS NULL;

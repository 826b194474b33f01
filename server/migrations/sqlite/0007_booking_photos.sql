-- Photos a visitor sends with a booking. Uploaded before the booking is sent, so booking_id is
-- NULL until the booking names the photo; photos no booking named within a day are deleted.
CREATE TABLE booking_photos (
    -- The stored file's name (in booking-photos/), also the token the browser sends.
    name       TEXT    PRIMARY KEY,
    booking_id INTEGER REFERENCES bookings (id) ON DELETE CASCADE,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    -- For the upload rate limit.
    client_ip  TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE INDEX booking_photos_booking ON booking_photos (booking_id);
CREATE INDEX booking_photos_client_created ON booking_photos (client_ip, created_at);
CREATE INDEX booking_photos_unattached ON booking_photos (created_at) WHERE booking_id IS NULL;

-- The booking rate limit counts an address's bookings of the last hour in the bookings table
-- itself, so every instance sees the same count.
CREATE INDEX bookings_client_created ON bookings (client_ip, created_at);

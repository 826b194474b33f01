-- The requests whose "received" text is still to be queued: a texted request's write leaves one
-- row here beside its agreement, and the outbox worker turns them into deliveries in batches (on
-- SQLite this spares each booking's commit two pages; both databases keep one way).
CREATE TABLE received_texts_due (
    booking_id BIGINT PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE
);

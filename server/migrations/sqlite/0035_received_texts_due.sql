-- The requests whose "received" text is still to be queued. A texted request's write leaves one
-- row here beside its agreement (one page of the write-ahead log at its commit, where the text's
-- delivery and its two indexes took three), and the outbox worker turns them into deliveries in
-- batches, one transaction a batch.
CREATE TABLE received_texts_due (
    booking_id INTEGER PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE
);

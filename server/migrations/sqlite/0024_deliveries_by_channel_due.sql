-- The outbox finds the next due delivery of one channel with a seek: the index leads with the
-- state and the channel, then the due time. With (state, next_attempt_at) alone, looking for an
-- e-mail walked every pending push before it (and every pending e-mail before a push), so a
-- backlog on one channel made each claim on another as slow as the backlog was long.
CREATE INDEX deliveries_channel_due ON deliveries (state, channel, next_attempt_at);

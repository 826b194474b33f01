-- (state, next_attempt_at) led every lookup it served with the state, as deliveries_channel_due
-- (state, channel, next_attempt_at) does, which serves them all: the worker's claim and next due
-- time name the channel, and the counts by state read the same leading column. Each index is
-- written with every delivery a booking queues, inside the booking's own transaction.
DROP INDEX deliveries_due;

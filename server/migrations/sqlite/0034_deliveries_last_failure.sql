-- (channel, id DESC) served only the Notifications page: a channel's last success and last
-- failure. deliveries_channel_due (state, channel, next_attempt_at) leads the first as well, and
-- the last failure is found from the rows that ever failed, newest first, in an index that a new
-- delivery does not touch. Each index on deliveries is written with every delivery a booking
-- queues, inside the booking's own transaction.
DROP INDEX deliveries_by_channel;
CREATE INDEX deliveries_last_failure ON deliveries (last_error_at) WHERE last_error_at IS NOT NULL;

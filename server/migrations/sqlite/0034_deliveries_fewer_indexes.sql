-- Each index on deliveries is written with every delivery a booking queues, inside the booking's
-- own transaction: on SQLite, each is one more page in the write-ahead log at every commit.
--
-- One index now holds a delivery once per booking, channel and purpose (and device, for a push),
-- and finds a booking's deliveries: it replaces deliveries_once, deliveries_push_once and
-- deliveries_by_booking. A push always has its device and nothing else has one, so the device
-- counts as 0 elsewhere. Inserts say ON CONFLICT DO NOTHING, with no target to name.
DROP INDEX deliveries_once;
DROP INDEX deliveries_push_once;
DROP INDEX deliveries_by_booking;
CREATE UNIQUE INDEX deliveries_once ON deliveries (booking_id, channel, purpose, COALESCE(device_id, 0));

-- (channel, id DESC) served only the Notifications page: a channel's last success and last
-- failure. deliveries_channel_due (state, channel, next_attempt_at) leads the first as well, and
-- the last failure is found among the rows that ever failed, newest first, in an index that a new
-- delivery does not touch.
DROP INDEX deliveries_by_channel;
CREATE INDEX deliveries_last_failure ON deliveries (last_error_at) WHERE last_error_at IS NOT NULL;

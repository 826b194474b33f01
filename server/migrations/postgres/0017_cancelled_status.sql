-- A request the customer cancels gets the status 'cancelled' (it leaves the open lists and the
-- counts); the ones cancelled before are given it.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
    CHECK (status IN ('new', 'contacted', 'scheduled', 'done', 'cancelled', 'spam'));
UPDATE bookings SET status = 'cancelled'
WHERE cancelled_at IS NOT NULL AND status IN ('new', 'contacted', 'scheduled');
-- The week's response times read a week of rows by bookings_created; every booking paid a write
-- to this index.
DROP INDEX bookings_first_response;

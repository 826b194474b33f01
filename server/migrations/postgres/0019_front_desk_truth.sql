-- What the front desk needs to tell the truth: a customer's phone by its last ten digits, the
-- street address of a mobile job, and the inbox's order with emergencies before urgent
-- requests. (SQLite's 0023.)

-- The ten digits of the number without its country code or extension, as `Phone::national`
-- makes them; filled in here for the requests stored before.
ALTER TABLE bookings ADD COLUMN phone_national TEXT;
UPDATE bookings SET phone_national = right(regexp_replace(regexp_replace(lower(phone), '[ex#].*$', ''), '[^0-9]', '', 'g'), 10);
DROP INDEX bookings_phone_digits;
CREATE INDEX bookings_phone_national ON bookings (phone_national);

-- Where a mobile job is: the street address or cross streets the visitor gave after the city.
ALTER TABLE bookings ADD COLUMN street_address TEXT;

-- Open emergencies first, then open urgent requests, then the rest; newest first in each.
DROP INDEX bookings_inbox;
CREATE INDEX bookings_inbox ON bookings (
    (CAST(CASE WHEN status IN ('new', 'contacted') THEN (CASE WHEN emergency THEN 2 WHEN urgent THEN 1 ELSE 0 END) ELSE 0 END AS BIGINT)),
    created_at, id);

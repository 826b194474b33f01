-- The booking desk: where the trailer is, whether it is an emergency, where the request came
-- from, and a confirmation e-mail to the visitor as a third delivery channel.

ALTER TABLE bookings
    ADD COLUMN location      TEXT,
    ADD COLUMN location_city TEXT,
    ADD COLUMN urgent        BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN source_page   TEXT,
    ADD COLUMN source_button TEXT,
    ADD COLUMN referrer_host TEXT,
    ADD COLUMN utm_source    TEXT,
    ADD COLUMN utm_campaign  TEXT;

ALTER TABLE deliveries DROP CONSTRAINT deliveries_channel_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_channel_check
    CHECK (channel IN ('email', 'webhook', 'confirmation'));

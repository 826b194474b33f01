-- Photos the team takes of a job from a request's page: labelled (before, after, damage, data
-- plate; `booking::views::PhotoLabel`), by whom (the member's e-mail; none for the photos the
-- customer sent), and whether the customer's own page shows them.
ALTER TABLE booking_photos ADD COLUMN label TEXT;
ALTER TABLE booking_photos ADD COLUMN taken_by TEXT;
ALTER TABLE booking_photos ADD COLUMN shared BOOLEAN NOT NULL DEFAULT FALSE;

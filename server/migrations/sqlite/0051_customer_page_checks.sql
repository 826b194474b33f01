-- A link leads to the customer's own page for as long as they are a customer. One older than
-- 14 days (since it was made or last checked) asks for the last four digits of their phone:
-- `checked_at` is when it last passed, `failed_checks` counts the wrong answers since (the fifth
-- ends the link).
ALTER TABLE booking_links ADD COLUMN checked_at TEXT;
ALTER TABLE booking_links ADD COLUMN failed_checks INTEGER NOT NULL DEFAULT 0;
-- How the link reached the customer: 'email' or 'text', or none for the one the booking form
-- gives the browser. The page lists the customer's requests with the same e-mail address (or the
-- same number) as the link's own, and only that one for a link given to the browser: whoever
-- typed someone else's number into the form sees nothing of theirs.
ALTER TABLE booking_links ADD COLUMN sent_by TEXT CHECK (sent_by IN ('email', 'text'));

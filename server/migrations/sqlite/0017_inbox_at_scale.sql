-- The inbox at any size: its order as an index (open urgent requests first, then newest), a
-- customer's other requests by e-mail or phone digits, the source filter, and a search index.

CREATE INDEX bookings_inbox ON bookings ((urgent AND status IN ('new', 'contacted')), created_at, id);
CREATE INDEX bookings_email_lower ON bookings (LOWER(email));
CREATE INDEX bookings_phone_digits
    ON bookings (REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
CREATE INDEX bookings_source_page ON bookings (source_page) WHERE source_page IS NOT NULL;

-- What a search of the inbox looks in, lowercased: name, e-mail, the phone's digits, the details,
-- the trailer's location and the answers. Trigrams make LIKE '%text%' an index lookup. Written
-- with the booking, in its transaction (nothing of it changes later).
CREATE VIRTUAL TABLE booking_search USING fts5 (booking_id UNINDEXED, text, tokenize = 'trigram');
INSERT INTO booking_search (booking_id, text)
SELECT id, LOWER(name || ' ' || email || ' '
    || REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
    || ' ' || details || ' ' || COALESCE(location, '') || ' '
    || COALESCE((SELECT GROUP_CONCAT(answer, ' ') FROM booking_answers a WHERE a.booking_id = bookings.id), ''))
FROM bookings;

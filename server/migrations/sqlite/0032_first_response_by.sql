-- Who gave a request its first response (the member's address, as booking_events.by_email), so the
-- response figures can be read per person. Earlier first responses stay without one.
ALTER TABLE bookings ADD COLUMN first_response_by TEXT;

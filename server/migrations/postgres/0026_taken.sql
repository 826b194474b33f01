-- 'I've got it': a member takes a request, so the rest of the team knows it is handled (and,
-- next, its escalation stops). The request keeps who took it and when; its history gets the
-- kind 'taken'.
ALTER TABLE bookings
    ADD COLUMN taken_at timestamptz,
    ADD COLUMN taken_by TEXT;
ALTER TABLE booking_events
    DROP CONSTRAINT booking_events_kind_check,
    ADD CONSTRAINT booking_events_kind_check
        CHECK (kind IN ('status', 'call', 'text', 'email', 'time', 'time-dropped', 'review', 'seen', 'taken'));

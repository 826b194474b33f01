-- An emergency nobody answers is not forgotten after the third step: a last alert before the
-- promise runs out (this many minutes before it, 5 by default), then a reminder to everyone
-- every 15 minutes past it, until someone answers.
-- * escalation_steps: the last alert's minutes before the promise.
-- * escalations: the next beat may be any number from 1.
-- * The history's kinds 'last-alert' and 'past-promise'.
ALTER TABLE escalation_steps ADD COLUMN last_alert_before BIGINT NOT NULL DEFAULT 5
    CHECK (last_alert_before BETWEEN 1 AND 29);
ALTER TABLE escalations
    DROP CONSTRAINT escalations_next_step_check,
    ADD CONSTRAINT escalations_next_step_check CHECK (next_step >= 1);
ALTER TABLE booking_events
    DROP CONSTRAINT booking_events_kind_check,
    ADD CONSTRAINT booking_events_kind_check
        CHECK (kind IN ('status', 'call', 'text', 'email', 'time', 'time-dropped', 'review', 'seen', 'taken',
                        'escalated', 'last-alert', 'past-promise'));

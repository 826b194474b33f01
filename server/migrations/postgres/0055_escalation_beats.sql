-- An escalation's beats are fired by a job of the queue (`escalation-beats`, one per escalation
-- under its key) rather than by the delivery worker's poll of `escalations`: the escalations going
-- on get theirs, due with their next beat.
INSERT INTO jobs (kind, payload, dedupe_key, run_at, created_at)
SELECT 'escalation-beats', '{"booking_id":' || booking_id || '}', 'escalation-' || booking_id, due_at, created_at
FROM escalations
WHERE due_at IS NOT NULL
ON CONFLICT (dedupe_key) DO NOTHING;

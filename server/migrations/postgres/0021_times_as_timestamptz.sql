-- Every instant is a timestamptz, as the server's `At` type binds it (it was ISO 8601 text).
-- Each table is rewritten once, its indexes rebuilt with it. The values were always written
-- by the server in one fixed form (2026-11-28T03:50:23.123Z), which PostgreSQL reads as it is.

ALTER TABLE appointment_seats
    ALTER COLUMN cell_start TYPE timestamptz USING cell_start::timestamptz;
ALTER TABLE appointments
    ALTER COLUMN starts_at TYPE timestamptz USING starts_at::timestamptz,
    ALTER COLUMN ends_at TYPE timestamptz USING ends_at::timestamptz,
    ALTER COLUMN updated_at TYPE timestamptz USING updated_at::timestamptz;
ALTER TABLE audit_log
    ALTER COLUMN at TYPE timestamptz USING at::timestamptz;
ALTER TABLE backup_runs
    ALTER COLUMN started_at TYPE timestamptz USING started_at::timestamptz,
    ALTER COLUMN finished_at TYPE timestamptz USING finished_at::timestamptz;
ALTER TABLE blog_posts
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz,
    ALTER COLUMN updated_at TYPE timestamptz USING updated_at::timestamptz,
    ALTER COLUMN publish_at TYPE timestamptz USING publish_at::timestamptz,
    ALTER COLUMN deleted_at TYPE timestamptz USING deleted_at::timestamptz;
ALTER TABLE booking_events
    ALTER COLUMN at TYPE timestamptz USING at::timestamptz;
ALTER TABLE booking_links
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz,
    ALTER COLUMN opened_at TYPE timestamptz USING opened_at::timestamptz;
ALTER TABLE booking_notes
    ALTER COLUMN written_at TYPE timestamptz USING written_at::timestamptz,
    ALTER COLUMN edited_at TYPE timestamptz USING edited_at::timestamptz;
ALTER TABLE booking_photos
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz;
ALTER TABLE bookings
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz,
    ALTER COLUMN updated_at TYPE timestamptz USING updated_at::timestamptz,
    ALTER COLUMN cancelled_at TYPE timestamptz USING cancelled_at::timestamptz,
    ALTER COLUMN first_response_at TYPE timestamptz USING first_response_at::timestamptz,
    ALTER COLUMN customer_change_at TYPE timestamptz USING customer_change_at::timestamptz;
ALTER TABLE confirmation_limits
    ALTER COLUMN sent_at TYPE timestamptz USING sent_at::timestamptz;
ALTER TABLE deliveries
    ALTER COLUMN next_attempt_at TYPE timestamptz USING next_attempt_at::timestamptz,
    ALTER COLUMN sent_at TYPE timestamptz USING sent_at::timestamptz,
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz,
    ALTER COLUMN last_error_at TYPE timestamptz USING last_error_at::timestamptz;
ALTER TABLE images
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz;
ALTER TABLE insight_reports
    ALTER COLUMN queued_at TYPE timestamptz USING queued_at::timestamptz;
ALTER TABLE login_failures
    ALTER COLUMN last_failure_at TYPE timestamptz USING last_failure_at::timestamptz;
ALTER TABLE notification_recipients
    ALTER COLUMN added_at TYPE timestamptz USING added_at::timestamptz;
ALTER TABLE password_resets
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz,
    ALTER COLUMN expires_at TYPE timestamptz USING expires_at::timestamptz,
    ALTER COLUMN used_at TYPE timestamptz USING used_at::timestamptz;
ALTER TABLE post_previews
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz;
ALTER TABLE post_revisions
    ALTER COLUMN saved_at TYPE timestamptz USING saved_at::timestamptz;
ALTER TABLE push_devices
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz,
    ALTER COLUMN last_push_at TYPE timestamptz USING last_push_at::timestamptz;
ALTER TABLE recovery_codes
    ALTER COLUMN used_at TYPE timestamptz USING used_at::timestamptz;
ALTER TABLE reset_requests
    ALTER COLUMN at TYPE timestamptz USING at::timestamptz;
ALTER TABLE server_keys
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz;
ALTER TABLE sessions
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz,
    ALTER COLUMN last_seen_at TYPE timestamptz USING last_seen_at::timestamptz;
ALTER TABLE sign_in_challenges
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz;
ALTER TABLE site_versions
    ALTER COLUMN saved_at TYPE timestamptz USING saved_at::timestamptz;
ALTER TABLE trusted_devices
    ALTER COLUMN expires_at TYPE timestamptz USING expires_at::timestamptz;
ALTER TABLE users
    ALTER COLUMN created_at TYPE timestamptz USING created_at::timestamptz;

-- The front desk on the owner's phone: a request's first response (the promised response time,
-- measured), emergencies told apart from urgent requests, what the owner did on each request,
-- the devices that get push notifications and the server's VAPID keys, sessions kept for 30
-- days, and password resets by e-mail.

-- Set by the emergency answers of the assistant (chat.emergency_answers). Requests stored before
-- are marked from the shipped script's two emergency answers.
ALTER TABLE bookings ADD COLUMN emergency INTEGER NOT NULL DEFAULT 0;
UPDATE bookings SET emergency = 1
WHERE urgent AND EXISTS (SELECT 1 FROM booking_answers a WHERE a.booking_id = bookings.id
                         AND a.answer IN ('Emergency service', 'Emergency (need immediate help)'));

-- The first of: a status other than new, a Call, Text or E-mail tap on its page, a note, a
-- confirmed time. Requests answered before it was kept have none (the figures leave them out).
ALTER TABLE bookings ADD COLUMN first_response_at TEXT;
-- When the customer last changed or cancelled the request with their link, until the owner acts
-- on it (or marks it seen).
ALTER TABLE bookings ADD COLUMN customer_change_at TEXT;

CREATE INDEX bookings_unanswered ON bookings (created_at) WHERE status = 'new' AND first_response_at IS NULL;
CREATE INDEX bookings_customer_changes ON bookings (customer_change_at) WHERE customer_change_at IS NOT NULL;
CREATE INDEX bookings_open_emergencies ON bookings (created_at) WHERE emergency AND status IN ('new', 'contacted');
CREATE INDEX bookings_first_response ON bookings (created_at, first_response_at);

-- What the owner did on a request, for its history: a status set, a Call, Text or E-mail tap,
-- a time confirmed or dropped, a review asked for.
CREATE TABLE booking_events (
    id         INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    at         TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('status', 'call', 'text', 'email', 'time', 'time-dropped', 'review', 'seen')),
    detail     TEXT    NOT NULL DEFAULT '',
    by_email   TEXT    NOT NULL
);
CREATE INDEX booking_events_booking ON booking_events (booking_id, id);

-- A browser that gets push notifications (Web Push): its push service endpoint and keys, what it
-- wants to hear of, and its quiet hours on the shop's clock ("22:00" to "06:00").
CREATE TABLE push_devices (
    id               INTEGER PRIMARY KEY,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint         TEXT    NOT NULL UNIQUE,
    p256dh           TEXT    NOT NULL,
    auth             TEXT    NOT NULL,
    name             TEXT    NOT NULL,
    notify           TEXT    NOT NULL DEFAULT 'all' CHECK (notify IN ('all', 'urgent')),
    customer_changes INTEGER NOT NULL DEFAULT 1,
    quiet_from       TEXT,
    quiet_to         TEXT,
    created_at       TEXT    NOT NULL,
    last_push_at     TEXT,
    CHECK ((quiet_from IS NULL) = (quiet_to IS NULL))
);

-- Secrets the server makes once and every instance shares (the VAPID key pair).
CREATE TABLE server_keys (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- A session has a public id (the account page ends one by it); 'Keep me signed in' sessions
-- last 30 days, idle or not.
ALTER TABLE sessions ADD COLUMN id TEXT;
UPDATE sessions SET id = lower(hex(randomblob(8)));
ALTER TABLE sessions ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX sessions_id ON sessions (id);

-- 'Forgot password?': a one-time link, known only by the SHA-256 of its token.
CREATE TABLE password_resets (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT    NOT NULL,
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
-- Reset requests per address and per network ('account:{email}', 'address:{ip}'), known
-- account or not, for throttling.
CREATE TABLE reset_requests (
    key TEXT NOT NULL,
    at  TEXT NOT NULL
);
CREATE INDEX reset_requests_key ON reset_requests (key, at);

-- Pushes are deliveries too, one per device: the channel 'push' with the device. One delivery
-- per booking, channel and purpose, except pushes: one per booking, device and purpose. SQLite
-- cannot change constraints: the table is rebuilt (nothing refers to it).
CREATE TABLE deliveries_new (
    id              INTEGER PRIMARY KEY,
    booking_id      INTEGER REFERENCES bookings (id) ON DELETE CASCADE,
    test_by         TEXT,
    message_key     TEXT,
    subject         TEXT,
    body            TEXT,
    channel         TEXT    NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation', 'push')),
    device_id       INTEGER REFERENCES push_devices (id) ON DELETE CASCADE,
    purpose         TEXT    NOT NULL DEFAULT 'request',
    state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'dead', 'cancelled')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    last_error      TEXT,
    last_error_at   TEXT,
    sent_at         TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (message_key, channel),
    CHECK ((booking_id IS NOT NULL) + (test_by IS NOT NULL) + (message_key IS NOT NULL) = 1),
    CHECK ((message_key IS NULL) = (subject IS NULL) AND (message_key IS NULL) = (body IS NULL)),
    CHECK ((channel = 'push') = (device_id IS NOT NULL))
);
INSERT INTO deliveries_new (id, booking_id, test_by, message_key, subject, body, channel, purpose, state,
                            attempts, next_attempt_at, last_error, last_error_at, sent_at, created_at)
    SELECT id, booking_id, test_by, message_key, subject, body, channel, purpose, state, attempts,
           next_attempt_at, last_error, last_error_at, sent_at, created_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE UNIQUE INDEX deliveries_once ON deliveries (booking_id, channel, purpose) WHERE device_id IS NULL;
CREATE UNIQUE INDEX deliveries_push_once ON deliveries (booking_id, device_id, purpose) WHERE device_id IS NOT NULL;
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
CREATE INDEX deliveries_by_channel ON deliveries (channel, id DESC);
CREATE INDEX deliveries_by_booking ON deliveries (booking_id);
CREATE INDEX deliveries_failed ON deliveries (last_error_at) WHERE state = 'dead';

-- Each refund of a payment, kept beside it: how much, why, who gave it back and when; a refund
-- made in Stripe's dashboard is recorded from its event (no one, and no reason, of ours). The
-- payment's `refunded` stays the sum, which the figures read.
CREATE TABLE refunds (
    id          INTEGER PRIMARY KEY,
    payment_id  INTEGER NOT NULL REFERENCES payments (id),
    amount      INTEGER NOT NULL CHECK (amount > 0),
    reason      TEXT    NOT NULL DEFAULT '',
    recorded_by TEXT,
    refunded_at TEXT    NOT NULL
);
CREATE INDEX refunds_payment ON refunds (payment_id, id);

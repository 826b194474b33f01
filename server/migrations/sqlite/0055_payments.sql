-- Payments the shop receives: a quote's deposit, paid online on a Stripe Checkout page or
-- recorded by the team (cash, check, a card on the shop's own machine). An amount is whole cents;
-- what was refunded of it is kept beside it, never deleted. An online payment keeps its Checkout
-- Session (one payment per session, however often Stripe tells us of it) and its PaymentIntent
-- (which a refund names). The quote is the one whose deposit it pays.
CREATE TABLE payments (
    id               INTEGER PRIMARY KEY,
    booking_id       INTEGER NOT NULL REFERENCES bookings (id),
    quote_id         INTEGER REFERENCES quotes (id),
    method           TEXT    NOT NULL CHECK (method IN ('online', 'cash', 'check', 'card')),
    amount           INTEGER NOT NULL CHECK (amount > 0),
    refunded         INTEGER NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= amount),
    checkout_session TEXT    UNIQUE,
    payment_intent   TEXT,
    note             TEXT    NOT NULL DEFAULT '',
    recorded_by      TEXT,
    paid_at          TEXT    NOT NULL
);
CREATE INDEX payments_quote ON payments (quote_id);
CREATE INDEX payments_paid ON payments (paid_at);
CREATE INDEX payments_intent ON payments (payment_intent);

-- Every event Stripe posted to us and we acted on, by its id: one that comes again (Stripe
-- retries, and may send an event twice) is recorded once, in the transaction of what it made.
CREATE TABLE stripe_events (
    id          TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at TEXT NOT NULL
);

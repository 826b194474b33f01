-- Invoices: what the customer owes for the work done on a request, made from the approved quote's
-- lines (and what changed on the job) or written afresh. Like a quote, an invoice keeps the rates,
-- shop supplies and taxes it was made with (`tax_rates` as JSON). A draft has no number: the
-- number is given when the invoice is issued, in order and without gaps for the shop's year
-- (INV-2026-0001), and an issued invoice is never deleted, only voided with the reason. It is due
-- at the end of the day `due_days` after it was issued (`due_at`), on the shop's clock. Paid in
-- full is not a state: the payments (below) say it.
CREATE TABLE invoices (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    number          TEXT    UNIQUE,
    booking_id      INTEGER NOT NULL REFERENCES bookings (id),
    customer_id     INTEGER NOT NULL REFERENCES customers (id),
    trailer_id      INTEGER REFERENCES trailers (id),
    -- The approved quote it was made from, whose deposit it counts.
    quote_id        INTEGER REFERENCES quotes (id),
    state           TEXT    NOT NULL CHECK (state IN ('draft', 'issued', 'void')),
    rate            TEXT    NOT NULL CHECK (rate IN ('standard', 'insurance')),
    standard_rate   INTEGER NOT NULL,
    insurance_rate  INTEGER NOT NULL,
    supplies_rate   INTEGER NOT NULL,
    supplies_cap    INTEGER,
    tax_rates       TEXT    NOT NULL,
    message         TEXT    NOT NULL,
    due_days        INTEGER NOT NULL,
    -- What it came to when it was issued (an issued invoice is never changed).
    total           INTEGER,
    issued_at       TEXT,
    due_at          TEXT,
    emailed_at      TEXT,
    email_error     TEXT,
    texted_at       TEXT,
    reminded_at     TEXT,
    voided_at       TEXT,
    void_reason     TEXT,
    created_by      INTEGER REFERENCES users (id),
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);
CREATE INDEX invoices_booking ON invoices (booking_id, id);
CREATE INDEX invoices_customer ON invoices (customer_id, id);
CREATE INDEX invoices_due ON invoices (state, due_at);

-- The last invoice number given in each of the shop's years.
CREATE TABLE invoice_numbers (
    year INTEGER PRIMARY KEY,
    last INTEGER NOT NULL
);

-- An invoice's lines, in order; a labour line with no price is at the invoice's hourly rate.
CREATE TABLE invoice_lines (
    invoice_id  INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('labour', 'part', 'trip', 'supplies', 'fee')),
    description TEXT    NOT NULL,
    quantity    INTEGER NOT NULL,
    price       INTEGER,
    PRIMARY KEY (invoice_id, position)
);

-- A payment pays a quote's deposit or an invoice.
ALTER TABLE payments ADD COLUMN invoice_id INTEGER REFERENCES invoices (id);
CREATE INDEX payments_invoice ON payments (invoice_id);

-- Quotes: what the shop offers to do for a request, at what price. A quote belongs to its
-- request, the request's customer and (where the shop named one) the trailer. It keeps the price
-- book's rates, shop supplies and taxes of the day it was made (`tax_rates` as JSON), so a later
-- change to the price book changes no quote. Amounts are cents, rates thousandths of a percent,
-- quantities hundredths. Ids are never reused (AUTOINCREMENT): a deleted draft's id names nothing else.
CREATE TABLE quotes (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Q-2026-0001: the shop's year and a count of that year's quotes.
    number          TEXT    NOT NULL UNIQUE,
    booking_id      INTEGER NOT NULL REFERENCES bookings (id),
    customer_id     INTEGER NOT NULL REFERENCES customers (id),
    trailer_id      INTEGER REFERENCES trailers (id),
    state           TEXT    NOT NULL CHECK (state IN ('draft', 'sent', 'viewed', 'approved', 'changes-asked', 'declined', 'expired', 'withdrawn')),
    rate            TEXT    NOT NULL CHECK (rate IN ('standard', 'insurance')),
    standard_rate   INTEGER NOT NULL,
    insurance_rate  INTEGER NOT NULL,
    supplies_rate   INTEGER NOT NULL,
    supplies_cap    INTEGER,
    tax_rates       TEXT    NOT NULL,
    -- The options' titles, as a JSON list of 1 to 3.
    option_titles   TEXT    NOT NULL,
    deposit_kind    TEXT    NOT NULL CHECK (deposit_kind IN ('none', 'amount', 'percent')),
    deposit_amount  INTEGER NOT NULL,
    deposit_rate    INTEGER NOT NULL,
    message         TEXT    NOT NULL,
    created_by      INTEGER REFERENCES users (id),
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);
CREATE INDEX quotes_booking ON quotes (booking_id, id);
CREATE INDEX quotes_customer ON quotes (customer_id, id);

-- The last quote number given in each of the shop's years: a number is never given twice, not
-- even a deleted draft's.
CREATE TABLE quote_numbers (
    year INTEGER PRIMARY KEY,
    last INTEGER NOT NULL
);

-- A quote's lines, by option (0 to 2) and place; a labour line with no price is at the quote's
-- hourly rate; an optional line counts only once the customer ticks it.
CREATE TABLE quote_lines (
    quote_id    INTEGER NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    option      INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('labour', 'part', 'trip', 'supplies', 'fee')),
    description TEXT    NOT NULL,
    quantity    INTEGER NOT NULL,
    price       INTEGER,
    optional    BOOLEAN NOT NULL,
    PRIMARY KEY (quote_id, option, position)
);

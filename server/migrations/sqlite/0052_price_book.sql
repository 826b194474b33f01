-- The shop's price book: what the owner charges, which quotes and invoices take their lines from.
-- Amounts are whole cents; rates are thousandths of a percent (8.81% is 8810); quantities are
-- hundredths (1.5 hours is 150).

-- The hourly rates, shop supplies (a share of a document's labour, up to a cap) and the fee for
-- paying by card. `updated_at` is empty until the owner first saves them.
CREATE TABLE price_settings (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    labour_rate    INTEGER NOT NULL,
    insurance_rate INTEGER NOT NULL,
    supplies_rate  INTEGER NOT NULL,
    supplies_cap   INTEGER,
    card_fee_rate  INTEGER NOT NULL,
    updated_at     TEXT
);
INSERT INTO price_settings (id, labour_rate, insurance_rate, supplies_rate, supplies_cap, card_fee_rate)
VALUES (1, 0, 0, 0, NULL, 0);

-- The sales tax on each kind of line: parts are taxed and labour is not until the owner says.
CREATE TABLE price_tax_rates (
    kind TEXT    PRIMARY KEY CHECK (kind IN ('labour', 'part', 'trip', 'supplies', 'fee')),
    rate INTEGER NOT NULL
);
INSERT INTO price_tax_rates (kind, rate) VALUES ('labour', 0), ('part', 0), ('trip', 0), ('supplies', 0), ('fee', 0);

-- The trip fee of a mobile job, by the distance to it: up to `up_to_miles`, the nearest band.
CREATE TABLE price_trip_bands (
    up_to_miles INTEGER PRIMARY KEY,
    fee         INTEGER NOT NULL
);

-- The parts the shop sells often, at their price; `prepaid` ones are paid for before they are
-- special-ordered.
CREATE TABLE price_parts (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    price      INTEGER NOT NULL,
    prepaid    BOOLEAN NOT NULL,
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE UNIQUE INDEX price_parts_name ON price_parts (LOWER(name));

-- The common jobs with their usual lines (JSON: kind, description, quantity and a price, none
-- for labour at the quote's hourly rate).
CREATE TABLE price_jobs (
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    lines      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE UNIQUE INDEX price_jobs_name ON price_jobs (LOWER(name));

-- Customers: one record per person or company, which every request hangs on. A request finds
-- its customer by its phone's last ten digits, else by its e-mail address (case-insensitively);
-- a number or an address belongs to one customer. The requests stored before are attached by
-- the same rule, in the order they came, by the server in the background from its start
-- (`customers::store::attach_earlier`).
CREATE TABLE customers (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    company     TEXT    NOT NULL DEFAULT '',
    address     TEXT    NOT NULL DEFAULT '',
    notes       TEXT    NOT NULL DEFAULT '',
    -- A customer merged into another keeps its row (old links find the one it became).
    merged_into INTEGER REFERENCES customers (id),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX customers_recent ON customers (updated_at DESC, id DESC) WHERE merged_into IS NULL;

-- What the customers list searches, lowercased: the name, company, numbers, addresses and the
-- trailers' VINs and plates, in a trigram index (any part of a VIN is found fast); its rowid is
-- the customer's id.
CREATE VIRTUAL TABLE customer_search USING fts5 (text, tokenize = 'trigram');

CREATE TABLE customer_phones (
    national    TEXT    PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    -- The number as the customer first typed it.
    typed       TEXT    NOT NULL,
    added_at    TEXT    NOT NULL
);
CREATE INDEX customer_phones_customer ON customer_phones (customer_id);

CREATE TABLE customer_emails (
    address_key TEXT    PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    address     TEXT    NOT NULL,
    added_at    TEXT    NOT NULL
);
CREATE INDEX customer_emails_customer ON customer_emails (customer_id);

CREATE TABLE customer_tags (
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    tag         TEXT    NOT NULL CHECK (tag IN ('fleet', 'insurance', 'do-not-service')),
    PRIMARY KEY (customer_id, tag)
);

-- What happened to a customer's record: merges and requests split off, both sides.
CREATE TABLE customer_history (
    id             INTEGER PRIMARY KEY,
    customer_id    INTEGER NOT NULL REFERENCES customers (id),
    kind           TEXT    NOT NULL CHECK (kind IN ('merged-in', 'merged-away', 'split-off', 'split-in')),
    other_customer INTEGER NOT NULL REFERENCES customers (id),
    booking_id     INTEGER REFERENCES bookings (id) ON DELETE SET NULL,
    moved_requests INTEGER NOT NULL DEFAULT 0,
    actor          TEXT    NOT NULL,
    at             TEXT    NOT NULL
);
CREATE INDEX customer_history_customer ON customer_history (customer_id, id);

-- The customer a request belongs to (none for spam), and the other customer its e-mail address
-- belongs to when its phone matched one customer and its address another (the owner is told).
ALTER TABLE bookings ADD COLUMN customer_id INTEGER REFERENCES customers (id);
ALTER TABLE bookings ADD COLUMN email_customer_id INTEGER REFERENCES customers (id);
CREATE INDEX bookings_customer ON bookings (customer_id, created_at);

-- Sending a quote and the customer's answer. The owner keeps the terms every quote is sent with
-- and how many days a quote is good for in the price book; a sent quote keeps its own copy of
-- the terms, when it was sent, until when it is good, when the customer first opened it, and
-- whether its e-mail went out, when its text was written and when its one reminder went.
ALTER TABLE price_settings ADD COLUMN quote_terms TEXT NOT NULL DEFAULT 'Work starts once you approve this quote. Parts we special-order for your trailer are paid for before we order them. If we find anything during the work that is not on this quote, we ask you before we do it. Prices include the sales tax shown.';
ALTER TABLE price_settings ADD COLUMN quote_days INTEGER NOT NULL DEFAULT 30;

ALTER TABLE quotes ADD COLUMN terms TEXT;
ALTER TABLE quotes ADD COLUMN sent_at TEXT;
ALTER TABLE quotes ADD COLUMN expires_at TEXT;
ALTER TABLE quotes ADD COLUMN viewed_at TEXT;
ALTER TABLE quotes ADD COLUMN emailed_at TEXT;
ALTER TABLE quotes ADD COLUMN email_error TEXT;
ALTER TABLE quotes ADD COLUMN texted_at TEXT;
ALTER TABLE quotes ADD COLUMN reminded_at TEXT;
-- Today's quotes waiting for an answer.
CREATE INDEX quotes_waiting ON quotes (state, expires_at);

-- What the customer answered on their page, oldest first: an approval (the option, the optional
-- lines they ticked as a JSON list of line places, the figures they approved, the name they typed
-- after the terms, and the address and browser it came from), or a request for changes in their
-- words. Kept, never changed.
CREATE TABLE quote_answers (
    id         INTEGER PRIMARY KEY,
    quote_id   INTEGER NOT NULL REFERENCES quotes (id),
    answer     TEXT    NOT NULL CHECK (answer IN ('approved', 'changes-asked')),
    option     INTEGER,
    optional   TEXT,
    total      INTEGER,
    deposit    INTEGER,
    name       TEXT,
    message    TEXT,
    address    TEXT    NOT NULL,
    agent      TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE INDEX quote_answers_quote ON quote_answers (quote_id, id);

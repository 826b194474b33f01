-- Each customer's trailers; a request names the trailer it is about once the owner links it.
CREATE TABLE trailers (
    id          INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    -- The option of the assistant's trailer question (its key), or '' with the words in kind_text.
    kind_key    TEXT    NOT NULL DEFAULT '',
    kind_text   TEXT    NOT NULL DEFAULT '',
    make        TEXT    NOT NULL DEFAULT '',
    model       TEXT    NOT NULL DEFAULT '',
    year        INTEGER,
    -- Uppercase, without spaces or dashes; '' when not known.
    vin         TEXT    NOT NULL DEFAULT '',
    plate       TEXT    NOT NULL DEFAULT '',
    plate_state TEXT    NOT NULL DEFAULT '',
    axles       INTEGER,
    gvwr_lbs    INTEGER,
    colour      TEXT    NOT NULL DEFAULT '',
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX trailers_customer ON trailers (customer_id, id);

ALTER TABLE bookings ADD COLUMN trailer_id INTEGER REFERENCES trailers (id);

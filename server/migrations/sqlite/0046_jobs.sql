-- One queue for work done later or again until it is done (`jobs`): each row is one job of a
-- kind a handler registered at start-up knows, with its data as JSON. A job that is done is
-- deleted; one that failed waits until run_at; one given up after its last try keeps dead_at
-- and its last error. A claimed job is leased to the instance running it until leased_until.
CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL,
    payload      TEXT    NOT NULL,
    -- At most one waiting job per key (a second enqueue with the key changes nothing).
    dedupe_key   TEXT    UNIQUE,
    run_at       TEXT    NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    leased_until TEXT,
    last_error   TEXT,
    dead_at      TEXT,
    created_at   TEXT    NOT NULL
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE dead_at IS NULL;

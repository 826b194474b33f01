-- Scheduled backups: one row per interval ("slot"), claimed by the one instance that makes it.
CREATE TABLE backup_runs (
    slot          TEXT   PRIMARY KEY,
    every_seconds INTEGER NOT NULL,
    started_at    TEXT   NOT NULL,
    finished_at   TEXT,
    ok            INTEGER,
    location      TEXT   NOT NULL,
    error         TEXT
);
CREATE INDEX backup_runs_started ON backup_runs (started_at);

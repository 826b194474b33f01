-- A delivery's purpose without its numbers ('time' of 'time-3', 'page' of 'page-1-7'): queries
-- bind it from delivery::PurposeKind instead of matching the key with LIKE. Computed from the
-- key, so no writer sets it and no row goes without it.
ALTER TABLE deliveries ADD COLUMN purpose_kind TEXT GENERATED ALWAYS AS (split_part(purpose, '-', 1)) STORED;

-- A customer who sends a second request within the hour (another trailer, a detail forgotten) is
-- told it arrived too: an address now gets up to three confirmations an hour. `sent_at` is when
-- the address's hour began (its first confirmation in it) and `sent_count` how many went since.
ALTER TABLE confirmation_limits ADD COLUMN sent_count INTEGER NOT NULL DEFAULT 1;

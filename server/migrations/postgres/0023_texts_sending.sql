-- When a text was last handed to the provider without an answer recorded. A text still waiting
-- with this set may have been taken by the provider before its instance stopped: the next try
-- asks the provider first, so it is never sent twice.
ALTER TABLE texts ADD COLUMN sending_at timestamptz;

-- Answers name the assistant's step (or follow-up) and option by key, not by words: renaming a
-- question or an option keeps earlier answers under it. question and answer stay as the words
-- the visitor saw and gave. question_key is NULL until the server, at start-up, finds the keys
-- of answers stored before (by the words of the script it runs); '' is a question it no longer asks.
ALTER TABLE booking_answers ADD COLUMN question_key TEXT;
ALTER TABLE booking_answers ADD COLUMN option_key TEXT;
CREATE INDEX booking_answers_unkeyed ON booking_answers (booking_id) WHERE question_key IS NULL;

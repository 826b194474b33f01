-- An escalation's text to a member of the team is kept with the request's texts, naming the
-- member, so its status callbacks land (a carrier's failure sends the next alert at once). The
-- customer's thread leaves these out.
ALTER TABLE texts ADD COLUMN member_id INTEGER REFERENCES users (id);

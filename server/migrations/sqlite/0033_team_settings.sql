-- The owner's choice for the whole team (one row): every member signs in with two steps, a
-- password and a code from an authenticator app; who has no app yet sets it up at sign-in.
CREATE TABLE team_settings (
    id                INTEGER PRIMARY KEY CHECK (id = 1),
    two_step_required BOOLEAN NOT NULL
);
INSERT INTO team_settings (id, two_step_required) VALUES (1, FALSE);

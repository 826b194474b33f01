-- The site details (the content file's facts) as the admin edits them: every save is a new
-- version, numbered from 1 without gaps; the newest is what the pages show. A save names the
-- version it builds on and takes the next number, so two saves from the same version cannot both
-- land. No rows: the content file given at start-up (or the built-in one) is shown.
CREATE TABLE site_versions (
    id       BIGINT PRIMARY KEY,
    content  TEXT NOT NULL,
    summary  TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    saved_by TEXT NOT NULL
);

-- Other instances hear of a new version as they hear of blog changes.
INSERT INTO content_generations (scope, generation) VALUES ('site', 0);

CREATE FUNCTION note_site_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE content_generations SET generation = generation + 1 WHERE scope = 'site';
    PERFORM pg_notify('trailerworks_changes', 'site');
    RETURN NULL;
END
$$;

CREATE TRIGGER site_versions_changed AFTER INSERT OR UPDATE OR DELETE ON site_versions
    FOR EACH STATEMENT EXECUTE FUNCTION note_site_change();

-- A number that texted the shop first agreed to texts about the request the team made of its
-- texts by texting: `how` takes 'texted'.
ALTER TABLE text_consents DROP CONSTRAINT text_consents_how_check;
ALTER TABLE text_consents ADD CONSTRAINT text_consents_how_check
    CHECK (how IN ('form', 'manage', 'keyword', 'reply', 'texted'));

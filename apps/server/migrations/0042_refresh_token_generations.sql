-- A refresh token's generation: 1 at sign-in, its predecessor's plus one at each refresh. Two
-- tokens of one generation are siblings (two tabs refreshing together, or an answer lost and the
-- same token presented again); a token presented after another of its generation or a later one
-- was used is a copy (docs/decisions/003-browser-session-tokens.md). Existing tokens are numbered
-- in the order they were issued within their session.
ALTER TABLE auth_refresh_tokens ADD COLUMN generation integer;
UPDATE auth_refresh_tokens t SET generation = numbered.n
FROM (SELECT id, row_number() OVER (PARTITION BY session_id ORDER BY created_at, id) AS n FROM auth_refresh_tokens) numbered
WHERE numbered.id = t.id;
ALTER TABLE auth_refresh_tokens ALTER COLUMN generation SET NOT NULL;
ALTER TABLE auth_refresh_tokens ADD CONSTRAINT auth_refresh_tokens_generation_positive CHECK (generation >= 1);

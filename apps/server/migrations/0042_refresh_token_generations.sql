-- A refresh token's generation: 1 at sign-in, its predecessor's plus one at each refresh. Two
-- tokens of one generation are siblings (two tabs refreshing together, or an answer lost and the
-- same token presented again); a token presented after another of its generation or a later one
-- was used is a copy (docs/decisions/003-browser-session-tokens.md). Existing tokens are numbered
-- in the order they were issued within their session.
ALTER TABLE auth_refresh_tokens ADD COLUMN generation integer;
UPDATE auth_refresh_tokens t SET generation = numbered.n
FROM (SELECT id, row_number() OVER (PARTITION BY session_id ORDER BY created_at, id) AS n FROM auth_refresh_tokens) numbered
WHERE numbered.id = t.id;

-- A process still running the previous release (during a rolling deploy) inserts tokens without a
-- generation: give them the next one in their session rather than failing its sign-ins.
CREATE FUNCTION auth_refresh_tokens_next_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.generation IS NULL THEN
    SELECT coalesce(max(generation), 0) + 1 INTO NEW.generation
    FROM auth_refresh_tokens WHERE session_id = NEW.session_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER auth_refresh_tokens_generation BEFORE INSERT ON auth_refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION auth_refresh_tokens_next_generation();

ALTER TABLE auth_refresh_tokens ALTER COLUMN generation SET NOT NULL;
ALTER TABLE auth_refresh_tokens ADD CONSTRAINT auth_refresh_tokens_generation_positive CHECK (generation >= 1);

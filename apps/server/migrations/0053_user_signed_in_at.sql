-- When a user last signed in (a password sign-in or a verified email), so the app can greet a
-- first sign-in with 'Welcome!' and later ones with 'Welcome back!' (docs/decisions/021-…).
-- Sessions are deleted 30 days after they end, so they cannot answer "has this user ever signed in".
ALTER TABLE users ADD COLUMN signed_in_at timestamptz;
UPDATE users u SET signed_in_at = s.latest
FROM (SELECT user_id, max(created_at) AS latest FROM auth_sessions GROUP BY user_id) s
WHERE s.user_id = u.id;

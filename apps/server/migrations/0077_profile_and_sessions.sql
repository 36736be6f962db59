-- Profile and security (issue 15, decision 034): a person's name, and what each session was
-- started from, so a person can see where they are signed in and end any of it.
ALTER TABLE users ADD COLUMN name text CHECK (name IS NULL OR length(name) BETWEEN 1 AND 100);

ALTER TABLE auth_sessions
  ADD COLUMN ip_address text CHECK (ip_address IS NULL OR length(ip_address) <= 64),
  ADD COLUMN user_agent text CHECK (user_agent IS NULL OR length(user_agent) <= 512);

-- A person ending one of their sessions from Settings → Profile.
ALTER TABLE auth_sessions DROP CONSTRAINT IF EXISTS auth_sessions_revoked_reason_check;
ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'refresh_token_reuse', 'password_changed', 'membership_ended',
    'switched_organisation', 'revoked_by_user'));

-- Sign-in sessions and the secrets that prove them. Only SHA-256 digests of tokens are stored: a
-- copy of this table gives nobody a way in.

-- The key that signs access tokens when none is configured: made on first start, kept with the
-- data so restarts and sibling processes agree on it.
CREATE TABLE auth_signing_keys (
  id text PRIMARY KEY,
  secret bytea NOT NULL CHECK (length(secret) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per sign-in. Access tokens name their session, so revoking it ends them at once.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_refreshed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'refresh_token_reuse', 'password_changed'))
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;

-- Refresh tokens rotate: each use marks the token used and issues a new one in the same session.
-- A used token presented again after the grace period means it was copied: the session ends.
CREATE TABLE auth_refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id);

-- Single-use links sent by email: verify an address, reset a password.
CREATE TABLE auth_email_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_email_tokens_user_idx ON auth_email_tokens (user_id, purpose);

-- Fixed-window counters for rate limits, shared by every app process on the database.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  window_ends_at timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_counters_ends_idx ON rate_limit_counters (window_ends_at);

-- OAuth 2.1 for the MCP server (issue 33, docs/decisions/075-oauth-for-mcp.md): hosted assistants
-- register themselves (RFC 7591), an owner or admin approves a grant for one organisation, and the
-- assistant holds opaque tokens of which only SHA-256 hashes are kept (256 random bits each, so a
-- fast hash is enough, as for API keys).

-- A registered client: public (no secret; PKCE proves the code's holder). Anyone may register, so
-- nothing here is trusted: the name is shown as the client calls itself, never as verified.
CREATE TABLE oauth_clients (
  id text PRIMARY KEY CHECK (id ~ '^grc_[A-Za-z0-9_-]{22,64}$'),
  client_name text NOT NULL CHECK (length(client_name) BETWEEN 1 AND 100),
  redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What an owner or admin approved: one client acting for one organisation in one mode, with the
-- API keys' scopes, spend caps (integer minor units of `cap_currency`; null is no cap) and an
-- optional allow-list of recipient domains. Revoking it ends every token at once.
CREATE TABLE oauth_grants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  mode text NOT NULL CHECK (mode IN ('sandbox', 'live')),
  scopes text[] NOT NULL CHECK (
    cardinality(scopes) BETWEEN 1 AND 5
    AND scopes <@ ARRAY['orders:write', 'orders:read', 'catalog:read', 'balance:read', 'webhooks:write']
  ),
  cap_per_reward_minor bigint CHECK (cap_per_reward_minor > 0),
  cap_per_day_minor bigint CHECK (cap_per_day_minor > 0),
  cap_per_month_minor bigint CHECK (cap_per_month_minor > 0),
  cap_currency text NOT NULL CHECK (cap_currency ~ '^[A-Z]{3}$'),
  allowed_domains text[] CHECK (allowed_domains IS NULL OR cardinality(allowed_domains) BETWEEN 1 AND 50),
  resource text NOT NULL CHECK (length(resource) <= 2048),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoke_reason text CHECK (revoke_reason IN ('user', 'code_replayed', 'refresh_reused', 'member_removed'))
);
CREATE INDEX oauth_grants_organisation_idx ON oauth_grants (organisation_id, created_at DESC, id DESC);

-- An authorization code: single use (used_at), short-lived, bound to its grant's client, the exact
-- redirect URI and the PKCE challenge (S256 only).
CREATE TABLE oauth_codes (
  code_hash text PRIMARY KEY CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  grant_id uuid NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL CHECK (code_challenge ~ '^[A-Za-z0-9_-]{43}$'),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oauth_codes_grant_idx ON oauth_codes (grant_id);

-- Access and refresh tokens. A refresh token is used once (rotated); presenting a rotated one
-- again revokes the grant (OAuth 2.1 §4.3.1 reuse detection).
CREATE TABLE oauth_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  grant_id uuid NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX oauth_tokens_grant_idx ON oauth_tokens (grant_id);

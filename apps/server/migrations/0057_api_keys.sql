-- API keys (docs/decisions/026-api-keys.md): an organisation's credentials for integrations.
-- Only a SHA-256 of the key is kept (the key is 256 random bits, so a fast hash is enough), with
-- its last four characters to tell keys apart. Scopes are fixed at creation; a key is never
-- deleted, only revoked, so the audit trail and old orders keep naming it.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  last_four text NOT NULL CHECK (length(last_four) = 4),
  scopes text[] NOT NULL CHECK (
    cardinality(scopes) BETWEEN 1 AND 5
    AND scopes <@ ARRAY['orders:write', 'orders:read', 'catalog:read', 'balance:read', 'webhooks:write']
  ),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  last_used_at timestamptz
);
CREATE INDEX api_keys_organisation_idx ON api_keys (organisation_id, created_at DESC, id DESC);

-- Who did what to the organisation's credentials: key created, first use of a day, revoked.
-- Append-only; small rows, one per event (never one per request).
CREATE TABLE audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('api_key.created', 'api_key.used', 'api_key.revoked')),
  actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  api_key_id uuid REFERENCES api_keys (id) ON DELETE SET NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_organisation_idx ON audit_events (organisation_id, created_at DESC);

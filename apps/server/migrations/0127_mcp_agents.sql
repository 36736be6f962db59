-- AI agents over MCP (issue 33, decision 074).
--
-- Where an order came from when an agent placed it through the MCP server: an API key or an OAuth
-- grant, its id and the client's name as it was then (a grant's client may be renamed or removed;
-- the order keeps what the organisation saw). All null for every other order. No foreign key: keys
-- and grants are revoked, never deleted, and a reference would cost every order insert a lookup.
ALTER TABLE orders
  ADD COLUMN source_kind text CHECK (source_kind IN ('api_key', 'oauth_grant')),
  ADD COLUMN source_id uuid,
  ADD COLUMN source_client_name text CHECK (length(source_client_name) <= 200),
  ADD CONSTRAINT orders_source_check CHECK ((source_kind IS NULL) = (source_id IS NULL));

-- The spend caps enforced per source (the order's transaction locks the source and sums its orders
-- of the UTC day and month) read the first; the Developers page's "Recent agent activity" the
-- second. Partial: only agents' orders are in them, so other orders pay nothing.
CREATE INDEX orders_source_idx ON orders (source_id, created_at) WHERE source_id IS NOT NULL;
CREATE INDEX orders_agent_activity_idx ON orders (organisation_id, created_at DESC) WHERE source_id IS NOT NULL;

-- Spend caps and a recipient domain allow-list for an API key used by an agent. A grant's caps are
-- the grant's own (modules/oauth); a key without a row here has no caps beyond the organisation's.
CREATE TABLE agent_key_caps (
  api_key_id uuid PRIMARY KEY REFERENCES api_keys (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  per_reward_minor bigint CHECK (per_reward_minor > 0),
  per_day_minor bigint CHECK (per_day_minor > 0),
  per_month_minor bigint CHECK (per_month_minor > 0),
  allowed_domains text[] CHECK (cardinality(allowed_domains) BETWEEN 1 AND 50),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);

-- A priced preview an agent must make before it sends (preview_reward → send_reward): what will be
-- ordered, exactly, and for how much, bound to the organisation and the key or grant that asked.
-- `order_id` is the id the order will have, chosen now, so a second send of the same preview finds
-- the order (and the orders' primary key makes a second order impossible).
CREATE TABLE mcp_previews (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  source_kind text NOT NULL CHECK (source_kind IN ('api_key', 'oauth_grant')),
  source_id uuid NOT NULL,
  order_id uuid NOT NULL UNIQUE,
  order_body jsonb NOT NULL,
  charged_total_minor bigint NOT NULL CHECK (charged_total_minor > 0),
  charge_currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX mcp_previews_expires_idx ON mcp_previews (expires_at);

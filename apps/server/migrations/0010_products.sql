-- The catalogue as last synchronised from the gift-card provider. Listings read only this table,
-- so they never wait on the provider. Rows are never deleted: a product the provider drops is
-- marked unavailable, and orders keep pointing at it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Byte-order collation: the same sort and the same cursors on every server, whatever its locale.
  code text COLLATE "C" NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9][A-Z0-9-]{0,63}$'),
  provider text NOT NULL,
  name text NOT NULL,
  brand text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  currency_exponent smallint NOT NULL CHECK (currency_exponent BETWEEN 0 AND 3),
  -- Money in integer minor units of `currency`.
  min_value bigint NOT NULL CHECK (min_value > 0),
  max_value bigint NOT NULL CHECK (max_value >= min_value),
  denominations bigint[] CHECK (denominations IS NULL OR cardinality(denominations) > 0),
  payout_type text NOT NULL CHECK (payout_type IN ('gift_card', 'prepaid_card')),
  category text NOT NULL,
  logo_svg text NOT NULL,
  description text NOT NULL,
  redemption_instructions text NOT NULL,
  terms text NOT NULL,
  available boolean NOT NULL DEFAULT true,
  -- lower(name): the listing's order, with code as the tie-break for keyset pagination.
  sort_key text COLLATE "C" NOT NULL,
  -- lower(brand || ' ' || name), searched with a trigram index.
  search_text text NOT NULL,
  -- Fingerprint of what the provider sent, so a sync writes only what changed.
  content_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The page's listing: country, currency and category chosen, in name order.
CREATE INDEX products_listing_idx ON products (country, currency, category, sort_key, code) WHERE available;
-- API listings with fewer filters.
CREATE INDEX products_currency_idx ON products (currency, sort_key, code) WHERE available;
CREATE INDEX products_category_idx ON products (category, sort_key, code) WHERE available;
CREATE INDEX products_order_idx ON products (sort_key, code) WHERE available;
CREATE INDEX products_search_idx ON products USING gin (search_text gin_trgm_ops) WHERE available;

-- One row per synchronisation, for health and for finding out what a sync changed.
CREATE TABLE catalog_sync_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('start', 'schedule', 'manual')),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  received integer,
  added integer,
  updated integer,
  retired integer,
  skipped integer,
  error text
);
CREATE INDEX catalog_sync_runs_started_idx ON catalog_sync_runs (started_at DESC);

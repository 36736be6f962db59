-- The sandbox gift-card provider's own books: what a real provider would keep on its side. Kept
-- in our database so a repeated reference returns the same card even after a restart or from
-- another process, and so tests can count exactly how many cards it issued.
CREATE TABLE sandbox_provider_orders (
  reference text PRIMARY KEY,
  provider_order_id text NOT NULL UNIQUE,
  product_code text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  code text NOT NULL,
  pin text,
  redemption_url text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failures the sandbox has been told to inject, shared by every process on this database: each
-- order attempt that matches takes one from the oldest plan with any left.
CREATE TABLE sandbox_provider_failures (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('timeout', 'provider_error', 'out_of_stock', 'declined')),
  remaining integer NOT NULL CHECK (remaining >= 0),
  product_code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_provider_failures_pending_idx ON sandbox_provider_failures (id) WHERE remaining > 0;

-- FX quotes (issue 16, decision 039): a rate locked for one organisation for 60 seconds. An order
-- that names the quote is charged at its rate, or refused once it has expired. Quotes are kept a
-- day past expiry (so a late order hears "expired", not "unknown"), then swept.
CREATE TABLE fx_quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  from_currency text NOT NULL CHECK (from_currency ~ '^[A-Z]{3}$'),
  to_currency text NOT NULL CHECK (to_currency ~ '^[A-Z]{3}$'),
  rate numeric NOT NULL CHECK (rate > 0),
  source text NOT NULL CHECK (length(source) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > created_at)
);
CREATE INDEX fx_quotes_expires ON fx_quotes (expires_at);

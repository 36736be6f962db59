-- Keys made on first start and kept with the data, so restarts and sibling processes agree on
-- them (unless configuration supplies one). Today: the key that encrypts reward codes at rest.
CREATE TABLE instance_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL CHECK (length(secret) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

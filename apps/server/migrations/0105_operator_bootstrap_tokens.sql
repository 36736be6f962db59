-- The first operator of a production instance without OPERATOR_EMAILS (issue 29, decision 056):
-- a one-time token printed at start, kept here only as its SHA-256. A start while the instance
-- has no operator replaces the unredeemed token with a new one; a redeemed row stays as the
-- record of who became the first operator, when, and from where.
CREATE TABLE operator_bootstrap_tokens (
  token_hash bytea PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  redeemed_at timestamptz,
  redeemed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  redeemed_ip text,
  CHECK (redeemed_at IS NOT NULL OR (redeemed_by IS NULL AND redeemed_ip IS NULL))
);

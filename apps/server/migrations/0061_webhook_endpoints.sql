-- Where an organisation wants its events delivered (decision 027). Each endpoint signs with its own
-- secret (Standard Webhooks `whsec_…`), kept encrypted with the instance's reward-code key; after a
-- rotation the previous secret keeps signing beside the new one until `previous_secret_expires_at`.
-- `event_types` NULL means every type.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  event_types text[],
  enabled boolean NOT NULL DEFAULT true,
  secret_encrypted text NOT NULL,
  previous_secret_encrypted text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (event_types IS NULL OR cardinality(event_types) > 0)
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (organisation_id, created_at);

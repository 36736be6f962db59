-- Orders, their rewards (one per unit of quantity) and their events. An order keeps a snapshot
-- of the product as it was sold, so later catalogue changes never rewrite history.
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id),
  created_by uuid REFERENCES users (id),
  product_id uuid NOT NULL REFERENCES products (id),
  product_code text NOT NULL,
  product_name text NOT NULL,
  brand text NOT NULL,
  category text,
  country text,
  currency char(3) NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  subtotal_minor bigint NOT NULL,
  fee_minor bigint NOT NULL,
  total_minor bigint NOT NULL,
  charge_currency char(3) NOT NULL,
  fx_rate numeric(24, 10) NOT NULL CHECK (fx_rate > 0),
  charged_subtotal_minor bigint NOT NULL,
  charged_fee_minor bigint NOT NULL,
  charged_total_minor bigint NOT NULL,
  recipient_email text NOT NULL,
  message text,
  delivery_method text NOT NULL DEFAULT 'email',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  failed_at timestamptz,
  CHECK (subtotal_minor = amount_minor * quantity),
  CHECK (total_minor = subtotal_minor + fee_minor),
  CHECK (charged_total_minor = charged_subtotal_minor + charged_fee_minor)
);
CREATE INDEX orders_org_recent ON orders (organisation_id, created_at DESC, id DESC);
CREATE INDEX orders_pending ON orders (created_at) WHERE status = 'pending';

CREATE TABLE rewards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id),
  organisation_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'issued', 'failed')),
  provider_order_id text,
  code_encrypted text,
  pin_encrypted text,
  code_last4 text,
  redemption_url text,
  expires_at timestamptz,
  claim_token_hash text NOT NULL UNIQUE,
  claim_token_encrypted text NOT NULL,
  claim_first_opened_at timestamptz,
  claim_last_opened_at timestamptz,
  claim_open_count integer NOT NULL DEFAULT 0,
  -- Which fulfilment job holds the reward now, and until when (a dead worker's lease lapses).
  lease_owner text,
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  issued_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, position),
  CHECK (status <> 'issued' OR code_encrypted IS NOT NULL)
);
CREATE INDEX rewards_order ON rewards (order_id);

CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  organisation_id uuid NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order ON order_events (order_id, id);
CREATE INDEX order_events_org ON order_events (organisation_id, id);

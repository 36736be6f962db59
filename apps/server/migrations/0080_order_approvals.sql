-- Approvals (issue 15, decision 035). An order a rule catches is accepted as `pending_approval`
-- with its total held at once, waits for an owner or admin, and becomes `pending` (approved:
-- fulfilment starts) or `rejected` (the hold is released). Seven days without a decision
-- rejects it the same way.

ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'completed', 'failed', 'pending_approval', 'rejected'));

ALTER TABLE orders
  -- The charged total in USD minor units when the order was placed: what the rules compare and
  -- a sender's monthly cap sums (null for orders placed before this migration).
  ADD COLUMN usd_total_minor bigint CHECK (usd_total_minor IS NULL OR usd_total_minor >= 0),
  -- Set while, and after, an order waits: when the wait ends on its own, and the decision.
  ADD COLUMN approval_expires_at timestamptz,
  ADD COLUMN decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decision_note text CHECK (decision_note IS NULL OR length(decision_note) BETWEEN 1 AND 500),
  ADD CONSTRAINT orders_waiting_expires CHECK (status <> 'pending_approval' OR approval_expires_at IS NOT NULL),
  ADD CONSTRAINT orders_rejected_decided CHECK (status <> 'rejected' OR decided_at IS NOT NULL);

-- The expiry sweep reads the waiting orders by when they expire; the queue reads them through
-- orders_org_status_recent.
CREATE INDEX orders_approval_expiry ON orders (approval_expires_at) WHERE status = 'pending_approval';

-- The rules, per organisation; every one is off by default. Amounts in USD minor units (2500 is
-- 25.00 USD), compared with an order's charged total converted to USD.
ALTER TABLE organisations
  ADD COLUMN approval_above_usd_minor bigint
    CHECK (approval_above_usd_minor IS NULL OR approval_above_usd_minor BETWEEN 0 AND 100000000000),
  ADD COLUMN approval_every_sender_order boolean NOT NULL DEFAULT false,
  ADD COLUMN approval_monthly_cap_usd_minor bigint
    CHECK (approval_monthly_cap_usd_minor IS NULL OR approval_monthly_cap_usd_minor BETWEEN 0 AND 100000000000);

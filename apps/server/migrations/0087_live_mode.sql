-- Sandbox and live organisations (issue 17, decision 045). An organisation starts in sandbox mode
-- and goes live once an operator approves its owner's request. Its sandbox and live money never
-- mix: going live closes the sandbox `available` and `held` accounts (kept, with their history)
-- and opens live ones at zero. Only an organisation's open accounts take postings.

ALTER TABLE ledger_accounts ADD COLUMN closed_at timestamptz;
-- The mode an organisation account's money belongs to; null for system accounts.
ALTER TABLE ledger_accounts ADD COLUMN live boolean;
UPDATE ledger_accounts a SET live = NOT o.sandbox FROM organisations o WHERE o.id = a.organisation_id;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_org_account_has_mode CHECK ((organisation_id IS NULL) = (live IS NULL));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_system_accounts_stay_open CHECK (organisation_id IS NOT NULL OR closed_at IS NULL);
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_unique;
CREATE UNIQUE INDEX ledger_accounts_open ON ledger_accounts (organisation_id, kind, currency) NULLS NOT DISTINCT
  WHERE closed_at IS NULL;
-- Lookups that name the account by organisation, kind and currency use this one whatever they
-- say of closed_at (system accounts are never closed).
CREATE INDEX ledger_accounts_lookup ON ledger_accounts (organisation_id, kind, currency);

-- Whether an order was made in sandbox mode: its cards come from the sandbox provider and its
-- email and claim page say they are not real, whatever the organisation's mode is later. Set
-- from the organisation in the inserting statement, so no code path can forget it.
ALTER TABLE orders ADD COLUMN sandbox boolean NOT NULL DEFAULT true;
UPDATE orders o SET sandbox = g.sandbox FROM organisations g WHERE g.id = o.organisation_id AND NOT g.sandbox;

CREATE FUNCTION orders_take_mode() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT sandbox INTO NEW.sandbox FROM organisations WHERE id = NEW.organisation_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER orders_take_mode BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_take_mode();

-- An owner's request to go live, and an operator's answer. One request waits at a time.
CREATE TABLE live_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id),
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  company_name text NOT NULL,
  website text NOT NULL,
  use_case text NOT NULL,
  expected_monthly_volume text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  decision_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX live_requests_one_pending ON live_requests (organisation_id) WHERE status = 'pending';
CREATE INDEX live_requests_org ON live_requests (organisation_id, created_at DESC);
CREATE INDEX live_requests_queue ON live_requests (created_at) WHERE status = 'pending';

ALTER TABLE organisations ADD COLUMN live_since timestamptz;

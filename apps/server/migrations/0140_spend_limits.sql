-- Budgets and one spend guard (issue 37 "Budgets", issue 33's caps on every path; decision 084).
--
-- A monthly budget for a member (what they send themselves, in the app or with their session) or
-- for an API key (everything the key places: REST, batches, MCP), in integer minor units of
-- `currency` (the organisation's billing currency when it was set). One row per member or key;
-- a member's row goes with their membership, a key's with the key.
CREATE TABLE spend_budgets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id uuid,
  api_key_id uuid REFERENCES api_keys (id) ON DELETE CASCADE,
  monthly_minor bigint NOT NULL CHECK (monthly_minor BETWEEN 0 AND 100000000000),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT spend_budgets_one_holder CHECK ((user_id IS NULL) <> (api_key_id IS NULL)),
  CONSTRAINT spend_budgets_membership_fkey FOREIGN KEY (user_id, organisation_id)
    REFERENCES memberships (user_id, organisation_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX spend_budgets_member_idx ON spend_budgets (organisation_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX spend_budgets_key_idx ON spend_budgets (api_key_id) WHERE api_key_id IS NOT NULL;

-- Whether an order of the organisation needs the spend guard at all (a budget, an API key's caps,
-- or the approval rules' monthly cap): read with the sending state the order path reads anyway, so
-- an organisation with none of them pays no extra query. Kept by the triggers below, never by hand.
ALTER TABLE organisations ADD COLUMN spend_guard boolean NOT NULL DEFAULT false;

CREATE FUNCTION spend_guard_of(org uuid, monthly_cap bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT monthly_cap IS NOT NULL
    OR EXISTS (SELECT 1 FROM spend_budgets b WHERE b.organisation_id = org)
    OR EXISTS (SELECT 1 FROM agent_key_caps c WHERE c.organisation_id = org)
$$;

CREATE FUNCTION spend_guard_on_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.organisation_id ELSE NEW.organisation_id END;
BEGIN
  UPDATE organisations g SET spend_guard = spend_guard_of(g.id, g.approval_monthly_cap_usd_minor)
  WHERE g.id = org AND g.spend_guard IS DISTINCT FROM spend_guard_of(g.id, g.approval_monthly_cap_usd_minor);
  RETURN NULL;
END $$;
CREATE TRIGGER spend_budgets_guard AFTER INSERT OR UPDATE OR DELETE ON spend_budgets
  FOR EACH ROW EXECUTE FUNCTION spend_guard_on_limit();
CREATE TRIGGER agent_key_caps_guard AFTER INSERT OR UPDATE OR DELETE ON agent_key_caps
  FOR EACH ROW EXECUTE FUNCTION spend_guard_on_limit();

CREATE FUNCTION spend_guard_on_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.spend_guard := spend_guard_of(NEW.id, NEW.approval_monthly_cap_usd_minor);
  RETURN NEW;
END $$;
CREATE TRIGGER organisations_spend_guard BEFORE UPDATE OF approval_monthly_cap_usd_minor ON organisations
  FOR EACH ROW EXECUTE FUNCTION spend_guard_on_rules();

UPDATE organisations g SET spend_guard = true WHERE spend_guard_of(g.id, g.approval_monthly_cap_usd_minor);

-- What a member or a key spent this month is summed under the guard's lock on every guarded order:
-- these keep it to the spender's own rows of the month, with what the sum reads.
CREATE INDEX orders_creator_month_idx ON orders (organisation_id, created_by, created_at)
  INCLUDE (status, charged_total_minor, released_subtotal_minor, released_fee_minor, charge_currency)
  WHERE api_key_id IS NULL AND source_id IS NULL;
CREATE INDEX orders_api_key_month_idx ON orders (api_key_id, created_at)
  INCLUDE (status, charged_total_minor, released_subtotal_minor, released_fee_minor, charge_currency)
  WHERE api_key_id IS NOT NULL;

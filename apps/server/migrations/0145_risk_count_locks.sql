-- Rules that count earlier orders (decision 090): `recipient_velocity` counts the recipient's,
-- `daily_total_above` the organisation's day. Read from the order statement's snapshot, two orders
-- at the same instant could both pass; an order of an organisation with such a rule takes an
-- advisory lock first, in its transaction: per organisation with a daily total rule (it counts
-- every order), else per recipient. `risk_lock` says which, read where the order reads the
-- organisation anyway, so an organisation without such a rule pays nothing. Kept by the trigger.
ALTER TABLE organisations ADD COLUMN risk_lock text
  CONSTRAINT organisations_risk_lock_check CHECK (risk_lock IN ('organisation', 'recipient'));

CREATE OR REPLACE FUNCTION risk_rules_flags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.organisation_id ELSE NEW.organisation_id END;
BEGIN
  UPDATE organisations g SET
    risk_order_rules = EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = org
      AND r.kind NOT IN ('claim_country_mismatch', 'claims_per_address')),
    risk_claim_rules = EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = org
      AND r.kind IN ('claim_country_mismatch', 'claims_per_address')),
    risk_lock = CASE
      WHEN EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = org AND r.kind = 'daily_total_above')
        THEN 'organisation'
      WHEN EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = org AND r.kind = 'recipient_velocity')
        THEN 'recipient'
    END
  WHERE g.id = org;
  RETURN NULL;
END $$;

UPDATE organisations g SET risk_lock = CASE
    WHEN EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = g.id AND r.kind = 'daily_total_above')
      THEN 'organisation'
    ELSE 'recipient'
  END
WHERE EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = g.id
  AND r.kind IN ('daily_total_above', 'recipient_velocity'));

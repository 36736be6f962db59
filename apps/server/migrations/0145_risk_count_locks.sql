-- Rules that count earlier orders (decision 090): `recipient_velocity` counts the recipient's,
-- `daily_total_above` the organisation's day. Read from the order statement's snapshot, two orders
-- at the same instant could both pass. Now `risk_order_matches` takes an advisory lock, held until
-- the order's statement (or a batch chunk's transaction) commits, before it counts: per
-- organisation with a daily total rule (it counts every order), else per recipient. `risk_lock`
-- says which, read with the flags the function reads already, so an organisation without such a
-- rule pays nothing. Kept by the trigger. The function becomes VOLATILE so that its counting
-- queries take a snapshot after the lock (a STABLE one reads the statement's, taken before).
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

CREATE OR REPLACE FUNCTION risk_order_matches(org uuid, email text, quantity integer, usd_reward bigint, usd_total bigint, disposable boolean, sandbox_match jsonb, placed_at timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 VOLATILE
AS $$
DECLARE
  domain text := split_part(email, '@', 2);
  matched jsonb := coalesce(sandbox_match, '[]'::jsonb);
  platform boolean := false;
  r record;
  n bigint;
  why text;
  has_rules boolean;
  lock_kind text;
BEGIN
  FOR r IN SELECT p.id, p.kind, p.action, p.reason, p.value FROM platform_risk_rules p WHERE p.value IN (email, domain) LOOP
    platform := true;
    matched := matched || jsonb_build_array(jsonb_build_object('rule_id', r.id, 'scope', 'platform', 'kind', r.kind,
      'action', r.action, 'reason', 'Platform rule: ' || r.value || ' is ' || CASE WHEN r.action = 'block' THEN 'blocked' ELSE 'held' END
        || ' for every organisation' || coalesce(' (' || r.reason || ')', '')));
  END LOOP;
  SELECT g.risk_order_rules, g.risk_lock INTO has_rules, lock_kind FROM organisations g WHERE g.id = org;
  IF has_rules AND NOT EXISTS (
    SELECT 1 FROM risk_rules a WHERE a.organisation_id = org AND a.kind = 'recipient_list'
      AND a.params->>'list' = 'allow' AND a.params->'emails' ? email) THEN
    -- Rules that count earlier orders: one order at a time per organisation (a daily total) or
    -- per recipient (velocity) until this statement commits; being VOLATILE, the counts below
    -- read a snapshot taken after the lock, so they see every order committed before it.
    IF lock_kind = 'organisation' THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('risk:org:' || org::text, 0));
    ELSIF lock_kind = 'recipient' THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('risk:recipient:' || org::text || ':' || email, 0));
    END IF;
    FOR r IN SELECT * FROM risk_rules x WHERE x.organisation_id = org
        AND x.kind NOT IN ('claim_country_mismatch', 'claims_per_address') ORDER BY x.created_at, x.id LOOP
      why := NULL;
      IF r.kind = 'recipient_domain' THEN
        IF (r.params->'domains' ? domain) = (r.params->>'match' = 'deny') THEN
          why := CASE WHEN r.params->>'match' = 'deny' THEN 'The recipient’s domain ' || domain || ' is on a deny list'
            ELSE 'The recipient’s domain ' || domain || ' is not on the allowed list' END;
        END IF;
      ELSIF r.kind = 'disposable_email' THEN
        IF disposable THEN why := 'The recipient’s domain ' || domain || ' gives out disposable addresses'; END IF;
      ELSIF r.kind = 'recipient_list' THEN
        IF r.params->>'list' = 'flag' AND r.params->'emails' ? email THEN why := 'The recipient is on a flag list'; END IF;
      ELSIF r.kind = 'amount_above' THEN
        IF usd_reward > (r.params->>'usd_minor')::bigint THEN
          why := 'One reward is above ' || (r.params->>'amount') || ' ' || (r.params->>'currency');
        END IF;
      ELSIF r.kind = 'recipient_velocity' THEN
        SELECT coalesce(sum(o.quantity), 0) INTO n FROM orders o
        WHERE o.organisation_id = org AND o.recipient_email = email AND risk_counts(o.status)
          AND o.created_at > placed_at - make_interval(days => (r.params->>'period_days')::int);
        IF n + quantity > (r.params->>'max_rewards')::bigint THEN
          why := 'The recipient would have ' || (n + quantity) || ' rewards in ' || (r.params->>'period_days')
            || ' days, more than ' || (r.params->>'max_rewards');
        END IF;
      ELSIF r.kind = 'daily_total_above' THEN
        SELECT coalesce(sum(o.usd_total_minor), 0) INTO n FROM orders o
        WHERE o.organisation_id = org AND risk_counts(o.status)
          AND o.created_at >= date_trunc('day', placed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
        IF n + usd_total > (r.params->>'usd_minor')::bigint THEN
          why := 'Today’s orders would total more than ' || (r.params->>'amount') || ' ' || (r.params->>'currency');
        END IF;
      END IF;
      IF why IS NOT NULL THEN
        matched := matched || jsonb_build_array(jsonb_build_object('rule_id', r.id, 'scope', 'organisation',
          'kind', r.kind, 'action', r.action, 'reason', why || coalesce(': ' || r.reason, '')));
      END IF;
    END LOOP;
  END IF;
  IF jsonb_array_length(matched) = 0 THEN RETURN NULL; END IF;
  RETURN jsonb_build_object(
    'action', CASE WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(matched) e WHERE e->>'action' = 'block') THEN 'block' ELSE 'hold' END,
    'scope', CASE WHEN platform THEN 'platform' ELSE 'organisation' END,
    'matched', matched);
END $$;

-- `daily_total_above` without summing the day (decision 092). Since 0145 an order of an
-- organisation with that rule summed every order of its UTC day, under the organisation's advisory
-- lock: the cost grew with the day's orders, and the orders of the organisation waited for it in
-- turn (bench:risk fell from 107 % to 38 % of no rules as 1,700 orders accumulated).
--
-- Now a row per organisation and UTC day keeps that sum: while an organisation has the rule, the row
-- holds exactly sum(usd_total_minor) of its orders created that day whose status `risk_counts`.
-- - An order is added by a trigger on its insert, only in a transaction whose `risk_order_matches`
--   took the daily total's path for its organisation (it says so in the transaction-local setting
--   `giftrelay.risk_day_org`, which the trigger's WHEN reads without running a query): an
--   organisation without the rule pays no query for it.
-- - A status in or out of the counted ones, a changed total or day, a delete: the other triggers,
--   for every organisation (rare changes; the row is updated only where it exists).
-- - The row is made from the orders' sum (`risk_day_sum`) when the rule is created, and by the first
--   order of a day under the organisation's advisory lock. At the rule's creation no order of the
--   organisation may be between reading its rules and committing: `risk_order_matches` reads the
--   organisation's row FOR KEY SHARE (the lock its order's foreign keys take anyway, taken first),
--   and the creation locks it FOR UPDATE (rules.ts, and the rules' trigger again), which waits for
--   those orders and makes later ones read the rules after it commits.
-- - While the rule exists every order of the organisation takes its path (an allow-listed
--   recipient's too, since this migration), so every order of the day is added. After the rule is
--   deleted the rows go stale; a new rule deletes them and makes today's again.
CREATE TABLE risk_daily_totals (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  day date NOT NULL,
  usd_total_minor bigint NOT NULL,
  PRIMARY KEY (organisation_id, day)
);

-- The day's counted sum for an organisation, as `daily_total_above` read it before.
CREATE FUNCTION risk_day_sum(org uuid, d date) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(o.usd_total_minor), 0)::bigint FROM orders o
  WHERE o.organisation_id = org AND risk_counts(o.status)
    AND o.created_at >= d::timestamp AT TIME ZONE 'UTC' AND o.created_at < (d + 1)::timestamp AT TIME ZONE 'UTC'
$$;

CREATE FUNCTION risk_daily_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND risk_counts(OLD.status) THEN
    UPDATE risk_daily_totals SET usd_total_minor = usd_total_minor - OLD.usd_total_minor
    WHERE organisation_id = OLD.organisation_id AND day = (OLD.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP <> 'DELETE' AND risk_counts(NEW.status) THEN
    UPDATE risk_daily_totals SET usd_total_minor = usd_total_minor + NEW.usd_total_minor
    WHERE organisation_id = NEW.organisation_id AND day = (NEW.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER risk_daily_totals_count AFTER INSERT ON orders
  FOR EACH ROW WHEN (risk_counts(NEW.status)
    AND current_setting('giftrelay.risk_day_org', true) = NEW.organisation_id::text)
  EXECUTE FUNCTION risk_daily_totals_count();
-- Only a change that moves the sum calls the function: most status changes (pending → fulfilled)
-- stay counted and cost the WHEN clause alone.
CREATE TRIGGER risk_daily_totals_recount AFTER UPDATE OF status, usd_total_minor, created_at, organisation_id ON orders
  FOR EACH ROW WHEN ((risk_counts(OLD.status), OLD.usd_total_minor, OLD.created_at, OLD.organisation_id)
    IS DISTINCT FROM (risk_counts(NEW.status), NEW.usd_total_minor, NEW.created_at, NEW.organisation_id))
  EXECUTE FUNCTION risk_daily_totals_count();
CREATE TRIGGER risk_daily_totals_uncount AFTER DELETE ON orders
  FOR EACH ROW WHEN (risk_counts(OLD.status)) EXECUTE FUNCTION risk_daily_totals_count();

CREATE OR REPLACE FUNCTION risk_rules_flags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.organisation_id ELSE NEW.organisation_id END;
  today date := (now() AT TIME ZONE 'UTC')::date;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.kind = 'daily_total_above' THEN
    -- Waits for every order of the organisation being written (see above) before it sums the day.
    PERFORM 1 FROM organisations g WHERE g.id = org FOR UPDATE;
    -- Rows kept before (a rule deleted and made again) may have missed orders since: made afresh.
    DELETE FROM risk_daily_totals WHERE organisation_id = org;
    INSERT INTO risk_daily_totals (organisation_id, day, usd_total_minor) VALUES (org, today, risk_day_sum(org, today));
  END IF;
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

-- Organisations with the rule today: creating the triggers above locks `orders` against writes
-- until this migration commits, and an order's statement holds its lock on `orders` from its start,
-- so the sums below miss no single order in flight. (A batch chunk that checked its rules before
-- the migration and writes after it is not added: deploy-time only, and on the batch's own day.)
INSERT INTO risk_daily_totals (organisation_id, day, usd_total_minor)
SELECT g.id, (now() AT TIME ZONE 'UTC')::date, risk_day_sum(g.id, (now() AT TIME ZONE 'UTC')::date)
FROM organisations g WHERE g.risk_lock = 'organisation';

-- The order-side rules, as since 0145, with two changes: the daily total reads the day's row, and
-- only the rules that count earlier orders are evaluated under the lock. Every other rule (and
-- reading the rules) comes first, outside it: while an organisation has a daily total its orders
-- pass the lock one at a time until they commit, and on a busy machine whatever runs inside it is
-- stretched by the wait for a CPU, so it holds two index reads now, not the whole evaluation. The
-- matches are reported in the rules' order as before.
CREATE OR REPLACE FUNCTION risk_order_matches(org uuid, email text, quantity integer, usd_reward bigint, usd_total bigint, disposable boolean, sandbox_match jsonb, placed_at timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 VOLATILE
AS $$
DECLARE
  domain text := split_part(email, '@', 2);
  matched jsonb := coalesce(sandbox_match, '[]'::jsonb);
  platform boolean := false;
  p record;
  r risk_rules;
  rules risk_rules[];
  whys text[];
  counting boolean := false;
  n bigint;
  has_rules boolean;
  lock_kind text;
  order_day date := (placed_at AT TIME ZONE 'UTC')::date;
BEGIN
  FOR p IN SELECT x.id, x.kind, x.action, x.reason, x.value FROM platform_risk_rules x WHERE x.value IN (email, domain) LOOP
    platform := true;
    matched := matched || jsonb_build_array(jsonb_build_object('rule_id', p.id, 'scope', 'platform', 'kind', p.kind,
      'action', p.action, 'reason', 'Platform rule: ' || p.value || ' is ' || CASE WHEN p.action = 'block' THEN 'blocked' ELSE 'held' END
        || ' for every organisation' || coalesce(' (' || p.reason || ')', '')));
  END LOOP;
  -- KEY SHARE, which the order's foreign keys take anyway: a daily total rule being created waits
  -- for this order, and this order reads the rules after such a creation commits (see above).
  SELECT g.risk_order_rules, g.risk_lock INTO has_rules, lock_kind FROM organisations g WHERE g.id = org FOR KEY SHARE;
  IF has_rules AND NOT EXISTS (
    SELECT 1 FROM risk_rules a WHERE a.organisation_id = org AND a.kind = 'recipient_list'
      AND a.params->>'list' = 'allow' AND a.params->'emails' ? email) THEN
    SELECT array_agg(x ORDER BY x.created_at, x.id) INTO rules FROM risk_rules x WHERE x.organisation_id = org
      AND x.kind NOT IN ('claim_country_mismatch', 'claims_per_address');
    whys := array_fill(NULL::text, ARRAY[coalesce(cardinality(rules), 0)]);
    FOR i IN 1..coalesce(cardinality(rules), 0) LOOP
      r := rules[i];
      IF r.kind = 'recipient_domain' THEN
        IF (r.params->'domains' ? domain) = (r.params->>'match' = 'deny') THEN
          whys[i] := CASE WHEN r.params->>'match' = 'deny' THEN 'The recipient’s domain ' || domain || ' is on a deny list'
            ELSE 'The recipient’s domain ' || domain || ' is not on the allowed list' END;
        END IF;
      ELSIF r.kind = 'disposable_email' THEN
        IF disposable THEN whys[i] := 'The recipient’s domain ' || domain || ' gives out disposable addresses'; END IF;
      ELSIF r.kind = 'recipient_list' THEN
        IF r.params->>'list' = 'flag' AND r.params->'emails' ? email THEN whys[i] := 'The recipient is on a flag list'; END IF;
      ELSIF r.kind = 'amount_above' THEN
        IF usd_reward > (r.params->>'usd_minor')::bigint THEN
          whys[i] := 'One reward is above ' || (r.params->>'amount') || ' ' || (r.params->>'currency');
        END IF;
      ELSE
        counting := true;
      END IF;
    END LOOP;
  END IF;
  -- Rules that count earlier orders: one order at a time per organisation (a daily total) or per
  -- recipient (velocity) until this statement commits; being VOLATILE, the reads below take a
  -- snapshot after the lock, so they see every order committed before it. With a daily total every
  -- order takes the lock, an allow-listed one too, the day's row is made here when it has none,
  -- and the order's insert trigger is told to add it to the row.
  IF has_rules AND lock_kind = 'organisation' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('risk:org:' || org::text, 0));
    PERFORM set_config('giftrelay.risk_day_org', org::text, true);
    IF NOT EXISTS (SELECT 1 FROM risk_daily_totals t WHERE t.organisation_id = org AND t.day = order_day) THEN
      INSERT INTO risk_daily_totals (organisation_id, day, usd_total_minor)
      VALUES (org, order_day, risk_day_sum(org, order_day))
      ON CONFLICT (organisation_id, day) DO NOTHING;
    END IF;
  ELSIF counting AND lock_kind = 'recipient' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('risk:recipient:' || org::text || ':' || email, 0));
  END IF;
  IF counting THEN
    FOR i IN 1..cardinality(rules) LOOP
      r := rules[i];
      IF r.kind = 'recipient_velocity' THEN
        SELECT coalesce(sum(o.quantity), 0) INTO n FROM orders o
        WHERE o.organisation_id = org AND o.recipient_email = email AND risk_counts(o.status)
          AND o.created_at > placed_at - make_interval(days => (r.params->>'period_days')::int);
        IF n + quantity > (r.params->>'max_rewards')::bigint THEN
          whys[i] := 'The recipient would have ' || (n + quantity) || ' rewards in ' || (r.params->>'period_days')
            || ' days, more than ' || (r.params->>'max_rewards');
        END IF;
      ELSIF r.kind = 'daily_total_above' THEN
        -- The day's row (made above): the sum of the day's counted orders, kept by their triggers.
        SELECT t.usd_total_minor INTO n FROM risk_daily_totals t WHERE t.organisation_id = org AND t.day = order_day;
        n := coalesce(n, risk_day_sum(org, order_day));
        IF n + usd_total > (r.params->>'usd_minor')::bigint THEN
          whys[i] := 'Today’s orders would total more than ' || (r.params->>'amount') || ' ' || (r.params->>'currency');
        END IF;
      END IF;
    END LOOP;
  END IF;
  FOR i IN 1..coalesce(cardinality(rules), 0) LOOP
    IF whys[i] IS NOT NULL THEN
      r := rules[i];
      matched := matched || jsonb_build_array(jsonb_build_object('rule_id', r.id, 'scope', 'organisation',
        'kind', r.kind, 'action', r.action, 'reason', whys[i] || coalesce(': ' || r.reason, '')));
    END IF;
  END LOOP;
  IF jsonb_array_length(matched) = 0 THEN RETURN NULL; END IF;
  RETURN jsonb_build_object(
    'action', CASE WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(matched) e WHERE e->>'action' = 'block') THEN 'block' ELSE 'hold' END,
    'scope', CASE WHEN platform THEN 'platform' ELSE 'organisation' END,
    'matched', matched);
END $$;

-- The daily total decided on its day's row, not under the organisation's advisory lock (decision
-- 097). Since 0146 an order of an organisation with a `daily_total_above` rule took the advisory
-- lock, set a transaction-local setting, looked for the day's row, read it, and its insert trigger
-- then updated it: eight statements and a trigger, +0.55 ms of PostgreSQL per order in
-- bench:orders' risk phase (13 % of the API's throughput).
--
-- Now `risk_order_matches` counts the order in the day's row with ONE update, which returns the day's
-- total before it. The row's lock is what serialises the organisation's orders now (as the balance's
-- row does, decision 008): an order waits for the one before it to commit, and being VOLATILE, its
-- later reads (the velocity count) take a snapshot after that. The update counts the order before
-- it is written; a statement that then writes nothing (a block, too little money, a stale state, a
-- key being answered) takes it back with `risk_day_uncount` in the same statement, so the row is
-- never seen counting an order that does not exist. A batch's chunk writes every order it checks.
-- - The first order of a day makes the row from the orders' sum (`risk_day_sum`) as before; two
--   at once: the second's insert waits for the first's and then counts on its row.
-- - The insert trigger is gone (and with it `giftrelay.risk_day_org`); the triggers for a status in
--   or out of the counted ones, a changed total or day, and a delete stay.
-- - A batch's chunk locks the rows of its days (`risk_day_lock`) before the balance's row, the
--   order the single order's statement takes them in.
-- Deploy: an old process's order statement has no take-back, so while it drains, an order it does
-- not write (a block, too little money) stays counted in its day's row: the row can only be too
-- high (more orders held), never too low, until the next day or the rule's next creation.

DROP TRIGGER risk_daily_totals_count ON orders;

-- Takes back an order `risk_order_matches` counted when its statement wrote nothing. Only where the
-- organisation still has the rule: one created meanwhile waits for the order (it locks the
-- organisation FOR UPDATE against the function's KEY SHARE); one deleted meanwhile leaves rows nobody
-- reads until a new rule makes them again.
CREATE FUNCTION risk_day_uncount(org uuid, usd_total bigint, placed_at timestamp with time zone) RETURNS integer
LANGUAGE sql VOLATILE AS $$
  WITH u AS (
    UPDATE risk_daily_totals t SET usd_total_minor = t.usd_total_minor - usd_total
    FROM organisations g
    WHERE g.id = org AND g.risk_order_rules AND g.risk_lock = 'organisation'
      AND t.organisation_id = org AND t.day = (placed_at AT TIME ZONE 'UTC')::date
    RETURNING 1
  )
  SELECT count(*)::int FROM u
$$;

-- Locks (and makes, from the orders' sum, when it has none) an organisation's row for a day: a
-- batch's chunk takes it before the balance's row, as an order's statement does.
CREATE FUNCTION risk_day_lock(org uuid, d date) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM risk_daily_totals t WHERE t.organisation_id = org AND t.day = d FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    INSERT INTO risk_daily_totals (organisation_id, day, usd_total_minor) VALUES (org, d, risk_day_sum(org, d))
    ON CONFLICT (organisation_id, day) DO NOTHING;
    PERFORM 1 FROM risk_daily_totals t WHERE t.organisation_id = org AND t.day = d FOR NO KEY UPDATE;
  END IF;
END $$;

-- The order-side rules, as since 0146, with these changes: the rules are read in one query (the
-- allow list among them), the daily total is counted and read by one update of its row (above),
-- which replaces the organisation's advisory lock.
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
  day_before bigint;
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
  -- for this order, and this order reads the rules after such a creation commits (0146).
  SELECT g.risk_order_rules, g.risk_lock INTO has_rules, lock_kind FROM organisations g WHERE g.id = org FOR KEY SHARE;
  IF has_rules THEN
    SELECT array_agg(x ORDER BY x.created_at, x.id) INTO rules FROM risk_rules x WHERE x.organisation_id = org
      AND x.kind NOT IN ('claim_country_mismatch', 'claims_per_address');
    -- An allow list naming the address passes every rule of the organisation.
    FOR i IN 1..coalesce(cardinality(rules), 0) LOOP
      r := rules[i];
      IF r.kind = 'recipient_list' AND r.params->>'list' = 'allow' AND r.params->'emails' ? email THEN
        rules := NULL;
        EXIT;
      END IF;
    END LOOP;
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
  -- Rules that count earlier orders: one order at a time per organisation (a daily total: its
  -- day's row) or per recipient (velocity: an advisory lock) until this statement commits; being
  -- VOLATILE, the reads below take a snapshot after the lock, so they see every order committed
  -- before it. With a daily total every order is counted in the day's row, an allow-listed one too;
  -- the row is made here when it has none.
  IF has_rules AND lock_kind = 'organisation' THEN
    UPDATE risk_daily_totals t SET usd_total_minor = t.usd_total_minor + usd_total
    WHERE t.organisation_id = org AND t.day = order_day RETURNING t.usd_total_minor - usd_total INTO day_before;
    IF NOT FOUND THEN
      INSERT INTO risk_daily_totals AS t (organisation_id, day, usd_total_minor)
      VALUES (org, order_day, risk_day_sum(org, order_day) + usd_total)
      ON CONFLICT (organisation_id, day) DO NOTHING
      RETURNING t.usd_total_minor - usd_total INTO day_before;
      IF NOT FOUND THEN
        -- Another order made it a moment ago: this one waited for it to commit, and counts on it.
        UPDATE risk_daily_totals t SET usd_total_minor = t.usd_total_minor + usd_total
        WHERE t.organisation_id = org AND t.day = order_day RETURNING t.usd_total_minor - usd_total INTO day_before;
      END IF;
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
        IF day_before + usd_total > (r.params->>'usd_minor')::bigint THEN
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

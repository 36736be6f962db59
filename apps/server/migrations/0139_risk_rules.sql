-- Fraud and risk controls (issue 37, decision 083): an organisation's rules, platform rules, and
-- the review queue. An order a rule holds is `pending_review` (its total held, no fulfilment job);
-- one a person blocks is `blocked` (the hold released). Expand only: new tables, new columns with
-- defaults, a wider status check.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN
  ('pending', 'completed', 'failed', 'pending_approval', 'rejected', 'scheduled', 'cancelled', 'voided',
   'pending_review', 'blocked'));

-- One row per rule; `params` holds the kind's own fields as the API names them (amounts also as
-- `usd_minor`, converted when the rule was saved: what the order statement compares).
CREATE TABLE risk_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('recipient_domain', 'disposable_email', 'recipient_velocity', 'amount_above',
    'daily_total_above', 'claim_country_mismatch', 'claims_per_address', 'recipient_list')),
  action text NOT NULL CHECK (action IN ('hold', 'block')),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  reason text CHECK (length(reason) <= 200),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX risk_rules_org ON risk_rules (organisation_id, created_at, id);

-- A recipient address or domain held or blocked for every organisation (operators).
CREATE TABLE platform_risk_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('recipient_email', 'recipient_domain')),
  value text NOT NULL CHECK (length(value) BETWEEN 1 AND 254 AND value = lower(value)),
  action text NOT NULL CHECK (action IN ('hold', 'block')),
  reason text CHECK (length(reason) <= 200),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT platform_risk_rules_value UNIQUE (value)
);

-- Whether the organisation has order-side rules, and claim-side ones: read where the order
-- statement and the claim page read the organisation anyway, so an organisation without rules
-- pays nothing. Kept by the trigger below, never by hand.
ALTER TABLE organisations ADD COLUMN risk_order_rules boolean NOT NULL DEFAULT false;
ALTER TABLE organisations ADD COLUMN risk_claim_rules boolean NOT NULL DEFAULT false;

CREATE FUNCTION risk_rules_flags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.organisation_id ELSE NEW.organisation_id END;
BEGIN
  UPDATE organisations g SET
    risk_order_rules = EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = org
      AND r.kind NOT IN ('claim_country_mismatch', 'claims_per_address')),
    risk_claim_rules = EXISTS (SELECT 1 FROM risk_rules r WHERE r.organisation_id = org
      AND r.kind IN ('claim_country_mismatch', 'claims_per_address'))
  WHERE g.id = org;
  RETURN NULL;
END $$;
CREATE TRIGGER risk_rules_flags AFTER INSERT OR UPDATE OR DELETE ON risk_rules
  FOR EACH ROW EXECUTE FUNCTION risk_rules_flags();

-- The review queue: a held order (stage `order`, one per order) or a reward held when its claim
-- page opened (stage `claim`, one per reward). `matched` lists the rules it matched and why.
-- Decisions are conditional updates of `status` from `pending`.
CREATE TABLE risk_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  reward_id uuid REFERENCES rewards (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('order', 'claim')),
  scope text NOT NULL CHECK (scope IN ('organisation', 'platform')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'released', 'blocked', 'closed')),
  matched jsonb NOT NULL,
  claim_ip text CHECK (length(claim_ip) <= 64),
  claim_country text CHECK (length(claim_country) <= 2),
  sandbox boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decision_note text CHECK (length(decision_note) <= 500),
  CONSTRAINT risk_reviews_stage_reward CHECK ((stage = 'claim') = (reward_id IS NOT NULL))
);
CREATE UNIQUE INDEX risk_reviews_one_per_order ON risk_reviews (order_id) WHERE stage = 'order';
CREATE UNIQUE INDEX risk_reviews_one_per_reward ON risk_reviews (reward_id) WHERE stage = 'claim';
CREATE INDEX risk_reviews_org_recent ON risk_reviews (organisation_id, created_at DESC, id DESC);
CREATE INDEX risk_reviews_platform_recent ON risk_reviews (created_at DESC, id DESC) WHERE scope = 'platform';

-- Claim pages opened from each address, for `claims_per_address` and a review's country (written
-- only for organisations with claim-side rules).
CREATE TABLE risk_claim_opens (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  reward_id uuid NOT NULL REFERENCES rewards (id) ON DELETE CASCADE,
  ip text NOT NULL CHECK (length(ip) <= 64),
  country text CHECK (length(country) <= 2),
  opened_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reward_id, ip)
);
CREATE INDEX risk_claim_opens_ip ON risk_claim_opens (organisation_id, ip, opened_at);

-- `recipient_velocity` and the recipient's history count one address's orders in an organisation.
CREATE INDEX orders_recipient_recent ON orders (organisation_id, recipient_email, created_at);

-- The statuses whose orders count towards velocity and the daily total: money on its way, held or spent.
CREATE FUNCTION risk_counts(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status NOT IN ('failed', 'rejected', 'cancelled', 'blocked')
$$;

-- The rules an order matches when it is placed, as `{action, scope, matched}`, or null when none:
-- platform rules for its address or domain, then (when the organisation has rules) the
-- organisation's, unless an allow list names the address. `sandbox_match` is the caller's sandbox
-- trigger (or null), `disposable` whether the address's domain is a disposable one (the caller
-- asks the maintained list). One call per order, inside its statement.
CREATE FUNCTION risk_order_matches(org uuid, email text, quantity int, usd_reward bigint, usd_total bigint,
  disposable boolean, sandbox_match jsonb, placed_at timestamptz) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  domain text := split_part(email, '@', 2);
  matched jsonb := coalesce(sandbox_match, '[]'::jsonb);
  platform boolean := false;
  r record;
  n bigint;
  why text;
BEGIN
  FOR r IN SELECT p.id, p.kind, p.action, p.reason, p.value FROM platform_risk_rules p WHERE p.value IN (email, domain) LOOP
    platform := true;
    matched := matched || jsonb_build_array(jsonb_build_object('rule_id', r.id, 'scope', 'platform', 'kind', r.kind,
      'action', r.action, 'reason', 'Platform rule: ' || r.value || ' is ' || CASE WHEN r.action = 'block' THEN 'blocked' ELSE 'held' END
        || ' for every organisation' || coalesce(' (' || r.reason || ')', '')));
  END LOOP;
  IF (SELECT g.risk_order_rules FROM organisations g WHERE g.id = org) AND NOT EXISTS (
    SELECT 1 FROM risk_rules a WHERE a.organisation_id = org AND a.kind = 'recipient_list'
      AND a.params->>'list' = 'allow' AND a.params->'emails' ? email) THEN
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

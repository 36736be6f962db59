-- Sandbox and live figures apart (issue 17, decision 045 amended): an organisation that went live
-- keeps the orders it placed in sandbox mode, but its dashboard, analytics and order history count
-- its live orders only (the history can still show the sandbox ones on request). The rollups of
-- 0040 gain the order's mode (`orders.sandbox`) in their keys, and are recounted from the orders.

-- No order or reward may move while the rollups are recounted: every delta comes from a trigger
-- on these two tables, so with them locked (reads still go on) the recount is exact. A writer in
-- flight finishes first, and its deltas are replaced by the recount like every other.
LOCK TABLE orders, rewards IN SHARE MODE;

TRUNCATE order_stats_daily, order_stats_daily_dims, order_stats_deltas;

ALTER TABLE order_stats_daily ADD COLUMN sandbox boolean NOT NULL;
ALTER TABLE order_stats_daily DROP CONSTRAINT order_stats_daily_pkey;
ALTER TABLE order_stats_daily ADD PRIMARY KEY (organisation_id, sandbox, day, status);

ALTER TABLE order_stats_daily_dims ADD COLUMN sandbox boolean NOT NULL;
ALTER TABLE order_stats_daily_dims DROP CONSTRAINT order_stats_daily_dims_pkey;
ALTER TABLE order_stats_daily_dims ADD PRIMARY KEY (organisation_id, sandbox, day, status, brand, category, country);

ALTER TABLE order_stats_deltas ADD COLUMN sandbox boolean NOT NULL;

-- The triggers of 0040, 0055 and 0082, each with the order's mode.
CREATE OR REPLACE FUNCTION order_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, sandbox, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT organisation_id, sandbox, (created_at AT TIME ZONE 'UTC')::date, status, brand,
    coalesce(category, ''), coalesce(country, ''),
    count(*), sum(quantity), sum(charged_total_minor), sum(charged_fee_minor), 0
  FROM new_orders
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_stats_on_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, sandbox, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  VALUES
    (OLD.organisation_id, OLD.sandbox, (OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, OLD.brand,
      coalesce(OLD.category, ''), coalesce(OLD.country, ''),
      -1, -OLD.quantity, -OLD.charged_total_minor, -OLD.charged_fee_minor, 0),
    (NEW.organisation_id, NEW.sandbox, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, NEW.brand,
      coalesce(NEW.category, ''), coalesce(NEW.country, ''),
      1, NEW.quantity, NEW.charged_total_minor, NEW.charged_fee_minor, 0);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_stats_on_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, sandbox, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT o.organisation_id, o.sandbox, (o.created_at AT TIME ZONE 'UTC')::date, o.status, o.brand,
    coalesce(o.category, ''), coalesce(o.country, ''), 0, 0, 0, 0, 1
  FROM orders o WHERE o.id = NEW.order_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_stats_on_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, sandbox, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT o.organisation_id, o.sandbox, (o.created_at AT TIME ZONE 'UTC')::date, o.status, o.brand,
    coalesce(o.category, ''), coalesce(o.country, ''), 0, -1,
    -(s.subtotal + s.fee), -s.fee, 0
  FROM orders o,
    LATERAL (SELECT
      o.charged_subtotal_minor / o.quantity
        + CASE WHEN NEW.position - 1 < o.charged_subtotal_minor % o.quantity THEN 1 ELSE 0 END AS subtotal,
      o.charged_fee_minor / o.quantity
        + CASE WHEN NEW.position - 1 < o.charged_fee_minor % o.quantity THEN 1 ELSE 0 END AS fee) s
  WHERE o.id = NEW.order_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION compact_order_stats() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  moved_count bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('order_stats_compaction')) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM order_stats_deltas RETURNING *
  ), dims AS (
    INSERT INTO order_stats_daily_dims AS t (organisation_id, sandbox, day, status, brand, category, country,
      orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
    SELECT organisation_id, sandbox, day, status, brand, category, country,
      sum(orders), sum(rewards), sum(charged_total_minor), sum(charged_fee_minor), sum(rewards_claimed)
    FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (organisation_id, sandbox, day, status, brand, category, country) DO UPDATE SET
      orders = t.orders + excluded.orders,
      rewards = t.rewards + excluded.rewards,
      charged_total_minor = t.charged_total_minor + excluded.charged_total_minor,
      charged_fee_minor = t.charged_fee_minor + excluded.charged_fee_minor,
      rewards_claimed = t.rewards_claimed + excluded.rewards_claimed
  ), totals AS (
    INSERT INTO order_stats_daily AS t (organisation_id, sandbox, day, status,
      orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
    SELECT organisation_id, sandbox, day, status,
      sum(orders), sum(rewards), sum(charged_total_minor), sum(charged_fee_minor), sum(rewards_claimed)
    FROM moved GROUP BY 1, 2, 3, 4
    ON CONFLICT (organisation_id, sandbox, day, status) DO UPDATE SET
      orders = t.orders + excluded.orders,
      rewards = t.rewards + excluded.rewards,
      charged_total_minor = t.charged_total_minor + excluded.charged_total_minor,
      charged_fee_minor = t.charged_fee_minor + excluded.charged_fee_minor,
      rewards_claimed = t.rewards_claimed + excluded.rewards_claimed
  )
  SELECT count(*) INTO moved_count FROM moved;
  RETURN moved_count;
END;
$$;

-- The recount: what the triggers have added up, order by order. Each order counts once with its
-- rewards, charged total and fee, less its rewards whose void was refunded (each the share of
-- the charge 0082's trigger takes away), and its rewards whose claim link was opened.
WITH per_order AS (
  SELECT o.organisation_id, o.sandbox, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.status, o.brand,
    coalesce(o.category, '') AS category, coalesce(o.country, '') AS country,
    o.quantity - coalesce(r.refunded, 0) AS rewards,
    o.charged_total_minor - coalesce(r.refunded_subtotal, 0) - coalesce(r.refunded_fee, 0) AS charged_total_minor,
    o.charged_fee_minor - coalesce(r.refunded_fee, 0) AS charged_fee_minor,
    coalesce(r.claimed, 0) AS rewards_claimed
  FROM orders o
  LEFT JOIN LATERAL (
    SELECT
      count(*) FILTER (WHERE w.void_state = 'refunded') AS refunded,
      sum(o.charged_subtotal_minor / o.quantity
        + CASE WHEN w.position - 1 < o.charged_subtotal_minor % o.quantity THEN 1 ELSE 0 END)
        FILTER (WHERE w.void_state = 'refunded') AS refunded_subtotal,
      sum(o.charged_fee_minor / o.quantity
        + CASE WHEN w.position - 1 < o.charged_fee_minor % o.quantity THEN 1 ELSE 0 END)
        FILTER (WHERE w.void_state = 'refunded') AS refunded_fee,
      count(*) FILTER (WHERE w.claim_first_opened_at IS NOT NULL) AS claimed
    FROM rewards w WHERE w.order_id = o.id
  ) r ON true
), dims AS (
  INSERT INTO order_stats_daily_dims (organisation_id, sandbox, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT organisation_id, sandbox, day, status, brand, category, country,
    count(*), sum(rewards), sum(charged_total_minor), sum(charged_fee_minor), sum(rewards_claimed)
  FROM per_order GROUP BY 1, 2, 3, 4, 5, 6, 7
)
INSERT INTO order_stats_daily (organisation_id, sandbox, day, status,
  orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
SELECT organisation_id, sandbox, day, status,
  count(*), sum(rewards), sum(charged_total_minor), sum(charged_fee_minor), sum(rewards_claimed)
FROM per_order GROUP BY 1, 2, 3, 4;

-- The recent-orders index of 0040 with the mode beside the figures it carries, so the top
-- recipients of one mode stay an index-only scan.
DROP INDEX orders_org_recent;
CREATE INDEX orders_org_recent ON orders (organisation_id, created_at DESC, id DESC)
  INCLUDE (status, charged_total_minor, recipient_email, sandbox);

-- Order history search and reporting at millions of orders (docs/decisions/011-reporting.md).

-- An optional recipient name, given through the API.
ALTER TABLE orders ADD COLUMN recipient_name text;

-- The order history's search matches the id, the recipient and the reward anywhere in the text,
-- case-insensitively: one lower-cased text per order, indexed by trigrams.
ALTER TABLE orders ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(id::text || ' ' || recipient_email || ' ' || coalesce(recipient_name, '') || ' ' || brand || ' ' || product_name)
) STORED;
CREATE INDEX orders_search ON orders USING gin (search_text gin_trgm_ops);

-- Newest first, and what the recipients chart reads, without visiting the table.
DROP INDEX orders_org_recent;
CREATE INDEX orders_org_recent ON orders (organisation_id, created_at DESC, id DESC)
  INCLUDE (status, charged_total_minor, recipient_email);
CREATE INDEX orders_org_status_recent ON orders (organisation_id, status, created_at DESC, id DESC);

-- Figures per organisation, UTC day and status, kept by the database itself: every write to
-- orders appends a delta row (no row is updated, so concurrent orders never wait on each other),
-- and compact_order_stats() folds the deltas into the two rollups every few seconds. A reader
-- sums rollup and deltas in one statement, so it always sees every committed order exactly once.
CREATE TABLE order_stats_daily (
  organisation_id uuid NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  orders bigint NOT NULL,
  rewards bigint NOT NULL,
  charged_total_minor bigint NOT NULL,
  charged_fee_minor bigint NOT NULL,
  rewards_claimed bigint NOT NULL,
  PRIMARY KEY (organisation_id, day, status)
);

CREATE TABLE order_stats_daily_dims (
  organisation_id uuid NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  brand text NOT NULL,
  category text NOT NULL,
  country text NOT NULL,
  orders bigint NOT NULL,
  rewards bigint NOT NULL,
  charged_total_minor bigint NOT NULL,
  charged_fee_minor bigint NOT NULL,
  rewards_claimed bigint NOT NULL,
  PRIMARY KEY (organisation_id, day, status, brand, category, country)
);

CREATE TABLE order_stats_deltas (
  id bigserial PRIMARY KEY,
  organisation_id uuid NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  brand text NOT NULL,
  category text NOT NULL,
  country text NOT NULL,
  orders bigint NOT NULL,
  rewards bigint NOT NULL,
  charged_total_minor bigint NOT NULL,
  charged_fee_minor bigint NOT NULL,
  rewards_claimed bigint NOT NULL
);
CREATE INDEX order_stats_deltas_org ON order_stats_deltas (organisation_id, day);

-- New orders: one statement-level trigger, so a bulk insert appends one delta per group.
CREATE FUNCTION order_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT organisation_id, (created_at AT TIME ZONE 'UTC')::date, status, brand,
    coalesce(category, ''), coalesce(country, ''),
    count(*), sum(quantity), sum(charged_total_minor), sum(charged_fee_minor), 0
  FROM new_orders
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_stats_on_insert();

-- A status change moves the order from one status's figures to the other's.
CREATE FUNCTION order_stats_on_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  VALUES
    (OLD.organisation_id, (OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, OLD.brand,
      coalesce(OLD.category, ''), coalesce(OLD.country, ''),
      -1, -OLD.quantity, -OLD.charged_total_minor, -OLD.charged_fee_minor, 0),
    (NEW.organisation_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, NEW.brand,
      coalesce(NEW.category, ''), coalesce(NEW.country, ''),
      1, NEW.quantity, NEW.charged_total_minor, NEW.charged_fee_minor, 0);
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_stats_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION order_stats_on_status();

-- A reward's claim link opened for the first time counts as claimed, on its order's day.
CREATE FUNCTION order_stats_on_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT o.organisation_id, (o.created_at AT TIME ZONE 'UTC')::date, o.status, o.brand,
    coalesce(o.category, ''), coalesce(o.country, ''), 0, 0, 0, 0, 1
  FROM orders o WHERE o.id = NEW.order_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER rewards_stats_claim AFTER UPDATE OF claim_first_opened_at ON rewards
  FOR EACH ROW WHEN (OLD.claim_first_opened_at IS NULL AND NEW.claim_first_opened_at IS NOT NULL)
  EXECUTE FUNCTION order_stats_on_claim();

-- Folds every delta visible now into the rollups, in one statement. One compactor at a time
-- (the others return at once); rows committed meanwhile wait for the next run.
CREATE FUNCTION compact_order_stats() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  moved_count bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('order_stats_compaction')) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM order_stats_deltas RETURNING *
  ), dims AS (
    INSERT INTO order_stats_daily_dims AS t (organisation_id, day, status, brand, category, country,
      orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
    SELECT organisation_id, day, status, brand, category, country,
      sum(orders), sum(rewards), sum(charged_total_minor), sum(charged_fee_minor), sum(rewards_claimed)
    FROM moved GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organisation_id, day, status, brand, category, country) DO UPDATE SET
      orders = t.orders + excluded.orders,
      rewards = t.rewards + excluded.rewards,
      charged_total_minor = t.charged_total_minor + excluded.charged_total_minor,
      charged_fee_minor = t.charged_fee_minor + excluded.charged_fee_minor,
      rewards_claimed = t.rewards_claimed + excluded.rewards_claimed
  ), totals AS (
    INSERT INTO order_stats_daily AS t (organisation_id, day, status,
      orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
    SELECT organisation_id, day, status,
      sum(orders), sum(rewards), sum(charged_total_minor), sum(charged_fee_minor), sum(rewards_claimed)
    FROM moved GROUP BY 1, 2, 3
    ON CONFLICT (organisation_id, day, status) DO UPDATE SET
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

-- Orders placed before this migration start in the rollups.
INSERT INTO order_stats_deltas (organisation_id, day, status, brand, category, country,
  orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
SELECT o.organisation_id, (o.created_at AT TIME ZONE 'UTC')::date, o.status, o.brand,
  coalesce(o.category, ''), coalesce(o.country, ''),
  count(*), sum(o.quantity), sum(o.charged_total_minor), sum(o.charged_fee_minor),
  coalesce(sum((SELECT count(*) FROM rewards r WHERE r.order_id = o.id AND r.claim_first_opened_at IS NOT NULL)), 0)
FROM orders o
GROUP BY 1, 2, 3, 4, 5, 6;

-- Rewards written already opened (imported or seeded history) count as claimed too.
CREATE FUNCTION order_stats_on_reward_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT o.organisation_id, (o.created_at AT TIME ZONE 'UTC')::date, o.status, o.brand,
    coalesce(o.category, ''), coalesce(o.country, ''), 0, 0, 0, 0, count(*)
  FROM new_rewards r JOIN orders o ON o.id = r.order_id
  WHERE r.claim_first_opened_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END;
$$;
CREATE TRIGGER rewards_stats_insert AFTER INSERT ON rewards
  REFERENCING NEW TABLE AS new_rewards FOR EACH STATEMENT EXECUTE FUNCTION order_stats_on_reward_insert();

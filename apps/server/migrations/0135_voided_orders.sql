-- Voided orders say so (issue 35, decision 076). A reward whose void is `refunded` now moves its
-- order the way a reward that could not be issued does (decision 058): its share of the charged
-- subtotal and fee joins `released_*` (what went back to the balance), `voided_count` counts it,
-- and once every issued reward is voided the order's status is `voided`. The order's figures in
-- the rollups then follow from the one status trigger, so the reward-level refund trigger of 0082
-- goes (it would count each refund twice).
ALTER TABLE orders ADD COLUMN voided_count integer NOT NULL DEFAULT 0;
ALTER TABLE orders DROP CONSTRAINT orders_counts_within_quantity;
ALTER TABLE orders ADD CONSTRAINT orders_counts_within_quantity CHECK (
  issued_count >= 0 AND failed_count >= 0 AND voided_count >= 0
  AND voided_count <= issued_count AND issued_count + failed_count <= quantity);
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN
  ('pending', 'completed', 'failed', 'pending_approval', 'rejected', 'scheduled', 'cancelled', 'voided'));

-- Why the reward was voided, as the person (or the automatic void) said it; `void_note` keeps the
-- provider's reason when it would not cancel the card.
ALTER TABLE rewards ADD COLUMN void_reason text;
ALTER TABLE rewards ADD CONSTRAINT rewards_void_reason_check CHECK (length(void_reason) <= 500);
UPDATE rewards r SET void_reason = e.payload->>'note'
FROM order_events e
WHERE e.order_id = r.order_id AND e.type = 'order.void_requested'
  AND r.void_state IS NOT NULL AND e.payload->>'note' IS NOT NULL
  AND r.position IN (SELECT (jsonb_array_elements_text(e.payload->'positions'))::int);

DROP TRIGGER rewards_stats_refund ON rewards;
DROP FUNCTION order_stats_on_refund();

-- A delivered or voided order counts the rewards it still has: issued, less those voided.
CREATE OR REPLACE FUNCTION order_stats_on_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, sandbox, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  VALUES
    (OLD.organisation_id, OLD.sandbox, (OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, OLD.brand,
      coalesce(OLD.category, ''), coalesce(OLD.country, ''),
      -1,
      -(OLD.quantity - CASE WHEN OLD.status IN ('completed', 'voided') THEN OLD.failed_count + OLD.voided_count ELSE 0 END),
      -(OLD.charged_total_minor - OLD.released_subtotal_minor - OLD.released_fee_minor),
      -(OLD.charged_fee_minor - OLD.released_fee_minor), 0),
    (NEW.organisation_id, NEW.sandbox, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, NEW.brand,
      coalesce(NEW.category, ''), coalesce(NEW.country, ''),
      1,
      NEW.quantity - CASE WHEN NEW.status IN ('completed', 'voided') THEN NEW.failed_count + NEW.voided_count ELSE 0 END,
      NEW.charged_total_minor - NEW.released_subtotal_minor - NEW.released_fee_minor,
      NEW.charged_fee_minor - NEW.released_fee_minor, 0);
  RETURN NULL;
END;
$$;
DROP TRIGGER orders_stats_status ON orders;
CREATE TRIGGER orders_stats_status
  AFTER UPDATE OF status, released_subtotal_minor, released_fee_minor, failed_count, voided_count
  ON orders FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.released_subtotal_minor <> NEW.released_subtotal_minor
    OR OLD.released_fee_minor <> NEW.released_fee_minor
    OR OLD.failed_count <> NEW.failed_count
    OR OLD.voided_count <> NEW.voided_count)
  EXECUTE FUNCTION order_stats_on_status();

-- The orders voided before: their refunded rewards counted and released, and `voided` when no
-- issued reward is left. The rollups had each refund subtracted already (0082's trigger), which
-- the status trigger repeats for this update: the compensating deltas below give it back, so each
-- refund is counted once and a fully voided order moves to its new status with what is left (0).
CREATE TEMPORARY TABLE voided_backfill ON COMMIT DROP AS
SELECT o.id, count(*)::int AS voided,
  sum(o.charged_subtotal_minor / o.quantity
    + CASE WHEN r.position - 1 < o.charged_subtotal_minor % o.quantity THEN 1 ELSE 0 END)::bigint AS subtotal,
  sum(o.charged_fee_minor / o.quantity
    + CASE WHEN r.position - 1 < o.charged_fee_minor % o.quantity THEN 1 ELSE 0 END)::bigint AS fee
FROM orders o JOIN rewards r ON r.order_id = o.id
WHERE r.void_state = 'refunded' AND o.status = 'completed'
GROUP BY o.id;

INSERT INTO order_stats_deltas (organisation_id, sandbox, day, status, brand, category, country,
  orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
SELECT o.organisation_id, o.sandbox, (o.created_at AT TIME ZONE 'UTC')::date, o.status, o.brand,
  coalesce(o.category, ''), coalesce(o.country, ''), 0, b.voided, b.subtotal + b.fee, b.fee, 0
FROM orders o JOIN voided_backfill b ON b.id = o.id;

UPDATE orders o SET
  voided_count = b.voided,
  released_subtotal_minor = o.released_subtotal_minor + b.subtotal,
  released_fee_minor = o.released_fee_minor + b.fee,
  status = CASE WHEN b.voided >= o.issued_count THEN 'voided' ELSE o.status END
FROM voided_backfill b
WHERE b.id = o.id;

-- "Opened" in an order's history (issue 35): the claim page's first opening is now written there
-- too; the rewards opened before get theirs at the time they were opened (the history reads by time).
INSERT INTO order_events (order_id, organisation_id, type, payload, created_at)
SELECT order_id, organisation_id, 'reward.opened', jsonb_build_object('position', position), claim_first_opened_at
FROM rewards WHERE claim_first_opened_at IS NOT NULL;

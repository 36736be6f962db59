-- Partial issuance (issue 29, decision 058): an order of N rewards whose provider issued k and
-- then failed for good is completed with the k (delivered and charged) and the N−k refunded,
-- each reward's exact share of the charged subtotal and fee. A reward whose card may exist at the
-- provider (a timeout whose look-up failed too) goes to `review`: its money stays held until an
-- operator decides.
ALTER TABLE rewards DROP CONSTRAINT IF EXISTS rewards_status_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_status_check CHECK (status IN ('pending', 'issued', 'failed', 'review'));
-- Why it waits for a person, and the person's decision once made (also in the audit log).
ALTER TABLE rewards ADD COLUMN review_reason text;
ALTER TABLE rewards ADD COLUMN reviewed_at timestamptz;
CREATE INDEX rewards_in_review ON rewards (created_at) WHERE status = 'review';

-- What the order gave back for the rewards it could not issue (0 unless partly delivered), and
-- how many rewards were issued and failed once it settled.
ALTER TABLE orders ADD COLUMN released_subtotal_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN released_fee_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN issued_count integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN failed_count integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_released_within_charge CHECK (
  released_subtotal_minor >= 0 AND released_fee_minor >= 0
  AND released_subtotal_minor <= charged_subtotal_minor AND released_fee_minor <= charged_fee_minor);
ALTER TABLE orders ADD CONSTRAINT orders_counts_within_quantity CHECK (
  issued_count >= 0 AND failed_count >= 0 AND issued_count + failed_count <= quantity);

-- The orders settled before: counted from their rewards. A failed order of the old rule may have
-- cards on record (issued, then the order failed); they count as issued, as they are.
UPDATE orders o SET
  issued_count = c.issued,
  failed_count = c.failed
FROM (
  SELECT order_id, count(*) FILTER (WHERE status = 'issued') AS issued,
    count(*) FILTER (WHERE status = 'failed') AS failed
  FROM rewards GROUP BY order_id
) c
WHERE c.order_id = o.id AND o.status IN ('completed', 'failed');

-- The rollups (0040, 0095) count what an order charged less what it released, and the rewards it
-- delivered: the status trigger now also runs when the released amounts or the failed count move
-- (an operator's decision on a reward in review). Before this migration every order released 0,
-- so the rollups already hold these figures and need no recount.
CREATE OR REPLACE FUNCTION order_stats_on_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, sandbox, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  VALUES
    (OLD.organisation_id, OLD.sandbox, (OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, OLD.brand,
      coalesce(OLD.category, ''), coalesce(OLD.country, ''),
      -1,
      -(OLD.quantity - CASE WHEN OLD.status = 'completed' THEN OLD.failed_count ELSE 0 END),
      -(OLD.charged_total_minor - OLD.released_subtotal_minor - OLD.released_fee_minor),
      -(OLD.charged_fee_minor - OLD.released_fee_minor), 0),
    (NEW.organisation_id, NEW.sandbox, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, NEW.brand,
      coalesce(NEW.category, ''), coalesce(NEW.country, ''),
      1,
      NEW.quantity - CASE WHEN NEW.status = 'completed' THEN NEW.failed_count ELSE 0 END,
      NEW.charged_total_minor - NEW.released_subtotal_minor - NEW.released_fee_minor,
      NEW.charged_fee_minor - NEW.released_fee_minor, 0);
  RETURN NULL;
END;
$$;
DROP TRIGGER orders_stats_status ON orders;
CREATE TRIGGER orders_stats_status AFTER UPDATE OF status, released_subtotal_minor, released_fee_minor, failed_count
  ON orders FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.released_subtotal_minor <> NEW.released_subtotal_minor
    OR OLD.released_fee_minor <> NEW.released_fee_minor
    OR OLD.failed_count <> NEW.failed_count)
  EXECUTE FUNCTION order_stats_on_status();

-- The top recipients read what each order cost from the recent-orders index (0095) alone: it
-- carries the released amounts too.
DROP INDEX orders_org_recent;
CREATE INDEX orders_org_recent ON orders (organisation_id, created_at DESC, id DESC)
  INCLUDE (status, charged_total_minor, released_subtotal_minor, released_fee_minor, recipient_email, sandbox);

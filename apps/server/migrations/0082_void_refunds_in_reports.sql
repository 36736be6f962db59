-- A voided reward's refund leaves the reports too (decisions 011, 039): when a reward's void
-- becomes `refunded`, its order's figures lose one reward and the reward's share of the charge,
-- the same share the ledger refunded (the charged subtotal and fee split evenly over the order's
-- rewards, the odd minor units to the first ones: @giftrelay/money's shareOf).
CREATE FUNCTION order_stats_on_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (organisation_id, day, status, brand, category, country,
    orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed)
  SELECT o.organisation_id, (o.created_at AT TIME ZONE 'UTC')::date, o.status, o.brand,
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
CREATE TRIGGER rewards_stats_refund AFTER UPDATE OF void_state ON rewards
  FOR EACH ROW WHEN (NEW.void_state = 'refunded' AND OLD.void_state IS DISTINCT FROM 'refunded')
  EXECUTE FUNCTION order_stats_on_refund();

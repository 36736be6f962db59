-- An endpoint whose deliveries have all failed for 5 days is disabled, and its organisation's
-- owners are told (docs/decisions/029-…).
--
-- `failing_since`: the first failed attempt since the endpoint's last 2xx (null while healthy).
-- Kept by a trigger on `webhook_attempts`, so the delivery worker needs no change and the sweep
-- reads one partial index instead of every attempt; the endpoint's row is written only when its
-- health changes (first failure, first success after failures), never on every attempt.
-- `disabled_at` / `disabled_reason`: when and why it was switched off (`manual`, or `failing` by
-- the sweep); enabling it again clears all three.
ALTER TABLE webhook_endpoints
  ADD COLUMN failing_since timestamptz,
  ADD COLUMN disabled_at timestamptz,
  ADD COLUMN disabled_reason text CHECK (disabled_reason IN ('manual', 'failing'));
UPDATE webhook_endpoints SET disabled_at = updated_at, disabled_reason = 'manual' WHERE NOT enabled;
CREATE INDEX webhook_endpoints_failing ON webhook_endpoints (failing_since) WHERE enabled AND failing_since IS NOT NULL;

-- Attempts on an endpoint someone disabled are not the receiver's failures: they are ignored.
CREATE FUNCTION webhook_endpoint_health() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ok boolean := coalesce(NEW.status_code BETWEEN 200 AND 299, false);
BEGIN
  UPDATE webhook_endpoints w
  SET failing_since = CASE WHEN ok THEN NULL ELSE NEW.attempted_at END
  FROM webhook_deliveries d
  WHERE d.id = NEW.delivery_id AND w.id = d.endpoint_id AND w.enabled
    AND CASE WHEN ok THEN w.failing_since IS NOT NULL ELSE w.failing_since IS NULL END;
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_endpoint_health AFTER INSERT ON webhook_attempts
  FOR EACH ROW EXECUTE FUNCTION webhook_endpoint_health();

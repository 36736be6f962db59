-- Webhook dispatch wakes on a NOTIFY instead of polling every 250 ms (decision 030). Every new
-- delivery (the events' fan-out, a replay, a test event) notifies channel `webhook_deliveries`
-- when its transaction commits, so the dispatchers in every process (LISTENing through pg-boss's
-- listener) queue it at once; a rolled-back delivery notifies nobody. PostgreSQL folds identical
-- notifications of one transaction into one, so an order that writes several deliveries sends one.
-- Only a transaction that writes a delivery notifies: an organisation without endpoints keeps
-- decision 012's NOTIFY-free commits.
CREATE FUNCTION webhook_deliveries_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('webhook_deliveries', '');
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_deliveries_notify AFTER INSERT ON webhook_deliveries FOR EACH ROW
  WHEN (NOT NEW.queued) EXECUTE FUNCTION webhook_deliveries_notify();

-- Webhook deliveries (decision 027). A delivery is one event for one endpoint: its chain of attempts
-- on the retry schedule. The trigger writes a delivery for each enabled endpoint that wants the
-- event, in the statement that writes the event, so an event that commits always has its
-- deliveries and one that rolls back has none; an organisation without endpoints pays one index
-- probe. `queued` is the outbox flag: the dispatcher turns unqueued deliveries into pg-boss jobs,
-- never in the writer's transaction. `webhook.test` events are delivered to the endpoint that asked.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  queued boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  CHECK (created_at = date_trunc('milliseconds', created_at))
);
CREATE INDEX webhook_deliveries_unqueued ON webhook_deliveries (created_at) WHERE NOT queued;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- Every attempt, for the delivery log: the response's status and first 4 KB, or why there was none.
CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  response_excerpt text,
  error text,
  next_retry_at timestamptz
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

CREATE FUNCTION webhook_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (organisation_id, endpoint_id, event_id, created_at)
  SELECT NEW.organisation_id, e.id, NEW.id, NEW.created_at
  FROM webhook_endpoints e
  WHERE e.organisation_id = NEW.organisation_id AND e.enabled
    AND (e.event_types IS NULL OR NEW.type = ANY (e.event_types))
    AND NEW.type <> 'webhook.test';
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_fan_out AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION webhook_fan_out();

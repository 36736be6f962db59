-- The organisation's public events (GET /api/v1/events, and what webhooks carry): each written in
-- the same transaction as the change it reports, so an event is never lost and never exists for a
-- change that rolled back (docs/decisions/027-…). `order_events` stays the order's own status
-- history, with internal steps (`email.queued`) that are no public API.
-- Times are kept to the millisecond: page cursors carry them as ISO strings, which hold no more.
CREATE TABLE events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  CHECK (created_at = date_trunc('milliseconds', created_at))
);
-- One index for the listing, with or without a type filter: every more index costs each order.
CREATE INDEX events_org_created ON events (organisation_id, created_at DESC, id DESC);
-- The retention sweep's order (housekeeping).
CREATE INDEX events_created ON events (created_at);

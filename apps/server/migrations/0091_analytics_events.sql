-- Analytics events from the published landing pages (issue 14, decision 049): page views, clicks on
-- a call to action, leads sent. Anonymous: the session is a random UUID the browser made. The lead's
-- address is never stored here (the lead itself is in `leads`).
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('page_view', 'cta_click', 'lead_submitted')),
  slug text NOT NULL CHECK (length(slug) <= 100),
  session_id uuid NOT NULL,
  utm_campaign text CHECK (length(utm_campaign) <= 100),
  primary_keyword text CHECK (length(primary_keyword) <= 200),
  cta_type text CHECK (
    cta_type IN ('primary', 'secondary', 'use_case_hr', 'use_case_marketing', 'use_case_finance')
  ),
  -- When the browser says it happened; reports count by received_at, which nobody outside can set.
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'cta_click') = (cta_type IS NOT NULL))
);

-- Site analytics read every event of a range of days, grouped by page and by campaign in one scan.
-- The table is append-only and received_at follows the insertion order, so a BRIN index finds a
-- range's blocks for a few kilobytes, and costs the ingestion next to nothing (a B-tree on
-- received_at would take a write on its busiest page with every batch).
CREATE INDEX analytics_events_received_at_brin ON analytics_events USING brin (received_at);

-- The marketing studio's testimonials and leads inbox (issue 14, decision 048).

-- Quotes from customers, added and moderated by GiftRelay's operators. Only approved ones are
-- ever served (GET /api/v1/testimonials, the landing pages).
CREATE TABLE testimonials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote text NOT NULL CHECK (length(quote) BETWEEN 1 AND 1000),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 120),
  role text NOT NULL CHECK (length(role) BETWEEN 1 AND 120),
  company text NOT NULL CHECK (length(company) BETWEEN 1 AND 200),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- To the millisecond, like events (0060): the list's cursor carries it as ISO 8601.
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The operators' list, newest first (filtered by status or not), and the public read of approved ones.
CREATE INDEX testimonials_created_idx ON testimonials (created_at DESC, id DESC);
CREATE INDEX testimonials_approved_idx ON testimonials (created_at DESC, id DESC) WHERE status = 'approved';

-- Leads from landing pages: the page's slug, and duplicates within a day merged into one lead
-- (how often it was sent, and when last). A contact-form message is always one submission.
ALTER TABLE leads
  ADD COLUMN slug text CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  ADD COLUMN submissions integer NOT NULL DEFAULT 1 CHECK (submissions >= 1),
  ADD COLUMN last_submitted_at timestamptz;

-- The inbox pages by created_at with a cursor that holds milliseconds, as testimonials do.
UPDATE leads SET created_at = date_trunc('milliseconds', created_at);
UPDATE leads SET last_submitted_at = created_at;
ALTER TABLE leads
  ALTER COLUMN created_at SET DEFAULT date_trunc('milliseconds', now()),
  ALTER COLUMN last_submitted_at SET NOT NULL,
  ALTER COLUMN last_submitted_at SET DEFAULT now(),
  ADD CONSTRAINT leads_landing_page_has_campaign
    CHECK (source <> 'landing_page' OR (campaign IS NOT NULL AND slug IS NOT NULL));

-- The merge's look-up: the latest lead of an address for a campaign.
CREATE INDEX leads_landing_merge_idx ON leads (email, campaign, last_submitted_at DESC)
  WHERE source = 'landing_page';
-- The inbox filtered by source or campaign, newest first (leads_created_at_idx serves no filter).
CREATE INDEX leads_source_created_idx ON leads (source, created_at DESC, id DESC);
CREATE INDEX leads_campaign_created_idx ON leads (campaign, created_at DESC, id DESC) WHERE campaign IS NOT NULL;

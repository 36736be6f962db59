-- Landing pages (issue 14, decision 051): what the operators' generator wrote for a keyword, kept
-- once published so /lp/{slug} opens for anyone. The slug is the page's address: unique, and kept
-- when the page is published again. Unpublished pages stay for editing; deleting removes the row.
CREATE TABLE landing_pages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  primary_keyword text NOT NULL CHECK (length(primary_keyword) BETWEEN 1 AND 120),
  supporting_keywords text NOT NULL DEFAULT '' CHECK (length(supporting_keywords) <= 500),
  audience_segment text NOT NULL CHECK (audience_segment IN ('hr_leaders', 'marketing_ops', 'finance_directors')),
  offer_type text NOT NULL CHECK (offer_type IN ('free_account', 'demo', 'enterprise', 'trial')),
  hero_visual text NOT NULL CHECK (hero_visual IN ('card_stack', 'globe', 'dashboard', 'smiling_team')),
  utm_campaign text NOT NULL DEFAULT '' CHECK (length(utm_campaign) <= 100),
  -- Headline, subheadline, benefits, steps, use cases and FAQ (LandingCopySchema in contracts).
  copy jsonb NOT NULL,
  -- Drawn by the server from hero_visual and the keyword, never taken from a client.
  hero_svg text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
-- The sitemap and the public read: published pages only.
CREATE INDEX landing_pages_published ON landing_pages (published_at DESC) WHERE published;

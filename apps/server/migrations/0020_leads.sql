-- People who asked to hear from us: the public contact form today, generated landing pages later
-- (their campaign columns are the spec's leads entity). No IP address or user agent is kept: the
-- privacy page promises only what is written here.
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL CHECK (source IN ('contact_form', 'landing_page')),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
  name text CHECK (length(name) <= 120),
  company text CHECK (length(company) <= 200),
  topic text CHECK (topic IN ('sales', 'support', 'partnership', 'other')),
  plan text CHECK (plan IN ('starter', 'growth', 'enterprise')),
  message text CHECK (length(message) <= 5000),
  campaign text CHECK (length(campaign) <= 200),
  utm_campaign text CHECK (length(utm_campaign) <= 200),
  primary_keyword text CHECK (length(primary_keyword) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A contact-form lead is a conversation: it needs someone to answer and something to answer.
  CHECK (source <> 'contact_form' OR (name IS NOT NULL AND topic IS NOT NULL AND message IS NOT NULL))
);

CREATE INDEX leads_created_at_idx ON leads (created_at DESC);

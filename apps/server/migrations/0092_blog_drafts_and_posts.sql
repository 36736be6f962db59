-- The blog generator (issue 14, decision 050): every generation is kept as a draft that an
-- operator can reopen, edit and delete; a variant published becomes a post at /blog/{slug},
-- beside the six articles of the web build.
CREATE TABLE blog_drafts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  primary_keyword text NOT NULL CHECK (length(primary_keyword) BETWEEN 1 AND 120),
  supporting_keywords text NOT NULL DEFAULT '' CHECK (length(supporting_keywords) <= 500),
  target_audience text NOT NULL CHECK (length(target_audience) <= 200),
  tone_style text NOT NULL CHECK (tone_style IN ('authoritative', 'consultative', 'conversational')),
  cta_focus text NOT NULL CHECK (cta_focus IN ('signup', 'demo', 'trial', 'case_study')),
  seed integer NOT NULL CHECK (seed >= 0),
  -- Who wrote it: the built-in writer or the configured LLM.
  writer text NOT NULL CHECK (writer IN ('built_in', 'llm')),
  -- The writer's whole answer, '## VARIANT A' … '## VARIANT C'; kept as written.
  content text NOT NULL CHECK (length(content) <= 200000),
  -- An operator's edits of a variant's text, by letter: {"A": "…"}; a variant without one is as written.
  variant_edits jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(variant_edits) = 'object'),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_drafts_recent ON blog_drafts (created_at DESC, id DESC);

CREATE TABLE blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The address, /blog/{slug}: unique, lower-case words joined by hyphens. The six articles'
  -- slugs (and 'generator') are refused by the API, which knows them.
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 160),
  excerpt text NOT NULL CHECK (length(excerpt) BETWEEN 1 AND 300),
  category text NOT NULL CHECK (length(category) BETWEEN 1 AND 60),
  body_markdown text NOT NULL CHECK (length(body_markdown) BETWEEN 1 AND 100000),
  draft_id uuid REFERENCES blog_drafts (id) ON DELETE SET NULL,
  published boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- When it was first published: the date the blog shows; kept when it is published again.
  published_at timestamptz NOT NULL DEFAULT now()
);
-- The blog list, the sitemap and the public read: published posts only.
CREATE INDEX blog_posts_published ON blog_posts (published_at DESC) WHERE published;

-- Organisation settings (issue 15, decision 033): what a recipient sees of the sender. Each is
-- optional; unset, the email and the claim page look as they did (the organisation's name, the
-- GiftRelay colour, no logo, no reply-to).
ALTER TABLE organisations
  ADD COLUMN sender_name text CHECK (sender_name IS NULL OR length(sender_name) BETWEEN 1 AND 80),
  ADD COLUMN reply_to text CHECK (reply_to IS NULL OR (length(reply_to) <= 255 AND reply_to ~ '^[^<>\s@]+@[^<>\s@]+$')),
  ADD COLUMN brand_colour text CHECK (brand_colour IS NULL OR brand_colour ~ '^#[0-9a-f]{6}$'),
  ADD COLUMN default_message text CHECK (default_message IS NULL OR length(default_message) BETWEEN 1 AND 500);

-- The logo, checked and kept as uploaded (a PNG, or an SVG that passed the allow-list). A new
-- upload is a new row with a new id, so its URL can be cached for ever; the old row goes.
CREATE TABLE organisation_logos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL UNIQUE REFERENCES organisations (id) ON DELETE CASCADE,
  media_type text NOT NULL CHECK (media_type IN ('image/png', 'image/svg+xml')),
  content bytea NOT NULL CHECK (octet_length(content) BETWEEN 1 AND 524288),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The built-in mailbox shows the Reply-To an SMTP server would have been given.
ALTER TABLE mailbox_messages ADD COLUMN reply_to text;

-- The built-in mailbox: where email goes when no SMTP server is configured, readable at /mailbox.
CREATE TABLE mailbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id text NOT NULL UNIQUE,
  from_address text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX mailbox_messages_created_idx ON mailbox_messages (created_at DESC);
CREATE INDEX mailbox_messages_to_idx ON mailbox_messages (to_address, created_at DESC);

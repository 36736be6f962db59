-- The reward lifecycle's public events (docs/decisions/029-…): each is written by the statement
-- that records the change it reports.
--
-- `reward.delivered`: when the recipient's mail server (or the built-in mailbox) first accepted the
-- reward's email. Set once, null → time, in the statement that writes the event.
ALTER TABLE rewards ADD COLUMN delivered_at timestamptz;

-- `reward.email_bounced`: each email the recipient's server refused for good (an SMTP 5xx), once
-- per message: the fallback job sends the same Message-ID again after a crash, and must not report
-- the same refusal twice. A resend is a new message and may bounce again.
CREATE TABLE reward_email_bounces (
  reward_id uuid NOT NULL REFERENCES rewards (id) ON DELETE CASCADE,
  message_id text NOT NULL,
  recipient_email text NOT NULL,
  smtp_code integer,
  smtp_response text NOT NULL DEFAULT '',
  bounced_at timestamptz NOT NULL,
  PRIMARY KEY (reward_id, message_id)
);

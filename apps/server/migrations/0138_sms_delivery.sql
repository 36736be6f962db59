-- SMS delivery (issue 32, decision 082). An order may name the recipient's mobile number (E.164)
-- beside the address; its claim links then go out by text as well, through Twilio or, with none
-- configured, into the built-in mailbox (channel 'sms').
ALTER TABLE orders ADD COLUMN recipient_phone text;
ALTER TABLE orders ADD CONSTRAINT orders_recipient_phone_check CHECK (recipient_phone ~ '^\+[1-9][0-9]{6,14}$');

ALTER TABLE mailbox_messages ADD COLUMN channel text NOT NULL DEFAULT 'email';
ALTER TABLE mailbox_messages ADD CONSTRAINT mailbox_messages_channel_check CHECK (channel IN ('email', 'sms'));

-- One text per order and send (the first send and each resend have their own key): the job that
-- sends it claims the row, so a redelivered job or a second worker never texts twice.
CREATE TABLE sms_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  send_key text NOT NULL,
  to_phone text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('twilio', 'mailbox')),
  -- Twilio's Message SID (SM…), or the mailbox message's id.
  provider_sid text UNIQUE,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed')),
  error_code integer,
  error_message text CHECK (length(error_message) <= 500),
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, send_key)
);
CREATE INDEX sms_messages_order_idx ON sms_messages (order_id, created_at DESC);

-- STOP from a number (Twilio's inbound webhook) opts it out of every organisation's texts until
-- it sends START; an order to it is refused (RECIPIENT_OPTED_OUT).
CREATE TABLE sms_opt_outs (
  phone text PRIMARY KEY,
  opted_out_at timestamptz NOT NULL DEFAULT now(),
  keyword text NOT NULL CHECK (length(keyword) <= 20)
);

-- Reminders and automatic voids of unopened rewards (issue 16, decision 040).
-- `reminder_after_days`: an order with rewards nobody opened gets a reminder email after this many
-- days, and a second after twice as many (null: no reminders). `void_unopened_after_days`: such
-- rewards are voided this many days after delivery (null, the default: never), the recipient
-- told three days before.
ALTER TABLE organisations
  ADD COLUMN reminder_after_days smallint DEFAULT 3 CHECK (reminder_after_days BETWEEN 1 AND 30),
  ADD COLUMN void_unopened_after_days smallint CHECK (void_unopened_after_days BETWEEN 7 AND 365);

-- What an order's recipient was sent after the first email: reminders (at most two) and the
-- notice of an automatic void. Each send is claimed by a conditional upsert here, in the
-- transaction that queues its email, so two processes never send the same one.
CREATE TABLE order_reminders (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  reminders_sent smallint NOT NULL DEFAULT 0 CHECK (reminders_sent BETWEEN 0 AND 2),
  last_reminded_at timestamptz,
  void_notice_at timestamptz
);

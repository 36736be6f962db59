-- Voiding unopened rewards (issue 16, decision 039).
--
-- A reward's void goes `requested` (the claim link stops showing the code at once; the provider
-- is asked to cancel the card), then `refunded` (the provider cancelled: the reward's share of
-- the order's charge went back to the available balance, in the same transaction) or
-- `not_cancelled` (the provider would not: nothing is refunded, `void_note` says why). Each step
-- is a conditional UPDATE, so a void retried, or two at once, refunds a reward once.
ALTER TABLE rewards
  ADD COLUMN void_state text CHECK (void_state IN ('requested', 'refunded', 'not_cancelled')),
  ADD COLUMN voided_at timestamptz,
  ADD COLUMN void_note text CHECK (length(void_note) <= 500),
  ADD CONSTRAINT rewards_void_has_time CHECK ((void_state IS NULL) = (voided_at IS NULL));

-- A refund is one entry per voided reward: an order can have several, unlike its hold, capture
-- or release.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('funding', 'hold', 'capture', 'release', 'refund'));
DROP INDEX ledger_entries_one_per_order;
CREATE UNIQUE INDEX ledger_entries_one_per_order ON ledger_entries (order_id, kind)
  WHERE order_id IS NOT NULL AND kind <> 'refund';

-- The sandbox provider cancels what it issued, except prepaid cards (activated when issued).
ALTER TABLE sandbox_provider_orders ADD COLUMN cancelled_at timestamptz;

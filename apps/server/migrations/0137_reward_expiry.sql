-- Expiry that returns the value (issue 32, decision 081). Every order may carry `expires_at`: the
-- moment its rewards stop being claimable. Set from the order (`expires_at`/`expires_in_days`) or
-- from the organisation's `reward_expiry_days` (null: rewards never expire). At expiry the sweep
-- claims the order once (`expired_at`, by a conditional update that skips rows another process
-- holds), voids its unopened rewards through the provider and refunds their exact share through
-- the ledger; `expiry_note` says why some value could not come back (opened, or not cancelled).
ALTER TABLE organisations ADD COLUMN reward_expiry_days smallint
  CHECK (reward_expiry_days BETWEEN 1 AND 730);

ALTER TABLE orders ADD COLUMN expires_at timestamptz;
ALTER TABLE orders ADD COLUMN expired_at timestamptz;
ALTER TABLE orders ADD COLUMN expiry_note text CHECK (length(expiry_note) <= 500);
ALTER TABLE orders ADD COLUMN expiry_refunded_count smallint NOT NULL DEFAULT 0;

-- The sweep's one question: orders past their expiry not yet claimed by a sweep.
CREATE INDEX orders_expiry_due ON orders (expires_at) WHERE expires_at IS NOT NULL AND expired_at IS NULL;

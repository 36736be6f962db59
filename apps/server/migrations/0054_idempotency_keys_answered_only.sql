-- Since decision 012 a key is written with its answer or not at all: the execution in progress is
-- marked by a transaction-scoped advisory lock, not a row. `state` was always 'completed' and
-- `locked_until` always the insert's now(), so both go, and the answer is required (decision 023).
-- Rows an older version left in progress bind nobody: their 60-second lock lapsed long ago.
DELETE FROM idempotency_keys WHERE state = 'in_progress';
ALTER TABLE idempotency_keys
  DROP COLUMN state,
  DROP COLUMN locked_until,
  ALTER COLUMN response_status SET NOT NULL,
  ALTER COLUMN response_body SET NOT NULL;

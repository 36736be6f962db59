-- Shared ground for the teams (issue 15) and lifecycle-event (issue 13) work, landed first so
-- both can build on it without colliding.
--
-- 1. The audit log grows with every feature (sign-ins, members, approvals, settings, webhooks):
--    the list of actions lives in the code (`AuditAction` in packages/contracts), the database
--    checks only its shape, so adding an action needs no migration.
ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS audit_events_action_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check
  CHECK (action ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$' AND length(action) <= 64);

-- 2. The balance an organisation wants to hear about: when its available balance falls below
--    this (in its billing currency's minor units), a `balance.low` event is written. Null: never.
ALTER TABLE organisations ADD COLUMN low_balance_threshold_minor bigint
  CHECK (low_balance_threshold_minor IS NULL OR low_balance_threshold_minor BETWEEN 0 AND 100000000000);

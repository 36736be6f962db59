-- Less PostgreSQL work per order (issue 19, docs/decisions/024-order-write-cost.md). Every order
-- writes a row to orders, rewards and order_events (three events), and fulfilment updates each
-- reward twice (the lease, then the code): each index below was written on every one of those for
-- nothing.

-- Nothing reads pending orders by age (fulfilment goes through its job): the index was written
-- with every order.
DROP INDEX orders_pending;
-- The reward's UNIQUE (order_id, position) serves every lookup by order_id.
DROP INDEX rewards_order;
-- An order's events are read by order (order_events_order); nothing reads them by organisation.
DROP INDEX order_events_org;

-- A reward is updated twice right after its insert (the worker's lease, then its code) and again
-- when its link is first opened, and none of those columns is indexed: with room left on the page
-- each update is a HOT update, which writes no index entry at all. At the default fillfactor
-- (100) the new version went to another page and every index got a new entry, three times over.
ALTER TABLE rewards SET (fillfactor = 50);

-- Rewards written already opened (imported or seeded history) count as claimed. A new order's
-- rewards are never opened, so a row trigger with a WHEN clause costs nothing for them, where the
-- statement-level trigger of 0040 ran a function over a transition table for every order. The
-- row's delta is the one a first opening writes (0040's order_stats_on_claim).
DROP TRIGGER rewards_stats_insert ON rewards;
DROP FUNCTION order_stats_on_reward_insert();
CREATE TRIGGER rewards_stats_insert AFTER INSERT ON rewards
  FOR EACH ROW WHEN (NEW.claim_first_opened_at IS NOT NULL) EXECUTE FUNCTION order_stats_on_claim();

-- Every order updates its organisation's available and held balances, and its completion the held
-- one again: balance_minor is not indexed, so with room on the page these are HOT updates too.
ALTER TABLE ledger_accounts SET (fillfactor = 50);

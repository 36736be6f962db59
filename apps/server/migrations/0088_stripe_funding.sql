-- Funding a live organisation's balance by card through Stripe Checkout (issue 17, decision 046).
--
-- A checkout is ours first (its id goes to Stripe as metadata and client_reference_id), then
-- Stripe's (stripe_session_id). The balance is credited only from Stripe's signed
-- checkout.session.completed webhook, once per checkout: the conditional move from `open` to
-- `completed` and the ledger entry commit together.
CREATE TABLE stripe_checkout_sessions (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id),
  stripe_session_id text UNIQUE CHECK (length(stripe_session_id) <= 255),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'expired')),
  -- Stripe's hosted page, while the checkout is open.
  url text CHECK (length(url) <= 2000),
  payment_intent text CHECK (length(payment_intent) <= 255),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  credit_entry_id bigint REFERENCES ledger_entries (id),
  -- What refunds and disputes have taken back so far (taken from the balance or owed as a
  -- shortfall), never more than was credited.
  debited_minor bigint NOT NULL DEFAULT 0,
  CONSTRAINT stripe_checkout_completed CHECK ((status = 'completed') = (completed_at IS NOT NULL AND credit_entry_id IS NOT NULL)),
  CONSTRAINT stripe_checkout_debited CHECK (debited_minor >= 0 AND debited_minor <= amount_minor)
);
CREATE INDEX stripe_checkout_sessions_org ON stripe_checkout_sessions (organisation_id, created_at DESC);
CREATE UNIQUE INDEX stripe_checkout_sessions_payment_intent ON stripe_checkout_sessions (payment_intent)
  WHERE payment_intent IS NOT NULL;

-- Every Stripe event handled, by its id: a retried or duplicated delivery finds its row and
-- changes nothing. Written in the transaction that applies the event.
CREATE TABLE stripe_events (
  id text PRIMARY KEY CHECK (length(id) <= 255),
  type text NOT NULL CHECK (length(type) <= 100),
  received_at timestamptz NOT NULL DEFAULT now(),
  checkout_session_id uuid REFERENCES stripe_checkout_sessions (id),
  -- What it did: credited, debited, ignored (not ours, or nothing to do), expired, …
  outcome text NOT NULL CHECK (length(outcome) <= 100)
);
CREATE INDEX stripe_events_received ON stripe_events (received_at);

-- Refunds arrive as the charge's cumulative `amount_refunded`: what was applied last is kept, so
-- a repeat or an older event debits nothing and a later one only the increase.
CREATE TABLE stripe_charge_refunds (
  charge_id text PRIMARY KEY CHECK (length(charge_id) <= 255),
  checkout_session_id uuid NOT NULL REFERENCES stripe_checkout_sessions (id),
  amount_refunded_minor bigint NOT NULL CHECK (amount_refunded_minor >= 0),
  debited_minor bigint NOT NULL CHECK (debited_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A dispute debits what it claims when it is opened (never more than is left of the top-up), and
-- gives it back once, if the organisation wins it.
CREATE TABLE stripe_disputes (
  id text PRIMARY KEY CHECK (length(id) <= 255),
  charge_id text NOT NULL CHECK (length(charge_id) <= 255),
  checkout_session_id uuid NOT NULL REFERENCES stripe_checkout_sessions (id),
  debited_minor bigint NOT NULL CHECK (debited_minor >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost')),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((status = 'open') = (closed_at IS NULL))
);

-- A refund or dispute that takes more than the available balance leaves a shortfall: sending is
-- frozen until a later credit pays it (credits pay the shortfall first).
ALTER TABLE organisations
  ADD COLUMN funding_shortfall_minor bigint NOT NULL DEFAULT 0 CHECK (funding_shortfall_minor >= 0),
  ADD COLUMN sending_frozen_at timestamptz,
  ADD CONSTRAINT organisations_frozen_by_shortfall CHECK ((funding_shortfall_minor > 0) = (sending_frozen_at IS NOT NULL));

-- The ledger's new kinds: a card refund's or dispute's debit, a won dispute's credit, and what a
-- credit paid of a shortfall.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('funding', 'hold', 'capture', 'release', 'refund', 'card_refund', 'dispute', 'dispute_won', 'shortfall_recovery'));

-- Bank transfers received (issue 17, decision 045): an operator matches a transfer on GiftRelay's
-- bank statement to a live organisation by the reference it quoted, and records it. The bank's own
-- reference for the transaction is unique, so the same transfer is never credited twice.
CREATE TABLE bank_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  bank_reference text NOT NULL UNIQUE CHECK (length(bank_reference) BETWEEN 1 AND 100),
  received_on date NOT NULL,
  note text CHECK (length(note) <= 500),
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  credit_entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_transfers_recent ON bank_transfers (created_at DESC, id DESC);
CREATE INDEX bank_transfers_org ON bank_transfers (organisation_id, created_at DESC);

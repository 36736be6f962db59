-- Bulk batches (issue 16, decision 043). A batch is every row of an upload, kept with its
-- validation result; its valid rows become ordinary orders (orders.batch_id), a few hundred per
-- transaction, by a queue job that resumes where it stopped. The money: `all_or_nothing` holds the
-- total of the valid rows at once, in the request (one ledger `hold` entry naming the batch), and
-- its orders are written without a hold of their own; `send_what_fits` holds each order as it is
-- written, in row order, and a row the balance cannot cover is `insufficient_funds`.
CREATE TABLE batches (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  api_key_id uuid REFERENCES api_keys (id) ON DELETE SET NULL,
  name text,
  mode text NOT NULL CHECK (mode IN ('all_or_nothing', 'send_what_fits')),
  status text NOT NULL CHECK (status IN ('pending_approval', 'accepting', 'sending', 'completed', 'rejected')),
  charge_currency text NOT NULL,
  row_count int NOT NULL,
  valid_count int NOT NULL,
  -- The charged total (fees included) of the valid rows, and what the batch itself holds
  -- (all_or_nothing: that total, until its rows become orders or are released).
  total_minor bigint NOT NULL,
  held_minor bigint NOT NULL DEFAULT 0,
  usd_total_minor bigint NOT NULL,
  approval_expires_at timestamptz,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  decision_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  completed_at timestamptz,
  CHECK (held_minor >= 0)
);
CREATE INDEX batches_organisation_created ON batches (organisation_id, created_at DESC, id DESC);
CREATE INDEX batches_waiting ON batches (approval_expires_at) WHERE status = 'pending_approval';
CREATE INDEX batches_unfinished ON batches (created_at) WHERE status IN ('accepting', 'sending');

CREATE TABLE batch_rows (
  batch_id uuid NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  -- The row's number in the upload, from 1 (a CSV's header is not counted).
  position int NOT NULL,
  status text NOT NULL CHECK (status IN ('invalid', 'queued', 'ordered', 'insufficient_funds', 'rejected')),
  -- The row as sent (its fields, trimmed), and for an invalid row what is wrong with it.
  input jsonb NOT NULL,
  errors jsonb,
  -- A valid row's order, prepared when the batch was accepted; its id is the order's id to be.
  prepared jsonb,
  charged_total_minor bigint,
  order_id uuid,
  PRIMARY KEY (batch_id, position)
);
CREATE INDEX batch_rows_queued ON batch_rows (batch_id, position) WHERE status = 'queued';

ALTER TABLE orders ADD COLUMN batch_id uuid REFERENCES batches (id) ON DELETE SET NULL;
CREATE INDEX orders_batch ON orders (batch_id, status) WHERE batch_id IS NOT NULL;

ALTER TABLE ledger_entries ADD COLUMN batch_id uuid;

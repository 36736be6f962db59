-- The balance as an append-only double-entry ledger (docs/decisions/008-ledger.md).
-- Every entry's postings sum to zero. An organisation's `available` and `held` accounts carry a
-- running balance that a CHECK keeps non-negative: the conditional row update is what makes
-- overspending impossible under any concurrency. System accounts (funding source, provider
-- payable, fee revenue) carry no running balance, so no single hot row serialises every order;
-- their balance is the sum of their postings.

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  organisation_id uuid REFERENCES organisations (id),
  kind text NOT NULL CHECK (kind IN ('available', 'held', 'funding_source', 'provider_payable', 'fee_revenue')),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  balance_minor bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_org_account_has_org CHECK ((kind IN ('available', 'held')) = (organisation_id IS NOT NULL)),
  CONSTRAINT ledger_balance_not_negative CHECK (balance_minor >= 0),
  CONSTRAINT ledger_accounts_unique UNIQUE NULLS NOT DISTINCT (organisation_id, kind, currency)
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id),
  kind text NOT NULL CHECK (kind IN ('funding', 'hold', 'capture', 'release')),
  order_id uuid,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One hold, one capture, one release at most per order.
CREATE UNIQUE INDEX ledger_entries_one_per_order ON ledger_entries (order_id, kind) WHERE order_id IS NOT NULL;
CREATE INDEX ledger_entries_org ON ledger_entries (organisation_id, id DESC);

CREATE TABLE ledger_postings (
  entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  PRIMARY KEY (entry_id, account_id)
);
CREATE INDEX ledger_postings_account ON ledger_postings (account_id);

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Checked at commit, once all of an entry's postings are in.
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_minor), 0) INTO total FROM ledger_postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance (sum %)', NEW.entry_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();

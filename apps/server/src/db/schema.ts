import type { ColumnType, Generated, RawBuilder } from 'kysely';

/** Kysely's view of our tables. Each migration that adds a table adds its interface here. */
export interface Database {
  schema_migrations: {
    version: string;
    applied_at: Generated<Date>;
  };
  app_instance: {
    id: Generated<string>;
    singleton: Generated<boolean>;
    created_at: Generated<Date>;
    boot_count: ColumnType<number, number | undefined, number>;
    last_boot_at: Generated<Date>;
  };
  ledger_accounts: {
    id: Generated<string>;
    organisation_id: string | null;
    kind: 'available' | 'held' | 'funding_source' | 'provider_payable' | 'fee_revenue';
    currency: string;
    balance_minor: ColumnType<string, number | undefined, RawBuilder<unknown> | number>;
    created_at: Generated<Date>;
  };
  ledger_entries: {
    id: Generated<string>;
    organisation_id: string;
    kind: 'funding' | 'hold' | 'capture' | 'release';
    order_id: string | null;
    description: string;
    created_at: Generated<Date>;
  };
  ledger_postings: {
    entry_id: string;
    account_id: string;
    amount_minor: ColumnType<string, number, never>;
  };
  idempotency_keys: {
    organisation_id: string;
    key: string;
    request_hash: string;
    state: 'in_progress' | 'completed';
    response_status: number | null;
    response_body: string | null;
    locked_until: ColumnType<Date, RawBuilder<unknown>, RawBuilder<unknown>>;
    created_at: ColumnType<Date, RawBuilder<unknown> | undefined, RawBuilder<unknown>>;
    expires_at: ColumnType<Date, RawBuilder<unknown>, RawBuilder<unknown>>;
  };
}

import type { ColumnType, Generated } from 'kysely';

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
  products: ProductsTable;
  catalog_sync_runs: CatalogSyncRunsTable;
  sandbox_provider_orders: SandboxProviderOrdersTable;
  sandbox_provider_failures: SandboxProviderFailuresTable;
}

/** bigint columns: node-postgres reads them as text, PGlite as numbers; repositories convert. */
type BigintColumn = ColumnType<number | string, number, number>;

export interface ProductsTable {
  id: Generated<string>;
  code: string;
  provider: string;
  name: string;
  brand: string;
  country: string;
  currency: string;
  currency_exponent: number;
  min_value: BigintColumn;
  max_value: BigintColumn;
  denominations: ColumnType<(number | string)[] | null, number[] | null, number[] | null>;
  payout_type: 'gift_card' | 'prepaid_card';
  category: string;
  logo_svg: string;
  description: string;
  redemption_instructions: string;
  terms: string;
  available: Generated<boolean>;
  sort_key: string;
  search_text: string;
  content_hash: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CatalogSyncRunsTable {
  id: Generated<string>;
  provider: string;
  trigger: 'start' | 'schedule' | 'manual';
  status: Generated<'running' | 'succeeded' | 'failed'>;
  started_at: Generated<Date>;
  finished_at: Date | null;
  received: number | null;
  added: number | null;
  updated: number | null;
  retired: number | null;
  skipped: number | null;
  error: string | null;
}

export interface SandboxProviderOrdersTable {
  reference: string;
  provider_order_id: string;
  product_code: string;
  amount_minor: BigintColumn;
  currency: string;
  code: string;
  pin: string | null;
  redemption_url: string | null;
  expires_at: Date | null;
  created_at: Generated<Date>;
}

export interface SandboxProviderFailuresTable {
  id: Generated<number>;
  kind: 'timeout' | 'provider_error' | 'out_of_stock' | 'declined';
  remaining: number;
  product_code: string | null;
  created_at: Generated<Date>;
}

import type { LeadTopic, PlanId } from '@giftrelay/contracts';
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
  orders: {
    id: Generated<string>;
    organisation_id: string;
    created_by: string | null;
    product_id: string;
    product_code: string;
    product_name: string;
    brand: string;
    category: string | null;
    country: string | null;
    currency: string;
    amount_minor: ColumnType<string, number, never>;
    quantity: number;
    subtotal_minor: ColumnType<string, number, never>;
    fee_minor: ColumnType<string, number, never>;
    total_minor: ColumnType<string, number, never>;
    charge_currency: string;
    fx_rate: ColumnType<string, string, never>;
    charged_subtotal_minor: ColumnType<string, number, never>;
    charged_fee_minor: ColumnType<string, number, never>;
    charged_total_minor: ColumnType<string, number, never>;
    recipient_email: string;
    recipient_name: string | null;
    message: string | null;
    delivery_method: Generated<string>;
    status: ColumnType<'pending' | 'completed' | 'failed', 'pending' | undefined, 'pending' | 'completed' | 'failed'>;
    failure_reason: string | null;
    created_at: Generated<Date>;
    completed_at: ColumnType<Date | null, never, Date | RawBuilder<unknown>>;
    failed_at: ColumnType<Date | null, never, Date | RawBuilder<unknown>>;
  };
  rewards: {
    id: ColumnType<string, string | undefined, never>;
    order_id: string;
    organisation_id: string;
    position: number;
    status: ColumnType<'pending' | 'issued' | 'failed', 'pending' | undefined, 'pending' | 'issued' | 'failed'>;
    provider_order_id: string | null;
    code_encrypted: string | null;
    pin_encrypted: string | null;
    code_last4: string | null;
    redemption_url: string | null;
    expires_at: Date | null;
    claim_token_hash: string;
    claim_token_encrypted: string;
    claim_first_opened_at: ColumnType<Date | null, never, Date | RawBuilder<unknown>>;
    claim_last_opened_at: ColumnType<Date | null, never, Date | RawBuilder<unknown>>;
    claim_open_count: ColumnType<number, never, RawBuilder<unknown>>;
    lease_owner: ColumnType<string | null, never, string | null>;
    lease_until: ColumnType<Date | null, never, RawBuilder<unknown> | null>;
    attempts: ColumnType<number, never, RawBuilder<unknown>>;
    issued_at: ColumnType<Date | null, never, Date | RawBuilder<unknown>>;
    created_at: Generated<Date>;
  };
  order_events: {
    id: Generated<string>;
    order_id: string;
    organisation_id: string;
    type: string;
    payload: ColumnType<Record<string, unknown>, string, never>;
    created_at: Generated<Date>;
  };
  events: {
    id: Generated<string>;
    organisation_id: string;
    type: string;
    data: ColumnType<Record<string, unknown>, string, never>;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  webhook_endpoints: {
    id: Generated<string>;
    organisation_id: string;
    url: string;
    description: Generated<string>;
    event_types: string[] | null;
    enabled: Generated<boolean>;
    secret_encrypted: string;
    previous_secret_encrypted: string | null;
    previous_secret_expires_at: Date | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  webhook_deliveries: {
    id: Generated<string>;
    organisation_id: string;
    endpoint_id: string;
    event_id: string;
    status: Generated<'pending' | 'succeeded' | 'failed'>;
    queued: Generated<boolean>;
    attempts: Generated<number>;
    next_attempt_at: Date | null;
    last_attempt_at: Date | null;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  webhook_attempts: {
    id: Generated<string>;
    delivery_id: string;
    attempted_at: Date;
    status_code: number | null;
    duration_ms: number;
    response_excerpt: string | null;
    error: string | null;
    next_retry_at: Date | null;
  };
  instance_secrets: {
    name: string;
    secret: Buffer | Uint8Array;
    created_at: Generated<Date>;
  };
  leads: {
    id: Generated<string>;
    source: 'contact_form' | 'landing_page';
    email: string;
    name: string | null;
    company: string | null;
    topic: LeadTopic | null;
    plan: PlanId | null;
    message: string | null;
    campaign: string | null;
    utm_campaign: string | null;
    primary_keyword: string | null;
    created_at: Generated<Date>;
  };
  users: {
    id: Generated<string>;
    email: string;
    password_hash: string;
    email_verified_at: Date | null;
    password_changed_at: Generated<Date>;
    created_at: Generated<Date>;
    /** The last sign-in (migration 0053); null until the first. */
    signed_in_at: Generated<Date | null>;
  };
  organisations: {
    id: Generated<string>;
    name: string;
    sandbox: Generated<boolean>;
    billing_currency: Generated<string>;
    /** The plan chosen at sign-up (migration 0052). */
    plan: Generated<'starter' | 'growth' | 'enterprise'>;
    created_at: Generated<Date>;
  };
  memberships: {
    user_id: string;
    organisation_id: string;
    role: 'owner' | 'admin' | 'member';
    created_at: Generated<Date>;
  };
  auth_signing_keys: {
    id: string;
    secret: Uint8Array;
    created_at: Generated<Date>;
  };
  auth_sessions: {
    id: Generated<string>;
    user_id: string;
    organisation_id: string;
    created_at: Generated<Date>;
    last_refreshed_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Date | null;
    revoked_reason: 'logout' | 'refresh_token_reuse' | 'password_changed' | null;
  };
  auth_refresh_tokens: {
    id: Generated<string>;
    session_id: string;
    token_hash: Uint8Array;
    /** 1 at sign-in; its predecessor's plus one at each refresh (migration 0042). */
    generation: number;
    created_at: Generated<Date>;
    used_at: Date | null;
  };
  auth_email_tokens: {
    id: Generated<string>;
    user_id: string;
    purpose: 'verify_email' | 'reset_password';
    token_hash: Uint8Array;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
  rate_limit_counters: {
    key: string;
    window_started_at: Date;
    window_ends_at: Date;
    hits: number;
  };
  mailbox_messages: {
    id: Generated<string>;
    message_id: string;
    from_address: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    created_at: Generated<Date>;
  };
  order_stats_daily: OrderStatsTable;
  order_stats_daily_dims: OrderStatsTable & { brand: string; category: string; country: string };
  order_stats_deltas: OrderStatsTable & { id: Generated<string>; brand: string; category: string; country: string };
  products: ProductsTable;
  catalog_sync_runs: CatalogSyncRunsTable;
  sandbox_provider_orders: SandboxProviderOrdersTable;
  sandbox_provider_failures: SandboxProviderFailuresTable;
}

/** bigint columns come back as text on both engines; repositories convert (amounts fit a double). */
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

/** Rollup rows of order figures per organisation, UTC day and status (migration 0040). */
interface OrderStatsTable {
  organisation_id: string;
  day: ColumnType<string, string, string>;
  status: 'pending' | 'completed' | 'failed';
  orders: BigintColumn;
  rewards: BigintColumn;
  charged_total_minor: BigintColumn;
  charged_fee_minor: BigintColumn;
  rewards_claimed: BigintColumn;
}

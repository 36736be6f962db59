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
  users: {
    id: Generated<string>;
    email: string;
    password_hash: string;
    email_verified_at: Date | null;
    password_changed_at: Generated<Date>;
    created_at: Generated<Date>;
  };
  organisations: {
    id: Generated<string>;
    name: string;
    sandbox: Generated<boolean>;
    billing_currency: Generated<string>;
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
}

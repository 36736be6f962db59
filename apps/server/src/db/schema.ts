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
}

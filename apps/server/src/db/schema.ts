import type { LeadTopic, PlanId } from '@giftrelay/contracts';
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
}

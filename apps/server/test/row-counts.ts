import { sql } from 'kysely';
import { eventually, type TestApp } from './helpers';

/**
 * Tables a request could write to. Rate-limit counters are left out (a refused request still
 * counts against its budget, on purpose), and so are the tables that queue workers fill after an
 * accepted request (the mailbox, order events), which would make a later refusal look like a write.
 */
export const WRITTEN_TABLES = [
  'organisations',
  'users',
  'memberships',
  'auth_sessions',
  'auth_refresh_tokens',
  'auth_email_tokens',
  'leads',
  'orders',
  'rewards',
  'ledger_entries',
  'ledger_postings',
  'idempotency_keys',
  // Card funding (decision 046): a refused checkout or webhook writes neither.
  'stripe_checkout_sessions',
  'stripe_events',
  // Landing pages' analytics events (decision 049): a refused batch stores none of its events.
  'analytics_events',
  // Landing pages (decision 051): a refused publish or edit stores nothing.
  'landing_pages',
  // The blog generator (decision 050): a refused generation keeps no draft, a refused publish no post.
  'blog_drafts',
  'blog_posts',
] as const;

/** The row count of every table in WRITTEN_TABLES, in one statement. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const columns = WRITTEN_TABLES.map((table) => `(SELECT count(*) FROM ${table})::int AS ${table}`).join(', ');
  const { rows } = await sql<Record<string, number>>`${sql.raw(`SELECT ${columns}`)}`.execute(t.database.db);
  return { ...rows[0] };
}

/**
 * rowCounts once every order has settled: fulfilment writes the ledger after an accepted order,
 * which would otherwise land in the middle of a later check.
 */
export async function settledRowCounts(t: TestApp): Promise<Record<string, number>> {
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE status = 'pending'`.execute(
      t.database.db,
    );
    return rows[0]?.n === 0;
  }, 60_000);
  return rowCounts(t);
}

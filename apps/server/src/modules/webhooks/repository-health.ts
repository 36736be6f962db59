import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ownerEmails } from '../members';

type Tx = Transaction<Database> | Kysely<Database>;

export interface DisabledEndpoint {
  id: string;
  organisation_id: string;
  url: string;
  description: string;
  failing_since: Date;
  disabled_at: Date;
}

/**
 * Disables up to `limit` enabled endpoints whose failing streak (`failing_since`, kept by the
 * attempts' trigger, migration 0065) began at least `days` ago, and returns them. Conditional on
 * the row still being enabled and failing, under its row lock, so two sweeps disable (and report)
 * an endpoint once; SKIP LOCKED lets a concurrent sweep take the others.
 */
export async function disableFailing(tx: Tx, days: number, limit: number): Promise<DisabledEndpoint[]> {
  const due = sql`enabled AND failing_since <= now() - make_interval(days => ${days})`;
  const { rows } = await sql<DisabledEndpoint>`
    UPDATE webhook_endpoints
    SET enabled = false, disabled_at = now(), disabled_reason = 'failing', updated_at = now()
    WHERE id IN (
      SELECT id FROM webhook_endpoints WHERE ${due} ORDER BY failing_since LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      AND ${due}
    RETURNING id, organisation_id, url, description, failing_since, disabled_at`.execute(tx);
  return rows;
}

/** The organisation's name and its owners' addresses (memberships with role `owner`). */
export async function organisationOwners(tx: Tx, organisationId: string) {
  const org = await tx
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return { name: org.name, emails: await ownerEmails(tx, organisationId) };
}

import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Transaction<Database> | Kysely<Database>;
export type EndpointRow = Selectable<Database['webhook_endpoints']>;

export async function organisationMode(tx: Tx, organisationId: string): Promise<{ sandbox: boolean }> {
  return tx.selectFrom('organisations').select('sandbox').where('id', '=', organisationId).executeTakeFirstOrThrow();
}

export async function countEndpoints(tx: Tx, organisationId: string): Promise<number> {
  const row = await tx
    .selectFrom('webhook_endpoints')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertEndpoint(
  tx: Tx,
  e: {
    organisationId: string;
    url: string;
    description: string;
    eventTypes: string[] | null;
    enabled: boolean;
    secretEncrypted: string;
  },
): Promise<EndpointRow> {
  return tx
    .insertInto('webhook_endpoints')
    .values({
      organisation_id: e.organisationId,
      url: e.url,
      description: e.description,
      event_types: e.eventTypes,
      enabled: e.enabled,
      ...(!e.enabled && { disabled_at: sql<Date>`now()`, disabled_reason: 'manual' as const }),
      secret_encrypted: e.secretEncrypted,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listEndpoints(tx: Tx, organisationId: string): Promise<EndpointRow[]> {
  return tx
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The organisation's endpoint, or undefined: another organisation's is as absent as a missing one. */
export async function findEndpoint(tx: Tx, organisationId: string, id: string): Promise<EndpointRow | undefined> {
  return tx
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The endpoint, its row locked until the transaction ends (FOR UPDATE), or undefined. */
export async function lockEndpoint(tx: Tx, organisationId: string, id: string): Promise<{ id: string } | undefined> {
  return tx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateEndpoint(
  tx: Tx,
  organisationId: string,
  id: string,
  change: Partial<Pick<EndpointRow, 'url' | 'description' | 'event_types' | 'enabled'>>,
): Promise<EndpointRow | undefined> {
  // Switching it off records when and why (unless it already was off); switching it on clears
  // that and its failing streak, so the 5-day clock starts again (auto-disable.ts).
  const toggle =
    change.enabled === true
      ? {
          disabled_at: null,
          disabled_reason: null,
          failing_since: sql<Date | null>`CASE WHEN enabled THEN failing_since END`,
        }
      : change.enabled === false
        ? {
            disabled_at: sql<Date>`CASE WHEN enabled THEN now() ELSE disabled_at END`,
            disabled_reason: sql<'manual' | 'failing'>`CASE WHEN enabled THEN 'manual' ELSE disabled_reason END`,
          }
        : {};
  return tx
    .updateTable('webhook_endpoints')
    .set({ ...change, ...toggle, updated_at: sql`now()` })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The new secret signs from now on; the current one goes on signing beside it for `overlapHours`. */
export async function rotateSecret(
  tx: Tx,
  organisationId: string,
  id: string,
  secretEncrypted: string,
  overlapHours: number,
): Promise<EndpointRow | undefined> {
  return tx
    .updateTable('webhook_endpoints')
    .set({
      previous_secret_encrypted: sql`secret_encrypted`,
      previous_secret_expires_at: sql`now() + make_interval(hours => ${overlapHours})`,
      secret_encrypted: secretEncrypted,
      updated_at: sql`now()`,
    })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(tx: Tx, organisationId: string, id: string): Promise<boolean> {
  const res = await tx
    .deleteFrom('webhook_endpoints')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

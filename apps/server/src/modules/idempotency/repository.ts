import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Transaction<Database> | Kysely<Database>;

export interface KeyRecord {
  request_hash: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: string | null;
  lock_active: boolean;
  expired: boolean;
}

/** Claims `key` for a new execution. True when this caller owns it now. */
export async function claimKey(
  tx: Tx,
  k: { organisationId: string; key: string; requestHash: string; lockSeconds: number; keepHours: number },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('idempotency_keys')
    .values({
      organisation_id: k.organisationId,
      key: k.key,
      request_hash: k.requestHash,
      state: 'in_progress',
      locked_until: sql`now() + make_interval(secs => ${k.lockSeconds})`,
      expires_at: sql`now() + make_interval(hours => ${k.keepHours})`,
    })
    .onConflict((oc) => oc.columns(['organisation_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return Boolean(inserted);
}

export async function findKey(tx: Tx, organisationId: string, key: string): Promise<KeyRecord | undefined> {
  return tx
    .selectFrom('idempotency_keys')
    .select([
      'request_hash',
      'state',
      'response_status',
      'response_body',
      sql<boolean>`locked_until > now()`.as('lock_active'),
      sql<boolean>`expires_at <= now()`.as('expired'),
    ])
    .where('organisation_id', '=', organisationId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Takes over a key whose earlier execution died (lock lapsed, never completed) or whose record
 * has expired. Only one caller wins.
 */
export async function takeOverKey(
  tx: Tx,
  k: { organisationId: string; key: string; requestHash: string; lockSeconds: number; keepHours: number },
): Promise<boolean> {
  const row = await tx
    .updateTable('idempotency_keys')
    .set({
      request_hash: k.requestHash,
      state: 'in_progress',
      response_status: null,
      response_body: null,
      locked_until: sql`now() + make_interval(secs => ${k.lockSeconds})`,
      created_at: sql`now()`,
      expires_at: sql`now() + make_interval(hours => ${k.keepHours})`,
    })
    .where('organisation_id', '=', k.organisationId)
    .where('key', '=', k.key)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', sql<Date>`now()`),
        eb.and([eb('state', '=', 'in_progress'), eb('locked_until', '<=', sql<Date>`now()`)]),
      ]),
    )
    .returning('key')
    .executeTakeFirst();
  return Boolean(row);
}

/** The statement that stores a key's answer, to run alone or inside a larger statement (a CTE). */
export function completeKeyQuery(
  tx: Pick<Tx, 'updateTable'>,
  k: { organisationId: string; key: string; status: number; body: string },
) {
  return tx
    .updateTable('idempotency_keys')
    .set({ state: 'completed', response_status: k.status, response_body: k.body })
    .where('organisation_id', '=', k.organisationId)
    .where('key', '=', k.key);
}

export async function completeKey(
  tx: Tx,
  k: { organisationId: string; key: string; status: number; body: string },
): Promise<void> {
  await completeKeyQuery(tx, k).execute();
}

export async function releaseKey(tx: Tx, organisationId: string, key: string): Promise<void> {
  await tx
    .deleteFrom('idempotency_keys')
    .where('organisation_id', '=', organisationId)
    .where('key', '=', key)
    .where('state', '=', 'in_progress')
    .execute();
}

export async function deleteExpiredKeys(tx: Tx): Promise<number> {
  const res = await tx.deleteFrom('idempotency_keys').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(res.numDeletedRows);
}

import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Transaction<Database> | Kysely<Database>;

export interface KeyRecord {
  request_hash: string;
  response_status: number;
  response_body: string;
  expired: boolean;
}

export async function findKey(tx: Tx, organisationId: string, key: string): Promise<KeyRecord | undefined> {
  return tx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('organisation_id', '=', organisationId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Stores `answer` as the key's first answer, unless the key already has one: true when this call
 * stored it.
 */
export async function storeAnswer(
  tx: Tx,
  k: { organisationId: string; key: string; requestHash: string; status: number; body: string; keepHours: number },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('idempotency_keys')
    .values({
      organisation_id: k.organisationId,
      key: k.key,
      request_hash: k.requestHash,
      response_status: k.status,
      response_body: k.body,
      expires_at: sql`now() + make_interval(hours => ${k.keepHours})`,
    })
    .onConflict((oc) => oc.columns(['organisation_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Removes the key's record once it has expired: the next request with the key runs afresh. */
export async function clearExpiredKey(tx: Tx, organisationId: string, key: string): Promise<void> {
  await tx
    .deleteFrom('idempotency_keys')
    .where('organisation_id', '=', organisationId)
    .where('key', '=', key)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

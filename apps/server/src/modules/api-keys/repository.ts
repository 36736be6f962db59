import type { ApiKeyScope } from '@giftrelay/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

export interface ApiKeyRow {
  id: string;
  name: string;
  mode: 'test' | 'live';
  last_four: string;
  scopes: ApiKeyScope[];
  expires_at: Date | null;
  created_at: Date;
  created_by: string | null;
  created_by_email: string | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  creator_left: boolean;
}

function keys(tx: Tx, organisationId: string) {
  return tx
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.name',
      'k.mode',
      'k.last_four',
      'k.scopes',
      'k.expires_at',
      'k.created_at',
      'k.created_by',
      'u.email as created_by_email',
      'k.revoked_at',
      'k.last_used_at',
      // A key outlives its creator's membership until revoked: the list says so (decision 063).
      sql<boolean>`NOT EXISTS (SELECT 1 FROM memberships m
        WHERE m.user_id = k.created_by AND m.organisation_id = k.organisation_id)`.as('creator_left'),
    ])
    .where('k.organisation_id', '=', organisationId);
}

export function listKeys(
  tx: Tx,
  q: { organisationId: string; limit: number; after?: { createdAt: Date; id: string } },
): Promise<ApiKeyRow[]> {
  let query = keys(tx, q.organisationId);
  if (q.after) {
    const { createdAt, id } = q.after;
    query = query.where((eb) =>
      eb.or([eb('k.created_at', '<', createdAt), eb.and([eb('k.created_at', '=', createdAt), eb('k.id', '<', id)])]),
    );
  }
  return query.orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').limit(q.limit).execute();
}

export function findKey(tx: Tx, organisationId: string, id: string): Promise<ApiKeyRow | undefined> {
  return keys(tx, organisationId).where('k.id', '=', id).executeTakeFirst();
}

export async function countActiveKeys(tx: Tx, organisationId: string): Promise<number> {
  const row = await tx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertKey(
  tx: Tx,
  row: {
    id: string;
    organisationId: string;
    name: string;
    mode: 'test' | 'live';
    hash: string;
    lastFour: string;
    scopes: ApiKeyScope[];
    expiresAt: Date | null;
    createdAt: Date;
    createdBy: string;
  },
): Promise<void> {
  await tx
    .insertInto('api_keys')
    .values({
      id: row.id,
      organisation_id: row.organisationId,
      name: row.name,
      mode: row.mode,
      key_hash: row.hash,
      last_four: row.lastFour,
      scopes: row.scopes,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
      created_by: row.createdBy,
    })
    .execute();
}

/** Revokes a live key; true when this call revoked it (false: unknown here, or revoked before). */
export async function revokeKey(tx: Tx, organisationId: string, id: string, userId: string): Promise<boolean> {
  const row = await tx
    .updateTable('api_keys')
    .set({ revoked_at: new Date(), revoked_by: userId })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function isSandbox(tx: Tx, organisationId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('organisations')
    .select('sandbox')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return row.sandbox;
}

/** Revokes every live key `creatorId` made in the organisation (their removal, decision 063); answers their ids. */
export async function revokeKeysCreatedBy(
  tx: Tx,
  organisationId: string,
  creatorId: string,
  revokedBy: string,
): Promise<string[]> {
  const rows = await tx
    .updateTable('api_keys')
    .set({ revoked_at: new Date(), revoked_by: revokedBy })
    .where('organisation_id', '=', organisationId)
    .where('created_by', '=', creatorId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Revokes the organisation's sandbox keys as it goes live: a gr_test_ key never reaches the live provider. */
export async function revokeSandboxKeys(tx: Tx, organisationId: string): Promise<number> {
  const revoked = await tx
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where('organisation_id', '=', organisationId)
    .where('mode', '=', 'test')
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return revoked.length;
}

/** Revokes every key the user made, in any organisation (an address proved for the first time, decision 054). */
export async function revokeEveryKeyOf(tx: Tx, userId: string): Promise<void> {
  await tx
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()`, revoked_by: userId })
    .where('created_by', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

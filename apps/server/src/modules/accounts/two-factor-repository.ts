import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** Two-factor sign-in's tables (migration 0078, decision 037); every function works in the caller's transaction. */
type Executor = Kysely<Database>;

const interval = (seconds: number) => sql<Date>`now() + ${`${seconds} seconds`}::interval`;

export async function findTwoFactor(db: Executor, userId: string) {
  const row = await db
    .selectFrom('user_two_factor')
    .select(['secret', 'enabled_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, last_used_step: row.last_used_step === null ? null : Number(row.last_used_step) };
}

/** A new secret waiting for its first code; false when two-factor sign-in is already on. */
export async function savePendingSecret(db: Executor, userId: string, secret: string): Promise<boolean> {
  const rows = await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, secret })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, created_at: sql`now()`, last_used_step: null })
        .where('user_two_factor.enabled_at', 'is', null),
    )
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** Turns a pending secret on with the step of its first code; false if it was not pending. */
export async function enableTwoFactor(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .updateTable('user_two_factor')
    .set({ enabled_at: sql`now()`, last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** Records a code's step as used; false if it, or a later one, was used already (a replayed code). */
export async function useTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .updateTable('user_two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', sql<string>`${step}`)]))
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: Uint8Array[]): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses a recovery code up; false if it is not one of the person's, or was used. */
export async function useRecoveryCode(db: Executor, userId: string, hash: Uint8Array): Promise<boolean> {
  const rows = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  await db.deleteFrom('auth_two_factor_challenges').where('user_id', '=', userId).execute();
}

export async function insertChallenge(db: Executor, userId: string, tokenHash: Uint8Array, ttlSeconds: number) {
  await db
    .insertInto('auth_two_factor_challenges')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: interval(ttlSeconds) })
    .execute();
}

/** Whose sign-in a token is, to count the attempt against their limit before anything is locked. */
export async function challengeUser(db: Executor, tokenHash: Uint8Array): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_two_factor_challenges')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id;
}

/** The challenge a token names, locked for the attempt (in the caller's transaction). */
export function lockChallenge(db: Executor, tokenHash: Uint8Array) {
  return db
    .selectFrom('auth_two_factor_challenges')
    .select(['id', 'user_id', 'used_at', 'failed_attempts', sql<boolean>`expires_at <= now()`.as('is_expired')])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function failChallenge(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('auth_two_factor_challenges')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function useChallenge(db: Executor, id: string): Promise<void> {
  await db.updateTable('auth_two_factor_challenges').set({ used_at: sql`now()` }).where('id', '=', id).execute();
}

/** The organisations where the person is an owner and owners must use two-factor sign-in. */
export function organisationsRequiringIt(db: Executor, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .where('o.owners_need_two_factor', '=', true)
    .orderBy('o.name')
    .execute();
}

/** Whether the person has two-factor sign-in on. */
export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The organisation's owners without two-factor sign-in, by address. */
export async function ownersWithoutTwoFactor(db: Executor, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('user_two_factor as t', (j) => j.onRef('t.user_id', '=', 'm.user_id').on('t.enabled_at', 'is not', null))
    .select('u.email')
    .where('m.organisation_id', '=', organisationId)
    .where('m.role', '=', 'owner')
    .where('t.user_id', 'is', null)
    .orderBy('u.email')
    .execute();
  return rows.map((r) => r.email);
}

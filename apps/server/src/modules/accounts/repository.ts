import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { revokeEveryKeyOf } from '../api-keys';
import { claimFirstOperator } from '../operators';

/** The app's database or a transaction on it: every function here works inside the caller's. */
type Executor = Kysely<Database>;
type Role = Database['memberships']['role'];
type PlanId = 'starter' | 'growth' | 'enterprise';
type SessionEndReason = NonNullable<Database['auth_sessions']['revoked_reason']>;
type EmailTokenPurpose = Database['auth_email_tokens']['purpose'];

const interval = (seconds: number) => sql<Date>`now() + ${`${seconds} seconds`}::interval`;

const userColumns = ['id', 'email', 'password_hash', 'email_verified_at', 'signed_up_again_at'] as const;

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: Executor, values: { email: string; password_hash: string }) {
  return db.insertInto('users').values(values).returning(['id', 'email']).executeTakeFirstOrThrow();
}

export function insertOrganisation(db: Executor, values: { name: string; plan?: PlanId }) {
  return db.insertInto('organisations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertMembership(db: Executor, values: { user_id: string; organisation_id: string; role: Role }) {
  await db.insertInto('memberships').values(values).execute();
}

/** The organisation a user signs in to: the one they used last, else their first. */
export function findPrimaryMembership(db: Executor, userId: string) {
  return db
    .selectFrom('memberships')
    .select(['organisation_id', 'role'])
    .where('user_id', '=', userId)
    .orderBy(sql`last_used_at DESC NULLS LAST`)
    .orderBy('created_at')
    .orderBy('organisation_id')
    .limit(1)
    .executeTakeFirst();
}

/** The user as the API shows them, in the organisation of their session. */
export function findUserView(db: Executor, userId: string, organisationId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.email_verified_at',
      'u.created_at',
      'm.role',
      'o.id as organisation_id',
      'o.name as organisation_name',
      'o.sandbox as organisation_sandbox',
      'o.billing_currency as organisation_billing_currency',
      'o.plan as organisation_plan',
      'o.created_at as organisation_created_at',
    ])
    .where('u.id', '=', userId)
    .where('m.organisation_id', '=', organisationId)
    .executeTakeFirst();
}

/** The unverified address was signed up again: verifying it now needs a chosen password (decision 054). */
export async function markSignedUpAgain(db: Executor, userId: string) {
  await db
    .updateTable('users')
    .set({ signed_up_again_at: sql`now()` })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/**
 * The owner has just proved the address for the first time: nothing made before then survives
 * (decision 054). Every session ends and every API key the account created is revoked; an
 * unverified account cannot sign in, so there should be none, but whoever signed up first must
 * never keep a way in.
 */
export async function dropWhatCameBeforeVerification(db: Executor, userId: string) {
  await revokeUserSessions(db, userId, 'password_changed');
  await revokeEveryKeyOf(db, userId);
}

/**
 * `firstOperator` is config.operatorBootstrap === 'first-verified': on a fresh instance without
 * OPERATOR_EMAILS, outside production, the first verified account becomes its operator (decisions
 * 041, 056). Anywhere else a stranger verifying first must not.
 */
export async function markEmailVerified(db: Executor, userId: string, opts: { firstOperator: boolean }) {
  await db
    .updateTable('users')
    .set({ email_verified_at: sql`coalesce(email_verified_at, now())` })
    .where('id', '=', userId)
    .execute();
  if (opts.firstOperator) await claimFirstOperator(db, userId);
}

/** The account's new address, verified; false when another account has it. */
export async function changeEmail(db: Executor, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ email, email_verified_at: sql`now()` })
    .where('id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('users as other').select('other.id').where('other.email', '=', email))),
    )
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function updatePassword(db: Executor, userId: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function insertEmailToken(
  db: Executor,
  values: {
    user_id: string;
    purpose: EmailTokenPurpose;
    token_hash: Uint8Array;
    ttlSeconds: number;
    /** For `change_email`: the address the link confirms. */
    new_email?: string;
    /** For `change_email`: the session that asked for it. */
    session_id?: string;
  },
) {
  await db
    .insertInto('auth_email_tokens')
    .values({
      user_id: values.user_id,
      purpose: values.purpose,
      token_hash: values.token_hash,
      expires_at: interval(values.ttlSeconds),
      new_email: values.new_email ?? null,
      session_id: values.session_id ?? null,
    })
    .execute();
}

export function findEmailToken(db: Executor, tokenHash: Uint8Array, purpose: EmailTokenPurpose) {
  return db
    .selectFrom('auth_email_tokens')
    .select(['id', 'user_id', 'used_at', 'new_email', 'session_id', sql<boolean>`expires_at <= now()`.as('is_expired')])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Uses up every open link of this purpose for the user; true if `tokenId` was still open (single use under races). */
export async function useEmailTokens(
  db: Executor,
  userId: string,
  purpose: EmailTokenPurpose,
  tokenId: string,
): Promise<boolean> {
  const used = await db
    .updateTable('auth_email_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return used.some((r) => r.id === tokenId);
}

/** Records a sign-in; true when it is the user's first. */
export async function markSignedIn(db: Executor, userId: string): Promise<boolean> {
  const { rows } = await sql<{ previous: Date | null }>`
    UPDATE users u SET signed_in_at = now()
    FROM (SELECT id, signed_in_at AS previous FROM users WHERE id = ${userId} FOR UPDATE) p
    WHERE u.id = p.id
    RETURNING p.previous`.execute(db);
  return rows[0] !== undefined && rows[0].previous === null;
}

/** Where a session was started from, for the person's list of sessions. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(
  db: Executor,
  values: { user_id: string; organisation_id: string; ttlSeconds: number; client?: SessionClient },
): Promise<string> {
  const row = await db
    .insertInto('auth_sessions')
    .values({
      user_id: values.user_id,
      organisation_id: values.organisation_id,
      expires_at: interval(values.ttlSeconds),
      ip_address: values.client?.ip?.slice(0, 64) ?? null,
      user_agent: values.client?.userAgent ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Slides the session's idle expiry forward on use. */
export async function touchSession(db: Executor, sessionId: string, ttlSeconds: number) {
  await db
    .updateTable('auth_sessions')
    .set({ last_refreshed_at: sql`now()`, expires_at: interval(ttlSeconds) })
    .where('id', '=', sessionId)
    .execute();
}

export async function insertRefreshToken(db: Executor, sessionId: string, tokenHash: Uint8Array, generation: number) {
  await db
    .insertInto('auth_refresh_tokens')
    .values({ session_id: sessionId, token_hash: tokenHash, generation })
    .execute();
}

export function findRefreshToken(db: Executor, tokenHash: Uint8Array) {
  return db
    .selectFrom('auth_refresh_tokens as t')
    .innerJoin('auth_sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      't.generation',
      't.used_at',
      sql<number | null>`extract(epoch FROM now() - t.used_at)::float8`.as('used_seconds_ago'),
      's.user_id',
      's.organisation_id',
      sql<boolean>`s.revoked_at IS NOT NULL OR s.expires_at <= now()`.as('session_ended'),
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Whether the session has moved on past a token: another token of its generation or a later one
 * was presented more than `seconds` ago.
 */
export async function sessionMovedOn(
  db: Executor,
  token: { id: string; session_id: string; generation: number },
  seconds: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('auth_refresh_tokens')
    .select('id')
    .where('session_id', '=', token.session_id)
    .where('generation', '>=', token.generation)
    .where('id', '<>', token.id)
    .where('used_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the token used; false if another request used it first. */
export async function useRefreshToken(db: Executor, tokenId: string): Promise<boolean> {
  const row = await db
    .updateTable('auth_refresh_tokens')
    .set({ used_at: sql`now()` })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeSession(db: Executor, sessionId: string, reason: SessionEndReason) {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends all of a user's sessions but `keep`, if given; answers how many ended. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: SessionEndReason,
  keep?: string,
): Promise<number> {
  let q = db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) q = q.where('id', '!=', keep);
  return (await q.returning('id').execute()).length;
}

/** Remembers which organisation the user opened last (sign-in opens it next time). */
export async function markMembershipUsed(db: Executor, userId: string, organisationId: string) {
  await db
    .updateTable('memberships')
    .set({ last_used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .execute();
}

/** Every organisation the user belongs to, in the order they joined. */
export function listUserOrganisations(db: Executor, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('o.id')
    .execute();
}

/** The user's live sessions in every organisation, most recently seen first. */
export function listLiveSessions(db: Executor, userId: string) {
  return db
    .selectFrom('auth_sessions as s')
    .innerJoin('organisations as o', 'o.id', 's.organisation_id')
    .select([
      's.id',
      's.ip_address',
      's.user_agent',
      's.created_at',
      's.last_refreshed_at',
      'o.id as organisation_id',
      'o.name as organisation_name',
    ])
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .orderBy('s.last_refreshed_at', 'desc')
    .orderBy('s.id')
    .limit(500)
    .execute();
}

/** Ends one of the user's live sessions; false when it is not theirs or not live. */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: 'revoked_by_user' })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function updateUserName(db: Executor, userId: string, name: string | null) {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
}

/** Whether the account ever started a session from `ip` (its owner's usual address, say). */
export async function hasSignedInFrom(db: Executor, userId: string, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip_address', '=', ip)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the user's sessions in one organisation (their membership ended; their others stay). */
export async function endSessionsIn(db: Executor, organisationId: string, userId: string) {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: 'membership_ended' })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

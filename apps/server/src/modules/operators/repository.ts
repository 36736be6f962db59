import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

/**
 * The instance's first verified account becomes its operator (decision 041): called when an
 * address is verified. Once there is an operator this is one indexed read; until then the first
 * verification takes a transaction-scoped lock, so two verifying at once make one operator.
 */
export async function claimFirstOperator(tx: Tx, userId: string): Promise<boolean> {
  const any = await tx.selectFrom('platform_operators').select('user_id').limit(1).executeTakeFirst();
  if (any) return false;
  await sql`SELECT pg_advisory_xact_lock(hashtext('giftrelay:first-operator'))`.execute(tx);
  const { rows } = await sql<{ user_id: string }>`
    INSERT INTO platform_operators (user_id)
    SELECT ${userId}::uuid WHERE NOT EXISTS (SELECT 1 FROM platform_operators)
    ON CONFLICT DO NOTHING
    RETURNING user_id`.execute(tx);
  return rows.length === 1;
}

/** Whether the account is a granted operator or a verified account named by OPERATOR_EMAILS. */
export async function isOperator(db: Tx, userId: string, configured: readonly string[]): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('platform_operators as p', 'p.user_id', 'u.id')
    .select(['u.email', 'u.email_verified_at', 'p.user_id as granted'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  if (row.granted) return true;
  return row.email_verified_at !== null && configured.includes(row.email.toLowerCase());
}

export interface OperatorRow {
  user_id: string;
  email: string;
  name: string | null;
  granted: boolean;
  granted_at: Date | null;
  granted_by_email: string | null;
}

/** Granted operators and the verified accounts OPERATOR_EMAILS names, by email. */
export async function listOperators(db: Tx, configured: readonly string[]): Promise<OperatorRow[]> {
  return db
    .selectFrom('users as u')
    .leftJoin('platform_operators as p', 'p.user_id', 'u.id')
    .leftJoin('users as g', 'g.id', 'p.granted_by')
    .select([
      'u.id as user_id',
      'u.email',
      'u.name',
      sql<boolean>`p.user_id IS NOT NULL`.as('granted'),
      'p.created_at as granted_at',
      'g.email as granted_by_email',
    ])
    .where((eb) =>
      eb.or([
        eb('p.user_id', 'is not', null),
        ...(configured.length
          ? [eb.and([eb('u.email_verified_at', 'is not', null), eb(sql`lower(u.email)`, 'in', [...configured])])]
          : []),
      ]),
    )
    .orderBy('u.email')
    .execute();
}

/** The verified account with this address (any case), if there is one. */
export async function findVerifiedUser(db: Tx, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
}

/** Grants; false when they already were one. */
export async function grant(db: Tx, userId: string, grantedBy: string): Promise<boolean> {
  const rows = await db
    .insertInto('platform_operators')
    .values({ user_id: userId, granted_by: grantedBy })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  return rows.length === 1;
}

/**
 * Revokes a granted operator, unless it would leave the instance with no operator at all, granted
 * or named by OPERATOR_EMAILS (the row of every granted operator is locked first, so two revoking
 * each other at once cannot both succeed).
 */
export async function revoke(
  tx: Tx,
  userId: string,
  configured: readonly string[],
): Promise<'revoked' | 'not_granted' | 'last'> {
  const all = await tx.selectFrom('platform_operators').select('user_id').forUpdate().execute();
  if (!all.some((r) => r.user_id === userId)) return 'not_granted';
  const remaining = (await listOperators(tx, configured)).filter(
    (o) => o.user_id !== userId || configured.includes(o.email.toLowerCase()),
  );
  if (remaining.length === 0) return 'last';
  await tx.deleteFrom('platform_operators').where('user_id', '=', userId).execute();
  return 'revoked';
}

/** Every operator's address, for the emails that ask them to act. */
export async function listOperatorEmails(db: Tx, configured: readonly string[]): Promise<string[]> {
  return (await listOperators(db, configured)).map((o) => o.email);
}

/** Whether the instance has a granted operator (the first-operator token is for one that has none). */
export async function hasGrantedOperator(db: Tx): Promise<boolean> {
  return (await db.selectFrom('platform_operators').select('user_id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Replaces any unredeemed first-operator token with this hash, under the first-operator lock;
 * false (and nothing stored) when the instance has an operator by now. Redeemed rows stay.
 */
export async function replaceBootstrapToken(tx: Transaction<Database>, tokenHash: Buffer): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('giftrelay:first-operator'))`.execute(tx);
  await dropBootstrapTokens(tx);
  if (await hasGrantedOperator(tx)) return false;
  await tx.insertInto('operator_bootstrap_tokens').values({ token_hash: tokenHash }).execute();
  return true;
}

/** Forgets every unredeemed first-operator token (an instance that has its operators). */
export async function dropBootstrapTokens(db: Tx): Promise<void> {
  await db.deleteFrom('operator_bootstrap_tokens').where('redeemed_at', 'is', null).execute();
}

/**
 * Redeems the token for this account and makes it the first operator, in one transaction under
 * the first-operator lock: the row's `redeemed_at IS NULL` and the empty platform_operators are
 * checked by the UPDATE itself, so of two redeeming at once exactly one succeeds.
 */
export async function redeemBootstrapToken(
  tx: Transaction<Database>,
  tokenHash: Buffer,
  userId: string,
  ip: string,
): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('giftrelay:first-operator'))`.execute(tx);
  const redeemed = await tx
    .updateTable('operator_bootstrap_tokens')
    .set({ redeemed_at: sql`now()`, redeemed_by: userId, redeemed_ip: ip })
    .where('token_hash', '=', tokenHash)
    .where('redeemed_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('platform_operators').select('user_id'))))
    .returning('token_hash')
    .executeTakeFirst();
  if (!redeemed) return false;
  await tx.insertInto('platform_operators').values({ user_id: userId }).execute();
  return true;
}

/** Whether the account has verified its address. */
export async function isVerified(db: Tx, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.email_verified_at);
}

import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Spent } from './limits';

type Tx = Kysely<Database> | Transaction<Database>;

/**
 * Who spends (decision 084): a member's own orders (in the app or with their session), an API
 * key's (REST, batches and MCP alike), or an OAuth grant's (MCP). Each has its own budget, caps
 * and lock; a member's budget does not count the orders of the keys they made.
 */
export type Spender =
  | { kind: 'member'; organisationId: string; userId: string }
  | { kind: 'api_key'; organisationId: string; id: string }
  | { kind: 'oauth_grant'; organisationId: string; id: string };

/**
 * Serialises one spender's spends until the transaction ends, on every process: the next one's
 * sums (and the order statement's approval sum) are read after this one has committed, as READ
 * COMMITTED takes a new snapshot per statement.
 */
export async function lockSpender(tx: Transaction<Database>, s: Spender): Promise<void> {
  const name = s.kind === 'member' ? `spend:member:${s.organisationId}:${s.userId}` : `spend:${s.kind}:${s.id}`;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx);
}

const holderColumn = (s: Spender) =>
  s.kind === 'member'
    ? sql`o.created_by = ${s.userId}::uuid AND o.api_key_id IS NULL AND o.source_id IS NULL`
    : s.kind === 'api_key'
      ? sql`o.api_key_id = ${s.id}::uuid`
      : sql`o.source_id = ${s.id}::uuid`;

const batchHolder = (s: Spender) =>
  s.kind === 'member'
    ? sql`b.created_by = ${s.userId}::uuid AND b.api_key_id IS NULL`
    : s.kind === 'api_key'
      ? sql`b.api_key_id = ${s.id}::uuid`
      : sql`false`;

/**
 * What the spender's orders since `since` cost, per charge currency: each order's charged total
 * less what went back (`released_*`: rewards not issued, voided, expired), failed, rejected and
 * cancelled orders aside; and a batch still waiting for approval or being accepted counts its whole
 * total instead of the orders it has made so far.
 */
export async function spentSince(tx: Tx, s: Spender, since: Date): Promise<Spent> {
  const { rows } = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(total)::text AS total FROM (
      SELECT o.charge_currency AS currency,
             o.charged_total_minor - o.released_subtotal_minor - o.released_fee_minor AS total
      FROM orders o
      WHERE o.organisation_id = ${s.organisationId}::uuid AND ${holderColumn(s)}
        AND o.created_at >= ${since}::timestamptz
        AND o.status NOT IN ('failed', 'rejected', 'cancelled')
        AND (o.batch_id IS NULL OR NOT EXISTS (
          SELECT 1 FROM batches ob WHERE ob.id = o.batch_id AND ob.status IN ('pending_approval', 'accepting')))
      UNION ALL
      SELECT b.charge_currency, b.total_minor
      FROM batches b
      WHERE b.organisation_id = ${s.organisationId}::uuid AND ${batchHolder(s)}
        AND b.status IN ('pending_approval', 'accepting') AND b.created_at >= ${since}::timestamptz
    ) spent GROUP BY currency`.execute(tx);
  return rows.map((r) => ({ currency: r.currency, minor: Number(r.total) }));
}

export interface BudgetRow {
  id: string;
  user_id: string | null;
  api_key_id: string | null;
  monthly_minor: string;
  currency: string;
  updated_at: Date;
}

const budgetColumns = ['id', 'user_id', 'api_key_id', 'monthly_minor', 'currency', 'updated_at'] as const;

/** The member's or key's budget, if it has one. */
export function findBudget(tx: Tx, s: Spender): Promise<BudgetRow | undefined> {
  if (s.kind === 'oauth_grant') return Promise.resolve(undefined);
  const q = tx.selectFrom('spend_budgets').select(budgetColumns).where('organisation_id', '=', s.organisationId);
  return (
    s.kind === 'member' ? q.where('user_id', '=', s.userId) : q.where('api_key_id', '=', s.id)
  ).executeTakeFirst();
}

/** The budgets of these API keys of the organisation (for Settings → Developers). */
export function keyBudgets(tx: Tx, organisationId: string, keyIds: readonly string[]): Promise<BudgetRow[]> {
  if (keyIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('spend_budgets')
    .select(budgetColumns)
    .where('organisation_id', '=', organisationId)
    .where('api_key_id', 'in', keyIds)
    .execute();
}

/** Every member budget of the organisation (for Settings → Members). */
export function memberBudgets(tx: Tx, organisationId: string): Promise<BudgetRow[]> {
  return tx
    .selectFrom('spend_budgets')
    .select(budgetColumns)
    .where('organisation_id', '=', organisationId)
    .where('user_id', 'is not', null)
    .execute();
}

export async function upsertBudget(
  tx: Tx,
  s: Exclude<Spender, { kind: 'oauth_grant' }>,
  v: { monthlyMinor: number; currency: string; by: string },
): Promise<void> {
  const values = {
    monthly_minor: v.monthlyMinor,
    currency: v.currency,
    updated_by: v.by,
    updated_at: sql<Date>`now()`,
  };
  const holder = s.kind === 'member' ? { user_id: s.userId } : { api_key_id: s.id };
  await tx
    .insertInto('spend_budgets')
    .values({ organisation_id: s.organisationId, ...holder, ...values })
    .onConflict((oc) =>
      (s.kind === 'member'
        ? oc.columns(['organisation_id', 'user_id']).where('user_id', 'is not', null)
        : oc.column('api_key_id').where('api_key_id', 'is not', null)
      ).doUpdateSet(values),
    )
    .execute();
}

export async function deleteBudget(tx: Tx, s: Exclude<Spender, { kind: 'oauth_grant' }>): Promise<boolean> {
  const q = tx.deleteFrom('spend_budgets').where('organisation_id', '=', s.organisationId);
  const r = await (s.kind === 'member'
    ? q.where('user_id', '=', s.userId)
    : q.where('api_key_id', '=', s.id)
  ).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** An API key's caps and recipient domains (set in Settings → Developers; the MCP module writes them). */
export function findKeyCaps(tx: Tx, keyId: string) {
  return tx
    .selectFrom('agent_key_caps')
    .select(['currency', 'per_reward_minor', 'per_day_minor', 'per_month_minor', 'allowed_domains'])
    .where('api_key_id', '=', keyId)
    .executeTakeFirst();
}

/** The member's membership (role), or undefined. */
export function findMembership(tx: Tx, organisationId: string, userId: string) {
  return tx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.role', 'u.email'])
    .where('m.organisation_id', '=', organisationId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the organisation has this API key (revoked ones too: their caps and budget stay readable). */
export async function organisationHasKey(tx: Tx, organisationId: string, keyId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('api_keys')
    .select('id')
    .where('id', '=', keyId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return Boolean(row);
}

import type { Budget } from '@giftrelay/contracts';
import { formatMoney, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AuthContext, SessionAuth } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { organisationBilling } from '../ledger';
import { budgetStanding, startOfUtcMonth } from './limits';
import * as repo from './repository';

/**
 * Monthly budgets (decision 084): set and cleared by owners and admins, for a member (what they
 * send themselves) or an API key; read by the member (the send dialog) and in Settings → Members.
 * The spend guard (guard.ts) enforces them.
 */

type Holder = Exclude<repo.Spender, { kind: 'oauth_grant' }>;

function presentBudget(row: repo.BudgetRow, spentMinor: number, at: Date): Budget {
  const monthly = Number(row.monthly_minor);
  const left = Math.max(0, monthly - spentMinor);
  const major = (m: number) => toMajor(m, row.currency);
  const next = startOfUtcMonth(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return {
    monthly_minor: monthly,
    monthly: major(monthly),
    currency: row.currency,
    spent_minor: spentMinor,
    spent: major(spentMinor),
    left_minor: left,
    left: major(left),
    resets_at: next.toISOString(),
  };
}

/** The holder's budget and where it stands this UTC month, or null when it has none. */
export async function budgetOf(db: Kysely<Database>, holder: Holder, at = new Date()): Promise<Budget | null> {
  const row = await repo.findBudget(db, holder);
  if (!row) return null;
  const spent = await repo.spentSince(db, holder, startOfUtcMonth(at));
  const standing = budgetStanding({ monthlyMinor: Number(row.monthly_minor), currency: row.currency }, spent);
  return presentBudget(row, standing.spentMinor, at);
}

/** The caller's own budget: a person's member budget, or the key's. */
export function myBudget(app: FastifyInstance, auth: AuthContext): Promise<Budget | null> {
  return budgetOf(
    app.db,
    auth.kind === 'api_key'
      ? { kind: 'api_key', organisationId: auth.organisationId, id: auth.apiKeyId }
      : { kind: 'member', organisationId: auth.organisationId, userId: auth.userId },
  );
}

/** The listed API keys' budgets with where they stand, by key id (for the keys list, decision 090). */
export async function apiKeyBudgets(
  db: Kysely<Database>,
  organisationId: string,
  keyIds: readonly string[],
): Promise<Map<string, Budget>> {
  const at = new Date();
  const out = new Map<string, Budget>();
  for (const row of await repo.keyBudgets(db, organisationId, keyIds)) {
    if (!row.api_key_id) continue;
    const holder: Holder = { kind: 'api_key', organisationId, id: row.api_key_id };
    const spent = await repo.spentSince(db, holder, startOfUtcMonth(at));
    const standing = budgetStanding({ monthlyMinor: Number(row.monthly_minor), currency: row.currency }, spent);
    out.set(row.api_key_id, presentBudget(row, standing.spentMinor, at));
  }
  return out;
}

/** Every member's budget with where it stands, by user id (for the members list). */
export async function memberBudgets(db: Kysely<Database>, organisationId: string): Promise<Map<string, Budget>> {
  const rows = await repo.memberBudgets(db, organisationId);
  const at = new Date();
  const out = new Map<string, Budget>();
  for (const row of rows) {
    if (!row.user_id) continue;
    const holder: Holder = { kind: 'member', organisationId, userId: row.user_id };
    const spent = await repo.spentSince(db, holder, startOfUtcMonth(at));
    const standing = budgetStanding({ monthlyMinor: Number(row.monthly_minor), currency: row.currency }, spent);
    out.set(row.user_id, presentBudget(row, standing.spentMinor, at));
  }
  return out;
}

async function assertHolderExists(db: Kysely<Database>, holder: Holder) {
  if (holder.kind === 'member') {
    if (!(await repo.findMembership(db, holder.organisationId, holder.userId))) throw notFound('Member');
  } else if (!(await repo.organisationHasKey(db, holder.organisationId, holder.id))) throw notFound('API key');
}

const who = (holder: Holder) => (holder.kind === 'member' ? { user_id: holder.userId } : { api_key_id: holder.id });

/** Sets the holder's monthly budget in the organisation's billing currency, with an audit line. */
export async function setBudget(
  app: FastifyInstance,
  auth: SessionAuth,
  holder: Holder,
  monthlyMinor: number,
): Promise<Budget> {
  await app.db.transaction().execute(async (tx) => {
    await assertHolderExists(tx, holder);
    const before = await repo.findBudget(tx, holder);
    const { billing_currency: currency } = await organisationBilling(tx, auth.organisationId);
    await repo.upsertBudget(tx, holder, { monthlyMinor, currency, by: auth.userId });
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'budget.set',
      userId: auth.userId,
      detail: {
        ...who(holder),
        before: before ? formatMoney(Number(before.monthly_minor), before.currency) : null,
        after: formatMoney(monthlyMinor, currency),
      },
    });
  });
  const budget = await budgetOf(app.db, holder);
  if (!budget) throw new Error('the budget just set was not found');
  return budget;
}

/** Clears the holder's budget (404 when it has none), with an audit line. */
export async function clearBudget(app: FastifyInstance, auth: SessionAuth, holder: Holder): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    await assertHolderExists(tx, holder);
    const before = await repo.findBudget(tx, holder);
    if (!before || !(await repo.deleteBudget(tx, holder))) throw notFound('Budget');
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'budget.cleared',
      userId: auth.userId,
      detail: { ...who(holder), before: formatMoney(Number(before.monthly_minor), before.currency) },
    });
  });
}

import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import {
  budgetStanding,
  checkBudget,
  checkCaps,
  checkRecipientDomain,
  type Guardrails,
  type SpendCaps,
  startOfUtcDay,
  startOfUtcMonth,
} from './limits';
import { findBudget, findKeyCaps, lockSpender, type Spender, spentSince } from './repository';

/**
 * The spend guard (decision 084): the one mechanism behind a member's or key's monthly budget, a
 * key's or grant's spend caps and recipient domains, and the approval rules' monthly cap. Every
 * spending path (an order by the API, the app or MCP, a batch at acceptance) runs it in the
 * transaction that writes the spend: `lock` first (one spend at a time per spender, on every
 * process), then `check`, then the write. Whatever `check` refuses writes nothing; two spends at
 * the same instant are checked one after the other, the second seeing the first.
 *
 * An organisation with no budget, no key caps and no monthly approval cap (organisations.
 * spend_guard, kept by triggers) skips it: its orders run no extra query.
 */
export interface SpendRequest {
  /** What the spend charges, fee included, in `currency` (the order's or the batch's total). */
  totalMinor: number;
  currency: string;
  /** The dearest single reward in it, for a per-reward cap. */
  largestRewardMinor: number;
  recipients: readonly (string | null)[];
  at: Date;
}

export const lock = lockSpender;

/** The caps and domains of an API key's row, or null when it has none. */
async function keyGuardrails(trx: Transaction<Database>, keyId: string): Promise<Guardrails | null> {
  const row = await findKeyCaps(trx, keyId);
  if (!row) return null;
  const n = (v: string | null) => (v === null ? null : Number(v));
  const anyCap = row.per_reward_minor !== null || row.per_day_minor !== null || row.per_month_minor !== null;
  const caps: SpendCaps | null = anyCap
    ? {
        currency: row.currency,
        perRewardMinor: n(row.per_reward_minor),
        perDayMinor: n(row.per_day_minor),
        perMonthMinor: n(row.per_month_minor),
      }
    : null;
  return { caps, allowedDomains: row.allowed_domains };
}

/**
 * A change of recipient (a resend to another address) meets the key's recipient domains: an
 * allow-list is not bypassed by sending first and changing the address after.
 */
export async function checkRecipients(
  trx: Transaction<Database>,
  spender: Spender,
  recipients: readonly (string | null)[],
): Promise<void> {
  if (spender.kind !== 'api_key') return;
  const guardrails = await keyGuardrails(trx, spender.id);
  if (guardrails) for (const to of recipients) checkRecipientDomain(guardrails, to, 'API key');
}

/**
 * Checks one spend against the spender's limits under its lock (taken by `lock` in this
 * transaction); throws a 4xx AppError (BUDGET_EXCEEDED, SPEND_CAP_EXCEEDED,
 * RECIPIENT_DOMAIN_NOT_ALLOWED) that says what is left. A grant's guardrails come with it (they live
 * on the grant, checked by MCP); a key's are read here.
 */
export async function check(
  trx: Transaction<Database>,
  spender: Spender,
  spend: SpendRequest,
  grant?: Guardrails,
): Promise<void> {
  // Sequential on purpose: a transaction has one connection.
  const guardrails = spender.kind === 'api_key' ? await keyGuardrails(trx, spender.id) : (grant ?? null);
  const key = spender.kind === 'api_key';
  if (guardrails)
    for (const to of spend.recipients) checkRecipientDomain(guardrails, to, key ? 'API key' : 'connection');
  const budget = await findBudget(trx, spender);
  const caps = guardrails?.caps ?? null;
  if (!budget && !caps) return;
  const month = await spentSince(trx, spender, startOfUtcMonth(spend.at));
  if (budget) {
    const standing = budgetStanding({ monthlyMinor: Number(budget.monthly_minor), currency: budget.currency }, month);
    checkBudget(standing, spend, spender.kind === 'member' ? 'your' : "this API key's");
  }
  if (caps) {
    const today = caps.perDayMinor === null ? [] : await spentSince(trx, spender, startOfUtcDay(spend.at));
    checkCaps(caps, spend, month, today, key ? 'this API key' : 'this connection');
  }
}

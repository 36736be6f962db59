import { convertMinor, formatMoney } from '@giftrelay/money';
import { AppError } from '../../lib/errors';
import { getRate } from '../fx';

/**
 * The limits one spender works under and the pure checks against them (decision 084): a monthly
 * budget (a member's or an API key's), and the spend caps and recipient domains of an API key or
 * an OAuth grant (decision 074). The spend guard (guard.ts) reads the sums and calls these under
 * the spender's lock; MCP's preview calls them to say where a connection stands.
 */

/** Spend caps in integer minor units of `currency`; null is no cap. */
export interface SpendCaps {
  perRewardMinor: number | null;
  perDayMinor: number | null;
  perMonthMinor: number | null;
  currency: string;
}

/** A key's or grant's caps and recipient allow-list (lower-case domains; null allows any). */
export interface Guardrails {
  caps: SpendCaps | null;
  allowedDomains: string[] | null;
}

export const NO_GUARDRAILS: Guardrails = { caps: null, allowedDomains: null };

/** Money spent, per charge currency. */
export type Spent = { currency: string; minor: number }[];

export const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
export const startOfUtcMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/**
 * Refuses a recipient outside the allow-list (the address's domain exactly, or a subdomain of one).
 * An order to a phone number only (null, decision 088) has no domain to check: a credential held
 * to an allow-list cannot send one, or it would reach anyone by text.
 */
export function checkRecipientDomain(
  g: Guardrails,
  email: string | null,
  whose: 'API key' | 'connection' = 'connection',
): void {
  if (!g.allowedDomains) return;
  if (email === null)
    throw new AppError(
      'RECIPIENT_DOMAIN_NOT_ALLOWED',
      `This ${whose} may only send to addresses at ${g.allowedDomains.join(', ')}; an order by text only has no address. Give the recipient's email as well, or send from the web app.`,
    );
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (g.allowedDomains.some((d) => domain === d || domain.endsWith(`.${d}`))) return;
  throw new AppError(
    'RECIPIENT_DOMAIN_NOT_ALLOWED',
    `This ${whose} may only send to addresses at ${g.allowedDomains.join(', ')}; ${domain} is not one of them. Ask an owner or admin to widen the allow-list, or send from the web app.`,
  );
}

/** `minor` of `currency` in `target`, at today's rate; a refusal with `code` when there is none. */
export function inCurrency(
  minor: number,
  currency: string,
  target: string,
  code: 'SPEND_CAP_EXCEEDED' | 'BUDGET_EXCEEDED',
): number {
  if (currency === target) return minor;
  const rate = getRate(currency, target);
  if (!rate) {
    throw new AppError(
      code,
      `The limit is kept in ${target} and there is no ${currency} → ${target} rate to check it: nothing was sent.`,
    );
  }
  return convertMinor(minor, currency, target, rate.rate);
}

const sumIn = (rows: Spent, target: string, code: 'SPEND_CAP_EXCEEDED' | 'BUDGET_EXCEEDED') =>
  rows.reduce((total, r) => total + inCurrency(r.minor, r.currency, target, code), 0);

export interface CapStanding {
  currency: string;
  per_reward_minor: number | null;
  per_day_minor: number | null;
  spent_today_minor: number;
  per_month_minor: number | null;
  spent_this_month_minor: number;
}

/**
 * Checks a spend of `totalMinor` (charged, fee included, in `currency`; its largest single reward
 * `largestRewardMinor`) against the caps, given what the spender spent this UTC month and today.
 * Throws a refusal that says which cap, how much is left under it and what the spend would cost;
 * answers where the spender stands.
 */
export function checkCaps(
  caps: SpendCaps,
  spend: { totalMinor: number; largestRewardMinor?: number; currency: string },
  spent: Spent,
  spentToday: Spent,
  whose: 'this API key' | 'this connection' = 'this connection',
): CapStanding {
  const money = (m: number) => formatMoney(m, caps.currency);
  const code = 'SPEND_CAP_EXCEEDED';
  const cost = inCurrency(spend.totalMinor, spend.currency, caps.currency, code);
  const largest = inCurrency(spend.largestRewardMinor ?? spend.totalMinor, spend.currency, caps.currency, code);
  const today = sumIn(spentToday, caps.currency, code);
  const month = sumIn(spent, caps.currency, code);
  if (caps.perRewardMinor !== null && largest > caps.perRewardMinor) {
    throw new AppError(
      code,
      `This reward costs ${money(largest)} with the fee, over ${whose}'s cap of ${money(caps.perRewardMinor)} per reward. Nothing was sent; choose a smaller value or ask an owner or admin.`,
    );
  }
  const over = (cap: number | null, spentMinor: number, period: string) => {
    if (cap === null || spentMinor + cost <= cap) return;
    throw new AppError(
      code,
      `This costs ${money(cost)} with the fee; ${whose} has spent ${money(spentMinor)} of its ${money(cap)} cap ${period} (UTC), so ${money(Math.max(0, cap - spentMinor))} is left. Nothing was sent.`,
    );
  };
  over(caps.perDayMinor, today, 'for today');
  over(caps.perMonthMinor, month, 'for this month');
  return {
    currency: caps.currency,
    per_reward_minor: caps.perRewardMinor,
    per_day_minor: caps.perDayMinor,
    spent_today_minor: today,
    per_month_minor: caps.perMonthMinor,
    spent_this_month_minor: month,
  };
}

/** A monthly budget (`monthly_minor` of `currency`) and what is spent against it this UTC month. */
export interface BudgetStanding {
  monthlyMinor: number;
  currency: string;
  spentMinor: number;
}

export function budgetStanding(budget: { monthlyMinor: number; currency: string }, spent: Spent): BudgetStanding {
  return { ...budget, spentMinor: sumIn(spent, budget.currency, 'BUDGET_EXCEEDED') };
}

/** Refuses a spend that does not fit what is left of the budget this month, saying what is left. */
export function checkBudget(
  standing: BudgetStanding,
  spend: { totalMinor: number; currency: string },
  whose: 'your' | "this API key's",
): void {
  const cost = inCurrency(spend.totalMinor, spend.currency, standing.currency, 'BUDGET_EXCEEDED');
  if (standing.spentMinor + cost <= standing.monthlyMinor) return;
  const money = (m: number) => formatMoney(m, standing.currency);
  const left = Math.max(0, standing.monthlyMinor - standing.spentMinor);
  throw new AppError(
    'BUDGET_EXCEEDED',
    `This costs ${money(cost)} with the fee and ${money(left)} of ${whose} ${money(standing.monthlyMinor)} monthly budget is left (UTC month). Nothing was sent; ask an owner or admin to raise the budget.`,
  );
}

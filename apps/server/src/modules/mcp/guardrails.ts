import { convertMinor, formatMoney } from '@giftrelay/money';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { getRate } from '../fx';
import type { AgentCaps } from '../oauth';
import type { NewOrderRow } from '../orders';
import { spentBySource } from './repository';
import { ToolRefusal } from './tool-refusal';

/** What limits one key or grant beyond the organisation's own rules (decision 074). */
export interface Guardrails {
  /** Null: no spend caps. */
  caps: AgentCaps | null;
  /** Lower-case recipient domains; null allows any. */
  allowedDomains: string[] | null;
}

export const NO_GUARDRAILS: Guardrails = { caps: null, allowedDomains: null };

export const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
export const startOfUtcMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** Refuses a recipient outside the allow-list (the address's domain exactly, or a subdomain of one). */
export function checkRecipientDomain(g: Guardrails, email: string): void {
  if (!g.allowedDomains) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (g.allowedDomains.some((d) => domain === d || domain.endsWith(`.${d}`))) return;
  throw new ToolRefusal(
    'RECIPIENT_DOMAIN_NOT_ALLOWED',
    `This connection may only send to addresses at ${g.allowedDomains.join(', ')}; ${domain} is not one of them. Ask an owner or admin to widen the allow-list, or send from the web app.`,
  );
}

/** An amount in the caps' currency, converted at today's rate; null when there is no rate. */
function inCapCurrency(minor: number, currency: string, caps: AgentCaps): number {
  if (currency === caps.currency) return minor;
  const rate = getRate(currency, caps.currency);
  if (!rate) {
    throw new ToolRefusal(
      'SPEND_CAP_EXCEEDED',
      `Spend caps are kept in ${caps.currency} and there is no ${currency} → ${caps.currency} rate to check them: nothing was sent.`,
    );
  }
  return convertMinor(minor, currency, caps.currency, rate.rate);
}

export interface CapStanding {
  currency: string;
  per_reward_minor: number | null;
  per_day_minor: number | null;
  spent_today_minor: number;
  per_month_minor: number | null;
  spent_this_month_minor: number;
}

/**
 * Checks one order of `totalMinor` (the charged total, fee included, in `currency`) against the
 * caps, given what the source spent today and this month (UTC). Throws a refusal that says which
 * cap, how much is left under it and what the order would cost; answers where the source stands.
 */
export function checkCaps(
  caps: AgentCaps,
  order: { totalMinor: number; currency: string },
  spent: { currency: string; minor: number }[],
  spentToday: { currency: string; minor: number }[],
): CapStanding {
  const money = (m: number) => formatMoney(m, caps.currency);
  const cost = inCapCurrency(order.totalMinor, order.currency, caps);
  const sum = (rows: { currency: string; minor: number }[]) =>
    rows.reduce((total, r) => total + inCapCurrency(r.minor, r.currency, caps), 0);
  const today = sum(spentToday);
  const month = sum(spent);
  if (caps.perRewardMinor !== null && cost > caps.perRewardMinor) {
    throw new ToolRefusal(
      'SPEND_CAP_EXCEEDED',
      `This reward costs ${money(cost)} with the fee, over this connection's cap of ${money(caps.perRewardMinor)} per reward. Nothing was sent; choose a smaller value or ask an owner or admin.`,
    );
  }
  const over = (cap: number | null, spentMinor: number, period: string) => {
    if (cap === null || spentMinor + cost <= cap) return;
    throw new ToolRefusal(
      'SPEND_CAP_EXCEEDED',
      `This reward costs ${money(cost)} with the fee; this connection has spent ${money(spentMinor)} of its ${money(cap)} cap ${period} (UTC), so ${money(Math.max(0, cap - spentMinor))} is left. Nothing was sent.`,
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

/** The source's spend this UTC month, and today's part of it, per charge currency. */
export async function spendOf(
  tx: Parameters<typeof spentBySource>[0],
  organisationId: string,
  sourceId: string,
  at: Date,
) {
  const [month, today] = await Promise.all([
    spentBySource(tx, organisationId, sourceId, startOfUtcMonth(at)),
    spentBySource(tx, organisationId, sourceId, startOfUtcDay(at)),
  ]);
  return { month, today };
}

/**
 * The binding check, in the order's own transaction before its statement and after the source's
 * lock (lockSource: one send at a time per key or grant, on every process): its orders of the UTC
 * day and month are summed, so concurrent sends under a cap pass only as far as the cap allows.
 */
export async function enforceCaps(
  trx: Transaction<Database>,
  g: Guardrails,
  sourceId: string,
  order: NewOrderRow,
): Promise<void> {
  checkRecipientDomain(g, order.recipient_email);
  if (!g.caps) return;
  // Sequential on purpose: a transaction has one connection.
  const month = await spentBySource(trx, order.organisation_id, sourceId, startOfUtcMonth(order.created_at));
  const today = await spentBySource(trx, order.organisation_id, sourceId, startOfUtcDay(order.created_at));
  checkCaps(g.caps, { totalMinor: Number(order.charged_total_minor), currency: order.charge_currency }, month, today);
}

import {
  ANALYTICS_MAX_DAYS,
  type Analytics,
  type AnalyticsQuery,
  addDays,
  DASHBOARD_CHART_DAYS,
  type Dashboard,
  type DashboardCharts,
  type DashboardQuery,
  daysBetween,
  monthStart,
  type OrderMode,
  orderFigures,
  SPENDING_STATUSES,
  TOP_N,
  utcDay,
  weekStart,
} from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../../lib/errors';
import * as stats from '../order-stats';
import { billingCurrency, listOrders, presentOrder } from '../orders';
import { sandboxOf } from '../organisation';
import { claimedShare } from './claimed-share';
import * as repo from './repository';

/**
 * What the dashboard and analytics call spend, fees and orders: the one definition of each figure,
 * `orderFigures` (decision 076), that the order history's cards use too. Spend is what orders on
 * their way or delivered cost (SPENDING_STATUSES, less refunds); every order counts in `orders`.
 */
function spendOf(byStatus: Iterable<readonly [stats.OrderStatus, stats.Figures]>) {
  const f = orderFigures(byStatus);
  return { spend: f.spendMinor, fees: f.feesMinor, orders: f.orders, figures: f };
}

/** One organisation's orders of the mode asked for (its own when left out, decision 045). */
const scopeOf = (organisationId: string, q: { mode?: OrderMode }): stats.Scope => ({
  organisationId,
  sandbox: sandboxOf(q.mode),
});

/** The four cards for the current UTC calendar month and the ten latest orders. */
export async function dashboard(
  app: FastifyInstance,
  organisationId: string,
  q: DashboardQuery = {},
  now = new Date(),
): Promise<Dashboard> {
  const period = { from: monthStart(utcDay(now)), to: monthStart(utcDay(now), 1) };
  const scope = scopeOf(organisationId, q);
  const [currency, byStatus, recent] = await Promise.all([
    billingCurrency(app, organisationId),
    stats.figuresByStatus(app.db, scope, period),
    listOrders(app.db, { ...scope, limit: 10 }),
  ]);
  const month = spendOf(byStatus);
  return {
    success: true,
    currency,
    period,
    monthly_load: toMajor(month.spend, currency),
    gross_margin: toMajor(month.fees, currency),
    monthly_load_minor: month.spend,
    gross_margin_minor: month.fees,
    orders: month.orders,
    redemption_rate: claimedShare(byStatus).share,
    recent_orders: recent.map(presentOrder),
    has_pending: recent.some((o) => o.status === 'pending'),
  };
}

/** Load by day over the last 30 days (today included), top brands and top recipients over them. */
export async function dashboardCharts(
  app: FastifyInstance,
  organisationId: string,
  q: DashboardQuery = {},
  now = new Date(),
): Promise<DashboardCharts> {
  const to = addDays(utcDay(now), 1);
  const from = addDays(to, -DASHBOARD_CHART_DAYS);
  const scope = scopeOf(organisationId, q);
  const [currency, byDay, byBrand, recipients] = await Promise.all([
    billingCurrency(app, organisationId),
    stats.figuresByPeriod(app.db, scope, { from, to }, 'day'),
    stats.figuresByDimension(app.db, scope, { from, to }, 'brand'),
    repo.topRecipients(app.db, scope, new Date(`${from}T00:00:00Z`), TOP_N),
  ]);
  const money = (minor: number) => toMajor(minor, currency);
  const daily = new Map<string, number>();
  for (const r of byDay) {
    if (SPENDING_STATUSES.includes(r.status))
      daily.set(r.period, (daily.get(r.period) ?? 0) + r.figures.chargedTotalMinor);
  }
  return {
    success: true,
    currency,
    period: { from, to },
    load_by_day: periods(from, to, 'day').map((date) => ({ date, value: money(daily.get(date) ?? 0) })),
    top_brands: breakdown(byBrand)
      .filter((b) => b.spend > 0)
      .slice(0, TOP_N)
      .map((b) => ({ brand: b.key, value: money(b.spend), orders: b.orders })),
    top_customers: recipients.map((r) => ({
      recipient_email: r.recipient_email,
      recipient_phone: r.recipient_phone,
      value: money(r.charged_total_minor),
      orders: r.orders,
    })),
  };
}

/** Sums the per-status rows of each key: spend and fees of orders not refunded, every order counted. */
function breakdown(rows: { key: string; status: stats.OrderStatus; figures: stats.Figures }[]) {
  const byKey = new Map<string, [stats.OrderStatus, stats.Figures][]>();
  for (const r of rows) {
    const list = byKey.get(r.key) ?? [];
    list.push([r.status, r.figures]);
    byKey.set(r.key, list);
  }
  return [...byKey]
    .map(([key, list]) => ({ key, ...spendOf(list) }))
    .filter((b) => b.orders > 0)
    .sort((a, b) => b.spend - a.spend || b.orders - a.orders || a.key.localeCompare(b.key));
}

/** Every period start from `from` (inclusive) to `to` (exclusive): days, Mondays, or firsts of months. */
export function periods(from: string, to: string, period: stats.Period): string[] {
  const out: string[] = [];
  let cursor = period === 'week' ? weekStart(from) : period === 'month' ? monthStart(from) : from;
  while (cursor < to) {
    out.push(cursor);
    cursor = period === 'month' ? monthStart(cursor, 1) : addDays(cursor, period === 'week' ? 7 : 1);
  }
  return out;
}

/** from/to are inclusive dates; the default is the last 30 days. */
export function analyticsRange(q: AnalyticsQuery, now = new Date()): { from: string; to: string } {
  const to = q.to ?? (q.from && q.from > utcDay(now) ? q.from : utcDay(now));
  const from = q.from ?? addDays(to, -(DASHBOARD_CHART_DAYS - 1));
  if (to < from) {
    throw validationError('query.to: to must not be before from', [
      { path: 'query.to', message: 'must not be before from' },
    ]);
  }
  const days = daysBetween(from, to) + 1;
  if (days > ANALYTICS_MAX_DAYS) {
    const message = `the range must be at most ${ANALYTICS_MAX_DAYS} days long`;
    throw validationError(`query.from: ${message}`, [{ path: 'query.from', message }]);
  }
  return { from, to };
}

export async function analytics(
  app: FastifyInstance,
  organisationId: string,
  q: AnalyticsQuery,
  now = new Date(),
): Promise<Analytics> {
  const { from, to } = analyticsRange(q, now);
  const range = { from, to: addDays(to, 1) };
  const scope = scopeOf(organisationId, q);
  const [currency, byStatus, series, brands, categories, countries] = await Promise.all([
    billingCurrency(app, organisationId),
    stats.figuresByStatus(app.db, scope, range),
    stats.figuresByPeriod(app.db, scope, range, q.interval),
    stats.figuresByDimension(app.db, scope, range, 'brand'),
    stats.figuresByDimension(app.db, scope, range, 'category'),
    stats.figuresByDimension(app.db, scope, range, 'country'),
  ]);
  const money = (minor: number) => toMajor(minor, currency);
  const totals = spendOf(byStatus);
  const byPeriod = new Map<string, { spend: number; fees: number; orders: number }>();
  for (const r of series) {
    const p = byPeriod.get(r.period) ?? { spend: 0, fees: 0, orders: 0 };
    p.orders += r.figures.orders;
    if (SPENDING_STATUSES.includes(r.status)) {
      p.spend += r.figures.chargedTotalMinor;
      p.fees += r.figures.chargedFeeMinor;
    }
    byPeriod.set(r.period, p);
  }
  const present = (rows: typeof brands) =>
    breakdown(rows).map((b) => ({ key: b.key, spend: money(b.spend), fees: money(b.fees), orders: b.orders }));
  const claims = claimedShare(byStatus);
  return {
    success: true,
    currency,
    from,
    to,
    interval: q.interval,
    totals: {
      spend: money(totals.spend),
      fees: money(totals.fees),
      spend_minor: totals.spend,
      fees_minor: totals.fees,
      orders: totals.orders,
      completed: totals.figures.delivered,
      failed: totals.figures.failed,
      rewards_issued: claims.issued,
      rewards_claimed: claims.claimed,
      claimed_share: claims.share,
    },
    series: periods(from, range.to, q.interval).map((period) => {
      const p = byPeriod.get(period) ?? { spend: 0, fees: 0, orders: 0 };
      return { period, spend: money(p.spend), fees: money(p.fees), orders: p.orders };
    }),
    by_brand: present(brands),
    by_category: present(categories),
    by_country: present(countries),
  };
}

import type { OrderStatus } from '@giftrelay/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { modeOf, type Scope } from '../organisation';

type Db = Kysely<Database>;

export type { OrderStatus, Scope };

/**
 * Reads of the order rollups (migration 0040; by mode since 0095). Each sums the compacted rollup
 * and the deltas not yet folded into it in ONE statement, so it sees every committed order exactly
 * once whether or not the compactor has run. Days are UTC dates as 'YYYY-MM-DD'; ranges are
 * [from, to). Each reads one organisation's orders of one mode (`Scope`).
 */
export interface DayRange {
  from?: string;
  to?: string;
}

export interface Figures {
  orders: number;
  rewards: number;
  chargedTotalMinor: number;
  chargedFeeMinor: number;
  rewardsClaimed: number;
}

const MEASURES = sql`sum(orders)::text AS orders, sum(rewards)::text AS rewards,
  sum(charged_total_minor)::text AS charged_total_minor, sum(charged_fee_minor)::text AS charged_fee_minor,
  sum(rewards_claimed)::text AS rewards_claimed`;

interface MeasureRow {
  orders: string;
  rewards: string;
  charged_total_minor: string;
  charged_fee_minor: string;
  rewards_claimed: string;
}

const figures = (r: MeasureRow): Figures => ({
  orders: Number(r.orders),
  rewards: Number(r.rewards),
  chargedTotalMinor: Number(r.charged_total_minor),
  chargedFeeMinor: Number(r.charged_fee_minor),
  rewardsClaimed: Number(r.rewards_claimed),
});

function where(scope: Scope, range: DayRange, status?: OrderStatus): RawBuilder<unknown> {
  return sql`organisation_id = ${scope.organisationId} AND sandbox = ${modeOf(scope)}
    ${range.from ? sql`AND day >= ${range.from}::date` : sql``}
    ${range.to ? sql`AND day < ${range.to}::date` : sql``}
    ${status ? sql`AND status = ${status}` : sql``}`;
}

/** The rollup rows (by day and status, or with brand/category/country) and the pending deltas. */
function source(
  table: 'order_stats_daily' | 'order_stats_daily_dims',
  columns: RawBuilder<unknown>,
  scope: Scope,
  range: DayRange,
  status?: OrderStatus,
) {
  const cond = where(scope, range, status);
  const m = sql`orders, rewards, charged_total_minor, charged_fee_minor, rewards_claimed`;
  return sql`(SELECT ${columns}, ${m} FROM ${sql.table(table)} WHERE ${cond}
    UNION ALL
    SELECT ${columns}, ${m} FROM order_stats_deltas WHERE ${cond}) s`;
}

/** Figures per status over the range (statuses without orders are absent). */
export async function figuresByStatus(
  db: Db,
  scope: Scope,
  range: DayRange,
  status?: OrderStatus,
): Promise<Map<OrderStatus, Figures>> {
  const { rows } = await sql<MeasureRow & { status: OrderStatus }>`
    SELECT status, ${MEASURES}
    FROM ${source('order_stats_daily', sql`status`, scope, range, status)}
    GROUP BY status`.execute(db);
  return new Map(rows.map((r) => [r.status, figures(r)]));
}

export type Period = 'day' | 'week' | 'month';

/** Figures per period start (a UTC date) and status, for the time series. */
export async function figuresByPeriod(
  db: Db,
  scope: Scope,
  range: DayRange,
  period: Period,
): Promise<{ period: string; status: OrderStatus; figures: Figures }[]> {
  const bucket = period === 'day' ? sql`day` : sql`date_trunc(${period}, day::timestamp)::date`;
  const { rows } = await sql<MeasureRow & { period: string; status: OrderStatus }>`
    SELECT ${bucket}::text AS period, status, ${MEASURES}
    FROM ${source('order_stats_daily', sql`day, status`, scope, range)}
    GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({ period: r.period, status: r.status, figures: figures(r) }));
}

export type Dimension = 'brand' | 'category' | 'country';

/** Figures per brand, category or country and status. */
export async function figuresByDimension(
  db: Db,
  scope: Scope,
  range: DayRange,
  dimension: Dimension,
): Promise<{ key: string; status: OrderStatus; figures: Figures }[]> {
  const column = sql.ref(dimension);
  const { rows } = await sql<MeasureRow & { key: string; status: OrderStatus }>`
    SELECT ${column} AS key, status, ${MEASURES}
    FROM ${source('order_stats_daily_dims', sql`${column}, status`, scope, range)}
    GROUP BY 1, 2`.execute(db);
  return rows.map((r) => ({ key: r.key, status: r.status, figures: figures(r) }));
}

/** Folds the deltas into the rollups; returns how many delta rows it moved (0 if another ran). */
export async function compactOrderStats(db: Db): Promise<number> {
  const { rows } = await sql<{ moved: string }>`SELECT compact_order_stats()::text AS moved`.execute(db);
  return Number(rows[0]?.moved ?? 0);
}

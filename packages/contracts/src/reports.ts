import { z } from 'zod';
import { OrderModeQueryField, OrderSummarySchema } from './orders';

/**
 * Dashboard and analytics figures. Every amount is in the organisation's billing currency, in
 * major units (two decimals), summed from what each order charged. Days, weeks and months are
 * UTC calendar periods (docs/decisions/011-reporting.md).
 *
 * - spend / load: the totals charged for orders that were not refunded (pending + completed);
 * - fees / margin: the processing fees of those orders;
 * - orders: every order, whatever its status;
 * - redemption rate (dashboard) = claimed share (analytics): of the rewards the period's delivered
 *   orders issued, the share whose claim page has been opened, in percent with one decimal.
 */

/** GET /api/v1/dashboard: the four cards for the current calendar month and the 10 latest orders. */
/** The dashboard's (and its charts') figures of live or sandbox orders; the organisation's mode when left out. */
export const DashboardQuerySchema = z.object({ mode: OrderModeQueryField });
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

export const DashboardSchema = z.object({
  success: z.literal(true),
  currency: z.string(),
  /** First day of the month the cards cover and the first day of the next one (YYYY-MM-DD, UTC). */
  period: z.object({ from: z.string(), to: z.string() }),
  monthly_load: z.number(),
  gross_margin: z.number(),
  /** The same two figures in integer minor units of `currency`. */
  monthly_load_minor: z.number().int(),
  gross_margin_minor: z.number().int(),
  orders: z.number().int(),
  /** The month's claimed share: rewards whose claim page was opened over rewards issued, percent
   * with one decimal (87.5 means 87.5 %); 0 when none were issued. */
  redemption_rate: z.number(),
  /** The latest orders, newest first: at most 10. */
  recent_orders: z.array(OrderSummarySchema),
  /** True while any order of the recent ones is still pending (the page polls faster then). */
  has_pending: z.boolean(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const DASHBOARD_CHART_DAYS = 30;
export const TOP_N = 5;

/** GET /api/v1/dashboard/charts: the three dashboard charts over the last 30 days (today included). */
export const DashboardChartsSchema = z.object({
  success: z.literal(true),
  currency: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  /** One point per day, oldest first, days without orders included with 0. */
  load_by_day: z.array(z.object({ date: z.string(), value: z.number() })),
  /** Brands by spend, highest first, at most 5. */
  top_brands: z.array(z.object({ brand: z.string(), value: z.number(), orders: z.number().int() })),
  /** Recipients by spend, highest first, at most 5. */
  top_customers: z.array(
    z.object({
      /** Decision 088: null for a recipient reached by text only, who is counted by `recipient_phone`. */
      recipient_email: z
        .string()
        .nullable()
        .meta({ description: 'The address; null for a recipient reached by text only' }),
      recipient_phone: z
        .string()
        .nullable()
        .meta({ description: 'For a recipient reached by text only: the number (E.164); null otherwise' }),
      value: z.number(),
      orders: z.number().int(),
    }),
  ),
});
export type DashboardCharts = z.infer<typeof DashboardChartsSchema>;

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export const AnalyticsIntervalSchema = z.enum(ANALYTICS_INTERVALS);
export type AnalyticsInterval = z.infer<typeof AnalyticsIntervalSchema>;
/** The longest range the analytics accept, in days (about five years). */
export const ANALYTICS_MAX_DAYS = 1830;

const isoDate = (name: string) =>
  z
    .string({ error: `${name} must be a date like 2026-01-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, `${name} must be a real calendar date`);

/**
 * GET /api/v1/analytics?from&to&interval (and /api/v1/analytics/export with the same query).
 * `from` and `to` are inclusive UTC dates; both default to the last 30 days; `interval` defaults
 * to day. `to` must not be before `from`, and the range is at most ANALYTICS_MAX_DAYS long.
 */
export const AnalyticsQuerySchema = z.object({
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  interval: AnalyticsIntervalSchema.default('day'),
  mode: OrderModeQueryField,
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const Breakdown = z.object({
  key: z.string(),
  spend: z.number(),
  fees: z.number(),
  orders: z.number().int(),
});

export const AnalyticsSchema = z.object({
  success: z.literal(true),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  interval: AnalyticsIntervalSchema,
  totals: z.object({
    spend: z.number(),
    fees: z.number(),
    /** `spend` and `fees` in integer minor units of `currency`. */
    spend_minor: z.number().int(),
    fees_minor: z.number().int(),
    orders: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    /** Rewards issued (codes delivered) and how many of them the recipient has opened. */
    rewards_issued: z.number().int(),
    rewards_claimed: z.number().int(),
    /** rewards_claimed / rewards_issued in percent, one decimal; 0 when nothing was issued. */
    claimed_share: z.number(),
  }),
  /** One point per period (day, week starting Monday, or month), oldest first, empty ones with 0. */
  series: z.array(z.object({ period: z.string(), spend: z.number(), fees: z.number(), orders: z.number().int() })),
  /** Highest spend first; every brand, category, country in the range (empty key: unknown). */
  by_brand: z.array(Breakdown),
  by_category: z.array(Breakdown),
  by_country: z.array(Breakdown),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

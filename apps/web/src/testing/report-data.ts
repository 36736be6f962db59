import type { Analytics, Dashboard, DashboardCharts } from '@giftrelay/contracts';

/** Report answers as the API gives them, with overrides; their orders come from ./order-data. */

export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    success: true,
    currency: 'USD',
    period: { from: '2026-03-01', to: '2026-04-01' },
    monthly_load: 0,
    gross_margin: 0,
    monthly_load_minor: 0,
    gross_margin_minor: 0,
    orders: 0,
    redemption_rate: 0,
    recent_orders: [],
    has_pending: false,
    ...overrides,
  };
}

/** 30 days ending 2026-03-30, with the given values on the given days and 0 elsewhere. */
export function dashboardCharts(
  values: Record<string, number> = {},
  overrides: Partial<DashboardCharts> = {},
): DashboardCharts {
  const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10));
  return {
    success: true,
    currency: 'USD',
    // As the API sends it: `to` is the day after the last day shown.
    period: { from: days[0] as string, to: '2026-03-31' },
    load_by_day: days.map((date) => ({ date, value: values[date] ?? 0 })),
    top_brands: [],
    top_customers: [],
    ...overrides,
  };
}

export function analytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    success: true,
    currency: 'USD',
    from: '2026-03-01',
    to: '2026-03-03',
    interval: 'day',
    totals: {
      spend: 0,
      fees: 0,
      spend_minor: 0,
      fees_minor: 0,
      orders: 0,
      completed: 0,
      failed: 0,
      rewards_issued: 0,
      rewards_claimed: 0,
      claimed_share: 0,
    },
    series: ['2026-03-01', '2026-03-02', '2026-03-03'].map((period) => ({ period, spend: 0, fees: 0, orders: 0 })),
    by_brand: [],
    by_category: [],
    by_country: [],
    ...overrides,
  };
}

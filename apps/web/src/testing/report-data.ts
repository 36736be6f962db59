import type { Analytics, Dashboard, DashboardCharts, OrderSummary } from '@giftrelay/contracts';

/** Report answers as the API gives them, with overrides: one place for the component tests' data. */

export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    order_id: '0b5f6f3e-7d0a-4a55-9f0e-1c2d3e4f5a6b',
    status: 'completed',
    delivery_method: 'email',
    product_code: 'AMAZON-US',
    product_name: 'Amazon.com Gift Card',
    brand: 'Amazon',
    currency: 'USD',
    amount: 25,
    quantity: 1,
    subtotal: 25,
    fee: 0.63,
    total: 25.63,
    charged: { currency: 'USD', rate: '1', subtotal: 25, fee: 0.63, total: 25.63 },
    recipient_email: 'ada@example.com',
    recipient_name: null,
    created_at: '2026-03-05T14:07:00.000Z',
    completed_at: '2026-03-05T14:07:02.000Z',
    failed_at: null,
    failure_reason: null,
    ...overrides,
  };
}

export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    success: true,
    currency: 'USD',
    period: { from: '2026-03-01', to: '2026-04-01' },
    monthly_load: 0,
    gross_margin: 0,
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

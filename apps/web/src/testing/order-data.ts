import { listPage, type OrderDetail, type OrderStats, type OrderSummary } from '@giftrelay/contracts';

/**
 * Orders as the API answers them (list rows, Recent Orders, detail, stats), for every web test that
 * needs one; override what a test is about.
 */
export function anOrder(overrides: Partial<OrderSummary> = {}): OrderSummary {
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
    amount_minor: 2500,
    subtotal_minor: 2500,
    fee_minor: 63,
    total_minor: 2563,
    charged: aCharge({ currency: 'USD', rate: '1', subtotal: 25, fee: 0.63, total: 25.63 }),
    recipient_email: 'ada@example.com',
    recipient_name: 'Ada Lovelace',
    created_at: '2026-03-02T10:15:00.000Z',
    completed_at: '2026-03-02T10:15:03.000Z',
    failed_at: null,
    failure_reason: null,
    created_by: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    approval: null,
    send_at: null,
    expires_at: null,
    expiry: null,
    sandbox: false,
    issued_count: 1,
    failed_count: 0,
    voided_count: 0,
    choice: null,
    ...overrides,
  };
}

/** What an order charged, with the minor units of its decimal figures. */
export function aCharge(c: {
  currency: string;
  rate: string;
  subtotal: number;
  fee: number;
  total: number;
  released?: number;
}) {
  const minor = (major: number) => Math.round(major * 100);
  const released = c.released ?? 0;
  return {
    ...c,
    subtotal_minor: minor(c.subtotal),
    fee_minor: minor(c.fee),
    total_minor: minor(c.total),
    released,
    released_minor: minor(released),
  };
}

export function anOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const summary = anOrder(overrides);
  return {
    ...summary,
    message: 'Thank you for a great quarter!',
    rewards: [
      {
        id: '5a1e0c9d-1111-4b2b-8c3c-9d8e7f6a5b4c',
        status: 'issued',
        code_masked: '•••• 7Q2K',
        issued_at: summary.completed_at,
        claim: { first_opened_at: null, open_count: 0 },
        void: null,
        chosen_product_code: null,
      },
    ],
    history: [
      { type: 'order.created', at: summary.created_at, detail: {} },
      { type: 'order.completed', at: summary.completed_at ?? summary.created_at, detail: {} },
    ],
    sms: null,
    ...overrides,
  };
}

export function someStats(overrides: Partial<OrderStats> = {}): OrderStats {
  return {
    success: true,
    currency: 'USD',
    total_orders: 2,
    delivered: 1,
    pending: 0,
    failed: 1,
    pending_approval: 0,
    rejected: 0,
    scheduled: 0,
    cancelled: 0,
    voided: 0,
    total_value: 1234.5,
    total_value_minor: 123450,
    ...overrides,
  };
}

/**
 * A page of GET /api/v1/orders as the server answers it: the list envelope (`data`, `has_more`,
 * `next_cursor`) and, for now, the deprecated `orders` key beside it.
 */
export function anOrderList(orders: OrderSummary[], nextCursor: string | null = null) {
  return { success: true, ...listPage(orders, nextCursor), orders };
}

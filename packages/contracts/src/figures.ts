import { type OrderStatus, SPENDING_STATUSES } from './orders';

/**
 * The one definition of each order figure (issue 35, decision 076), shared by the dashboard,
 * analytics, the order history's cards and what the exports let a spreadsheet recount: the server
 * computes them with `orderFigures`, and the web app shows each with its `FIGURE_NOTES` line.
 */

/** Orders on their way: sending now, scheduled for later, or waiting for an approver. */
export const PENDING_STATUSES: readonly OrderStatus[] = ['pending', 'scheduled', 'pending_approval'];

/** One status's orders and what they cost (charged less what went back), in minor units. */
export interface StatusFigures {
  orders: number;
  chargedTotalMinor: number;
  chargedFeeMinor: number;
}

export interface OrderFigures {
  /** Every order placed, whatever became of it. */
  orders: number;
  /** Delivered, partly delivered or partly voided (`completed`). */
  delivered: number;
  /** On their way: pending + scheduled + pending_approval. */
  pending: number;
  scheduled: number;
  pendingApproval: number;
  failed: number;
  rejected: number;
  cancelled: number;
  voided: number;
  /** What pending and delivered orders cost: the charged totals less what went back to the balance. */
  spendMinor: number;
  /** The processing fees within `spendMinor`. */
  feesMinor: number;
}

export function orderFigures(byStatus: Iterable<readonly [OrderStatus, StatusFigures]>): OrderFigures {
  const f: OrderFigures = {
    orders: 0,
    delivered: 0,
    pending: 0,
    scheduled: 0,
    pendingApproval: 0,
    failed: 0,
    rejected: 0,
    cancelled: 0,
    voided: 0,
    spendMinor: 0,
    feesMinor: 0,
  };
  for (const [status, s] of byStatus) {
    f.orders += s.orders;
    if (status === 'completed') f.delivered += s.orders;
    if (PENDING_STATUSES.includes(status)) f.pending += s.orders;
    if (status === 'scheduled') f.scheduled += s.orders;
    if (status === 'pending_approval') f.pendingApproval += s.orders;
    if (status === 'failed') f.failed += s.orders;
    if (status === 'rejected') f.rejected += s.orders;
    if (status === 'cancelled') f.cancelled += s.orders;
    if (status === 'voided') f.voided += s.orders;
    if (SPENDING_STATUSES.includes(status)) {
      f.spendMinor += s.chargedTotalMinor;
      f.feesMinor += s.chargedFeeMinor;
    }
  }
  return f;
}

/**
 * The line under (or beside) each figure, the same wherever it shows. The dashboard keeps the
 * spec's card titles; analytics and the order history use the same names for the same figures.
 */
export const FIGURE_NOTES = {
  monthlyLoad: 'Charged for orders sending or delivered, less refunds (scheduled and waiting orders are only held)',
  grossMargin: 'Processing fees within the Monthly Load',
  orders: 'Every order placed, whatever its status',
  redemptionRate: 'Share of delivered rewards whose claim page was opened',
  topCustomers: 'Recipients by what their rewards cost',
  delivered: 'Delivered, including partly delivered or partly voided; voided orders are not',
  pending: 'Sending now, scheduled, or waiting for approval',
  totalValue: 'The Monthly Load’s rule over these orders: charged, less refunds, for orders sending or delivered',
  failed: 'Could not be issued; the hold went back to the balance',
  voided: 'Every issued reward voided and refunded',
} as const;

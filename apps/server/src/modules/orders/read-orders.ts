import { type ListOrdersQuery, type OrderSearchQuery, type OrderStats, orderFigures } from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { createdAtListing, paginate } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { figuresByStatus } from '../order-stats';
import { billingCurrency } from './lookups';
import { presentOrder, presentOrderDetail } from './presenter';
import * as repo from './repository';
import { latestSms } from './reward-sms';

export async function getOrderDetail(app: FastifyInstance, organisationId: string, orderId: string) {
  const order = await repo.findOrder(app.db, organisationId, orderId);
  if (!order) throw notFound('Order');
  const [rewards, events, sms] = await Promise.all([
    repo.listRewards(app.db, order.id),
    repo.listEvents(app.db, order.id),
    latestSms(app.db, [order.id]),
  ]);
  return presentOrderDetail(order, rewards, events, sms.get(order.id) ?? null);
}

const ORDERS = createdAtListing('orders');

export async function listOrders(app: FastifyInstance, organisationId: string, q: ListOrdersQuery) {
  const { page, nextCursor } = await paginate(app.cursors, ORDERS, q, ({ after, limit }) =>
    repo.listOrders(app.db, {
      organisationId,
      sandbox: repo.sandboxOf(q.mode),
      search: q.q || undefined,
      status: q.status,
      limit,
      after,
    }),
  );
  return { success: true as const, orders: page.map(presentOrder), next_cursor: nextCursor };
}

/**
 * The order history's four cards over the searched set. Without search text they come from the
 * rollups (constant time at any size); with it, from the orders the search matches.
 */
export async function orderStats(
  app: FastifyInstance,
  organisationId: string,
  q: OrderSearchQuery,
): Promise<OrderStats> {
  const search = q.q || undefined;
  const scope = { organisationId, sandbox: repo.sandboxOf(q.mode) };
  const [currency, byStatus] = await Promise.all([
    billingCurrency(app, organisationId),
    search
      ? repo
          .searchedStatusCounts(app.db, { ...scope, search, status: q.status })
          .then((rows) => rows.map((r) => [r.status, r] as const))
      : figuresByStatus(app.db, scope, {}, q.status),
  ]);
  // The one definition of each figure (decision 076), as the dashboard and analytics count them.
  const f = orderFigures(byStatus);
  return {
    success: true,
    currency,
    total_orders: f.orders,
    delivered: f.delivered,
    pending: f.pending,
    failed: f.failed,
    pending_approval: f.pendingApproval,
    rejected: f.rejected,
    scheduled: f.scheduled,
    cancelled: f.cancelled,
    voided: f.voided,
    total_value: toMajor(f.spendMinor, currency),
    total_value_minor: f.spendMinor,
  };
}

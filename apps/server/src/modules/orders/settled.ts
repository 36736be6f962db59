import type { FastifyInstance } from 'fastify';
import type { OrderRow } from './repository';

export type OrderSettledListener = (order: Pick<OrderRow, 'id' | 'organisation_id' | 'batch_id'>) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Told, after the commit, when an order of a batch settles (decision 043). */
    orderSettledListeners: OrderSettledListener[];
  }
}

/** Listens for orders of batches that settle: delivered, failed, cancelled. */
export function onBatchOrderSettled(app: FastifyInstance, listener: OrderSettledListener) {
  app.orderSettledListeners.push(listener);
}

/**
 * Tells the listeners that an order settled, when it came from a batch (an order placed alone
 * costs nothing here). Best effort: a listener's failure is logged, and the sweep catches up.
 */
export function batchOrderSettled(app: FastifyInstance, order: Pick<OrderRow, 'id' | 'organisation_id' | 'batch_id'>) {
  if (!order.batch_id) return;
  for (const listener of app.orderSettledListeners) {
    listener(order).catch((err) => app.log.warn({ err, orderId: order.id }, 'a batch did not hear its order settle'));
  }
}

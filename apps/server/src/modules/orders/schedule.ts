import type { OrderSummary, RescheduleOrderBody } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { insertEvent } from '../events';
import { earlierAnswer, keyFor, runOnce, type StoredAnswer } from '../idempotency';
import { releaseHold } from './approvals';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import { scheduledTime } from './prepare-order';
import { presentOrder } from './presenter';
import * as repo from './repository';
import * as scheduled from './schedule-repository';
import { batchOrderSettled } from './settled';

/** Why a scheduled-order change did nothing: no such order, or it is no longer scheduled. */
async function notScheduled(db: Kysely<Database>, organisationId: string, orderId: string, what: string) {
  const order = await repo.findOrder(db, organisationId, orderId);
  if (!order) return notFound('Order');
  if (order.status === 'cancelled') return new AppError('CONFLICT', 'This order was cancelled already');
  return new AppError(
    'CONFLICT',
    order.send_at
      ? `This order has started: it can no longer be ${what}`
      : `This order was never scheduled: it cannot be ${what}`,
  );
}

/**
 * Cancels a scheduled order before it starts (decision 042): one conditional UPDATE from
 * `scheduled`, with the hold released, its history line and the public `order.cancelled`, in one
 * transaction. Racing the job that starts it, exactly one of them wins. The job, left in the
 * queue, finds the order cancelled and does nothing.
 */
export async function cancelScheduledOrder(
  app: FastifyInstance,
  organisationId: string,
  orderId: string,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  const key = keyFor(organisationId, idempotencyKey, `POST /api/v1/orders/${orderId}/cancel`, {});
  const earlier = await earlierAnswer(app.db, key);
  if (earlier) return earlier;
  let cancelled: repo.OrderRow | undefined;
  const answer = await runOnce(app.db, key, async (tx) => {
    const order = await scheduled.cancel(tx, organisationId, orderId);
    // Read in this transaction: on PGlite (one connection) another read would wait for it.
    if (!order) throw await notScheduled(tx, organisationId, orderId, 'cancelled');
    await releaseHold(tx, order, 'Scheduled order cancelled: hold released');
    const data = { order: presentOrder(order) };
    await repo.insertEvent(tx, {
      order_id: order.id,
      organisation_id: organisationId,
      type: 'order.cancelled',
      payload: data,
    });
    await insertEvent(tx, { organisationId, type: 'order.cancelled', data });
    cancelled = order;
    return { status: 200, body: JSON.stringify({ success: true, ...data.order }) };
  });
  if (cancelled) batchOrderSettled(app, cancelled);
  return answer;
}

/**
 * Moves a scheduled order to another time before it starts: the order's `send_at` changes and a
 * job for the new time is queued in the same transaction. The old job stays queued and, run, sees
 * a time that is no longer the order's and does nothing, so the order starts once, at the new time.
 */
export async function rescheduleOrder(
  app: FastifyInstance,
  organisationId: string,
  orderId: string,
  body: RescheduleOrderBody,
): Promise<OrderSummary> {
  const sendAt = scheduledTime(body.send_at);
  const order = await app.db.transaction().execute(async (tx) => {
    const before = await scheduled.lockScheduled(tx, organisationId, orderId);
    if (!before) return undefined;
    const after = await scheduled.moveTo(tx, orderId, sendAt);
    await app.queue.boss.send(FULFIL_QUEUE, fulfilJobData(after), {
      ...fulfilJobOptions(app.config, after.send_at),
      db: fromKysely(tx),
    });
    await repo.insertEvent(tx, {
      order_id: orderId,
      organisation_id: organisationId,
      type: 'order.rescheduled',
      payload: { from: before.send_at?.toISOString() ?? null, to: sendAt.toISOString() },
    });
    return after;
  });
  if (!order) throw await notScheduled(app.db, organisationId, orderId, 'rescheduled');
  return presentOrder(order);
}

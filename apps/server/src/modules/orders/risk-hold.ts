import type { OrderStatus } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { releaseHold } from './approvals';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import * as repo from './repository';

/**
 * An order a risk rule held (`pending_review`, decision 083), as the risk module's decisions move
 * it: each is ONE conditional update from `pending_review`, so a release racing a block (or a
 * second of either) changes the order once; the loser gets undefined. Only this module writes
 * orders (decision 065), so the risk module asks here.
 */

/** Released: it goes on as `pending` (or `scheduled` while its time is ahead), its job written in `tx`. */
export async function releaseHeldOrder(
  app: FastifyInstance,
  tx: Transaction<Database>,
  orderId: string,
): Promise<repo.OrderRow | undefined> {
  const order = await tx
    .updateTable('orders')
    .set({ status: sql<OrderStatus>`CASE WHEN send_at > now() THEN 'scheduled' ELSE 'pending' END` })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_review')
    .returningAll()
    .executeTakeFirst();
  if (!order) return undefined;
  const later = order.status === 'scheduled' ? order : { ...order, send_at: null };
  await app.queue.boss.send(FULFIL_QUEUE, fulfilJobData(later), {
    ...fulfilJobOptions(app.config, later.send_at),
    db: fromKysely(tx),
  });
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    type: 'order.review_released',
    payload: {},
  });
  return order;
}

/** Blocked: `blocked`, and the whole hold goes back to the available balance, exactly. */
export async function blockHeldOrder(tx: Transaction<Database>, orderId: string): Promise<repo.OrderRow | undefined> {
  const order = await tx
    .updateTable('orders')
    .set({ status: 'blocked' })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_review')
    .returningAll()
    .executeTakeFirst();
  if (!order) return undefined;
  await releaseHold(tx, order, 'Blocked in review: hold released');
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    type: 'order.review_blocked',
    payload: {},
  });
  return order;
}

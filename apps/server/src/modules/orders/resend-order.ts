import type { OrderStatus, ResendOrderBody, ResendOrderResponseSchema } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { earlierAnswer, keyFor, runOnce, type StoredAnswer, storeRefusal } from '../idempotency';
import { EMAIL_FALLBACK_QUEUE, queueResendEmail } from './recipient-email';
import * as repo from './repository';

const NOT_RESENDABLE: Record<Exclude<OrderStatus, 'completed'>, string> = {
  pending: 'This order is still being delivered: it can be resent once it is delivered',
  failed: 'This order failed and was refunded: there is nothing to resend',
  pending_approval: 'This order is waiting for approval: it can be resent once it is delivered',
  rejected: 'This order was rejected and its hold released: there is nothing to resend',
  scheduled: 'This order is scheduled: it can be resent once it is delivered',
  cancelled: 'This order was cancelled and its hold released: there is nothing to resend',
};

/** At most this many resends of one order per hour, and of one organisation's orders. */
export const RESEND_LIMITS = {
  perOrder: { name: 'order-resend', limit: 5, windowSeconds: 3600 },
  perOrganisation: { name: 'order-resend-org', limit: 200, windowSeconds: 3600 },
};

/**
 * Emails a delivered order's claim links again, to the same address or a corrected one (which
 * then becomes the order's recipient). The email's job and its `email.resent` event are written
 * in one transaction with the change; the job reports the email's acceptance or refusal
 * (decision 029). With an Idempotency-Key, a retry replays the first answer and
 * sends nothing (runOnce); a replay is not counted against the resend limits.
 */
export async function resendOrder(
  app: FastifyInstance,
  organisationId: string,
  orderId: string,
  body: ResendOrderBody,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  const key = keyFor(organisationId, idempotencyKey, `POST /api/v1/orders/${orderId}/resend`, body);
  const earlier = await earlierAnswer(app.db, key);
  if (earlier) return earlier;
  const existing = await repo.findOrder(app.db, organisationId, orderId);
  if (!existing) {
    if (key) return storeRefusal(app.db, key, notFound('Order'));
    throw notFound('Order');
  }
  await app.rateLimits.consume(RESEND_LIMITS.perOrder, orderId);
  await app.rateLimits.consume(RESEND_LIMITS.perOrganisation, organisationId);
  const to = (body.email ?? existing.recipient_email).toLowerCase();
  const answer = await runOnce(app.db, key, async (tx) => {
    const order = await repo.lockOrder(tx, organisationId, orderId);
    if (!order) throw notFound('Order');
    if (order.status !== 'completed') {
      throw new AppError('CONFLICT', NOT_RESENDABLE[order.status]);
    }
    let current = order;
    if (to !== order.recipient_email) {
      current = await repo.changeRecipient(tx, order.id, to);
      await repo.insertEvent(tx, {
        order_id: order.id,
        organisation_id: organisationId,
        type: 'recipient.changed',
        payload: { from: order.recipient_email, to },
      });
    }
    await queueResendEmail(app, tx, current, to);
    const answer: z.infer<typeof ResendOrderResponseSchema> = {
      success: true,
      order_id: order.id,
      recipient_email: to,
    };
    return { status: 200, body: JSON.stringify(answer) };
  });
  // The email's job was committed without a NOTIFY (its queue has none): wake its workers now.
  if (answer.status === 200) app.queue.wake(EMAIL_FALLBACK_QUEUE);
  return answer;
}

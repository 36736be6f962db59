import type { OrderStatus, ResendOrderBody, ResendOrderResponseSchema } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { encryptSecret, newUrlToken } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit';
import { earlierAnswer, keyFor, runOnce, type StoredAnswer, storeRefusal } from '../idempotency';
import { reserveSandboxRecipients } from '../sandbox-limits';
import { spendGuard } from '../spend-limits';
import { EMAIL_FALLBACK_QUEUE, queueResendEmail } from './recipient-email';
import * as repo from './repository';
import { checkOrderPhone } from './reward-sms';

const NOT_RESENDABLE: Record<Exclude<OrderStatus, 'completed'>, string> = {
  voided: 'Every reward of this order was voided: there is nothing to resend',
  pending: 'This order is still being delivered: it can be resent once it is delivered',
  failed: 'This order failed and was refunded: there is nothing to resend',
  pending_approval: 'This order is waiting for approval: it can be resent once it is delivered',
  rejected: 'This order was rejected and its hold released: there is nothing to resend',
  scheduled: 'This order is scheduled: it can be resent once it is delivered',
  cancelled: 'This order was cancelled and its hold released: there is nothing to resend',
  pending_review: 'This order is held for review: it can be resent once it is released and delivered',
  blocked: 'This order was blocked in review and its hold released: there is nothing to resend',
};

/** At most this many resends of one order per hour, and of one organisation's orders. */
export const RESEND_LIMITS = {
  perOrder: { name: 'order-resend', limit: 5, windowSeconds: 3600 },
  perOrganisation: { name: 'order-resend-org', limit: 200, windowSeconds: 3600 },
};

/** The stable refusals of a change of address (decision 062); the web app shows these words. */
export const RECIPIENT_CHANGE_REFUSALS = {
  notTheirs: 'Only an owner or admin, or the person who sent this order, can send it to another address',
  notTheKeys: 'An API key can send only the orders it placed to another address',
  needsApproval:
    'An approval rule covers this order: ask an owner or admin to send it to another address, or resend it to the same one',
  opened: 'A reward of this order has been opened: it can only be sent again to the same address',
};

/**
 * Whether the caller may send the order to another address than its own (decision 062): owners
 * and admins may; a sender only for an order they placed in the app, and not when an approval rule
 * would have caught it (the address is what an approver approved); a key only for an order it
 * placed. Re-sending to the same address needs none of this.
 */
async function assertMayChangeRecipient(tx: Transaction<Database>, auth: AuthContext, order: repo.OrderRow) {
  if (auth.kind === 'api_key') {
    if (order.api_key_id !== auth.apiKeyId)
      throw new AppError('RECIPIENT_CHANGE_FORBIDDEN', RECIPIENT_CHANGE_REFUSALS.notTheKeys);
    return;
  }
  if (auth.role === 'owner' || auth.role === 'admin') return;
  if (order.created_by !== auth.userId || order.api_key_id !== null) {
    throw new AppError('RECIPIENT_CHANGE_FORBIDDEN', RECIPIENT_CHANGE_REFUSALS.notTheirs);
  }
  const rules = await tx
    .selectFrom('organisations')
    .select(['approval_above_usd_minor', 'approval_every_sender_order', 'approval_monthly_cap_usd_minor'])
    .where('id', '=', order.organisation_id)
    .executeTakeFirstOrThrow();
  const above = rules.approval_above_usd_minor;
  // A batch's orders were approved as the batch (its total, the monthly cap), never one by one,
  // and a monthly cap counts what was sent before: with any rule, a sender's batch order is
  // treated as approved, and so is an order a cap could have held.
  const anyRule = rules.approval_every_sender_order || above !== null || rules.approval_monthly_cap_usd_minor !== null;
  if (
    rules.approval_every_sender_order ||
    (above !== null && Number(order.usd_total_minor ?? 0) > Number(above)) ||
    rules.approval_monthly_cap_usd_minor !== null ||
    (order.batch_id !== null && anyRule) ||
    order.decided_by !== null
  ) {
    throw new AppError('RECIPIENT_CHANGE_NEEDS_APPROVAL', RECIPIENT_CHANGE_REFUSALS.needsApproval);
  }
}

/**
 * Sends a delivered order's claim links again, to the same address or a corrected one (which
 * then becomes the order's recipient), and texts them with a number (a corrected one likewise,
 * decision 088; a text-only order is only texted). The email's job and its `email.resent` event are written
 * in one transaction with the change; the job reports the email's acceptance or refusal
 * (decision 029). With an Idempotency-Key, a retry replays the first answer and
 * sends nothing (runOnce); a replay is not counted against the resend limits.
 *
 * A new address (decision 062) needs the right caller (assertMayChangeRecipient), is refused once
 * any reward was opened, gives every reward a new claim token (the links emailed to the old
 * address stop working) and writes an audit line. The rewards are locked before they are read,
 * so an opening racing the change either came first (and the change is refused) or finds the old
 * token gone.
 */
export async function resendOrder(
  app: FastifyInstance,
  auth: AuthContext,
  orderId: string,
  body: ResendOrderBody,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  const { organisationId } = auth;
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
  const to = body.email?.toLowerCase() ?? existing.recipient_email;
  // A corrected number is checked as an order's (decision 088): a mobile, texts available, not opted out.
  const phone = body.phone === undefined ? existing.recipient_phone : await checkOrderPhone(app, body.phone);
  const answer = await runOnce(app.db, key, async (tx) => {
    const order = await repo.lockOrder(tx, organisationId, orderId);
    if (!order) throw notFound('Order');
    if (order.status === 'voided') throw new AppError('ORDER_VOIDED', NOT_RESENDABLE.voided);
    // A choice order waiting for its pick (decision 080) has its claim link out already: it may go again.
    const choosing = order.status === 'pending' && order.choice_product_codes !== null;
    if (order.status !== 'completed' && !choosing) {
      throw new AppError('CONFLICT', NOT_RESENDABLE[order.status]);
    }
    let current = order;
    const newEmail = to !== order.recipient_email ? to : null;
    const newPhone = phone !== order.recipient_phone ? phone : null;
    if (newEmail !== null || newPhone !== null) {
      await assertMayChangeRecipient(tx, auth, order);
      // A key's recipient domains hold for a new address too (decision 084): no sending inside
      // the allow-list and then moving the reward outside it.
      if (auth.kind === 'api_key' && newEmail !== null) {
        await spendGuard.checkRecipients(tx, { kind: 'api_key', organisationId, id: auth.apiKeyId }, [newEmail]);
      }
      // A sandbox reward to a new address or number takes one of today's places (decisions 063, 088).
      const added = [newEmail, newPhone].filter((r): r is string => r !== null);
      if (order.sandbox) await reserveSandboxRecipients(app, tx, organisationId, added);
      const rotated = await repo.rotateClaimTokensIfUnopened(tx, order.id, () => {
        const t = newUrlToken();
        return { hash: t.hash, encrypted: encryptSecret(app.secrets.rewardCodeKey, t.token) };
      });
      if (!rotated) throw new AppError('REWARD_OPENED', RECIPIENT_CHANGE_REFUSALS.opened);
      current = await repo.changeRecipient(tx, order.id, { email: to, phone });
      // `from`/`to` are the address as before decision 088; a changed number adds `phone_from`/`phone_to`.
      const change = {
        from: order.recipient_email,
        to,
        ...(newPhone !== null ? { phone_from: order.recipient_phone, phone_to: phone } : {}),
      };
      await recordAudit(tx, {
        organisationId,
        action: 'order.recipient_changed',
        ...auditActor(auth),
        detail: { order_id: order.id, ...change },
      });
      await repo.insertEvent(tx, {
        order_id: order.id,
        organisation_id: organisationId,
        type: 'recipient.changed',
        payload: change,
      });
    }
    await queueResendEmail(app, tx, current, to);
    const answer: z.infer<typeof ResendOrderResponseSchema> = {
      success: true,
      order_id: order.id,
      recipient_email: to,
      recipient_phone: phone,
    };
    return { status: 200, body: JSON.stringify(answer) };
  });
  // The email's job was committed without a NOTIFY (its queue has none): wake its workers now.
  if (answer.status === 200) app.queue.wake(EMAIL_FALLBACK_QUEUE);
  return answer;
}

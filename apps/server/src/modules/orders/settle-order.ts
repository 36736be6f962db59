import { sharesOf } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { insertEvent } from '../events';
import { type Posting, postEntry } from '../ledger';
import { presentOrder } from './presenter';
import { EMAIL_FALLBACK_QUEUE, type EmailFallback, sendRecipientEmail } from './recipient-email';
import * as repo from './repository';
import { batchOrderSettled } from './settled';

type Tx = Transaction<Database> | Kysely<Database>;

/** How long the recipient email's fallback job waits for the worker to send it first. */
export const EMAIL_FALLBACK_SECONDS = 30;

/**
 * What settling an order came to: `complete` (every reward issued: the caller completes it with
 * the one-statement completion, complete-order-statement.ts), `partial`, `failed`, `waiting` (a
 * reward is still pending or in review), or `settled` (already settled, by another run).
 */
export type Settlement = 'complete' | 'partial' | 'failed' | 'waiting' | 'settled';

/**
 * Settles a pending order whose every reward is issued or failed (decision 058): money follows
 * the cards. None issued: the order fails and the whole hold goes back. Some issued: the order is
 * completed with them, their share of the charged subtotal and fee captured, the failed ones'
 * share (shareOf, position by position, so the two add up to the hold to the unit) released,
 * `reward.failed` for each failed one, and the recipient email sent with the issued ones only. A
 * reward in review (its card may exist) keeps the whole order waiting, its hold untouched, until
 * an operator decides. One transaction, conditional on the order being pending (locked first):
 * a second run, or a redelivered job, writes nothing.
 */
export async function settleOrder(
  app: FastifyInstance,
  orderId: string,
  reason: string,
): Promise<{ settlement: Settlement; order?: repo.OrderRow; rewards?: repo.RewardRow[] }> {
  const completedAt = new Date();
  const outcome = await app.db.transaction().execute(async (tx) => {
    const order = await tx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (order?.status !== 'pending') return { settlement: 'settled' as const };
    const rewards = await repo.listRewards(tx, orderId);
    if (rewards.some((r) => r.status === 'pending' || r.status === 'review')) return { settlement: 'waiting' as const };
    const issued = rewards.filter((r) => r.status === 'issued');
    const failed = rewards.filter((r) => r.status === 'failed');
    if (issued.length === order.quantity) return { settlement: 'complete' as const, order, rewards };
    const settled =
      issued.length === 0
        ? await failWhole(tx, order, failed.length, reason)
        : await completePartly(tx, order, issued.length, failed, reason, completedAt);
    for (const r of failed) await rewardFailed(tx, settled, r, reason);
    if (issued.length === 0) return { settlement: 'failed' as const, order: settled };
    const fallback: EmailFallback = { orderId, to: order.recipient_email, messageId: app.mail.newMessageId() };
    const jobId = await app.queue.boss.send(EMAIL_FALLBACK_QUEUE, fallback, {
      db: fromKysely(tx),
      startAfter: EMAIL_FALLBACK_SECONDS,
    });
    return { settlement: 'partial' as const, order: settled, rewards: issued, fallback, jobId };
  });
  if (outcome.settlement === 'failed' || outcome.settlement === 'partial') batchOrderSettled(app, outcome.order);
  if (outcome.settlement === 'partial') {
    try {
      await sendRecipientEmail(app, outcome.order, outcome.rewards, outcome.fallback);
      if (outcome.jobId) app.queue.discard(EMAIL_FALLBACK_QUEUE, outcome.jobId);
    } catch (err) {
      app.log.warn(
        { orderId, err: { message: (err as Error).message } },
        'recipient email not sent; its fallback job will',
      );
    }
  }
  return outcome;
}

/** None issued: the order fails and its whole hold goes back (the rule before decision 058). */
async function failWhole(tx: Transaction<Database>, order: repo.OrderRow, failedCount: number, reason: string) {
  const failed = await tx
    .updateTable('orders')
    .where('id', '=', order.id)
    .where('status', '=', 'pending')
    .set({
      status: 'failed',
      failed_at: sql`now()`,
      failure_reason: reason,
      issued_count: 0,
      failed_count: failedCount,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const total = Number(failed.charged_total_minor);
  await postEntry(tx, {
    organisationId: failed.organisation_id,
    kind: 'release',
    currency: failed.charge_currency,
    orderId: failed.id,
    description: 'Order failed: hold released',
    postings: [
      { account: 'held', amountMinor: -total },
      { account: 'available', amountMinor: total },
    ],
  });
  const data = { order: presentOrder(failed), reason };
  await repo.insertEvent(tx, {
    order_id: failed.id,
    organisation_id: failed.organisation_id,
    type: 'order.failed',
    payload: data,
  });
  await insertEvent(tx, {
    organisationId: failed.organisation_id,
    type: 'order.failed',
    data,
    createdAt: failed.failed_at ?? undefined,
  });
  return failed;
}

/**
 * Some issued: completed with them. The hold splits in two entries: the issued rewards' share
 * captured (provider payable and fee revenue, decision 008), the failed ones' released.
 */
async function completePartly(
  tx: Transaction<Database>,
  order: repo.OrderRow,
  issuedCount: number,
  failed: repo.RewardRow[],
  reason: string,
  completedAt: Date,
) {
  const n = order.quantity;
  const failedAt = failed.map((r) => r.position - 1);
  const subtotal = Number(order.charged_subtotal_minor);
  const fee = Number(order.charged_fee_minor);
  const released = { subtotal: sharesOf(subtotal, n, failedAt), fee: sharesOf(fee, n, failedAt) };
  const captured = { subtotal: subtotal - released.subtotal, fee: fee - released.fee };
  const done = await tx
    .updateTable('orders')
    .where('id', '=', order.id)
    .where('status', '=', 'pending')
    .set({
      status: 'completed',
      completed_at: completedAt,
      failure_reason: reason,
      released_subtotal_minor: released.subtotal,
      released_fee_minor: released.fee,
      issued_count: issuedCount,
      failed_count: failed.length,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const entry = { organisationId: order.organisation_id, currency: order.charge_currency, orderId: order.id };
  const nonZero = (postings: Posting[]) => postings.filter((p) => p.amountMinor !== 0);
  await postEntry(tx, {
    ...entry,
    kind: 'capture',
    description: `Order partly fulfilled: ${issuedCount} of ${n} rewards issued`,
    postings: nonZero([
      { account: 'held', amountMinor: -(captured.subtotal + captured.fee) },
      { account: 'provider_payable', amountMinor: captured.subtotal },
      { account: 'fee_revenue', amountMinor: captured.fee },
    ]),
  });
  const releasedTotal = released.subtotal + released.fee;
  if (releasedTotal > 0) {
    await postEntry(tx, {
      ...entry,
      kind: 'release',
      description: `${failed.length} of ${n} rewards not issued: their share released`,
      postings: [
        { account: 'held', amountMinor: -releasedTotal },
        { account: 'available', amountMinor: releasedTotal },
      ],
    });
  }
  const payload = { order: presentOrder(done), reason };
  for (const [type, data] of [
    ['order.completed', payload],
    // Decision 088: an order reached by text only is texted, not emailed.
    done.recipient_email === null
      ? (['sms.queued', { phone: done.recipient_phone }] as const)
      : ([
          'email.queued',
          done.recipient_phone
            ? { to: done.recipient_email, phone: done.recipient_phone }
            : { to: done.recipient_email },
        ] as const),
  ] as const) {
    await repo.insertEvent(tx, { order_id: done.id, organisation_id: done.organisation_id, type, payload: data });
  }
  await insertEvent(tx, {
    organisationId: done.organisation_id,
    type: 'order.completed',
    data: payload,
    createdAt: completedAt,
  });
  return done;
}

/** `reward.failed`, public and in the order's history: which reward, why, and what went back for it. */
async function rewardFailed(tx: Transaction<Database>, order: repo.OrderRow, r: repo.RewardRow, reason: string) {
  const n = order.quantity;
  // A failed order released its whole hold; a partly delivered one the failed rewards' shares.
  const refund =
    sharesOf(Number(order.charged_subtotal_minor), n, [r.position - 1]) +
    sharesOf(Number(order.charged_fee_minor), n, [r.position - 1]);
  const at = new Date();
  const data = {
    reward_id: r.id,
    order_id: order.id,
    recipient_email: order.recipient_email,
    position: r.position,
    failed_at: at.toISOString(),
    reason,
    refund_minor: refund,
    currency: order.charge_currency,
  };
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    type: 'reward.failed',
    payload: { position: r.position, reason, refund_minor: refund, currency: order.charge_currency },
  });
  await insertEvent(tx, { organisationId: order.organisation_id, type: 'reward.failed', data, createdAt: at });
}

/** A pending reward the provider did not issue: failed (its lease let go). */
export async function failReward(tx: Tx, rewardId: string, from: 'pending' | 'review' = 'pending'): Promise<boolean> {
  const res = await tx
    .updateTable('rewards')
    .set({ status: 'failed', lease_owner: null, lease_until: null })
    .where('id', '=', rewardId)
    .where('status', '=', from)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/**
 * A pending reward whose card may exist at the provider (it did not answer, nor say whether it
 * had the card): held for an operator, with a line in the order's history.
 */
export async function holdForReview(tx: Kysely<Database>, order: repo.OrderRow, rewardId: string, reason: string) {
  await tx.transaction().execute(async (t) => {
    const row = await t
      .updateTable('rewards')
      .set({ status: 'review', review_reason: reason.slice(0, 500), lease_owner: null, lease_until: null })
      .where('id', '=', rewardId)
      .where('status', '=', 'pending')
      .returning('position')
      .executeTakeFirst();
    if (!row) return;
    await repo.insertEvent(t, {
      order_id: order.id,
      organisation_id: order.organisation_id,
      type: 'reward.review_needed',
      payload: { position: row.position, reason },
    });
  });
}

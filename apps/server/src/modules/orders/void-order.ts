import type { OrderStatus, VoidOrderBody, VoidOrderResponse } from '@giftrelay/contracts';
import { shareOf, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { providerFor } from '../../providers/gift-cards';
import { type ProviderCancellation, ProviderError } from '../../providers/gift-cards/types';
import { auditActor, recordAudit } from '../audit';
import { insertEvent } from '../events';
import { earlierAnswer, keepsRefusal, keyFor, runOnce, type StoredAnswer, storeRefusal } from '../idempotency';
import { organisationBilling, postEntry } from '../ledger';
import { releaseHold } from './approvals';
import * as repo from './repository';
import * as voids from './void-repository';

/** A refunded void's note when nothing came back: the sandbox balance closed when the organisation went live. */
export const PLAY_MONEY_CLOSED =
  'The card was cancelled, but its play money went with the sandbox balance when the organisation went live: nothing was refunded';

const NOT_VOIDABLE: Record<Exclude<OrderStatus, 'completed'>, string> = {
  pending: 'This order is still being delivered: its rewards can be voided once it is delivered',
  failed: 'This order failed and its hold was released: there is nothing to void',
  pending_approval: 'This order is waiting for approval: reject it instead, which releases its hold',
  rejected: 'This order was rejected and its hold released: there is nothing to void',
  scheduled: 'This order has not been sent yet: cancel it instead, which releases its hold',
  cancelled: 'This order was cancelled and its hold released: there is nothing to void',
  voided: 'Every reward of this order has been voided already: there is nothing to void',
  pending_review: 'This order is held for review: block it instead, which releases its hold',
  blocked: 'This order was blocked in review and its hold released: there is nothing to void',
};
const CHOSEN = 'The recipient has chosen a card and it is being issued: its reward can be voided once it is delivered';
const NOTHING_LEFT = 'Every reward of this order has been opened or voided already: there is nothing to void';

/**
 * Voids a delivered order's rewards that nobody has opened (issue 16, decision 039), in three steps:
 * 1. One transaction marks them `requested` and commits: from then on the claim page shows no
 *    code (an opening racing it either came first, and the reward is not voided, or finds it void).
 * 2. The provider is asked to cancel each card, outside any transaction.
 * 3. Each answer is settled by a conditional update: cancelled → `refunded`, and the reward's
 *    share of the order's charge goes from provider payable and fee revenue back to the available
 *    balance through the ledger; refused → `not_cancelled`, nothing refunded, the reason kept.
 *    The answer is stored for the Idempotency-Key with the last of them.
 * A provider that does not answer leaves its rewards `requested` and the request answers 503
 * without storing anything: the same request again (same key) asks the provider again and
 * finishes. Two voids at once, or a retry, refund each reward once.
 */
export async function voidOrder(
  app: FastifyInstance,
  auth: AuthContext,
  orderId: string,
  body: VoidOrderBody,
  idempotencyKey: string,
): Promise<StoredAnswer> {
  return voidWithKey(app, { organisationId: auth.organisationId, ...auditActor(auth) }, orderId, body, idempotencyKey);
}

/**
 * The automatic void of an order's unopened rewards, past the organisation's
 * `void_unopened_after_days` and the notice (decision 040): the same three steps, by the system
 * (no person or key in the audit line), with a key of its own so a second sweep finishes rather
 * than repeats. True when it voided something; a refusal (nothing left) or a provider that did
 * not answer is logged, and the next sweep tries again.
 */
export async function voidAutomatically(app: FastifyInstance, order: repo.OrderRow): Promise<boolean> {
  try {
    const answer = await voidWithKey(
      app,
      { organisationId: order.organisation_id, userId: null, apiKeyId: null },
      order.id,
      { note: 'Not claimed in time: voided automatically, as the organisation’s settings say' },
      `auto-void-${order.id}`,
    );
    return answer.status === 200 && !answer.replayed;
  } catch (err) {
    app.log.warn({ err, orderId: order.id }, 'an automatic void did not finish; the next sweep tries again');
    return false;
  }
}

type Actor = { organisationId: string; userId: string | null; apiKeyId: string | null };

async function voidWithKey(
  app: FastifyInstance,
  auth: Actor,
  orderId: string,
  body: VoidOrderBody,
  idempotencyKey: string,
): Promise<StoredAnswer> {
  const key = keyFor(auth.organisationId, idempotencyKey, `POST /api/v1/orders/${orderId}/void`, body);
  if (!key) throw new Error('a void needs an Idempotency-Key');
  const earlier = await earlierAnswer(app.db, key);
  if (earlier) return earlier;
  // A choice reward nobody has chosen yet has no card to cancel: its hold goes back at once.
  const unlocked = await app.db
    .selectFrom('orders')
    .select(['status', 'choice_product_codes'])
    .where('organisation_id', '=', auth.organisationId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (unlocked?.status === 'pending' && unlocked.choice_product_codes) {
    return runOnce(app.db, key, async (tx) => ({
      status: 200,
      body: JSON.stringify(await voidUnchosen(tx, auth, orderId, body)),
    }));
  }

  let waiting: repo.RewardRow[];
  let madeInSandbox = true;
  try {
    waiting = await app.db.transaction().execute(async (tx) => {
      const order = await repo.lockOrder(tx, auth.organisationId, orderId);
      if (!order) throw notFound('Order');
      madeInSandbox = order.sandbox;
      if (order.status !== 'completed') throw new AppError('CONFLICT', NOT_VOIDABLE[order.status]);
      const marked = await voids.markVoidRequested(tx, orderId, body.note ?? null);
      const requested = await voids.listVoidRequested(tx, orderId);
      if (requested.length === 0) throw new AppError('CONFLICT', NOTHING_LEFT);
      if (marked.length > 0) {
        const positions = requested.filter((r) => marked.includes(r.id)).map((r) => r.position);
        await repo.insertEvent(tx, {
          order_id: orderId,
          organisation_id: auth.organisationId,
          type: 'order.void_requested',
          payload: { positions, note: body.note ?? null },
        });
        await recordAudit(tx, {
          organisationId: auth.organisationId,
          action: 'order.voided',
          userId: auth.userId,
          apiKeyId: auth.apiKeyId,
          detail: { order_id: orderId, rewards: marked.length, note: body.note ?? null },
        });
      }
      return requested;
    });
  } catch (err) {
    // An unknown order is the key's answer for good; a conflict with the order's state is not.
    if (keepsRefusal(err)) return storeRefusal(app.db, key, err);
    throw err;
  }

  const answers = new Map<string, ProviderCancellation>();
  for (const reward of waiting) {
    try {
      answers.set(reward.id, await providerFor(app, { sandbox: madeInSandbox }).cancelOrder(reward.id));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      app.log.warn({ err, orderId, rewardId: reward.id }, 'the provider did not answer a cancellation');
    }
  }
  const settleAll = async (tx: Transaction<Database>) => {
    const order = await repo.lockOrder(tx, auth.organisationId, orderId);
    if (!order) throw notFound('Order');
    let status = order.status;
    for (const reward of waiting) {
      const answer = answers.get(reward.id);
      if (answer) status = (await settleReward(tx, order, reward, answer)) ?? status;
    }
    return presentVoid({ ...order, status }, await voids.listVoided(tx, orderId));
  };
  if (answers.size < waiting.length) {
    await app.db.transaction().execute(settleAll);
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The gift-card provider did not answer for every reward: their codes are hidden already; void again with the same Idempotency-Key to finish',
    );
  }
  return runOnce(app.db, key, async (tx) => ({ status: 200, body: JSON.stringify(await settleAll(tx)) }));
}

/**
 * Voids a choice order whose recipient has not chosen yet (decision 089): nothing was issued and
 * nothing charged, so the reward is closed (`refunded`), the order `cancelled` and its hold
 * released in full through the ledger, with the void's own history line, audit line and
 * `reward.voided`, in one transaction. The order is locked first and then the reward, as the pick
 * takes them (claim-choice.ts): of a void and a pick racing, exactly one wins; a pick that came
 * first leaves its card on the way, and the void answers 409 until it is delivered.
 */
async function voidUnchosen(
  tx: Transaction<Database>,
  auth: Actor,
  orderId: string,
  body: VoidOrderBody,
): Promise<VoidOrderResponse> {
  const locked = await repo.lockOrder(tx, auth.organisationId, orderId);
  if (!locked) throw notFound('Order');
  if (locked.status !== 'pending')
    throw new AppError(
      'CONFLICT',
      locked.status === 'completed'
        ? 'The recipient has just chosen a card: void again to void it, if nobody has opened it'
        : NOT_VOIDABLE[locked.status],
    );
  const note = body.note ?? null;
  const closed = await voids.closeUnchosen(tx, orderId, note);
  if (closed.length === 0) throw new AppError('CONFLICT', CHOSEN);
  const order = await voids.cancelUnchosenOrder(tx, orderId);
  await releaseHold(tx, order, 'Choice reward voided before the recipient chose: hold released');
  const total = Number(order.charged_total_minor);
  await repo.insertEvent(tx, {
    order_id: orderId,
    organisation_id: auth.organisationId,
    type: 'order.void_requested',
    payload: { positions: closed.map((r) => r.position), note },
  });
  await recordAudit(tx, {
    organisationId: auth.organisationId,
    action: 'order.voided',
    userId: auth.userId,
    apiKeyId: auth.apiKeyId,
    detail: { order_id: orderId, rewards: closed.length, note },
  });
  for (const reward of closed) {
    const data = {
      reward_id: reward.id,
      order_id: orderId,
      recipient_email: order.recipient_email,
      position: reward.position,
      voided_at: (reward.voided_at ?? new Date()).toISOString(),
      refunded: true,
      refund_minor: total,
      currency: order.charge_currency,
      order_status: order.status,
    };
    await repo.insertEvent(tx, {
      order_id: orderId,
      organisation_id: auth.organisationId,
      type: 'reward.voided',
      payload: data,
    });
    await insertEvent(tx, { organisationId: auth.organisationId, type: 'reward.voided', data });
  }
  const currency = order.charge_currency;
  return {
    success: true,
    order_id: orderId,
    currency,
    rewards: closed.map((r) => ({
      reward_id: r.id,
      position: r.position,
      state: 'refunded' as const,
      refund: toMajor(total, currency),
      refund_minor: total,
      note,
    })),
    order_status: order.status,
    refunded: toMajor(total, currency),
    refunded_minor: total,
  };
}

/** One reward's share of what the order charged: its part of the subtotal and of the fee. */
function refundOf(order: repo.OrderRow, reward: Pick<repo.RewardRow, 'position'>) {
  const index = reward.position - 1;
  const subtotal = shareOf(Number(order.charged_subtotal_minor), order.quantity, index);
  const fee = shareOf(Number(order.charged_fee_minor), order.quantity, index);
  return { subtotal, fee, total: subtotal + fee };
}

/**
 * One reward's cancellation settled (settleCancellation), with `reward.voided` in its history and
 * as an event: a person's void, or a block at the claim (risk-claim-block.ts).
 */
export async function settleReward(
  tx: Transaction<Database>,
  order: repo.OrderRow,
  reward: Pick<repo.RewardRow, 'id' | 'position' | 'voided_at'>,
  answer: ProviderCancellation,
  why: 'voided' | 'blocked' = 'voided',
) {
  const settled = await settleCancellation(tx, order, reward, answer, why);
  if (!settled) return undefined;
  const { refund, orderStatus } = settled;
  const data = {
    reward_id: reward.id,
    order_id: order.id,
    recipient_email: order.recipient_email,
    position: reward.position,
    voided_at: (reward.voided_at ?? new Date()).toISOString(),
    refunded: answer.cancelled,
    refund_minor: refund.total,
    currency: order.charge_currency,
    order_status: orderStatus,
  };
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    type: 'reward.voided',
    payload: answer.cancelled ? data : { ...data, reason: answer.reason },
  });
  await insertEvent(tx, { organisationId: order.organisation_id, type: 'reward.voided', data });
  return orderStatus;
}

/**
 * The provider's answer to a void `requested` reward, settled once (a void, or an expiry, decision
 * 081): cancelled → `refunded`, its exact share back through the ledger and off the order's
 * figures; refused → `not_cancelled` with the reason. Undefined when another call settled it.
 */
export async function settleCancellation(
  tx: Transaction<Database>,
  order: repo.OrderRow,
  reward: Pick<repo.RewardRow, 'id' | 'position'>,
  answer: ProviderCancellation,
  /** The ledger line's word: a person's or the system's void, an expiry, or a block in review. */
  why: 'voided' | 'expired' | 'blocked' = 'voided',
  /** The organisation's mode, when the caller read it already (a sweep settles many at once). */
  organisationSandbox?: boolean,
): Promise<{ refund: { subtotal: number; fee: number; total: number }; orderStatus: OrderStatus } | undefined> {
  // A sandbox order voided after its organisation went live (decision 045): its play money went
  // with the closed sandbox balance, and never reaches the live one. The void says so in its note,
  // so what it shows as refunded (a void's answer, a blocked claim's review) is what was.
  const playMoneyClosed =
    order.sandbox && !(organisationSandbox ?? (await organisationBilling(tx, order.organisation_id)).sandbox);
  const outcome = answer.cancelled
    ? ({ state: 'refunded', note: playMoneyClosed ? PLAY_MONEY_CLOSED : null } as const)
    : ({ state: 'not_cancelled', reason: answer.reason } as const);
  if (!(await voids.settleVoid(tx, reward.id, outcome))) return undefined;
  const refund = answer.cancelled && !playMoneyClosed ? refundOf(order, reward) : { subtotal: 0, fee: 0, total: 0 };
  // The order's figures leave the reports by the reward's share either way, as the refund
  // trigger of 0082 did (a closed sandbox balance refunds nothing, but the card is gone).
  const orderStatus = answer.cancelled
    ? await voids.releaseVoidedShare(tx, order.id, refundOf(order, reward))
    : order.status;
  if (refund.total > 0) {
    await postEntry(tx, {
      organisationId: order.organisation_id,
      kind: 'refund',
      currency: order.charge_currency,
      orderId: order.id,
      live: !order.sandbox,
      description: `Reward ${reward.position} of ${order.quantity} ${why}: refunded`,
      postings: [
        { account: 'provider_payable', amountMinor: -refund.subtotal },
        { account: 'fee_revenue', amountMinor: -refund.fee },
        { account: 'available', amountMinor: refund.total },
      ].filter((p) => p.amountMinor !== 0) as Parameters<typeof postEntry>[1]['postings'],
    });
  }
  return { refund, orderStatus };
}

function presentVoid(order: repo.OrderRow, voided: repo.RewardRow[]): VoidOrderResponse {
  const currency = order.charge_currency;
  const rewards = voided.map((r) => {
    const refundMinor = r.void_state === 'refunded' && r.void_note === null ? refundOf(order, r).total : 0;
    return {
      reward_id: r.id,
      position: r.position,
      state: r.void_state ?? 'requested',
      refund: toMajor(refundMinor, currency),
      refund_minor: refundMinor,
      note: r.void_note,
    };
  });
  const refundedMinor = rewards.reduce((sum, r) => sum + r.refund_minor, 0);
  return {
    success: true,
    order_id: order.id,
    currency,
    rewards,
    order_status: order.status,
    refunded: toMajor(refundedMinor, currency),
    refunded_minor: refundedMinor,
  };
}

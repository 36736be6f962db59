import {
  type ListRiskReviewsQuery,
  listPage,
  type RiskDecisionBody,
  type RiskMatch,
  type RiskReview,
  type RiskReviewDetail,
} from '@giftrelay/contracts';
import { shareOf, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { createdAtListing, paginate } from '../../lib/cursor';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit } from '../audit';
import { insertEvent } from '../events';
import { keyFor, replaceAnswer, runOnce, type StoredAnswer } from '../idempotency';
import {
  blockHeldOrder,
  cancelBlockedReward,
  FULFIL_QUEUE,
  OPENED_BEFORE_HOLD,
  presentOrder,
  releaseHeldOrder,
  requestBlockedVoid,
} from '../orders';
import * as repo from './repository';

/**
 * The review queue (decision 083). An organisation's owners and admins (and keys with
 * `risk:write`) decide its reviews; operators decide platform reviews of live orders. A decision
 * is one conditional update of the review from `pending` plus, in the same transaction, the
 * order's own conditional move (released: fulfilment job written; blocked: hold released), the
 * event and the audit line. Two decisions at once settle one way; the other is told 409.
 */

const LISTING = createdAtListing('risk-reviews');

export interface Decider {
  scope: repo.ReviewScope;
  /** The organisation a request names (its key or session); null for an operator. */
  organisationId: string | null;
  userId: string | null;
  apiKeyId: string | null;
  email: string | null;
}

export function presentReview(r: repo.ReviewRow): RiskReview {
  const claim = r.stage === 'claim';
  // At the claim, the reward's share as a void refunds it: its part of the subtotal and of the fee.
  const index = (r.reward_position ?? 1) - 1;
  const heldMinor = claim
    ? shareOf(Number(r.charged_subtotal_minor), r.quantity, index) +
      shareOf(Number(r.charged_fee_minor), r.quantity, index)
    : Number(r.charged_total_minor);
  const amountMinor = claim ? Number(r.amount_minor) : Number(r.subtotal_minor);
  return {
    id: r.id,
    status: r.status,
    stage: r.stage,
    scope: r.scope,
    organisation_id: r.organisation_id,
    order_id: r.order_id,
    reward_id: r.reward_id,
    recipient_email: r.recipient_email,
    recipient_phone: r.recipient_phone,
    brand: r.brand,
    product_name: r.product_name,
    amount: toMajor(amountMinor, r.currency),
    amount_minor: amountMinor,
    currency: r.currency,
    held: toMajor(heldMinor, r.charge_currency),
    held_minor: heldMinor,
    charge_currency: r.charge_currency,
    matched: r.matched as RiskMatch[],
    claim: claim ? { ip: r.claim_ip, country: r.claim_country, reward_country: r.order_country } : null,
    created_at: r.created_at.toISOString(),
    decided_at: r.decided_at?.toISOString() ?? null,
    decided_by_email: r.decided_by_email,
    note: r.decision_note,
    refund: claim && r.status === 'blocked' ? refundOf(r, heldMinor) : null,
    sandbox: r.sandbox,
  };
}

/** What a block at the claim gave back (decision 090), from its reward's void. */
function refundOf(r: repo.ReviewRow, shareMinor: number): NonNullable<RiskReview['refund']> {
  const none = (note: string | null) => ({
    state: 'not_refunded' as const,
    refunded: 0,
    refunded_minor: 0,
    note,
  });
  // A refunded void with a note refunded nothing (a sandbox reward blocked after going live).
  if (r.void_state === 'refunded' && r.void_note) return none(r.void_note);
  if (r.void_state === 'refunded')
    return {
      state: 'refunded',
      refunded: toMajor(shareMinor, r.charge_currency),
      refunded_minor: shareMinor,
      note: null,
    };
  if (r.void_state === 'requested')
    return {
      state: 'requested',
      refunded: 0,
      refunded_minor: 0,
      note: 'Waiting for the gift-card provider to cancel the card; asked again every few minutes',
    };
  if (r.void_state === 'not_cancelled') return none(`The gift-card provider did not cancel the card: ${r.void_note}`);
  return none(r.claim_first_opened_at ? OPENED_BEFORE_HOLD : 'The reward was settled another way before the block');
}

export async function listReviews(app: FastifyInstance, scope: repo.ReviewScope, q: ListRiskReviewsQuery) {
  const { page, nextCursor } = await paginate(app.cursors, LISTING, q, (range) =>
    repo.listReviews(app.db, scope, q.status, range),
  );
  return { success: true as const, ...listPage(page.map(presentReview), nextCursor) };
}

export async function getReview(app: FastifyInstance, scope: repo.ReviewScope, id: string) {
  const row = await repo.findReview(app.db, scope, id);
  if (!row) throw notFound('Review');
  const h = await repo.recipientHistory(app.db, row.organisation_id, {
    email: row.recipient_email,
    phone: row.recipient_phone,
  });
  const review: RiskReviewDetail = {
    ...presentReview(row),
    recipient_history: {
      orders: Number(h.counts.orders),
      rewards: Number(h.counts.rewards),
      held_before: Math.max(0, Number(h.reviewed.held) - 1),
      blocked_before: Number(h.reviewed.blocked),
      first_order_at: h.counts.first_order_at ? new Date(h.counts.first_order_at).toISOString() : null,
      recent: h.recent.map((o) => ({
        order_id: o.id,
        status: o.status,
        amount: toMajor(Number(o.subtotal_minor), o.currency),
        currency: o.currency,
        created_at: o.created_at.toISOString(),
      })),
    },
  };
  return { success: true as const, review };
}

/**
 * Releases or blocks a pending review, idempotently with an Idempotency-Key (the same key and body
 * answer the first answer again; without one, a second decision is 409).
 */
export async function decideReview(
  app: FastifyInstance,
  decider: Decider,
  id: string,
  decision: 'release' | 'block',
  body: RiskDecisionBody,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  // An operator's keys live in the organisation of the review, so the key is bound to it there.
  const keyOrg = decider.organisationId ?? (await repo.findReview(app.db, decider.scope, id))?.organisation_id;
  const key = keyOrg ? keyFor(keyOrg, idempotencyKey, `POST /api/v1/risk/reviews/${id}/${decision}`, body) : undefined;
  let released = false;
  let toCancel: string | null = null;
  const answer = await runOnce(app.db, key, async (tx) => {
    const decided = await repo.decideReview(tx, decider.scope, id, {
      status: decision === 'release' ? 'released' : 'blocked',
      userId: decider.userId,
      note: body.note || null,
    });
    if (!decided) throw await whyUndecided(tx, decider, id);
    if (decided.stage === 'order') {
      const order =
        decision === 'release'
          ? await releaseHeldOrder(app, tx, decided.order_id)
          : await blockHeldOrder(tx, decided.order_id);
      // The review was pending, so its order waits too; anything else is a bug to roll back.
      if (!order) throw new Error(`review ${id} was pending but its order ${decided.order_id} was not`);
      released = decision === 'release';
    } else if (decision === 'block' && decided.reward_id) {
      // At the claim the card exists: cancel it to give its value back (decision 090).
      if (await requestBlockedVoid(tx, decided.order_id, decided.reward_id, body.note || null))
        toCancel = decided.reward_id;
    }
    const row = await repo.findReview(tx, { organisationId: decided.organisation_id }, id);
    if (!row) throw new Error(`review ${id} vanished in its own decision`);
    const review = presentReview(row);
    const order = await tx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', decided.order_id)
      .executeTakeFirstOrThrow();
    const type = decision === 'release' ? 'reward.released' : 'reward.blocked';
    await insertEvent(tx, {
      organisationId: decided.organisation_id,
      type,
      data: { review, order: presentOrder(order) },
    });
    await recordAudit(tx, {
      organisationId: decided.organisation_id,
      action: decision === 'release' ? 'risk_review.released' : 'risk_review.blocked',
      userId: decider.userId,
      apiKeyId: decider.apiKeyId,
      detail: {
        review_id: id,
        order_id: decided.order_id,
        reward_id: decided.reward_id,
        stage: decided.stage,
        recipient_email: row.recipient_email,
        ...(row.recipient_email === null ? { recipient_phone: row.recipient_phone } : {}),
        note: body.note || null,
        ...(decider.organisationId === null ? { by_operator: decider.email } : {}),
      },
    });
    return { status: 200, body: JSON.stringify({ success: true, review }) };
  });
  if (released) app.queue.wake(FULFIL_QUEUE);
  if (toCancel && !answer.replayed) {
    // Outside the decision's transaction, as a void asks the provider; then the answer says the
    // outcome, and so does the key's replay.
    await cancelBlockedReward(app, toCancel);
    const row = await repo.findReview(app.db, decider.scope, id);
    if (row) {
      const body = JSON.stringify({ success: true, review: presentReview(row) });
      if (key) await replaceAnswer(app.db, key, body);
      return { ...answer, body };
    }
  }
  return answer;
}

async function whyUndecided(tx: Transaction<Database>, decider: Decider, id: string): Promise<AppError> {
  const row = await repo.findReview(tx, decider.scope, id);
  if (!row) return notFound('Review');
  if (row.status === 'pending')
    return new AppError('FORBIDDEN', 'A platform rule held this: a GiftRelay operator decides it');
  return new AppError('CONFLICT', `This review was already decided: it is ${row.status} now`);
}

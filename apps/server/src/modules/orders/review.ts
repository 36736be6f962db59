import type { ResolveRewardReviewBody, RewardReview } from '@giftrelay/contracts';
import { shareOf, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/errors';
import { providerFor } from '../../providers/gift-cards';
import { ProviderError, type ProviderOrder } from '../../providers/gift-cards/types';
import { recordAudit } from '../audit';
import { finishSettling, issuedReward } from './fulfilment';
import * as work from './fulfilment-repository';
import { presentOrder } from './presenter';
import * as repo from './repository';
import { failReward } from './settle-order';

/** The operators' list (decision 058): each reward in review, what it holds, and since when. */
export async function listReviews(app: FastifyInstance): Promise<RewardReview[]> {
  const rows = await work.listRewardsInReview(app.db);
  return rows.map((r) => {
    const i = r.position - 1;
    const held =
      shareOf(Number(r.charged_subtotal_minor), r.quantity, i) + shareOf(Number(r.charged_fee_minor), r.quantity, i);
    return {
      reward_id: r.reward_id,
      order_id: r.order_id,
      position: r.position,
      organisation_id: r.organisation_id,
      organisation_name: r.organisation_name,
      product_code: r.product_code,
      brand: r.brand,
      currency: r.currency,
      amount_minor: Number(r.amount_minor),
      held: toMajor(held, r.charge_currency),
      held_minor: held,
      charge_currency: r.charge_currency,
      reason: r.review_reason,
      since: r.created_at.toISOString(),
    };
  });
}

const DECIDED = 'This reward is not waiting for a decision: it was decided already';
const SETTLE_REASON = 'The gift-card provider could not issue every reward';

/**
 * An operator's decision on a reward in review, audited in the organisation's log. `issued`: the
 * card is fetched from the provider by the reward's reference and stored (the provider must have
 * it: otherwise 409, and the operator decides `not_issued`; a provider that still does not answer
 * is 503, decide again later). `not_issued`: the reward fails. Either way the order then settles
 * (settle-order.ts): its issued rewards delivered and charged, the others refunded their share. A
 * second decision on the same reward is 409 and changes nothing.
 */
export async function resolveReview(
  app: FastifyInstance,
  operatorId: string,
  rewardId: string,
  body: ResolveRewardReviewBody,
) {
  const reward = await app.db.selectFrom('rewards').selectAll().where('id', '=', rewardId).executeTakeFirst();
  if (!reward) throw notFound('Reward');
  if (reward.status !== 'review') throw new AppError('CONFLICT', DECIDED);
  const order = await repo.findOrderForWorker(app.db, reward.order_id);
  if (!order) throw notFound('Reward');

  let card: ProviderOrder | null = null;
  if (body.decision === 'issued') {
    try {
      card = await providerFor(app, order).getOrder(reward.id);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The gift-card provider did not answer: nothing was decided; try again in a moment',
      );
    }
    if (!card) {
      throw new AppError(
        'CONFLICT',
        'The gift-card provider has no card for this reward: decide not_issued to refund its share',
      );
    }
  }
  const decided = await app.db.transaction().execute(async (tx) => {
    const changed = card
      ? await work.markRewardIssued(tx, issuedReward(app, reward.id, card), 'review')
      : await failReward(tx, reward.id, 'review');
    if (!changed) return false;
    await tx.updateTable('rewards').set({ reviewed_at: new Date() }).where('id', '=', reward.id).execute();
    await recordAudit(tx, {
      organisationId: order.organisation_id,
      action: 'reward.review_resolved',
      userId: operatorId,
      apiKeyId: null,
      detail: {
        order_id: order.id,
        reward_id: reward.id,
        position: reward.position,
        decision: body.decision,
        note: body.note ?? null,
      },
    });
    await repo.insertEvent(tx, {
      order_id: order.id,
      organisation_id: order.organisation_id,
      type: 'reward.review_resolved',
      payload: { position: reward.position, decision: body.decision },
    });
    return true;
  });
  if (!decided) throw new AppError('CONFLICT', DECIDED);
  await finishSettling(app, order.id, order.failure_reason ?? SETTLE_REASON);
  const now = await repo.findOrderForWorker(app.db, order.id);
  return { success: true as const, reward_id: reward.id, order: presentOrder(now ?? order) };
}

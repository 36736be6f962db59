import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { providerFor } from '../../providers/gift-cards';
import { ProviderError } from '../../providers/gift-cards/types';
import * as repo from './repository';
import { settleReward } from './void-order';

/**
 * A reward blocked at its claim (issue 37, decision 090). Its card was issued, so a block can only
 * give its value back by cancelling the card, as a void does (decision 039) and an expiry does
 * (decision 081): the reward is marked void `requested` in the decision's transaction (from then
 * on its code is gone for good), the provider is asked outside any transaction, and the answer is
 * settled with the void's own settlement: cancelled → its exact share back through the ledger;
 * refused → `not_cancelled` with the provider's reason. A provider that does not answer leaves
 * it `requested`, and housekeeping asks again (settleBlockedClaims). A reward opened before the
 * hold (the recipient saw its code) is not voided: its value stays spent, and the review says so.
 */

/** The void's reason on a reward blocked at its claim; also how housekeeping finds one to retry. */
export const BLOCKED_REASON = 'Blocked in review at its claim';
export const OPENED_BEFORE_HOLD =
  'Opened before it was held: the recipient saw its code, so its value stays spent and nothing was refunded';

/** In the decision's transaction: true when the reward is now waiting for its cancellation. */
export async function requestBlockedVoid(
  tx: Transaction<Database>,
  orderId: string,
  rewardId: string,
  note: string | null,
): Promise<boolean> {
  const marked = await tx
    .updateTable('rewards')
    .set({ void_state: 'requested', voided_at: sql`now()`, void_reason: BLOCKED_REASON })
    .where('id', '=', rewardId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'issued')
    .where('claim_first_opened_at', 'is', null)
    .where('void_state', 'is', null)
    .returning(['position', 'organisation_id'])
    .executeTakeFirst();
  if (!marked) return false;
  await repo.insertEvent(tx, {
    order_id: orderId,
    organisation_id: marked.organisation_id,
    type: 'order.void_requested',
    payload: { positions: [marked.position], note, blocked: true },
  });
  return true;
}

/**
 * Asks the provider to cancel a blocked reward's card and settles the answer. True when settled
 * (refunded or refused); false when the provider did not answer (the reward stays `requested`).
 */
export async function cancelBlockedReward(app: FastifyInstance, rewardId: string): Promise<boolean> {
  const reward = await app.db
    .selectFrom('rewards as w')
    .innerJoin('orders as o', 'o.id', 'w.order_id')
    .select(['w.id', 'w.order_id', 'o.organisation_id', 'o.sandbox'])
    .where('w.id', '=', rewardId)
    .where('w.void_state', '=', 'requested')
    .where('w.void_reason', '=', BLOCKED_REASON)
    .executeTakeFirst();
  if (!reward) return true;
  let answer: Awaited<ReturnType<ReturnType<typeof providerFor>['cancelOrder']>>;
  try {
    answer = await providerFor(app, { sandbox: reward.sandbox }).cancelOrder(reward.id);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    app.log.warn(
      { err, rewardId },
      'the provider did not answer a blocked reward’s cancellation; housekeeping asks again',
    );
    return false;
  }
  await app.db.transaction().execute(async (tx) => {
    const order = await repo.lockOrder(tx, reward.organisation_id, reward.order_id);
    const row = await tx.selectFrom('rewards').selectAll().where('id', '=', reward.id).executeTakeFirstOrThrow();
    if (order) await settleReward(tx, order, row, answer, 'blocked');
  });
  return true;
}

/**
 * Housekeeping: blocked rewards whose cancellation got no answer 5 minutes ago or more, asked
 * again (at most `limit` a sweep). Answers how many settled.
 */
export async function settleBlockedClaims(app: FastifyInstance, limit = 100): Promise<number> {
  const waiting = await app.db
    .selectFrom('rewards')
    .select('id')
    .where('void_state', '=', 'requested')
    .where('void_reason', '=', BLOCKED_REASON)
    .where('voided_at', '<', sql<Date>`now() - interval '5 minutes'`)
    .orderBy('voided_at')
    .limit(limit)
    .execute();
  let settled = 0;
  for (const r of waiting) if (await cancelBlockedReward(app, r.id)) settled++;
  return settled;
}

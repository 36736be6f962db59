import {
  CHOICE_PRODUCT_CODE,
  CHOICE_PRODUCT_NAME,
  type CreateOrderBody,
  type OrderChoice,
  type OrderChoiceBody,
} from '@giftrelay/contracts';
import { parseAmount } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { fromKysely } from 'pg-boss';
import { validationError } from '../../lib/errors';
import type { CatalogProduct } from '../catalog';
import { resolveChoice } from '../choice-sets';
import * as choiceRepo from './choice-repository';
import { EMAIL_FALLBACK_QUEUE, type EmailFallback } from './recipient-email';
import * as repo from './repository';

/**
 * Recipient's choice (decision 080). A choice order is placed like any other (its total held, by
 * the same statement) with a stand-in product and its options fixed; its reward waits as
 * `awaiting_choice`, and fulfilment only emails the claim link. The pick (the claim page) turns
 * the reward `pending` with the chosen product and queues the fulfilment job, which issues the
 * card with the usual leases, references, retries and completion (hold captured, charged =
 * issued). A refusal (out of stock, declined) gives the reward back to the recipient.
 */

/** What an order row takes from its product: the stand-in of a choice order has no id. */
export type OrderProduct = Pick<CatalogProduct, 'code' | 'name' | 'brand' | 'currency'> & {
  id: string | null;
  category: string | null;
  country: string | null;
};

/** The product a choice order names until its pick. */
export const choiceStandIn = (currency: string): OrderProduct => ({
  id: null,
  code: CHOICE_PRODUCT_CODE,
  name: CHOICE_PRODUCT_NAME,
  brand: CHOICE_PRODUCT_NAME,
  category: null,
  country: null,
  currency,
});

/** A choice order's value and options (typed 4xx refusals, nothing written). */
export async function prepareChoice(
  app: FastifyInstance,
  organisationId: string,
  body: CreateOrderBody & { choice: OrderChoiceBody },
) {
  // The body's schema requires the currency with a choice.
  const currency = body.currency as string;
  const amountMinor = parseAmount(body.amount, currency, { exact: true });
  if (amountMinor === undefined || amountMinor === 0) {
    throw validationError('body.amount: amount must be a positive number with the currency’s decimals', [
      { path: 'body.amount', message: 'amount must be a positive number with the currency’s decimals' },
    ]);
  }
  const choice = await resolveChoice(app.db, organisationId, body.choice, currency, amountMinor);
  return { product: choiceStandIn(currency), amountMinor, choice };
}

/** An order's `choice` as the API shows it; null for a fixed reward. */
export function presentOrderChoice(o: repo.OrderRow): OrderChoice | null {
  if (!o.choice_product_codes) return null;
  return {
    choice_set_id: o.choice_set_id,
    choice_set_name: o.choice_set_name,
    product_codes: o.choice_product_codes,
    chosen_product_code: o.choice_made_at ? o.product_code : null,
    chosen_at: o.choice_made_at?.toISOString() ?? null,
  };
}

/**
 * Fulfilment of a choice order whose recipient has not picked: the claim link is emailed once
 * (the recipient-email job, queued with its history line in one transaction), and nothing is
 * asked of the provider.
 */
export async function inviteToChoose(app: FastifyInstance, order: repo.OrderRow): Promise<void> {
  const queued = await app.db.transaction().execute(async (tx) => {
    const locked = await repo.lockOrder(tx, order.organisation_id, order.id);
    if (locked?.status !== 'pending' || (await choiceRepo.choiceInvited(tx, order.id))) return false;
    const job: EmailFallback = { orderId: order.id, to: locked.recipient_email, messageId: app.mail.newMessageId() };
    await app.queue.boss.send(EMAIL_FALLBACK_QUEUE, job, { db: fromKysely(tx) });
    await repo.insertEvent(tx, {
      order_id: order.id,
      organisation_id: order.organisation_id,
      type: 'choice.invited',
      // Decision 088: `to` null for an order reached by text only; the text goes to `phone`.
      payload: { to: locked.recipient_email, ...(locked.recipient_phone ? { phone: locked.recipient_phone } : {}) },
    });
    return true;
  });
  if (queued) app.queue.wake(EMAIL_FALLBACK_QUEUE);
}

/**
 * The provider refused a pick for good (out of stock, declined): no card exists for its
 * reference, so the reward goes back to its recipient, who picks again (an out-of-stock product
 * shows unavailable). The hold stays; nothing is released or captured.
 */
export async function returnPickToRecipient(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewardId: string,
  problem: 'out_of_stock' | 'try_again_later',
): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    // The order first, then the reward, as a void and the expiry sweep take them: no deadlock.
    await repo.lockOrder(tx, order.organisation_id, order.id);
    const returned = await choiceRepo.returnPick(tx, rewardId, problem);
    if (!returned) return;
    await repo.insertEvent(tx, {
      order_id: order.id,
      organisation_id: order.organisation_id,
      type: 'choice.returned',
      payload: { product_code: returned.chosen_product_code, problem },
    });
  });
}

/** The provider's reference for a choice reward's card: each pick its own, so a refused one is never reused. */
export function providerReference(reward: { id: string; pick_count?: number }): string {
  return reward.pick_count && reward.pick_count > 1 ? `${reward.id}.${reward.pick_count}` : reward.id;
}
